"""Who is owed which notice at each step: one person per notice, the respondent never
gets the council's or the board's copy, and each occurrence is its own generation."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pytest

from cases import commands as c
from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import Event
from cases.notices import (
    GENERATION_STRIDE,
    NoticeType,
    OwedNotice,
    invite_sequence,
    notices_owed,
    owing_event_index,
)
from cases.procedure import handle, open_case
from cases.section2 import Section2Act
from tests.unit.cases.riverton import BOARD, CALENDAR, COUNCIL, DIRECTORY, EXAMINERS, at, filing
from tests.unit.cases.sessions import at_its_meeting
from tests.unit.cases.test_procedure import determine

T = NoticeType
RESPONDENT = "gpruitt@city.test"
COMPLAINANT = "ada@example.org"
CLERK = "clerk@city.test"


def new_case(respondent: str = RESPONDENT, name: str = "Gary Pruitt") -> Case:
    return open_case(number="ETH-2026-0001", filing=filing(respondents=(name,)),
                     respondents=(respondent,), at=at("2026-01-06T09:45:00-08:00"),
                     actor=CLERK)


def step(case: Case, cmd: Command, when: str) -> list[OwedNotice]:
    event = handle(case, at_its_meeting(case, cmd, when), at=at(when), actor=CLERK,
                   calendar=CALENDAR)
    return notices_owed(case, event, DIRECTORY)


def report_delivered(case: Case, *, sufficient: bool) -> list[OwedNotice]:
    """The hearing held, the board's finding and its report Thu Jan 22, the report
    delivered Fri Jan 23: what the delivery owes."""
    through_hearing(case)
    determine(case, "2026-01-22T10:00:00-08:00", sufficient=sufficient)
    step(case, c.IssueReport(sufficient=sufficient, summary="the board's findings"),
         "2026-01-22T10:00:00-08:00")
    return step(case, c.DeliverReport(), "2026-01-23T10:00:00-08:00")


def receipt(case: Case) -> list[OwedNotice]:
    return notices_owed(case, case.history[0], DIRECTORY)


def to(owed: list[OwedNotice], type_: NoticeType) -> set[str]:
    return {n.recipient.email for n in owed if n.type is type_}


def emails(people: tuple[object, ...]) -> set[str]:
    return {p.email for p in people}  # type: ignore[attr-defined]


def through_hearing(case: Case) -> None:
    step(case, c.ScheduleBoardMeeting(datetime.fromisoformat("2026-01-20T18:00:00-08:00"),
                                 "Council Chambers"), "2026-01-08T10:00:00-08:00")
    step(case, c.BeginHearing(), "2026-01-20T18:00:00-08:00")
    step(case, c.RecordRespondentHeard(), "2026-01-20T19:00:00-08:00")
    step(case, c.ConcludeHearing(), "2026-01-20T20:00:00-08:00")


def test_receipt_owes_the_four_section_2_notices_and_the_window_invites() -> None:
    owed = receipt(new_case())
    assert to(owed, T.COMPLAINT_TO_RESPONDENT) == {RESPONDENT}
    assert to(owed, T.COMPLAINT_TO_COUNCIL) == emails(COUNCIL)
    assert to(owed, T.SUBMISSION_TO_BOARD) == emails(BOARD)
    assert to(owed, T.REGISTERED_MAIL_TASK) == {CLERK}
    assert to(owed, T.INVITE_SUFFICIENCY_WINDOW) == emails(COUNCIL) | emails(BOARD)
    deadlines = {n.type: n.deadline for n in owed}
    assert deadlines[T.COMPLAINT_TO_COUNCIL] is DeadlineKey.NOTICE_24H
    assert deadlines[T.REGISTERED_MAIL_TASK] is DeadlineKey.REGISTERED_MAIL
    assert {n.generation for n in owed} == {0}


def test_every_notice_names_one_person_and_nobody_gets_one_notice_twice() -> None:
    owed = receipt(new_case())
    counts = Counter((n.type, n.recipient.email.lower()) for n in owed)
    assert max(counts.values()) == 1
    assert all("@" in n.recipient.email and "," not in n.recipient.email for n in owed)


def test_a_council_member_complained_against_gets_the_respondents_notice_only() -> None:
    owed = receipt(new_case("praman@city.test", "Priya Raman"))
    assert to(owed, T.COMPLAINT_TO_RESPONDENT) == {"praman@city.test"}
    assert "praman@city.test" not in to(owed, T.COMPLAINT_TO_COUNCIL)
    assert "praman@city.test" not in to(owed, T.INVITE_SUFFICIENCY_WINDOW)


def test_hearing_scheduled_goes_to_board_respondent_and_complainant_with_an_invite() -> None:
    case = new_case()
    owed = step(case, c.ScheduleBoardMeeting(datetime.fromisoformat("2026-01-20T18:00:00-08:00"),
                                        "Council Chambers"), "2026-01-08T10:00:00-08:00")
    expected = emails(BOARD) | {RESPONDENT, COMPLAINANT}
    assert to(owed, T.BOARD_MEETING_SCHEDULED) == expected
    assert to(owed, T.INVITE_MEETING) == expected
    assert {n.slot for n in owed if n.type is T.INVITE_MEETING} == {"meeting-1"}
    assert to(owed, T.INVITE_SUFFICIENCY_WINDOW) == set()  # its dates did not move
    assert case.board_meeting is not None and case.board_meeting.sequence == 0


def test_each_continuance_is_its_own_generation_and_moves_the_invites() -> None:
    case = new_case()
    first = step(case, c.ApplyForContinuance(reason="witness abroad"),
                 "2026-01-10T10:00:00-08:00")
    assert to(first, T.CONTINUANCE_APPLIED) == (
        emails(BOARD) | emails(COUNCIL) | {RESPONDENT, COMPLAINANT, CLERK})
    assert to(first, T.INVITE_SUFFICIENCY_WINDOW) == emails(COUNCIL) | emails(BOARD)
    decided = step(case, c.DecideContinuance(granted_days=5), "2026-01-12T10:00:00-08:00")
    assert to(decided, T.CONTINUANCE_DECIDED) == to(first, T.CONTINUANCE_APPLIED)
    second = step(case, c.ApplyForContinuance(reason="counsel ill"), "2026-01-14T10:00:00-08:00")
    gens = {n.generation for n in first} | {n.generation for n in second}
    assert len(gens) == 2  # the second application is owed afresh
    assert invite_sequence(case, T.INVITE_SUFFICIENCY_WINDOW) == 3
    event = case.history[owing_event_index(second[0].generation)]
    assert event.data["reason"] == "counsel ill"


def test_report_referral_determination_decision_and_closing() -> None:
    case = new_case()
    owed = report_delivered(case, sufficient=True)
    assert to(owed, T.REPORT_DELIVERED) == emails(COUNCIL) | {RESPONDENT, COMPLAINANT}
    assert {n.deadline for n in owed} == {DeadlineKey.REPORT_DELIVERY}
    owed = step(case, c.Refer(examiner=EXAMINERS[0].email), "2026-01-24T10:00:00-08:00")
    assert to(owed, T.REFERRAL) == {EXAMINERS[0].email, RESPONDENT}
    owed = step(case, c.RecordDetermination(violation=True), "2026-02-10T10:00:00-08:00")
    assert emails(COUNCIL) <= to(owed, T.DETERMINATION)
    assert to(owed, T.INVITE_COUNCIL_DECISION) == emails(COUNCIL)
    assert {n.deadline for n in owed if n.type is T.DETERMINATION} == {
        DeadlineKey.COUNCIL_DECISION}
    assert step(case, c.RequestCouncilExtension(3, via="email", evidence="letter on file"),
                "2026-02-11T09:00:00-08:00") == []
    owed = step(case, c.ExtendCouncilDecision(days=3), "2026-02-11T10:00:00-08:00")
    assert [n.type for n in owed] == [T.INVITE_COUNCIL_DECISION] * len(COUNCIL)
    assert invite_sequence(case, T.INVITE_COUNCIL_DECISION) == 1


def test_referral_to_the_board_goes_to_its_members() -> None:
    case = new_case()
    report_delivered(case, sufficient=True)
    step(case, c.RequestBoardHearing(via="email", evidence="letter on file"),
         "2026-01-23T11:00:00-08:00")
    owed = step(case, c.Refer(examiner=None), "2026-01-24T10:00:00-08:00")
    assert to(owed, T.REFERRAL) == emails(BOARD) | {RESPONDENT}


def test_no_violation_owes_no_council_invite_and_closing_tells_everyone() -> None:
    case = new_case()
    report_delivered(case, sufficient=False)
    owed = step(case, c.CloseCase(reason="insufficient"), "2026-01-24T10:00:00-08:00")
    assert to(owed, T.CASE_CLOSED) == (emails(BOARD) | emails(COUNCIL)
                                       | {RESPONDENT, COMPLAINANT, CLERK})


def test_a_member_who_recused_gets_no_case_material_but_the_statutory_meeting_notice() -> None:
    """A recused member is walled off from the case: no report, no invitation; the special
    meeting's notice of RCW 42.30.080 still goes to every member of the body."""
    case = new_case()
    osei = "vosei@city.test"
    step(case, c.RecordRecusal(osei, "a business tie", emails(BOARD), emails(COUNCIL)),
         "2026-01-06T12:00:00-08:00")
    owed = step(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "Room 2"),
                "2026-01-07T09:00:00-08:00")
    assert osei in to(owed, T.MEETING_NOTICE) and osei not in to(owed, T.INVITE_MEETING)
    assert osei not in to(owed, T.BOARD_MEETING_SCHEDULED)
    assert "hpark@city.test" in to(owed, T.BOARD_MEETING_SCHEDULED)


def test_steps_that_owe_nothing() -> None:
    case = new_case()
    assert step(case, c.RecordNoticeServed(Section2Act.COUNCIL_INFORMED),
                "2026-01-06T10:00:00-08:00") == []


def test_a_generation_points_back_at_its_event() -> None:
    case = new_case()
    owed = step(case, c.ApplyForContinuance(reason="r"), "2026-01-10T10:00:00-08:00")
    assert owed[0].generation == GENERATION_STRIDE * (len(case.history) - 1)
    assert isinstance(case.history[owing_event_index(owed[0].generation)], Event)


def unmatched_case() -> Case:
    """A complaint whose official intake matched to no one in the directory."""
    return open_case(number="ETH-2026-0002", filing=filing(respondents=("the parks guy",)),
                     respondents=(), at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)


def test_an_official_named_after_intake_is_owed_the_section_2_notice_then() -> None:
    case = unmatched_case()
    assert to(receipt(case), T.COMPLAINT_TO_RESPONDENT) == set()  # no one to send it to
    owed = step(case, c.NameRespondent("GPruitt@city.test"), "2026-01-06T11:00:00-08:00")
    assert [(n.type, n.recipient.email, n.deadline) for n in owed] == [
        (T.COMPLAINT_TO_RESPONDENT, RESPONDENT, DeadlineKey.NOTICE_24H)]
    assert case.respondents == (RESPONDENT,)  # the docket, the access and §9 follow


@pytest.mark.parametrize(("cmd", "refusal"), [
    (c.NameRespondent(name="Terry Vance"), "email or postal address, or both"),
    (c.NameRespondent(email="tvance@example.org"), "give the name"),
    (c.NameRespondent(name="Terry Vance", email="tvance at example"), "not an email address"),
    (c.NameRespondent(RESPONDENT, name="Terry Vance", email="tvance@example.org"),
     "not both"),
])
def test_a_person_the_directory_does_not_list_is_refused_without_a_way_to_reach_them(
        cmd: c.NameRespondent, refusal: str) -> None:
    case = unmatched_case()
    with pytest.raises(ProcedureError, match=refusal):
        step(case, cmd, "2026-01-06T11:00:00-08:00")
    assert case.respondents == () and len(case.history) == 1


def test_a_person_named_with_an_email_is_owed_the_section_2_notice_there() -> None:
    case = unmatched_case()
    received = case.received_at
    owed = step(case, c.NameRespondent(name="Terry Vance", email=" TVance@Example.org "),
                "2026-01-06T11:00:00-08:00")
    assert [(n.type, n.recipient.name, n.recipient.email, n.deadline) for n in owed] == [
        (T.COMPLAINT_TO_RESPONDENT, "Terry Vance", "tvance@example.org",
         DeadlineKey.NOTICE_24H)]
    assert case.respondents == ("tvance@example.org",)
    assert case.history[-1].at == at("2026-01-06T11:00:00-08:00")  # recorded when it was
    assert case.received_at == received  # the 24 hours still run from receipt
    with pytest.raises(ProcedureError, match="already named"):
        step(case, c.NameRespondent(name="T. Vance", email="tvance@example.org"),
             "2026-01-06T11:05:00-08:00")


def test_a_person_named_with_only_a_postal_address_gets_the_registered_mail_task() -> None:
    case = unmatched_case()
    owed = step(case, c.NameRespondent(name="Terry Vance", address="12 Elm St, Riverton"),
                "2026-01-06T11:00:00-08:00")
    assert to(owed, T.COMPLAINT_TO_RESPONDENT) == set()  # no email: nothing to mail them
    assert [(n.type, n.deadline) for n in owed] == [
        (T.REGISTERED_MAIL_TASK, DeadlineKey.REGISTERED_MAIL)] * len(owed)
    assert to(owed, T.REGISTERED_MAIL_TASK) == {CLERK}
    assert case.respondents == ("Terry Vance",)
    assert case.named_officials["Terry Vance"].address == "12 Elm St, Riverton"
    assert Case.replay(case.number, case.history).named_officials == case.named_officials


def test_an_official_already_named_is_refused_and_another_may_be_added() -> None:
    case = new_case()
    with pytest.raises(ProcedureError, match="already named"):
        step(case, c.NameRespondent(RESPONDENT.upper()), "2026-01-06T11:00:00-08:00")
    owed = step(case, c.NameRespondent("lbates@city.test"), "2026-01-06T11:05:00-08:00")
    assert to(owed, T.COMPLAINT_TO_RESPONDENT) == {"lbates@city.test"}
    assert case.respondents == (RESPONDENT, "lbates@city.test")
