"""The statutory deadlines of a case, each with who must act and the arithmetic shown.

The table (DESIGN.md "The procedure as deadlines"):

| key               | period                  | trigger                         | ordinance |
| notice_24h        | 24 hours (exact)        | receipt                         | §2        |
| registered_mail   | 3 days                  | receipt                         | §2        |
| hearing_begin     | 20 days, tolled         | receipt                         | §7        |
| hearing_conclude  | 24 days, tolled         | receipt                         | §7        |
| report_delivery   | 10 days + extensions    | hearing concluded               | §10       |
| council_decision  | 7 days + extension      | final determination received    | §12       |
| limitations       | 2 years                 | misconduct reasonably public    | §4        |

Tolling (§7) applies to the two hearing deadlines only: each continuance adds the days
the application was pending (decided − applied) plus the days granted to the last day,
before the weekend/holiday roll-forward; while an application is pending those deadlines
have no due date. A continuance applied for after a deadline has passed does not revive it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

from cases.calendar import CityCalendar, fmt_day, fmt_moment

MAX_CONTINUANCE_DAYS = 10  # §7


class DeadlineKey(StrEnum):
    NOTICE_24H = "notice_24h"
    REGISTERED_MAIL = "registered_mail"
    HEARING_BEGIN = "hearing_begin"
    HEARING_CONCLUDE = "hearing_conclude"
    REPORT_DELIVERY = "report_delivery"
    COUNCIL_DECISION = "council_decision"
    LIMITATIONS = "limitations"


class Responsible(StrEnum):
    MAYORS_OFFICE = "mayors_office"
    BOARD_CHAIR = "board_chair"
    COUNCIL = "council"
    INTAKE = "intake"  # the limitations check, done when the complaint is taken in


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
}

_DAYS = {
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
class Triggers:
    """Everything the deadlines depend on. Dates are the city's local dates."""

    received: datetime
    continuances: tuple[Continuance, ...] = ()
    hearing_concluded: date | None = None
    determination_received: date | None = None
    public_since: date | None = None
    extensions: Mapping[DeadlineKey, int] = field(default_factory=dict)
    done: Mapping[DeadlineKey, datetime] = field(default_factory=dict)  # when each step was met
    # The local day each step happened, when it was recorded on a later day: that day, not
    # the recording, decides whether a day period was met.
    done_on: Mapping[DeadlineKey, date] = field(default_factory=dict)


@dataclass(frozen=True)
class Deadline:
    key: DeadlineKey
    due: datetime | None  # None while tolled
    status: Status
    responsible: Responsible
    basis: str
    ordinance: str
    action: str

    def as_json(self) -> dict[str, str | None]:
        return {
            "key": self.key.value,
            "due": self.due.isoformat() if self.due else None,
            "status": self.status.value,
            "responsible": self.responsible.value,
            "basis": self.basis,
        }


def compute_deadlines(t: Triggers, cal: CityCalendar, *, now: datetime) -> list[Deadline]:
    """Every deadline whose trigger has happened, in the order of the procedure."""
    received_day = cal.local_date(t.received)
    out: list[Deadline] = []

    # Exact instant: arithmetic on an aware datetime is wall-clock arithmetic within its own
    # zone, so add the hours in UTC (a ZoneInfo receipt would otherwise be 23/25 h at DST).
    due_24h = cal.local(t.received.astimezone(UTC) + timedelta(hours=24))
    out.append(_make(DeadlineKey.NOTICE_24H, due_24h, t, cal, now,
                     f"received {fmt_moment(cal.local(t.received))} + 24 hours = "
                     f"{fmt_moment(due_24h)}"))
    out.append(_day_deadline(DeadlineKey.REGISTERED_MAIL, "received", received_day, t, cal, now))
    for key in (DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE):
        out.append(_tolled_deadline(key, received_day, t, cal, now))
    if t.hearing_concluded is not None:
        out.append(_day_deadline(DeadlineKey.REPORT_DELIVERY, "hearing concluded",
                                 t.hearing_concluded, t, cal, now))
    if t.determination_received is not None:
        out.append(_day_deadline(DeadlineKey.COUNCIL_DECISION, "determination received",
                                 t.determination_received, t, cal, now))
    if t.public_since is not None:
        out.append(_limitations(t, cal))
    return out


def _make(key: DeadlineKey, due: datetime | None, t: Triggers, cal: CityCalendar,
          now: datetime, basis: str) -> Deadline:
    responsible, section, action = RULES[key]
    done = t.done.get(key)
    on = t.done_on.get(key)
    if done is not None and on is not None and on < cal.local_date(done):
        # recorded later than it happened: a day period ends with its day, so the day decides
        status = Status.MET if due is None or on <= cal.local_date(due) else Status.LATE
        basis += f"; done {fmt_day(on)} (recorded {fmt_moment(cal.local(done))})"
    elif done is not None:
        status = Status.MET if due is None or _by(done, due) else Status.LATE
        basis += f"; done {fmt_moment(cal.local(done))}"  # the city's zone, even when tolled
    elif due is None:
        status = Status.TOLLED
    else:
        status = Status.OPEN if _by(now, due) else Status.MISSED
    return Deadline(key, due, status, responsible, basis, section, action)


def _by(moment: datetime, due: datetime) -> bool:
    """`moment` is at or before `due`, as instants.

    Compared in UTC: Python compares two datetimes sharing one tzinfo by their wall clocks,
    ignoring `fold`, so 01:15 PST (after) would pass for earlier than 01:30 PDT on the
    morning the clocks fall back.
    """
    return moment.astimezone(UTC) <= due.astimezone(UTC)


def _finish(cal: CityCalendar, start: str, last: date) -> tuple[datetime, str]:
    """Roll the last day forward over closed days and say so; due at its end."""
    rolled, skipped = cal.roll_forward(last)
    text = start
    if skipped:
        text += f"; {'; '.join(skipped)}, so it moves to the next business day, {fmt_day(rolled)}"
    due = cal.end_of_day(rolled)
    return due, text + f"; due by {fmt_moment(due)}"


def _plus(trigger_label: str, trigger_day: date, days: int) -> tuple[date, str]:
    last = trigger_day + timedelta(days=days)
    return last, f"{trigger_label} {fmt_day(trigger_day)} + {days} days = {fmt_day(last)}"


def _day_deadline(key: DeadlineKey, label: str, trigger_day: date, t: Triggers,
                  cal: CityCalendar, now: datetime) -> Deadline:
    last, text = _plus(label, trigger_day, _DAYS[key])
    extra = t.extensions.get(key, 0)
    if extra:
        last += timedelta(days=extra)
        text += f" + {extra} days extension = {fmt_day(last)}"
    due, text = _finish(cal, text, last)
    return _make(key, due, t, cal, now, text)


def _tolled_deadline(key: DeadlineKey, received_day: date, t: Triggers, cal: CityCalendar,
                     now: datetime) -> Deadline:
    last, text = _plus("received", received_day, _DAYS[key])
    for c in sorted(t.continuances, key=lambda c: c.applied):
        if c.applied > cal.roll_forward(last)[0]:
            continue  # applied after this deadline had passed: it cannot be revived
        if c.pending:
            text += (f"; tolled since {fmt_day(c.applied)}: a continuance was applied for "
                     "and the council has not decided, so there is no due date until it does")
            return _make(key, None, t, cal, now, text)
        last += timedelta(days=c.paused_days + c.granted_days)
        outcome = (f"{c.granted_days} days continuance granted" if c.granted_days
                   else "0 days (continuance denied)")
        text += (f" + {c.paused_days} days paused (applied {fmt_day(c.applied)}, decided "
                 f"{fmt_day(c.decided or c.applied)}) + {outcome} = {fmt_day(last)}")
    due, text = _finish(cal, text, last)
    return _make(key, due, t, cal, now, text)


def add_years(day: date, years: int) -> date:
    """The same calendar date `years` later; Feb 29 becomes Feb 28 in a common year."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def _limitations(t: Triggers, cal: CityCalendar) -> Deadline:
    assert t.public_since is not None
    last = add_years(t.public_since, 2)
    text = (f"misconduct reasonably available to the public {fmt_day(t.public_since)} "
            f"+ 2 years = {fmt_day(last)}")
    due, text = _finish(cal, text, last)
    timely = _by(t.received, due)
    text += (f"; complaint received {fmt_moment(cal.local(t.received))}: "
             + ("within the period" if timely else "after the period ended (§4)"))
    responsible, section, action = RULES[DeadlineKey.LIMITATIONS]
    return Deadline(DeadlineKey.LIMITATIONS, due, Status.MET if timely else Status.MISSED,
                    responsible, text, section, action)


def deadline_changes(before: list[Deadline], after: list[Deadline],
                     cal: CityCalendar) -> list[dict[str, str | None]]:
    """The due dates that moved, for the case history: key, old due, new due (city time)."""
    old = {d.key: d.due for d in before}

    def iso(x: datetime | None) -> str | None:
        return cal.local(x).isoformat() if x is not None else None

    return [{"key": d.key.value, "old": iso(old[d.key]), "new": iso(d.due)}
            for d in after if d.key in old and old[d.key] != d.due]
