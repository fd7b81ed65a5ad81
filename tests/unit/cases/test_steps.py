"""The one table of steps (`cases.steps`): every command has exactly one row, and what
the table says is what the procedure does."""

from __future__ import annotations

import inspect

from cases import commands as c
from cases.case import Stage
from cases.directory import Role
from cases.procedure import handle
from cases.stages import OPEN_STAGES
from cases.steps import BY_COMMAND, STEPS, StepId, meeting
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.test_procedure import new_case, refused


def test_every_command_is_one_step() -> None:
    commands = {cls for _, cls in inspect.getmembers(c, inspect.isclass)
                if issubclass(cls, c.Command) and cls is not c.Command}
    assert commands == set(BY_COMMAND)
    assert all(s.rule.id is s for s in StepId) and len(STEPS) == len(StepId.__members__)


def test_each_row_is_complete() -> None:
    for s in STEPS:
        assert s.name and s.name[0].islower() and not s.name.endswith("."), s.id
        assert s.section.startswith(("§", "RCW")), s.id
        assert s.allowed_in, s.id
        assert s.leads_to is None or s.leads_to in set(Stage), s.id
    # only EthicsBot records a §2 notice's bounce and files correspondence and the answers
    # to meetings' invitations (from the mail intake takes in); every other step has
    # people who may take it
    assert [s.id for s in STEPS if not s.roles] == [
        StepId.NOTICE_BOUNCED, StepId.CORRESPONDENCE, StepId.MEETING_REPLY]
    assert all(Role.EXAMINER not in s.roles for s in STEPS)  # examiners act by mail


def test_a_closed_or_void_case_takes_only_what_the_table_allows() -> None:
    after_closure = {s.id for s in STEPS if Stage.CLOSED in s.allowed_in}
    retention = {StepId.HOLD_PLACE, StepId.HOLD_LIFT}  # a hold in any stage (RCW 40.14)
    # a public records request's file, in any stage (RCW 42.56)
    records = {StepId.DISCLOSURE_REQUEST, StepId.DISCLOSURE_ANSWER, StepId.CLARIFIED,
               StepId.THIRD_PARTY, StepId.INSTALMENT, StepId.RELEASE}
    assert after_closure == {StepId.CORRECT_DATE, StepId.CORRESPONDENCE,
                             StepId.DESTROY_REQUEST, StepId.DESTROY_APPROVE} | retention | records
    assert {s.id for s in STEPS if Stage.VOID in s.allowed_in} == {
        StepId.CORRESPONDENCE} | retention | records
    assert all(s.allowed_in <= OPEN_STAGES for s in STEPS if s.leads_to is not None)


def test_the_stage_each_step_leads_to_is_the_stage_the_case_takes() -> None:
    case = new_case()
    handle(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
           at=at("2026-01-12T09:00:00-08:00"), actor="clerk@city.test", calendar=CALENDAR)
    assert case.stage is BY_COMMAND[c.ScheduleBoardMeeting].leads_to
    assert BY_COMMAND[c.BeginHearing].event.rule.leads_to is Stage.HEARING_BEGUN
    # a step outside its stages is refused with the table's name for it
    refused(case, c.IssueReport(sufficient=True), "2026-01-13T09:00:00-08:00",
            f"Cannot {StepId.REPORT.rule.name}")


def test_the_steps_that_meet_deadlines() -> None:
    from cases.deadlines import DeadlineKey as K

    assert meeting(K.HEARING_BEGIN) is StepId.BEGIN.rule
    assert meeting(K.DISCLOSURE_RESPONSE) is StepId.DISCLOSURE_ANSWER.rule
    assert meeting(K.NOTICE_24H) is None  # the §2 notices are recorded as delivered
