"""Taking a step: `handle` is the single entry.

It looks the command up in the table of steps (`cases.steps.STEPS`), refuses what the
table does not allow with a `ProcedureError` a clerk can act on, lets the step's handler
check what the step itself requires, refuses a step whose day would put the case's steps
out of order (`cases.order`) or whose event would reopen what is final (`cases.finality`,
§8), and records the event on the case. Who may take a step is
`cases.access`'s question, asked by each surface before it calls this.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from cases.acts import check_at_meeting, count, meeting_for, motion_data
from cases.agenda import check_on_agenda
from cases.calendar import CityCalendar, fmt_day, fmt_moment
from cases.case import Case
from cases.errors import ProcedureError
from cases.filing import Filing, filing_to_data
from cases.finality import check_final
from cases.handlers import Command, StepContext, StepRule
from cases.history import Event, EventKind
from cases.limitations import limitation_flags
from cases.meetings import BODY_NAME, Body, Meeting
from cases.motions import Motion
from cases.order import problems
from cases.protection_hold import held_entry
from cases.readings import DEFAULT, Readings
from cases.regular_meetings import RegularTimes
from cases.steps import ACTS, rule_for


def open_case(*, number: str, filing: Filing, respondents: tuple[str, ...], at: datetime,
              actor: str, public_since: date | None = None,
              readings: Readings = DEFAULT) -> Case:
    """A new case from a filing: the first event of its history (§1, §2); flagged for the
    board when its facts date the conduct more than two years back, or give no time of it
    at all (§4); and, where the city's readings hold its §2 notices for the decision on
    the complainant's protection, the entry that holds them (`cases.protection_hold`)."""
    raised = [f for f in limitation_flags(filing.facts, filing.received_at.date())
              if f not in filing.flags]
    if raised:
        filing = replace(filing, flags=(*filing.flags, *raised))
    first = Event(EventKind.COMPLAINT_RECEIVED, at, actor, {
        "filing": filing_to_data(filing), "respondents": list(respondents),
        "public_since": public_since.isoformat() if public_since else None})
    held = held_entry(filing, readings, at=at)
    return Case.replay(number, [first] if held is None else [first, held])


def handle(case: Case, cmd: Command, *, at: datetime, actor: str,
           calendar: CityCalendar, readings: Readings = DEFAULT,
           http_links: bool = False, regular: RegularTimes | None = None) -> Event:
    """Check `cmd` against the ordinance, record it on `case`, return the event
    (`http_links`: the city accepts plain http links, `cases.links`; `regular`: the
    bodies' regular meeting times the city fixed, `cases.regular_meetings`)."""
    rule = rule_for(cmd)
    if case.destroyed is not None:
        raise ProcedureError(
            f"Cannot {rule.name} for {case.number}: its case file was destroyed on "
            f"{case.destroyed.get('destroyed_at', '')[:10]} under the retention schedule "
            "(RCW 40.14); nothing more is recorded on it. A public records request for it "
            "is answered that the records were destroyed, with the certificate.")
    if case.stage not in rule.allowed_in:
        raise ProcedureError(_wrong_stage(case, rule))
    if rule.stayed and case.pending_continuance is not None:
        raise ProcedureError(
            f"Cannot {rule.name} for {case.number}: the proceedings are stayed while the "
            "board's application for a continuance (applied "
            f"{fmt_day(case.pending_continuance.applied)}) awaits the council's decision "
            "(§7). Record the council's decision first.")
    context = StepContext(case, at, actor, calendar, readings, http_links=http_links,
                          regular=regular or {})
    body = rule.acting_body(cmd, case)
    check_final(case, rule.event, getattr(cmd, "respondent", None))
    event = rule.handler(context, cmd)  # what the step itself requires, first
    meeting = _at_meeting(rule, body, cmd, context) if body is not None else None
    if meeting is not None and check_on_agenda(meeting, rule.agenda,
                                               event.data.get("respondent"), rule.name):
        event = Event(event.kind, event.at, event.actor,
                      {**event.data, "added_to_agenda": meeting.number})
    motion: Motion | None = getattr(cmd, "motion", None)
    if body is not None and meeting is not None and meeting.roll_call and motion is not None:
        result = count(case, body, motion, meeting.roll_call, readings=readings)
        kept = motion_data(case, motion, meeting, result, body, readings)
        event = Event(event.kind, event.at, event.actor, {**event.data, "motion": kept})
    if event.kind is EventKind.EXECUTIVE_SESSION_STARTED:
        _not_over_acts(case, event, calendar)
    if event.kind is EventKind.STEP_DATE_CORRECTED:
        _at_its_meeting_still(case, event)
    if "on" in event.data or event.kind.rule.moves_days:
        _check_order(case, event, calendar)
    case.apply(event)
    return event


def _at_meeting(rule: StepRule, body: Body, cmd: Command, s: StepContext) -> Meeting:
    """A body's act: refused unless taken at its meeting as `cases.motions` requires; the
    meeting, whose roll call its motion is counted under (a failed motion is kept with the
    event and changes nothing)."""
    motion: Motion | None = getattr(cmd, "motion", None)
    if rule.by_motion and motion is None:
        raise ProcedureError(
            f"To {rule.name} is an act of {BODY_NAME[body]}, taken by motion at its meeting "
            "(RCW 42.30): give the meeting and each present member's vote (yes, no or "
            "abstain).")
    number = motion.meeting if motion is not None else getattr(cmd, "meeting", None)
    m = meeting_for(s.case, body, number, s.at, s.calendar)
    check_at_meeting(s.case, body, m, what=rule.name, day=s.day(getattr(cmd, "on", None)),
                     at=s.at, calendar=s.calendar, readings=s.readings)
    return m


def _not_over_acts(case: Case, event: Event, calendar: CityCalendar) -> None:
    """Refuse an executive session recorded as begun before acts of its body already
    recorded at that meeting: it would put them inside it, where nothing is decided (RCW
    42.30.110(1)(f), 42.30.060)."""
    number, started = event.data["meeting"], datetime.fromisoformat(event.data["started_at"])
    inside = [e for e in case.history if e.kind in ACTS and e.at > started
              and number in (e.data.get("meeting"), (e.data.get("motion") or {}).get("meeting"))]
    if inside:
        first = min(inside, key=lambda e: e.at)
        raise ProcedureError(
            f"An executive session of meeting {number} beginning "
            f"{fmt_moment(calendar.local(started))} would hold the step to "
            f"{ACTS[first.kind].name}, recorded at "
            f"{fmt_moment(calendar.local(first.at))} in open session: a "
            "body acts only in open session. Record the session's true start (after the "
            "acts), or correct the act first.")


def _at_its_meeting_still(case: Case, correction: Event) -> None:
    """Refuse moving an act of a body to a day its meeting was not held: the act is an
    item of that meeting's minutes, and a body acts only at its meeting (RCW 42.30)."""
    target = case.history[int(correction.data["target"])]
    if target.kind not in ACTS:
        return
    number = target.data.get("meeting") or (target.data.get("motion") or {}).get("meeting")
    m = case.meetings.get(int(number)) if number is not None else None
    new = date.fromisoformat(correction.data["new"])
    if m is not None and new != m.day:
        raise ProcedureError(
            f"The step to {ACTS[target.kind].name} was taken at meeting {m.number}, held "
            f"{fmt_day(m.day)}: a body acts only at its meeting, so the act cannot be dated "
            f"{fmt_day(new)}. If it was taken at another meeting, record it there; if the "
            "meeting's own date was mistyped, correct the meeting (schedule it again at its "
            "true time).")


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
