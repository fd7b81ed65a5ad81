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
from collections.abc import Sequence
from datetime import UTC, date, datetime, time
from itertools import groupby
from operator import itemgetter
from statistics import median
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy import case as sql_case
from sqlalchemy.orm import Session

from cases.calendar import CityCalendar
from cases.case import Case
from cases.deadline_values import DisclosureRequest, Responsible, Status
from cases.deadlines import disclosure_clocks
from cases.history import Event, EventKind
from cases.stages import Stage
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


def step_days(history: Sequence[Event], received: datetime, calendar: CityCalendar
              ) -> dict[str, int]:
    """Days from receipt (city time) to each step of `STEPS` a history (as corrected:
    `Case.as_corrected`) reached."""
    day_received = calendar.local_date(received)
    found: dict[str, int] = {}
    for e in history:
        step = _STEP_OF.get(e.kind)
        if step is None or step in found or not e.took_effect:
            continue
        on = e.data.get("on")
        try:
            day = date.fromisoformat(str(on)) if on else calendar.local_date(e.at)
        except ValueError:
            day = calendar.local_date(e.at)
        found[step] = (day - day_received).days
    return found


_STEP_OF = {kind: step for step, kind in STEPS.items()}
# what needs a case's whole history replayed, beyond the stage stored with it and its
# steps' entries: a closed case's outcome (the gravest finding), its records requests, a
# step's day corrected (`yearly_report`)
_WHOLE = (EventKind.DISCLOSURE_REQUESTED, EventKind.STEP_DATE_CORRECTED)


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


def _cases(session: Session, which: ColumnElement[bool]) -> dict[int, Case]:
    """The cases `which` selects (a condition on the `cases` table), each replayed from
    its history. Read as plain rows in one statement, the cases chosen by a condition in
    it, not a list of ids: loaded as ORM objects, or listed by 10,000 ids, the reading
    cost more than the replaying (bench/annual_report.py)."""
    e, c = EventRow.__table__.c, CaseRow.__table__.c
    rows = session.execute(
        select(e.case_id, c.number, e.kind, e.at, e.actor, e.data)
        .select_from(EventRow.__table__.join(CaseRow.__table__, c.id == e.case_id))
        .where(which).order_by(e.case_id, e.seq))
    out: dict[int, Case] = {}
    for case_id, group in groupby(rows, key=itemgetter(0)):
        read = list(group)
        out[case_id] = Case.replay(read[0].number, [
            Event(EventKind(r.kind), r.at, r.actor, r.data) for r in read])
    return out


def _needs_whole() -> ColumnElement[bool]:
    """The cases whose whole history the report replays (`_WHOLE`)."""
    return or_(CaseRow.stage == Stage.CLOSED.value, CaseRow.id.in_(
        select(EventRow.case_id).where(EventRow.kind.in_([k.value for k in _WHOLE]))))


def _entries(session: Session, which: ColumnElement[bool], kinds: list[EventKind]
             ) -> dict[int, list[Event]]:
    """The history entries of `kinds` of the cases `which` selects, each case's in order."""
    e, c = EventRow.__table__.c, CaseRow.__table__.c
    rows = session.execute(
        select(e.case_id, e.kind, e.at, e.actor, e.data)
        .select_from(EventRow.__table__.join(CaseRow.__table__, c.id == e.case_id))
        .where(which, e.kind.in_([k.value for k in kinds])).order_by(e.case_id, e.seq))
    out: dict[int, list[Event]] = defaultdict(list)
    for r in rows:
        out[r.case_id].append(Event(EventKind(r.kind), r.at, r.actor, r.data))
    return out


def yearly_report(*, session: Session, year: int, calendar: CityCalendar, now: datetime
                  ) -> dict[str, Any]:
    """The report of the complaints received in `year` (city time), their deadlines
    judged at `now`. A case's whole history is replayed only where the report needs it
    (`_WHOLE`: a closed case, one with a records request or a corrected step): for the
    others, most of a year's cases, the stage stored with the case says how it stands
    (void, or still open) and its steps' entries when it reached each; reading and
    replaying every case cost more than the rest of the report (bench/annual_report.py)."""
    start = datetime.combine(date(year, 1, 1), time(), calendar.tz).astimezone(UTC)
    end = datetime.combine(date(year + 1, 1, 1), time(), calendar.tz).astimezone(UTC)
    in_year = and_(CaseRow.received_at >= start, CaseRow.received_at < end)
    whole = _needs_whole()
    cases = _cases(session, and_(in_year, whole))
    steps = _entries(session, and_(in_year, ~whole), list(STEPS.values()))
    ended: Counter[str] = Counter()
    histories: list[tuple[bool, datetime, Sequence[Event]]] = []  # void, received, history
    year_cases = list(session.execute(select(CaseRow.id, CaseRow.stage, CaseRow.received_at)
                                      .where(in_year)))
    for case_id, stage, received in year_cases:
        case = cases.get(case_id)
        if case is not None:
            ended[outcome(case)] += 1
            histories.append((case.void, case.received_at, [
                case.as_corrected(i) for i in range(len(case.history))]))
        else:  # neither closed nor needing more: its stage says it
            void = stage == Stage.VOID.value
            ended["void" if void else "still open"] += 1
            histories.append((void, received, steps.get(case_id, [])))
    actions: Counter[str] = Counter()
    for _, _, history in histories:
        for e in history:
            if e.kind is EventKind.COUNCIL_DECIDED and e.took_effect:
                d = e.data
                actions["the council agreed a violation occurred" if d.get("carried")
                        else "the council did not agree a violation occurred"] += 1
                for p in d.get("penalties") or []:
                    actions[f"penalty: {penalty_words(p)}"] += 1
    ids = select(CaseRow.id).where(in_year).scalar_subquery()
    deadlines: dict[str, Counter[str]] = defaultdict(Counter)
    by_role: dict[str, Counter[str]] = defaultdict(Counter)
    if year_cases:  # counted by the database: a year's deadlines are 50,000 rows
        dr = DeadlineRow
        # a deadline stored open whose due time has passed is missed (judged at `now`)
        judged = sql_case((and_(dr.status == "open", dr.due.is_not(None), dr.due < now),
                           "missed"), else_=dr.status)
        each = (select(dr.key, dr.responsible, judged.label("status"))
                .where(dr.case_id.in_(ids)).subquery())  # grouped outside: PostgreSQL
        # would not match the CASE's parameter in the GROUP BY with the SELECT's
        for key, responsible, s, n in session.execute(
                select(each.c.key, each.c.responsible, each.c.status, func.count())
                .group_by(each.c.key, each.c.responsible, each.c.status)):
            deadlines[key]["pending" if s in ("open", "tolled") else s] += n
            by_role[responsible]["deadlines"] += n
            if s in ("late", "missed"):
                by_role[responsible][s] += n
    reached: dict[str, list[int]] = {step: [] for step in STEPS}
    for void, received, history in histories:
        if void:
            continue  # never reviewed: its steps measure nothing
        for step, days in step_days(history, received, calendar).items():
            reached[step].append(days)
    # the requests received in the year, on any case: those of the year's cases, all
    # replayed above, and the others' read now
    asked = select(EventRow.case_id).where(
        EventRow.kind == EventKind.DISCLOSURE_REQUESTED.value)
    others = _cases(session, and_(CaseRow.id.in_(asked), ~in_year))
    requests = [x for c in (*cases.values(), *others.values()) for x in c.disclosure_requests
                if x.received.year == year]
    return {
        "year": year, "received": len(year_cases),
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
