"""Retention of closed case files and their destruction (RCW 40.14; issue 27).

A closed case file is kept for the city's retention period (the directory's `retention:`,
`cases.directory.RetentionPeriod`: the Local Government Common Records Retention
Schedule's category as the city names it, and its years), counted from closure: the day,
in the city, of the history's `case_closed` entry. Once the period has ended the case is
**due for review**: it is listed for the records officer (`ethicsbot retention`), never
destroyed by itself. With no period set, nothing is ever due.

Destruction takes two people: someone (the clerk) requests it, and the records officer
approves it, never their own request. A **hold** blocks both: the legal hold the city
attorney places (one active per case), and any public disclosure request on the case
still awaiting its final answer (RCW 42.56.100: a record requested is not destroyed
while the request is pending).

The records officer's approval is the history entry `records_destroyed`, whose data is
the certificate (`certificate`): what was destroyed, when, by whom, on whose request and
under which authority, the head of the case's history before destruction and the hash of
each entry whose content was destroyed, so that `ethicsbot verify` still checks the
history (docs/records.md). Pure: the storage adapter destroys the content.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from cases.calendar import CityCalendar, fmt_day
from cases.case import Case
from cases.chain import Entry, Head, chain
from cases.deadlines import add_years
from cases.directory import RetentionPeriod
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.stages import Stage

# The authority cited on every certificate; the schedule's category and years beside it.
AUTHORITY = ("RCW 40.14.070 (local government records, destroyed under an approved "
             "retention schedule); RCW 40.14.010")
# What a destruction removes and what it keeps (the certificate says it, docs/records.md).
DESTROYED = ("the complaint and every entry's content in the case's history, the bodies "
             "of its filings (messages as received, their parsed text, attachments), its "
             "meetings' details and any notice still unsent")
KEPT = ("the case number, this certificate, each history entry's kind, moment, actor and "
        "hash, the deadlines' dates, the notice log (to whom, when, delivered) and the "
        "access log")
NO_PERIOD = ("The city has set no retention period for closed case files (the "
             "directory's `retention:`), so no case is ever due for review: the records "
             "officer and the city attorney set one from the Local Government Common "
             "Records Retention Schedule (docs/records.md).")


def period_of(category: str, years: int) -> RetentionPeriod | None:
    """The retention setting a command carries (`cases.derived`): None when unset."""
    return RetentionPeriod(category, years) if years > 0 and category.strip() else None


@dataclass(frozen=True)
class Hold:
    """What blocks destruction: a legal hold, or a disclosure request still pending."""

    kind: str  # "legal hold" or "public records request"
    reason: str
    by: str
    since: date

    def __str__(self) -> str:
        return f"{self.kind} since {fmt_day(self.since)} ({self.by}): {self.reason}"


def closed_on(case: Case, calendar: CityCalendar) -> date | None:
    """The day, in the city, the case was closed (None: not closed)."""
    if case.stage is not Stage.CLOSED or case.closed_at is None:
        return None
    return calendar.local_date(case.closed_at)


def retention_ends(case: Case, period: RetentionPeriod | None,
                   calendar: CityCalendar) -> date | None:
    """The day the retention period ends: closure plus the city's years (the same
    calendar date; Feb 29 becomes Feb 28). None: not closed, or no period set."""
    closed = closed_on(case, calendar)
    if closed is None or period is None:
        return None
    return add_years(closed, period.years)


def holds(case: Case, calendar: CityCalendar) -> list[Hold]:
    """Everything that blocks destruction now: the active legal hold and each disclosure
    request awaiting its final answer."""
    found = []
    if case.legal_hold is not None:
        h = case.legal_hold
        found.append(Hold("legal hold", h.reason, h.placed_by, calendar.local_date(h.placed_at)))
    found += [Hold("public records request", x.what or "pending", x.requester, x.received)
              for x in case.disclosure_requests if x.answered is None]
    return found


def due_for_review(case: Case, period: RetentionPeriod | None, today: date,
                   calendar: CityCalendar) -> bool:
    """The retention period of a closed, not yet destroyed file has ended by `today`."""
    ends = retention_ends(case, period, calendar)
    return case.destroyed is None and ends is not None and today >= ends


@dataclass(frozen=True)
class Review:
    """One line of the review queue."""

    number: str
    category: str
    years: int
    closed_on: date
    ends: date
    holds: tuple[Hold, ...]
    requested_by: str | None

    def as_json(self) -> dict[str, Any]:
        return {"case": self.number, "category": self.category, "years": self.years,
                "closed_on": self.closed_on.isoformat(), "retention_ends": self.ends.isoformat(),
                "holds": [{"kind": h.kind, "reason": h.reason, "by": h.by,
                           "since": h.since.isoformat()} for h in self.holds],
                "destruction_requested_by": self.requested_by}


def review(case: Case, period: RetentionPeriod | None, today: date,
           calendar: CityCalendar) -> Review | None:
    """The case's line in the review queue, if it is due for review."""
    if period is None or not due_for_review(case, period, today, calendar):
        return None
    closed, ends = closed_on(case, calendar), retention_ends(case, period, calendar)
    assert closed is not None and ends is not None
    req = case.destruction_request
    return Review(case.number, period.category, period.years, closed, ends,
                  tuple(holds(case, calendar)), req[0] if req else None)


def check_destroyable(case: Case, period: RetentionPeriod | None, today: date,
                      calendar: CityCalendar, what: str) -> date:
    """Refuse `what` (request or approve destruction) unless the file is closed, not yet
    destroyed, past its retention and under no hold; the day its retention ended."""
    if case.destroyed is not None:
        raise ProcedureError(f"The case file of {case.number} was already destroyed (its "
                             "certificate is the last entry of its history): there is "
                             "nothing left to destroy.")
    if period is None:
        raise ProcedureError(f"Cannot {what} {case.number}: {NO_PERIOD}")
    ends = retention_ends(case, period, calendar)
    if ends is None:
        raise ProcedureError(f"Cannot {what} {case.number}: only a closed case file is "
                             "kept for a retention period, and this case is not closed.")
    if today < ends:
        closed = closed_on(case, calendar)
        assert closed is not None
        raise ProcedureError(
            f"Cannot {what} {case.number} yet: it was closed on {fmt_day(closed)} and the "
            f"city keeps a closed case file {period.years} years ({period.category}), "
            f"until {fmt_day(ends)} (RCW 40.14). Ask again on or after that day.")
    blocking = holds(case, calendar)
    if blocking:
        raise ProcedureError(
            f"Cannot {what} {case.number}: it is on hold ({'; '.join(map(str, blocking))}). "
            "A legal hold is lifted by the city attorney; a public records request must "
            "have its final answer first (RCW 42.56.100).")
    return ends


def certificate(case: Case, period: RetentionPeriod, *, ends: date, at: datetime,
                approved_by: str, calendar: CityCalendar) -> dict[str, Any]:
    """The certificate of destruction, the data of the `records_destroyed` entry: what,
    when, by whom, on whose request, under which authority, and the chain before it (the
    head, and each destroyed entry's kind and hash, computed as storage stored them)."""
    assert case.destruction_request is not None and case.closed_at is not None
    entries = [Entry(seq, e.kind.value, e.at, e.actor, e.data)
               for seq, e in enumerate(case.history)]
    hashes = chain(case.number, entries)
    by, requested_at = case.destruction_request
    return {
        "case": case.number,
        "destroyed": DESTROYED,
        "kept": KEPT,
        "category": period.category,
        "years": period.years,
        "authority": AUTHORITY,
        "closed_at": case.closed_at.isoformat(),
        "closed_on": closed_on(case, calendar).isoformat(),  # type: ignore[union-attr]
        "retention_ended": ends.isoformat(),
        "requested_by": by,
        "requested_at": requested_at.isoformat(),
        "approved_by": approved_by,
        "destroyed_at": at.isoformat(),
        "head_before": str(Head(len(hashes), hashes[-1])),
        "entries": [[e.kind, h] for e, h in zip(entries, hashes, strict=True)],
    }


def destroyed_entries(data: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """From a certificate's data: seq -> (kind, hash) of each entry it destroyed."""
    return {seq: (str(kind), str(digest))
            for seq, (kind, digest) in enumerate(data.get("entries", []))}


CERTIFICATE = EventKind.RECORDS_DESTROYED
