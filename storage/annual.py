"""The yearly report to the council on the ethics program (issue 41): counts only, no
name of anyone (a choice: docs/clerk.md).

It reads the cases received in the year (their histories, replayed: the council's and
the clerk's report, once a year, not a stranger's page), their deadlines as stored, and
every case with a public records request received in the year.

One computation (`yearly_report`), which every surface reads (the page, its CSV and PDF,
`ethicsbot report`): how the complaints ended, what the council did, each kind of
deadline (met, late, missed, pending) and the deadlines late or missed by the role that
answers for them (never a person), the median days from receipt to each step
(`STEPS`), and the public records requests received in the year with their response
times (RCW 42.56.520's five business days, each request's own clock).
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
from cases.deadline_values import DisclosureRequest, Responsible, Status
from cases.deadlines import disclosure_clocks
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


# the steps the report measures from receipt, each by the entry that records it (the
# first that took effect, on the day it happened: its `on`, as corrected, else the day
# it was recorded, city time)
STEPS: dict[str, EventKind] = {
    "hearing begun": EventKind.HEARING_BEGUN,
    "report delivered": EventKind.REPORT_DELIVERED,
    "referral": EventKind.REFERRED,
    "determination": EventKind.DETERMINATION_RECEIVED,
    "council decision": EventKind.COUNCIL_DECIDED,
    "closure": EventKind.CASE_CLOSED,
}
# who answers for a deadline, as the report names them: a role, never a person
ROLES: dict[str, str] = {
    Responsible.MAYORS_OFFICE.value: "the mayor's office",
    Responsible.BOARD_CHAIR.value: "the board chair",
    Responsible.COUNCIL.value: "the council",
    Responsible.INTAKE.value: "intake",
    Responsible.CITY_ATTORNEY.value: "the city attorney",
}


def step_days(case: Case, calendar: CityCalendar) -> dict[str, int]:
    """Days from receipt (city time) to each step of `STEPS` the case reached."""
    received = calendar.local_date(case.received_at)
    found: dict[str, int] = {}
    kinds = {kind: step for step, kind in STEPS.items()}
    for i, e in enumerate(case.history):
        step = kinds.get(e.kind)
        if step is None or step in found or not e.took_effect:
            continue
        on = case.as_corrected(i).data.get("on")
        try:
            day = date.fromisoformat(str(on)) if on else calendar.local_date(e.at)
        except ValueError:
            day = calendar.local_date(e.at)
        found[step] = (day - received).days
    return found


def _median(values: list[int]) -> float | int | None:
    """The median of whole days: a whole number where it is one (5, not 5.0)."""
    if not values:
        return None
    m = median(values)
    return int(m) if float(m).is_integer() else m


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
    by_role: dict[str, Counter[str]] = defaultdict(Counter)
    if ids:
        for r in session.execute(select(DeadlineRow.key, DeadlineRow.status, DeadlineRow.due,
                                        DeadlineRow.responsible)
                                 .where(DeadlineRow.case_id.in_(ids))):
            s = r.status
            if s == "open" and r.due is not None and r.due < now:
                s = "missed"
            deadlines[r.key]["pending" if s in ("open", "tolled") else s] += 1
            by_role[r.responsible]["deadlines"] += 1
            if s in ("late", "missed"):
                by_role[r.responsible][s] += 1
    reached: dict[str, list[int]] = {step: [] for step in STEPS}
    for c in cases.values():
        if c.void:
            continue  # never reviewed: its steps measure nothing
        for step, days in step_days(c, calendar).items():
            reached[step].append(days)
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
        # late: the step recorded after its due time; missed: past due, not recorded
        # by role, in words ("the council"), in the order of `ROLES`
        "deadlines_by_role": {
            ROLES.get(role, role.replace("_", " ")): {
                k: by_role[role].get(k, 0) for k in ("deadlines", "late", "missed")}
            for role in [*(r for r in ROLES if r in by_role),
                         *sorted(set(by_role) - set(ROLES))]},
        "days_to_step": {step: {"cases": len(v), "median": _median(v)}
                         for step, v in reached.items()},
        "median_days_to_closure": _median(reached["closure"]),
        "closed": len(reached["closure"]),
        "records_requests": _requests(requests, calendar, now),
    }


def _requests(requests: list[Any], calendar: CityCalendar, now: datetime) -> dict[str, Any]:
    """The public records requests received in the year: how many, answered, and how
    fast: days (calendar days) from receipt to the first answer (RCW 42.56.520: within
    five business days, each request its own clock) and to the final one."""
    clocks = disclosure_clocks([DisclosureRequest(x.received, x.responded or x.answered)
                                for x in requests], calendar, now=now)
    first = [((x.responded or x.answered) - x.received).days for x in requests
             if (x.responded or x.answered) is not None]
    final = [(x.answered - x.received).days for x in requests if x.answered is not None]
    status = Counter(d.status for d in clocks)
    return {"received": len(requests), "answered": len(final),
            "responded": len(first),
            "responded_in_time": status.get(Status.MET, 0),
            "responded_late": status.get(Status.LATE, 0),
            "response_missed": status.get(Status.MISSED, 0),
            "median_days_to_response": _median(first),
            "median_days_to_answer": _median(final)}


def records_lines(requests: dict[str, Any]) -> list[tuple[str, int | float | str]]:
    """The records requests' figures as every surface words them, in order ("—": no
    request to take a median of)."""
    def m(v: float | int | None) -> float | int | str:
        return "—" if v is None else v

    return [
        ("received", requests["received"]),
        ("answered (closed)", requests["answered"]),
        ("first answer given", requests["responded"]),
        ("first answer within five business days", requests["responded_in_time"]),
        ("first answer late", requests["responded_late"]),
        ("five business days passed with no answer", requests["response_missed"]),
        ("median days to the first answer", m(requests["median_days_to_response"])),
        ("median days to the final answer", m(requests["median_days_to_answer"])),
    ]
