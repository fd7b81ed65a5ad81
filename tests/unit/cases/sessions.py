"""Meetings for the unit tests: a body acts only at its noticed meeting, under way, with a
quorum on its roll call (`cases.motions`), so a test of what the body decides first
convenes it, the way a clerk would: schedule the meeting ahead (noticed), record who came.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from cases import commands as c
from cases.acts import unable_to_act
from cases.agenda import ADDABLE
from cases.case import Case
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.meetings import Action, Body, EmergencyGround, Meeting
from cases.motions import Motion
from cases.procedure import handle
from cases.steps import rule_for
from tests.unit.cases.riverton import BOARD, CALENDAR, COUNCIL_EMAILS, at

BOARD_EMAILS = frozenset(p.email for p in BOARD)
# the hearing's own steps, each on a day of a noticed session of it
HEARING_DAYS = frozenset({c.BeginHearing.step, c.RecordRespondentHeard.step,
                          c.ConcludeHearing.step})
MAYOR = "mayor@city.test"
CLERK = "clerk@city.test"


def members(body: Body) -> frozenset[str]:
    return BOARD_EMAILS if body is Body.BOARD else COUNCIL_EMAILS


def _today(case: Case, body: Body, when: str) -> Meeting | None:
    moment = at(when)
    return next((m for m in reversed(case.meetings.all)
                 if m.body is body and not m.cancelled and not m.recorded_late
                 and m.day == CALENDAR.local(moment).date() and m.starts_at <= moment), None)


def convene(case: Case, body: Body, when: str, *, present: frozenset[str] | None = None,
            also: tuple[Action, ...] = ()) -> Motion:
    """`body`'s meeting under way at `when` (unless one is already under way that day, a
    special meeting called after the case's last entry, starting before `when`: with 24
    hours' notice where there is room for it, else as an emergency), its roll call (every
    member unless `present`), and a motion every member present who may act votes yes on.
    The history stays in the order it was recorded, unless the act is of a day already past
    the case's last entry (a meeting held then, called before it)."""
    moment = at(when)
    m = _today(case, body, when)
    if m is None:
        last = case.history[-1].at
        if last < moment:
            starts = moment - min(timedelta(hours=1), (moment - last) / 2)
            called = max(last, starts - timedelta(hours=26))
        else:  # a meeting of a day already past, recorded later (as a clerk catches up);
            # on the last entry's own day it can only be recorded after the fact, in order
            starts = moment - timedelta(hours=1)
            past_day = CALENDAR.local(moment).date() < CALENDAR.local(last).date()
            called = max(starts - timedelta(hours=26), case.received_at) if past_day else last
        emergency = None if starts - called >= timedelta(hours=24) else (
            "a natural disaster: the test's meeting is called at short notice")
        kind = c.ScheduleBoardMeeting if body is Body.BOARD else c.ScheduleDeliberation
        handle(case, kind(starts, "City Hall, Room 2", emergency=emergency, further=True,
                          emergency_ground=EmergencyGround.LIKELY if emergency else None,
                          also=also),
               at=called, actor=CLERK, calendar=CALENDAR)
        m = case.meetings.all[-1]
    who = members(body) if present is None else present
    if m.roll_call is None or m.roll_call.present != who:
        handle(case, c.RecordRollCall(tuple(sorted(who)), BOARD_EMAILS, COUNCIL_EMAILS, MAYOR,
                                      m.number),
               at=max(m.starts_at, case.history[-1].at), actor=CLERK, calendar=CALENDAR)
    return Motion(m.number, yes=tuple(sorted(who - unable_to_act(case))))


def nay(motion: Motion) -> Motion:
    """The same motion, everyone voting no."""
    return Motion(motion.meeting, no=motion.yes)


def at_its_meeting(case: Case, cmd: Command, when: str) -> Command:
    """`cmd` ready to be taken at `when` as the table of steps says it must be: when it is
    a body's act, at a meeting of that body on its day (`on`, else `when`'s), convened if
    none is under way, and as a motion every member present votes yes on, unless `cmd`
    names its own motion. A command the procedure would refuse for another reason is
    given back as it is, so that the refusal is the one the test looks for."""
    rule = rule_for(cmd)
    try:
        body = Body.BOARD if rule in HEARING_DAYS else rule.acting_body(cmd, case)
    except AttributeError:
        return cmd
    if body is None or case.stage not in rule.allowed_in:
        return cmd
    on: date | None = getattr(cmd, "on", None)
    moment = when if on is None or on == at(when).date() else f"{on.isoformat()}T18:00:00-08:00"
    # the business the act is, stated in the notice when the case does not bring it
    also = (rule.agenda,) if rule.agenda in ADDABLE[body] else ()
    try:
        motion = convene(case, body, moment, also=also)
    except ProcedureError:
        return cmd
    if rule.by_motion and getattr(cmd, "motion", None) is None:
        return replace(cmd, motion=motion)  # type: ignore[type-var]
    if isinstance(cmd, c.RecordCouncilDecision) and cmd.penalties and cmd.action is None:
        return replace(cmd, action=motion)  # §12's second vote, on the penalties
    return cmd
