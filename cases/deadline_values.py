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
    DISCLOSURE_ESTIMATE = "disclosure_estimate"


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


@dataclass(frozen=True)
class DeadlineRule:
    """One deadline, whole: the section that sets it, what starts it and how long it runs,
    who answers for it and what they must do, what tolls it and what extends it. The one
    place a deadline is defined; `cases.deadlines` computes from it, the docket and
    `docs/deadlines.md` (checked against it by a test) read it."""

    key: DeadlineKey
    section: str
    trigger: str  # what starts it running
    period: str  # how long, in words
    days: int | None  # calendar days after the trigger's day (None: another period)
    business_days: bool  # counted in business days (else calendar days, rolled forward)
    responsible: Responsible
    action: str
    tolled_by: str | None = None  # what pauses it and moves it by the days granted
    extended_by: str | None = None  # the act that lengthens it ...
    extension_verb: str | None = None  # ... as its basis says ("approved", "granted")


_R = DeadlineRule
DEADLINES: Mapping[DeadlineKey, DeadlineRule] = {r.key: r for r in (
    _R(DeadlineKey.NOTICE_24H, "§2", "receipt by the city", "24 hours", None, False,
       Responsible.MAYORS_OFFICE, "inform the official and the council; submit to the board"),
    _R(DeadlineKey.REGISTERED_MAIL, "§2", "receipt by the city", "3 days", 3, False,
       Responsible.MAYORS_OFFICE, "send the official a copy by registered mail"),
    _R(DeadlineKey.HEARING_BEGIN, "§7", "receipt by the city", "20 days, tolled", 20, False,
       Responsible.BOARD_CHAIR, "begin the sufficiency hearing",
       tolled_by="a continuance applied for by the board and decided by the council (§7)"),
    _R(DeadlineKey.HEARING_CONCLUDE, "§7", "receipt by the city", "24 days, tolled", 24,
       False, Responsible.BOARD_CHAIR, "conclude the sufficiency hearing",
       tolled_by="a continuance applied for by the board and decided by the council (§7)"),
    _R(DeadlineKey.REPORT_DELIVERY, "§10", "hearing concluded", "10 days + approved extensions", 10,
       False, Responsible.BOARD_CHAIR,
       "deliver the written report to council, official, complainant",
       extended_by="a longer time approved: by the board on the respondent's request, by "
                   "the council on the board's (§10)", extension_verb="approved"),
    _R(DeadlineKey.COUNCIL_DECISION, "§12", "final determination of violation received",
       "7 days + extension", 7, False, Responsible.COUNCIL, "convene and render a decision",
       extended_by="an extension the council grants on the respondent's request (§12)",
       extension_verb="granted"),
    _R(DeadlineKey.LIMITATIONS, "§4", "misconduct reasonably available to the public",
       "2 years", None, False, Responsible.INTAKE,
       "complaint filed within two years of public availability"),
    _R(DeadlineKey.DISCLOSURE_RESPONSE, "RCW 42.56.520", "a public disclosure request",
       "5 business days", 5, True, Responsible.CITY_ATTORNEY,
       "answer the public disclosure request"),
    _R(DeadlineKey.DISCLOSURE_ESTIMATE, "RCW 42.56.520(2)", "the estimate given in the first "
       "answer", "the estimate, + the days waiting on the requester", None, False,
       Responsible.CITY_ATTORNEY, "release the records or give the final answer",
       tolled_by="waiting on the requester's clarification (RCW 42.56.520(3)): not counted, "
                 "and added to the estimate"),
)}
# a public disclosure request's clocks: they run after closure, when the review's are over
DISCLOSURE_KEYS = frozenset({DeadlineKey.DISCLOSURE_RESPONSE, DeadlineKey.DISCLOSURE_ESTIMATE})
# where a city attorney finds a section's deadlines: "§7" -> hearing_begin, hearing_conclude
BY_SECTION: Mapping[str, tuple[DeadlineKey, ...]] = {
    section: tuple(r.key for r in DEADLINES.values() if r.section == section)
    for section in dict.fromkeys(r.section for r in DEADLINES.values())}
TOLLED_KEYS = frozenset(r.key for r in DEADLINES.values() if r.tolled_by)


def days_of(key: DeadlineKey) -> int:
    """The days `key` runs (one counted in days: not the 24 hours, not the 2 years)."""
    days = DEADLINES[key].days
    if days is None:
        raise ValueError(f"{key} is not counted in days")
    return days


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
    """A public disclosure request's dates: received, first answered (RCW 42.56.520), the
    estimate given (moved by any pause), waiting on the requester since, closed."""

    received: date
    answered: date | None = None
    estimate: date | None = None
    paused_since: date | None = None
    closed: date | None = None


@dataclass(frozen=True)
class CouncilClock:
    """§12 as to one official: the day the council received the determination of a
    violation against them, and its decision as to them (when, and on which day)."""

    official: str
    received: date
    decided_at: datetime | None = None
    decided_on: date | None = None
    extensions: tuple[Extension, ...] = ()  # granted at their request, as to them (§12)


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
    # §12 as to each official a violation was found against (none: `determination_received`
    # and the case's one decision stand for them all)
    council_clocks: tuple[CouncilClock, ...] = ()
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
    # the official whose matter this deadline runs for (§12's seven days run as to each
    # official a violation was found against); "" for the case's own (§2, §7, §10, §4, PRA)
    official: str = ""

    @property
    def line(self) -> tuple[DeadlineKey, str]:
        """What tells this deadline from the case's others: its key, and whose it is."""
        return self.key, self.official

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
        if self.official:
            out["official"] = self.official
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
