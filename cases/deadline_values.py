"""The values a deadline is made of: its key, who answers for it, its status, what it
depends on (`Triggers`) and the deadline itself, as `cases.deadlines` computes them.

`status_at` judges a stored status again at `now`: a status was judged when the deadline
was saved, and a reader must never show `open` for one whose due time has passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import StrEnum

MAX_CONTINUANCE_DAYS = 10  # §7


class DeadlineKey(StrEnum):
    NOTICE_24H = "notice_24h"
    REGISTERED_MAIL = "registered_mail"
    HEARING_BEGIN = "hearing_begin"
    HEARING_CONCLUDE = "hearing_conclude"
    REPORT_DELIVERY = "report_delivery"
    COUNCIL_DECISION = "council_decision"
    LIMITATIONS = "limitations"
    DISCLOSURE_RESPONSE = "disclosure_response"


class Responsible(StrEnum):
    MAYORS_OFFICE = "mayors_office"
    BOARD_CHAIR = "board_chair"
    COUNCIL = "council"
    INTAKE = "intake"  # the limitations check, done when the complaint is taken in
    CITY_ATTORNEY = "city_attorney"  # answers public disclosure requests (§6)


class Status(StrEnum):
    OPEN = "open"  # due in the future
    TOLLED = "tolled"  # a continuance is pending: no due date (§7)
    MET = "met"  # the step was recorded on time
    LATE = "late"  # the step was recorded, after the due time
    MISSED = "missed"  # past due and the step is not recorded


TOLLED_KEYS = frozenset({DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE})

RULES: Mapping[DeadlineKey, tuple[Responsible, str, str]] = {
    DeadlineKey.NOTICE_24H: (Responsible.MAYORS_OFFICE, "§2",
                             "inform the official and the council; submit to the board"),
    DeadlineKey.REGISTERED_MAIL: (Responsible.MAYORS_OFFICE, "§2",
                                  "send the official a copy by registered mail"),
    DeadlineKey.HEARING_BEGIN: (Responsible.BOARD_CHAIR, "§7", "begin the sufficiency hearing"),
    DeadlineKey.HEARING_CONCLUDE: (Responsible.BOARD_CHAIR, "§7",
                                   "conclude the sufficiency hearing"),
    DeadlineKey.REPORT_DELIVERY: (Responsible.BOARD_CHAIR, "§10",
                                  "deliver the written report to council, official, complainant"),
    DeadlineKey.COUNCIL_DECISION: (Responsible.COUNCIL, "§12", "convene and render a decision"),
    DeadlineKey.LIMITATIONS: (Responsible.INTAKE, "§4",
                              "complaint filed within two years of public availability"),
    DeadlineKey.DISCLOSURE_RESPONSE: (Responsible.CITY_ATTORNEY, "RCW 42.56.520",
                                      "answer the public disclosure request"),
}
DISCLOSURE_BUSINESS_DAYS = 5  # RCW 42.56.520

DAYS = {
    DeadlineKey.REGISTERED_MAIL: 3,
    DeadlineKey.HEARING_BEGIN: 20,
    DeadlineKey.HEARING_CONCLUDE: 24,
    DeadlineKey.REPORT_DELIVERY: 10,
    DeadlineKey.COUNCIL_DECISION: 7,
}


@dataclass(frozen=True)
class Continuance:
    """An application by the board to the council for a continuance (§7)."""

    applied: date
    decided: date | None = None
    granted_days: int = 0  # 0 when denied

    def __post_init__(self) -> None:
        if not 0 <= self.granted_days <= MAX_CONTINUANCE_DAYS:
            raise ValueError(
                f"a continuance may not exceed {MAX_CONTINUANCE_DAYS} days (§7); "
                f"{self.granted_days} were given"
            )
        if self.decided is None and self.granted_days:
            raise ValueError("days can only be granted once the council has decided")
        if self.decided is not None and self.decided < self.applied:
            raise ValueError("the council cannot decide before the application was made")

    @property
    def pending(self) -> bool:
        return self.decided is None

    @property
    def paused_days(self) -> int:
        return 0 if self.decided is None else (self.decided - self.applied).days


@dataclass(frozen=True)
class Extension:
    """A longer time approved (§10) or granted (§12): `on` is the day it was, when known."""

    days: int
    on: date | None = None


@dataclass(frozen=True)
class DisclosureRequest:
    """A public disclosure request's dates: received, and answered (RCW 42.56.520)."""

    received: date
    answered: date | None = None


@dataclass(frozen=True)
class Triggers:
    """Everything the deadlines depend on. Dates are the city's local dates."""

    received: datetime
    continuances: tuple[Continuance, ...] = ()
    hearing_concluded: date | None = None
    determination_received: date | None = None
    public_since: date | None = None
    # days (undated) or the extensions one by one, each with the day it was approved
    extensions: Mapping[DeadlineKey, int | tuple[Extension, ...]] = field(default_factory=dict)
    disclosure_requests: tuple[DisclosureRequest, ...] = ()
    done: Mapping[DeadlineKey, datetime] = field(default_factory=dict)  # when each step was met
    # The local day each step happened, when it was recorded on a later day: that day, not
    # the recording, decides whether a day period was met.
    done_on: Mapping[DeadlineKey, date] = field(default_factory=dict)


@dataclass(frozen=True)
class OtherReading:
    """The date a deadline would have under the reading the city did not choose."""

    reading: str
    due: datetime | None


@dataclass(frozen=True)
class Deadline:
    key: DeadlineKey
    due: datetime | None  # None while tolled
    status: Status
    responsible: Responsible
    basis: str
    ordinance: str
    action: str
    reading: str | None = None  # the city's reading this date used, when one applies
    other: OtherReading | None = None  # the other reading's date, when it differs

    @property
    def remind_by(self) -> datetime | None:
        """The earlier of the two readings' dates: what reminders follow."""
        dues = [d for d in (self.due, self.other.due if self.other else None) if d is not None]
        return min(dues, key=lambda d: d.astimezone(UTC)) if dues else None

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "key": self.key.value,
            "due": self.due.isoformat() if self.due else None,
            "status": self.status.value,
            "responsible": self.responsible.value,
            "basis": self.basis,
        }
        if self.reading is not None:
            out["reading"] = self.reading
            out["other_reading"] = None if self.other is None else {
                "reading": self.other.reading,
                "due": self.other.due.isoformat() if self.other.due else None}
        return out


def status_at(key: DeadlineKey | str, status: Status | str, due: datetime | None,
              now: datetime) -> Status:
    """A stored deadline's status judged again at `now`: one saved `open` whose due time
    has passed is `missed` (and the reverse, for a `now` before it was saved). What is
    done, tolled, or the limitations check (about the receipt, not the clock) stays."""
    status = Status(status)
    if DeadlineKey(key) is DeadlineKey.LIMITATIONS or due is None:
        return status
    if status in (Status.OPEN, Status.MISSED):
        return Status.OPEN if by(now, due) else Status.MISSED
    return status



def by(moment: datetime, due: datetime) -> bool:
    """`moment` is at or before `due`, as instants.

    Compared in UTC: Python compares two datetimes sharing one tzinfo by their wall clocks,
    ignoring `fold`, so 01:15 PST (after) would pass for earlier than 01:30 PDT on the
    morning the clocks fall back.
    """
    return moment.astimezone(UTC) <= due.astimezone(UTC)
