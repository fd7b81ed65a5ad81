"""The yearly report to the council on the ethics program (issue 41): counts only, no
name of anyone (a choice: docs/clerk.md).

It reads the cases received in the year (their histories, replayed: the council's and
the clerk's report, once a year, not a stranger's page), their deadlines as stored, and
every case with a public records request received in the year.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, date, datetime, time
from statistics import median
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cases.calendar import CityCalendar
from cases.case import Case
from cases.history import Event, EventKind
from storage.models import CaseRow, DeadlineRow, EventRow

OUTCOMES = ("insufficient", "no violation", "violation", "dismissed as time-barred", "void",
            "still open")


def outcome(case: Case) -> str:
    """How a case ended, the gravest as to any official: a violation found, else no
    violation, else insufficient; a time-bar dismissal and a void case as such."""
    if case.void:
        return "void"
    if not case.closed:
        return "still open"
    if case.dismissed_on is not None:
        return "dismissed as time-barred"
    if any(f.violation for f in case.findings.values()):
        return "violation"
    if case.findings:
        return "no violation"
    return "insufficient"


def penalty_words(p: Any) -> str:
    """A penalty imposed as the report counts it, "public reprimand (2.94.030)": the action
    and the section, never the official it was imposed on (a stored penalty names them)."""
    if isinstance(p, dict):
        return f"{p.get('action', '')} ({p.get('section', '')})"
    return str(p)


def _cases(session: Session, ids: list[int]) -> dict[int, Case]:
    numbers: dict[int, str] = {}
    if ids:
        for r in session.execute(select(CaseRow.id, CaseRow.number).where(CaseRow.id.in_(ids))):
            numbers[r.id] = r.number
    events: dict[int, list[Event]] = defaultdict(list)
    if ids:
        for e in session.scalars(select(EventRow).where(EventRow.case_id.in_(ids))
                                 .order_by(EventRow.case_id, EventRow.seq)):
            events[e.case_id].append(Event(EventKind(e.kind), e.at, e.actor, e.data))
    return {i: Case.replay(numbers[i], events[i]) for i in ids if events[i]}


def yearly_report(*, session: Session, year: int, calendar: CityCalendar, now: datetime
                  ) -> dict[str, Any]:
    start = datetime.combine(date(year, 1, 1), time(), calendar.tz).astimezone(UTC)
    end = datetime.combine(date(year + 1, 1, 1), time(), calendar.tz).astimezone(UTC)
    ids = list(session.scalars(select(CaseRow.id).where(
        CaseRow.received_at >= start, CaseRow.received_at < end).order_by(CaseRow.id)))
    cases = _cases(session, ids)
    ended = Counter(outcome(c) for c in cases.values())
    actions: Counter[str] = Counter()
    for c in cases.values():
        for e in c.history:
            if e.kind is EventKind.COUNCIL_DECIDED and e.took_effect:
                d = e.data
                actions["the council agreed a violation occurred" if d.get("carried")
                        else "the council did not agree a violation occurred"] += 1
                for p in d.get("penalties") or []:
                    actions[f"penalty: {penalty_words(p)}"] += 1
    deadlines: dict[str, Counter[str]] = defaultdict(Counter)
    if ids:
        for r in session.scalars(select(DeadlineRow).where(DeadlineRow.case_id.in_(ids))):
            s = r.status
            if s == "open" and r.due is not None and r.due < now:
                s = "missed"
            deadlines[r.key]["pending" if s in ("open", "tolled") else s] += 1
    days = [(calendar.local_date(c.closed_at) - calendar.local_date(c.received_at)).days
            for c in cases.values() if c.closed and c.closed_at is not None]
    asked = list(session.scalars(select(EventRow.case_id).distinct().where(
        EventRow.kind == EventKind.DISCLOSURE_REQUESTED.value)))
    requests = [x for c in _cases(session, asked).values() for x in c.disclosure_requests
                if x.received.year == year]
    return {
        "year": year, "received": len(cases),
        "outcomes": {k: ended.get(k, 0) for k in OUTCOMES},
        "council_actions": dict(sorted(actions.items())),
        "deadlines": {k: {s: v.get(s, 0) for s in ("met", "late", "missed", "pending")}
                      for k, v in sorted(deadlines.items())},
        "median_days_to_closure": median(days) if days else None,
        "closed": len(days),
        "records_requests": {"received": len(requests),
                             "answered": sum(1 for x in requests if x.answered is not None)},
    }
