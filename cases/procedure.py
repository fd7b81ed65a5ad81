"""Taking a step: `handle` is the single entry.

It looks the command up in the table of steps (`cases.steps.STEPS`), refuses what the
table does not allow with a `ProcedureError` a clerk can act on, lets the step's handler
check what the step itself requires, refuses a step whose day would put the case's steps
out of order (`cases.order`), and records the event on the case. Who may take a step is
`cases.access`'s question, asked by each surface before it calls this.
"""

from __future__ import annotations

from datetime import date, datetime

from cases import commands as c
from cases.calendar import CityCalendar, fmt_day
from cases.case import Case
from cases.errors import ProcedureError
from cases.events import Event, EventKind
from cases.filing import Filing, filing_to_data
from cases.handlers import StepContext
from cases.open_meetings import check_final_action
from cases.order import problems
from cases.readings import DEFAULT, Readings
from cases.steps import StepRule, rule_for


def open_case(*, number: str, filing: Filing, respondents: tuple[str, ...], at: datetime,
              actor: str, public_since: date | None = None) -> Case:
    """A new case from a filing: the first event of its history (§1, §2)."""
    first = Event(EventKind.COMPLAINT_RECEIVED, at, actor, {
        "filing": filing_to_data(filing), "respondents": list(respondents),
        "public_since": public_since.isoformat() if public_since else None})
    return Case.replay(number, [first])


def handle(case: Case, cmd: c.Command, *, at: datetime, actor: str,
           calendar: CityCalendar, readings: Readings = DEFAULT) -> Event:
    """Check `cmd` against the ordinance, record it on `case`, return the event."""
    rule = rule_for(cmd)
    if case.stage not in rule.allowed_in:
        raise ProcedureError(_wrong_stage(case, rule))
    if rule.stayed and case.pending_continuance is not None:
        raise ProcedureError(
            f"Cannot {rule.name} for {case.number}: the proceedings are stayed while the "
            "board's application for a continuance (applied "
            f"{fmt_day(case.pending_continuance.applied)}) awaits the council's decision "
            "(§7). Record the council's decision first.")
    if rule.final_action is not None:
        check_final_action(case.meetings.all, rule.final_action, rule.name)
    event = rule.handler(StepContext(case, at, actor, calendar, readings), cmd)
    if "on" in event.data or event.kind in _MOVES_DAYS:
        _check_order(case, event, calendar)
    case.apply(event)
    return event


# Events that move the days of steps already recorded (all others that date a step say so
# with `on`); an event without a day cannot put steps out of order.
_MOVES_DAYS = frozenset({EventKind.STEP_DATE_CORRECTED, EventKind.RECEIPT_CORRECTED})


def _check_order(case: Case, event: Event, calendar: CityCalendar) -> None:
    """Refuse `event` if, recorded, it would put a step before the one it follows."""
    trial = Case.replay(case.number, [*case.history, event])
    known = set(problems(case, calendar))  # a history stored before these checks existed
    new = [p for p in problems(trial, calendar) if p not in known]
    if new:
        raise ProcedureError(new[0])


def _wrong_stage(case: Case, rule: StepRule) -> str:
    return (f"Cannot {rule.name} for {case.number} now: the case is at stage "
            f"'{case.stage.value.replace('_', ' ')}'. See `ethicsbot case {case.number}` "
            "for what comes next.")
