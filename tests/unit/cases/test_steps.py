"""The one table of steps (`cases.steps`): every command has exactly one row, and what
the table says is what the procedure does."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from types import ModuleType

import pytest

from cases import commands as c
from cases.case import Stage
from cases.directory import OFFICE, Role
from cases.errors import ProcedureError
from cases.handlers import Command, OfficialsRequest, StepContext, step, sufficiency
from cases.history import Event, EventKind
from cases.procedure import handle
from cases.stages import OPEN_STAGES
from cases.steps import STEPS, meeting, rows_of
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.test_procedure import new_case, refused


def test_every_command_is_one_step() -> None:
    commands = {cls for _, cls in inspect.getmembers(c, inspect.isclass)
                if issubclass(cls, Command) and cls not in (Command, OfficialsRequest)}
    assert commands == {s.command for s in STEPS} and len(STEPS) == len(commands)
    assert all(cmd.step.command is cmd for cmd in commands)
    assert len({s.id for s in STEPS}) == len(STEPS), "two steps share their words"


def test_cases_commands_gives_the_commands_and_no_helper() -> None:
    """Each part's `__all__` says what `cases.commands` gathers: every step's command, and
    the one value a command is made of that its surfaces build (a decision's penalty)."""
    exported = {n for n in vars(c) if not n.startswith("_")} - {"annotations"}
    assert exported == {s.command.__name__ for s in STEPS} | {"Penalty"}


def test_each_row_is_complete() -> None:
    for s in STEPS:
        assert s.name and s.name[0].islower() and not s.name.endswith("."), s.id
        assert s.section.startswith(("§", "RCW")), s.id
        assert s.allowed_in, s.id
        assert s.leads_to is None or s.leads_to in set(Stage), s.id
    # only EthicsBot records a §2 notice's bounce and files correspondence and the answers
    # to meetings' invitations (from the mail intake takes in); every other step has
    # people who may take it
    assert {s for s in STEPS if not s.roles} == {
        c.RecordNoticeBounced.step, c.FileCorrespondence.step, c.RecordMeetingReply.step}
    assert all(Role.EXAMINER not in s.roles for s in STEPS)  # examiners act by mail


def test_a_closed_or_void_case_takes_only_what_the_table_allows() -> None:
    after_closure = {s for s in STEPS if Stage.CLOSED in s.allowed_in}
    retention = {c.PlaceLegalHold.step, c.LiftLegalHold.step}  # a hold in any stage (RCW 40.14)
    # a public records request's file, in any stage (RCW 42.56)
    records = {c.RecordDisclosureRequest.step, c.AnswerDisclosure.step, c.RecordClarification.step,
               c.NotifyThirdParty.step, c.PrepareInstalment.step, c.ReleaseRecords.step}
    # the minutes of its meetings, approved at a meeting of the body (RCW 42.30.035)
    minutes = {c.ScheduleBoardMeeting.step, c.ScheduleDeliberation.step, c.CancelMeeting.step,
               c.RecordRollCall.step, c.RecordMeetingReply.step, c.ApproveMinutes.step}
    assert after_closure == {c.CorrectStepDate.step, c.FileCorrespondence.step,
                             c.RequestDestruction.step, c.ApproveDestruction.step,
                             *retention, *records, *minutes}
    assert {s for s in STEPS if Stage.VOID in s.allowed_in} == {
        c.FileCorrespondence.step} | retention | records
    # no step taken after closure moves the case on (a stage never goes back)
    assert all(s.allowed_in <= OPEN_STAGES or not s.leads_to.comes_after(Stage.CLOSED)
               for s in STEPS if s.leads_to is not None)


def test_the_stage_each_step_leads_to_is_the_stage_the_case_takes() -> None:
    case = new_case()
    handle(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
           at=at("2026-01-12T09:00:00-08:00"), actor="clerk@city.test", calendar=CALENDAR)
    assert case.stage is c.ScheduleBoardMeeting.step.leads_to
    assert c.BeginHearing.step.event.rule.leads_to is Stage.HEARING_BEGUN
    # a step outside its stages is refused with the table's name for it
    refused(case, c.IssueReport(sufficient=True), "2026-01-13T09:00:00-08:00",
            f"Cannot {c.IssueReport.step.name}")


def test_the_steps_that_meet_deadlines() -> None:
    from cases.deadlines import DeadlineKey as K

    assert meeting(K.HEARING_BEGIN) is c.BeginHearing.step
    assert meeting(K.DISCLOSURE_RESPONSE) is c.AnswerDisclosure.step
    assert meeting(K.NOTICE_24H) is None  # the §2 notices are recorded as delivered


# -- a step is declared in one place -----------------------------------------------------------

@dataclass(frozen=True)
class RecordSiteVisit(Command):
    """A step that is not the city's: declared here, as a part of the procedure declares
    one (`docs/adding-a-step.md`), to show that its command, its row and its handler are
    all the procedure needs."""

    place: str


@step("site-visit", "record a site visit", EventKind.CORRESPONDENCE_FILED,
      frozenset({Stage.RECEIVED}), OFFICE, "§6")
def site_visit(s: StepContext, cmd: RecordSiteVisit) -> Event:
    if not cmd.place.strip():
        raise ProcedureError("Say which place was visited: it is kept in the history.")
    return s.event(EventKind.CORRESPONDENCE_FILED, sender=s.actor, subject=cmd.place)


def test_a_step_declared_in_one_place_is_one_the_procedure_takes() -> None:
    assert RecordSiteVisit.step.handler is site_visit and RecordSiteVisit.step.roles == OFFICE
    case = new_case()
    event = handle(case, RecordSiteVisit("the annex"), at=at("2026-01-07T09:00:00-08:00"),
                   actor="clerk@city.test", calendar=CALENDAR)
    assert case.history[-1] is event and event.data["subject"] == "the annex"
    refused(case, RecordSiteVisit(" "), "2026-01-07T10:00:00-08:00", "Say which place")
    handle(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
           at=at("2026-01-12T09:00:00-08:00"), actor="clerk@city.test", calendar=CALENDAR)
    refused(case, RecordSiteVisit("the annex"), "2026-01-13T09:00:00-08:00",
            "Cannot record a site visit")


def test_a_row_must_sit_on_the_handler_of_one_command() -> None:
    def no_command(s: StepContext, cmd: str) -> Event:
        raise AssertionError("never called")

    def unannotated(s, cmd):  # no types at all
        raise AssertionError("never called")

    for handler in (no_command, unannotated):
        with pytest.raises(TypeError, match="not a command declared above it"):
            step("x", "do x", EventKind.CORRESPONDENCE_FILED, OPEN_STAGES, OFFICE, "§6")(
                handler)
    with pytest.raises(TypeError, match="a command is one step"):
        step("site-visit-again", "record a site visit", EventKind.CORRESPONDENCE_FILED,
             OPEN_STAGES, OFFICE, "§6")(site_visit)


def test_a_command_with_no_row_stops_the_table_loading() -> None:
    part = ModuleType("cases.handlers.example")

    @dataclass(frozen=True)
    class RecordNothing(Command):
        pass

    RecordNothing.__module__ = part.__name__
    part.RecordNothing = RecordNothing  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="RecordNothing has no row: put @step"):
        rows_of(part)
    assert [r.id for r in rows_of(sufficiency)][:2] == ["notice", "notice-bounced"]
