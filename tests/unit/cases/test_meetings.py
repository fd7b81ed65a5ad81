"""Meetings under the Open Public Meetings Act (RCW 42.30): the 24-hour notice and its
emergency exception, meetings recorded after the fact, the agenda's words, the
respondent's open-session request, the executive session, the board's vote in open
session, cancellation and rescheduling, a continuance's stay, and quorum.

The complaint is received Tue Jan 6 2026 09:30 PST (riverton.filing).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases import commands as c
from cases.access import Refused, actor_for, check_hands
from cases.case import Case, Stage
from cases.directory import Person
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.meetings import (
    Answer,
    Body,
    Business,
    EmergencyGround,
    MeetingKind,
    Proceeding,
    Reply,
)
from cases.notices import POSTING, NoticeType, meeting_slot, notices_owed
from cases.open_meetings import (
    NOTICE_AHEAD,
    agenda_item,
    agenda_posted_late,
    announcement,
    body_quorum,
    business,
    check_lead_time,
    quorum,
    shortfall,
)
from cases.procedure import handle, open_case
from cases.readings import BoardQuorum, ExaminerNotice, Readings, RegularAgenda, describe
from cases.section2 import Section2Act
from cases.tally import Vote
from tests.unit.cases import test_procedure as procedure
from tests.unit.cases.riverton import BOARD, CALENDAR, COUNCIL_EMAILS, DIRECTORY, at, filing
from tests.unit.cases.sessions import at_its_meeting

T = NoticeType
CHAIR, CLERK, RESPONDENT = "hpark@city.test", "clerk@city.test", "gpruitt@city.test"
BOARD_EMAILS = frozenset(p.email for p in BOARD)
PRESS = Person("Riverton Gazette", "news@gazette.example")
CITY = replace(DIRECTORY, media=(PRESS,))
HEARING = at("2026-01-20T18:00:00-08:00")
NAMES = ("Gary Pruitt", "Pruitt", "Ada Citizen", "Citizen")

FLOOD = EmergencyGround.PROPERTY  # RCW 42.30.080(4)

def new_case() -> Case:
    return open_case(number="ETH-2026-0003", filing=filing(), respondents=(RESPONDENT,),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)


def do(case: Case, cmd: Command, when: str, actor: str = CHAIR) -> list[tuple[T, str, str]]:
    """Take the step (a body's act at its meeting: `sessions.at_its_meeting`); the notices
    it owes as (type, recipient, slot)."""
    event = handle(case, at_its_meeting(case, cmd, when), at=at(when), actor=actor,
                   calendar=CALENDAR)
    return [(n.type, n.recipient.email, n.slot) for n in notices_owed(case, event, CITY)]


def refused(case: Case, cmd: Command, when: str, phrase: str) -> str:
    before = Case.replay(case.number, case.history)
    with pytest.raises(ProcedureError) as err:
        handle(case, cmd, at=at(when), actor=CHAIR, calendar=CALENDAR)
    assert phrase in str(err.value), str(err.value)
    assert case == before  # nothing recorded
    return str(err.value)


def roll(case: Case, when: str, present: frozenset[str] = BOARD_EMAILS) -> None:
    """The roll call of the meeting under way at `when`: who is present."""
    do(case, c.RecordRollCall(tuple(present), BOARD_EMAILS, COUNCIL_EMAILS, "mayor@city.test"),
       when, CLERK)


def scheduled(case: Case, when: str = "2026-01-12T09:00:00-08:00", **kw: object) -> list[
        tuple[T, str, str]]:
    return do(case, c.ScheduleBoardMeeting(HEARING, "City Hall, Room 2", **kw), when)  # type: ignore[arg-type]


# -- the 24-hour notice (RCW 42.30.080) -------------------------------------------------------

def test_a_special_meeting_less_than_24_hours_ahead_is_refused_with_the_earliest_time() -> None:
    case = new_case()
    message = refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall"),
                      "2026-01-19T18:01:00-08:00", "RCW 42.30.080")
    assert "23 h 59 min away" in message
    assert "Choose a time after Tue Jan 20, 2026 6:01 PM PST" in message
    assert "emergency" in message
    assert case.meetings.all == [] and case.stage is Stage.RECEIVED


def test_exactly_24_hours_ahead_is_enough_for_a_special_or_a_regular_meeting() -> None:
    for kind in MeetingKind:
        case = new_case()
        do(case, c.ScheduleBoardMeeting(HEARING, "City Hall", kind=kind),
           "2026-01-19T18:00:00-08:00")
        assert case.board_meeting is not None and case.board_meeting.kind is kind
        assert not case.board_meeting.agenda_late


def test_a_majority_of_the_members_may_call_a_special_meeting_not_one_member_alone() -> None:
    """RCW 42.30.080(1): the presiding officer calls a special meeting (the clerk records
    it), or a majority of the body's members; a member alone, or a minority, may not."""
    case = new_case()
    osei, brooks = "vosei@city.test", "dbrooks@city.test"
    alone = c.ScheduleBoardMeeting(HEARING, "City Hall", members=BOARD_EMAILS)
    with pytest.raises(Refused, match=r"presiding officer \(the board chair\) calls the "
                                      r"Ethics Board's meetings"):
        check_hands(actor_for(DIRECTORY, osei), alone)
    check_hands(actor_for(DIRECTORY, CHAIR), alone)  # the chair presides
    check_hands(actor_for(DIRECTORY, CLERK), alone)  # the clerk records the chair's call
    one = replace(alone, called_by=(osei,))
    check_hands(actor_for(DIRECTORY, osei), one)
    refused(case, one, "2026-01-12T09:00:00-08:00", "1 of the 3 members of the Ethics Board")
    refused(case, replace(one, called_by=(osei, "abrandt@city.test")),
            "2026-01-12T09:00:00-08:00", "abrandt@city.test is not a member of the Ethics Board")
    refused(case, replace(one, called_by=(osei, brooks), kind=MeetingKind.REGULAR),
            "2026-01-12T09:00:00-08:00", "a regular meeting is held when the body's rules")
    do(case, replace(one, called_by=(osei, brooks.upper())), "2026-01-12T09:00:00-08:00", osei)
    assert case.history[-1].data["called_by"] == [brooks, osei] and case.board_meeting is not None


# -- a regular meeting's agenda, online 24 hours ahead (RCW 42.30.077) ---------------------

def test_a_case_item_on_a_regular_meeting_less_than_24_hours_ahead_is_refused() -> None:
    case = new_case()
    message = refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall", kind=MeetingKind.REGULAR),
                      "2026-01-20T17:00:00-08:00", "RCW 42.30.077")
    assert "only 1 h 0 min away" in message and "later regular meeting" in message
    assert "after Wed Jan 21, 2026 5:00 PM PST" in message and "special meeting" in message
    # an emergency excuses a special meeting's notice (RCW 42.30.080(4)), not the agenda's
    refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall", kind=MeetingKind.REGULAR,
                                    emergency="the hall floods", emergency_ground=FLOOD),
            "2026-01-20T17:00:00-08:00", "RCW 42.30.077")
    # moving a regular meeting already on the agenda to under 24 hours ahead: refused too
    do(case, c.ScheduleBoardMeeting(HEARING, "City Hall", kind=MeetingKind.REGULAR),
       "2026-01-12T09:00:00-08:00")
    refused(case, c.ScheduleBoardMeeting(at("2026-01-14T18:00:00-08:00"), "City Hall",
                                    kind=MeetingKind.REGULAR),
            "2026-01-14T09:00:00-08:00", "RCW 42.30.077")


def test_the_late_addition_reading_allows_it_and_the_posting_will_say_so() -> None:
    late = Readings(regular_agenda=RegularAgenda.LATE_ADDITION)
    case = new_case()
    event = handle(case, c.ScheduleBoardMeeting(HEARING, "City Hall", kind=MeetingKind.REGULAR),
                   at=at("2026-01-20T17:00:00-08:00"), actor=CHAIR, calendar=CALENDAR,
                   readings=late)
    m = case.board_meeting
    assert m is not None and m.agenda_late and event.data["agenda_late"] is True
    owed = {n.type for n in notices_owed(case, event, CITY)}
    assert T.MEETING_POSTING in owed and T.MEETING_NOTICE not in owed  # posted, not noticed
    # the reading changes nothing for a special meeting: its notice is the statute's
    with pytest.raises(ProcedureError, match=r"RCW 42\.30\.080"):
        handle(new_case(), c.ScheduleBoardMeeting(HEARING, "City Hall"),
               at=at("2026-01-20T17:00:00-08:00"), actor=CHAIR, calendar=CALENDAR,
               readings=late)


@given(st.integers(-48 * 60, 48 * 60), st.sampled_from(list(MeetingKind)),
       st.sampled_from(list(RegularAgenda)), st.sampled_from([None, "flood"]))
def test_the_lead_time_rule_for_any_meeting_and_reading(
        minutes: int, kind: MeetingKind, reading: RegularAgenda, emergency: str | None) -> None:
    now = HEARING - timedelta(minutes=minutes)
    ahead = HEARING - now
    short = timedelta(0) < ahead < NOTICE_AHEAD
    try:
        check_lead_time(kind, HEARING, now=now, emergency=emergency, calendar=CALENDAR,
                        regular_agenda=reading, ground=FLOOD if emergency else None)
        allowed = True
    except ProcedureError:
        allowed = False
    if kind is MeetingKind.SPECIAL:
        assert allowed is (not short or emergency is not None)
    else:
        assert allowed is (not short or reading is RegularAgenda.LATE_ADDITION)
    assert agenda_posted_late(kind, HEARING, now=now) is (short and kind is MeetingKind.REGULAR)


def test_an_emergency_with_its_reason_excuses_the_24_hours_and_is_still_noticed() -> None:
    case = new_case()
    refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall", emergency="  ",
                                    emergency_ground=FLOOD),
            "2026-01-20T12:00:00-08:00", "emergency's reason")
    # any text is no ground: only the statute's (RCW 42.30.080(4)) excuses the notice
    refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall", emergency="the chair travels"),
            "2026-01-20T12:00:00-08:00", "only on the statute's ground")
    refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall", emergency_ground=FLOOD),
            "2026-01-20T12:00:00-08:00", "give the facts")
    owed = do(case, c.ScheduleBoardMeeting(HEARING, "City Hall", emergency="the hall floods on "
                                      "Wednesday; the hearing deadline is Monday",
                                      emergency_ground=FLOOD),
              "2026-01-20T12:00:00-08:00")
    assert case.board_meeting is not None and case.board_meeting.emergency == (
        "damage to property: the hall floods on Wednesday; the hearing deadline is Monday")
    assert (T.MEETING_NOTICE, PRESS.email, "meeting-1") in owed  # notice is still given
    assert (T.MEETING_POSTING, POSTING.email, "meeting-1") in owed


def test_a_meeting_that_already_took_place_is_recorded_late_and_nothing_is_sent() -> None:
    case = new_case()
    owed = do(case, c.ScheduleBoardMeeting(HEARING, "City Hall"), "2026-01-21T09:00:00-08:00")
    assert case.board_meeting is not None and case.board_meeting.recorded_late
    assert owed == []  # no notice, no posting, no invitation, no "hearing scheduled"
    assert case.stage is Stage.HEARING_SCHEDULED  # the record goes on as usual


def test_a_council_member_complained_against_gets_the_members_notice_too() -> None:
    """RCW 42.30.080: notice to each member of the body; a member complained against is
    still a member (their own invitation comes as a party)."""
    case = open_case(number="ETH-2026-0004", filing=filing(respondents=("Priya Raman",)),
                     respondents=("praman@city.test",), at=at("2026-01-06T09:45:00-08:00"),
                     actor=CLERK)
    for kind in (Section2Act.COUNCIL_INFORMED, Section2Act.SUBMITTED_TO_BOARD):
        do(case, c.RecordNoticeServed(kind), "2026-01-06T10:00:00-08:00", CLERK)
    do(case, c.ApplyForContinuance("ill"), "2026-01-08T18:10:00-08:00")
    owed = do(case, c.ScheduleDeliberation(at("2026-01-12T19:00:00-08:00"), "Chambers"),
              "2026-01-09T09:00:00-08:00", CLERK)
    noticed = {r for t, r, _ in owed if t is T.MEETING_NOTICE}
    assert noticed == {*COUNCIL_EMAILS, PRESS.email} and "praman@city.test" in noticed


def test_a_special_meeting_owes_its_notice_to_members_and_media_and_a_posting() -> None:
    case = new_case()
    owed = scheduled(case)
    slot = meeting_slot(1)
    assert sorted(r for t, r, s in owed if t is T.MEETING_NOTICE and s == slot) == sorted(
        [*BOARD_EMAILS, PRESS.email])
    assert [(t, r) for t, r, s in owed if t is T.MEETING_POSTING] == [
        (T.MEETING_POSTING, "posting")]
    invited = {r for t, r, s in owed if t is T.INVITE_MEETING}
    assert invited == {*BOARD_EMAILS, RESPONDENT, "ada@example.org"}
    assert (T.BOARD_MEETING_SCHEDULED, RESPONDENT, "") in owed


def test_a_regular_meeting_is_posted_and_invited_but_owes_no_special_notice() -> None:
    case = new_case()
    owed = scheduled(case, kind=MeetingKind.REGULAR)
    assert T.MEETING_NOTICE not in {t for t, _, _ in owed}
    assert T.MEETING_POSTING in {t for t, _, _ in owed}


# -- the agenda names no one while confidential (§6) ----------------------------------------

def test_the_agenda_names_the_case_and_the_ground_but_no_person() -> None:
    case = new_case()
    scheduled(case)
    m = case.board_meeting
    assert m is not None
    assert agenda_item(m, case.number) == (
        "Executive session to receive and evaluate a complaint against a public officer, "
        "RCW 42.30.110(1)(f) (case ETH-2026-0003)")
    text = " ".join(business(m, case.number)) + announcement(m, HEARING, CALENDAR)
    assert not any(name.lower() in text.lower() for name in NAMES)


@pytest.mark.parametrize("field", ["place", "emergency"])
def test_a_public_text_naming_the_respondent_or_complainant_is_refused(field: str) -> None:
    case = new_case()
    kw = {"place": "City Hall"} | {field: "outside Mr. Pruitt's office"} | (
        {"emergency_ground": FLOOD} if field == "emergency" else {})
    refused(case, c.ScheduleBoardMeeting(HEARING, **kw),  # type: ignore[arg-type]
            "2026-01-12T09:00:00-08:00", "names Pruitt")
    refused(case, c.ScheduleBoardMeeting(HEARING, "the Ada Citizen room"),
            "2026-01-12T09:00:00-08:00", "confidential until the review is complete (§6)")


# -- the respondent's open-session request (§13, §14) -----------------------------------------

def test_the_open_session_request_turns_the_meeting_open_and_owes_its_notices_again() -> None:
    case = new_case()
    scheduled(case)
    m = case.board_meeting
    assert m is not None and m.executive and m.sequence == 0
    owed = do(case, c.RequestOpenSession(Proceeding.BOARD, via="paper", evidence="letter on file"),
              "2026-01-13T10:00:00-08:00",
              CLERK)
    assert m.open_to_public and m.sequence == 1
    assert agenda_item(m, case.number) == (
        "Hearing to receive and evaluate a complaint against a public officer, open to the "
        "public at the request of the person complained against (§13) (case ETH-2026-0003)")
    kinds = {t for t, _, s in owed if s == "meeting-1"}
    assert kinds == {T.INVITE_MEETING, T.MEETING_NOTICE, T.MEETING_POSTING}
    assert case.history[-1].data == {"body": "board", "respondent": RESPONDENT, "via": "paper",
                                     "evidence": "letter on file", "on": "2026-01-13"}
    refused(case, c.RequestOpenSession(Proceeding.BOARD, via="mail", evidence="letter on file"),
            "2026-01-14T10:00:00-08:00",
            "already asked")
    refused(case, c.StartExecutiveSession(at("2026-01-20T19:00:00-08:00")),
            "2026-01-20T18:10:00-08:00", "has no executive session")


def test_a_meeting_called_after_the_request_is_open_from_the_start() -> None:
    case = new_case()
    do(case, c.RequestOpenSession(Proceeding.BOARD, via="email", evidence="letter on file"),
       "2026-01-08T10:00:00-08:00", CLERK)
    scheduled(case)
    assert case.board_meeting is not None and case.board_meeting.open_to_public
    assert case.board_meeting.sequence == 0


def test_only_the_respondent_may_ask_and_the_channel_is_recorded() -> None:
    case = new_case()
    refused(case, c.RequestOpenSession(Proceeding.BOARD, via="mail", respondent="ada@example.org",
                                       evidence="letter on file"),
            "2026-01-08T10:00:00-08:00", "Only the person complained against")
    refused(case, c.RequestOpenSession(Proceeding.BOARD, via="carrier pigeon",
                                       evidence="letter on file"),
            "2026-01-08T10:00:00-08:00", "Say how the request came")


# -- the examiner's proceeding (§11, §13): a request to open it, no OPMA meeting ---------

def test_the_examiners_proceeding_is_opened_on_request_once_referred_and_is_no_meeting() -> None:
    case = procedure.new_case()
    refused(case, c.RequestOpenSession(Proceeding.EXAMINER, via="mail", evidence="letter on file"),
            "2026-01-08T10:00:00-08:00", "has not been referred to a hearings examiner")
    procedure.referred(case)
    examiner = case.referred_to
    assert examiner is not None and examiner.endswith("@examiners.example")
    owed = do(case, c.RequestOpenSession(Proceeding.EXAMINER, via="paper",
                                         evidence="letter on file"),
              "2026-02-05T10:00:00-08:00", CLERK)
    request = case.meetings.open_requests[Proceeding.EXAMINER, procedure.RESPONDENT]
    assert (request.respondent, request.via, str(request.on)) == (
        procedure.RESPONDENT, "paper", "2026-02-05")
    event = case.history[-1]
    assert event.data["body"] == "examiner" and event.data["examiner"] == examiner
    assert "not a governing body" in event.data["notice_reading"]
    # the examiner, the parties and the clerk are told; no posting, no meeting notice
    assert sorted(r for t, r, _ in owed) == sorted(
        [examiner, procedure.RESPONDENT, "ada@example.org", CLERK])
    assert {t for t, _, _ in owed} == {T.PROCEEDING_OPENED}
    assert not case.meetings.open_for(Proceeding.BOARD)  # the board's proceedings are not opened
    refused(case, c.RequestOpenSession(Proceeding.EXAMINER, via="mail", evidence="letter on file"),
            "2026-02-06T10:00:00-08:00", "already asked")
    # the referral itself states the reading too
    referral = next(e for e in case.history if e.kind.value == "referred")
    assert "not a governing body" in referral.data["notice_reading"]


def test_no_examiners_proceeding_when_the_board_hears_the_matter() -> None:
    case = procedure.new_case()
    procedure.reported(case, sufficient=True)
    do(case, c.RequestBoardHearing(via="email", evidence="letter on file"),
       "2026-02-03T12:00:00-08:00", CLERK)
    refused(case, c.RequestOpenSession(Proceeding.EXAMINER, via="mail", evidence="letter on file"),
            "2026-02-03T13:00:00-08:00", "heard by the ethics board")
    do(case, c.RequestOpenSession(Proceeding.BOARD, via="mail", evidence="letter on file"),
       "2026-02-03T13:00:00-08:00", CLERK)
    assert case.meetings.open_for(Proceeding.BOARD) == {procedure.RESPONDENT}


def test_the_examiner_notice_reading_is_what_the_request_records() -> None:
    case = procedure.new_case()
    procedure.referred(case)
    handle(case, c.RequestOpenSession(Proceeding.EXAMINER, via="email", evidence="letter on file"),
           at=at("2026-02-05T10:00:00-08:00"), actor=CLERK, calendar=CALENDAR,
           readings=Readings(examiner_notice=ExaminerNotice.AS_SPECIAL_MEETING))
    assert case.history[-1].data["notice_reading"] == describe(
        ExaminerNotice.AS_SPECIAL_MEETING)
    assert "RCW 42.30.080" in case.history[-1].data["notice_reading"]


# -- the executive session (RCW 42.30.110(2)) and final action in open session --------------

def in_session(case: Case) -> None:
    scheduled(case)
    do(case, c.BeginHearing(), "2026-01-20T18:02:00-08:00")
    roll(case, "2026-01-20T18:03:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-20T18:04:00-08:00")
    do(case, c.StartExecutiveSession(at("2026-01-20T19:00:00-08:00")),
       "2026-01-20T18:05:00-08:00")


def test_the_announcement_states_the_purpose_its_citation_and_the_end() -> None:
    case = new_case()
    in_session(case)
    said = case.history[-1].data["announced"]
    assert said == ("The Ethics Board will now convene in executive session to receive and "
                    "evaluate a complaint against a public officer, as RCW 42.30.110(1)(f) "
                    "allows. The executive session will end at 7:00 PM PST; any extension will "
                    "be announced. No action will be taken in executive session; final "
                    "action on the business noticed will be taken in open session when it "
                    "ends: the determination of the sufficiency of the complaint (§7); a "
                    "continuance of the hearing (§7); a longer time for the written report "
                    "(§10).")


def test_an_extension_is_announced_before_the_end_and_only_to_a_later_time() -> None:
    case = new_case()
    in_session(case)
    refused(case, c.ExtendExecutiveSession(at("2026-01-20T18:30:00-08:00")),
            "2026-01-20T18:50:00-08:00", "later end")
    do(case, c.ExtendExecutiveSession(at("2026-01-20T19:30:00-08:00")),
       "2026-01-20T18:55:00-08:00")
    refused(case, c.ExtendExecutiveSession(at("2026-01-20T20:00:00-08:00")),
            "2026-01-20T19:31:00-08:00", "must be announced before that time")
    m = case.board_meeting
    assert m is not None and m.in_session is not None
    assert m.in_session.ends_at == at("2026-01-20T19:30:00-08:00")


def test_final_action_is_refused_in_executive_session_and_taken_in_open_session() -> None:
    case = new_case()
    in_session(case)
    refused(case, c.RecordBoardVote(CHAIR, Vote.YES, BOARD_EMAILS),
            "2026-01-20T18:30:00-08:00", "a body acts in open session (RCW 42.30.060")
    do(case, c.EndExecutiveSession(), "2026-01-20T18:58:00-08:00")
    for member, vote in ((CHAIR, Vote.YES), ("vosei@city.test", Vote.YES)):
        do(case, c.RecordBoardVote(member, vote, BOARD_EMAILS), "2026-01-20T19:05:00-08:00")
    do(case, c.StartExecutiveSession(at("2026-01-20T19:30:00-08:00")),
       "2026-01-20T19:06:00-08:00")
    refused(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:07:00-08:00",
            "Record the end of the executive session")
    do(case, c.EndExecutiveSession(), "2026-01-20T19:08:00-08:00")
    do(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:09:00-08:00")
    found = case.meetings.sufficiency(case.parties()[0])
    assert found is not None and found.carried
    assert found.explanation == ("2 yes, 0 no: the complaint is found sufficient by majority "
                                 "of the board, 2 of 3 members entitled to vote (§7).")


def test_the_end_records_how_long_the_session_ran_past_its_announced_end() -> None:
    case = new_case()
    in_session(case)
    do(case, c.EndExecutiveSession(at("2026-01-20T19:12:00-08:00")), "2026-01-20T19:20:00-08:00")
    assert case.history[-1].data["overran_minutes"] == 12


def determined(case: Case) -> None:
    """Through the hearing, the report and the referral to a determination of violation."""
    scheduled(case)
    do(case, c.BeginHearing(), "2026-01-20T18:02:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-20T18:30:00-08:00")
    roll(case, "2026-01-20T18:31:00-08:00")
    for member in sorted(BOARD_EMAILS):
        do(case, c.RecordBoardVote(member, Vote.YES, BOARD_EMAILS), "2026-01-20T19:00:00-08:00")
    do(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:01:00-08:00")
    do(case, c.ConcludeHearing(), "2026-01-20T19:30:00-08:00")
    do(case, c.IssueReport(sufficient=True), "2026-01-22T10:00:00-08:00")
    do(case, c.DeliverReport(), "2026-01-23T10:00:00-08:00")
    do(case, c.Refer("myu@examiners.example"), "2026-01-26T10:00:00-08:00")
    do(case, c.RecordDetermination(True), "2026-02-27T10:00:00-08:00", CLERK)
    assert case.stage is Stage.DETERMINED


def test_the_council_votes_only_in_open_session() -> None:
    case = new_case()
    determined(case)
    do(case, c.ScheduleDeliberation(at("2026-03-03T19:00:00-08:00"), "Council Chambers"),
       "2026-03-01T09:00:00-08:00", CLERK)
    do(case, c.RecordRollCall(tuple(COUNCIL_EMAILS), BOARD_EMAILS, COUNCIL_EMAILS,
                              "mayor@city.test"), "2026-03-03T19:00:00-08:00", CLERK)
    do(case, c.StartExecutiveSession(at("2026-03-03T19:30:00-08:00")),
       "2026-03-03T19:01:00-08:00", CLERK)
    refused(case, c.RecordCouncilVote("abrandt@city.test", Vote.YES, COUNCIL_EMAILS),
            "2026-03-03T19:10:00-08:00", "in executive session")
    do(case, c.EndExecutiveSession(), "2026-03-03T19:25:00-08:00", CLERK)
    do(case, c.RecordCouncilVote("abrandt@city.test", Vote.YES, COUNCIL_EMAILS),
       "2026-03-03T19:26:00-08:00", "abrandt@city.test")


# -- the board's vote: majority of the board -------------------------------------------------

@pytest.mark.parametrize(("votes", "sufficient"), [
    ((Vote.YES, Vote.YES, Vote.NO), True),
    ((Vote.YES, Vote.NO, Vote.NO), False),
    ((Vote.YES, Vote.ABSTAIN, Vote.ABSTAIN), False),  # 1 of 3 is no majority of the board
])
def test_the_board_decides_by_majority_of_the_board(votes: tuple[Vote, ...],
                                                    sufficient: bool) -> None:
    case = new_case()
    scheduled(case)
    do(case, c.BeginHearing(), "2026-01-20T18:02:00-08:00")
    roll(case, "2026-01-20T18:03:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-20T18:30:00-08:00")
    for member, vote in zip(sorted(BOARD_EMAILS), votes, strict=True):
        do(case, c.RecordBoardVote(member, vote, BOARD_EMAILS), "2026-01-20T19:00:00-08:00")
    do(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:01:00-08:00")
    found = case.meetings.sufficiency(case.parties()[0])
    assert found is not None and found.carried is sufficient
    assert "majority of the board, 2 of 3 members entitled to vote" in found.explanation


def test_an_undecided_count_a_non_member_and_a_second_count_are_refused() -> None:
    case = new_case()
    scheduled(case)
    do(case, c.BeginHearing(), "2026-01-20T18:02:00-08:00")
    roll(case, "2026-01-20T18:03:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-20T18:30:00-08:00")
    refused(case, c.RecordBoardVote("abrandt@city.test", Vote.YES, BOARD_EMAILS),
            "2026-01-20T19:00:00-08:00", "not a member of the ethics board")
    do(case, c.RecordBoardVote(CHAIR, Vote.YES, BOARD_EMAILS), "2026-01-20T19:00:00-08:00")
    refused(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:01:00-08:00",
            "Record the remaining votes")
    do(case, c.RecordBoardVote("dbrooks@city.test", Vote.YES, BOARD_EMAILS),
       "2026-01-20T19:02:00-08:00")
    do(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:03:00-08:00")
    refused(case, c.RecordBoardVote("vosei@city.test", Vote.NO, BOARD_EMAILS),
            "2026-01-20T19:04:00-08:00", "already counted")


def test_the_written_report_sets_forth_the_determination_voted() -> None:
    case = new_case()
    scheduled(case)
    do(case, c.BeginHearing(), "2026-01-20T18:02:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-20T18:30:00-08:00")
    roll(case, "2026-01-20T18:31:00-08:00")
    for member in (CHAIR, "vosei@city.test"):
        do(case, c.RecordBoardVote(member, Vote.NO, BOARD_EMAILS), "2026-01-20T19:00:00-08:00")
    do(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-20T19:01:00-08:00")
    do(case, c.ConcludeHearing(), "2026-01-20T19:30:00-08:00")
    refused(case, c.IssueReport(sufficient=True), "2026-01-22T10:00:00-08:00",
            "determined the complaint insufficient in open session")
    do(case, c.IssueReport(sufficient=False), "2026-01-22T10:00:00-08:00")


# -- moving, cancelling, rescheduling; a continuance's stay (§7) -----------------------------

def test_moving_keeps_the_meeting_and_cancelling_then_scheduling_makes_a_new_one() -> None:
    case = new_case()
    scheduled(case)
    owed = do(case, c.ScheduleBoardMeeting(HEARING + timedelta(days=1), "City Hall, Room 2"),
              "2026-01-13T09:00:00-08:00")
    m = case.board_meeting
    assert m is not None and (m.number, m.sequence, m.moved_at) == (1, 1, 1)
    assert {s for _, _, s in owed if s} == {"meeting-1"}
    do(case, c.CancelMeeting("the room is closed for repairs"), "2026-01-14T09:00:00-08:00")
    assert case.board_meeting is None and case.meetings.all[0].cancelled
    do(case, c.ScheduleBoardMeeting(HEARING + timedelta(days=2), "Library"),
       "2026-01-15T09:00:00-08:00")
    assert case.board_meeting is not None and case.board_meeting.number == 2
    assert case.board_meeting.sequence == 0
    refused(case, c.CancelMeeting("typo", meeting=1), "2026-01-15T10:00:00-08:00",
            "already cancelled")


def test_a_hearing_inside_a_stay_is_tentative_at_once_and_cancelled_when_decided() -> None:
    case = new_case()
    scheduled(case)
    owed = do(case, c.ApplyForContinuance("counsel in trial"), "2026-01-16T10:00:00-08:00")
    m = case.meetings.get(1)  # the hearing; the board applied at its meeting of Jan 16
    assert m is not None and m.tentative and "stayed (§7)" in m.tentative
    assert (T.INVITE_MEETING, CHAIR, "meeting-1") in owed
    owed = do(case, c.DecideContinuance(5), "2026-01-22T19:00:00-08:00", "abrandt@city.test")
    # Jan 20 fell inside the stay (Jan 16 to Jan 22)
    assert case.meetings.all[0].cancelled and case.meetings.all[0].sequence == 2
    assert (T.INVITE_MEETING, CHAIR, "meeting-1") in owed  # the CANCEL reaches calendars


def test_a_hearing_after_the_stay_stands_confirmed_when_the_council_decides() -> None:
    case = new_case()
    scheduled(case)
    do(case, c.ApplyForContinuance("counsel in trial"), "2026-01-13T10:00:00-08:00")
    do(case, c.DecideContinuance(0), "2026-01-15T19:00:00-08:00", "abrandt@city.test")
    m = case.meetings.get(1)
    assert m is not None and m.tentative is None and not m.cancelled and m.sequence == 2


# -- who is coming: answers and quorum -------------------------------------------------------

def test_answers_count_for_the_meeting_as_it_is_and_quorum_is_a_majority() -> None:
    case = new_case()
    scheduled(case)
    q = body_quorum(Body.BOARD, CITY, case.respondents)
    m = case.board_meeting
    assert m is not None and (q.members, q.needed) == (3, 2)
    do(case, c.RecordMeetingReply(1, CHAIR, Answer.ACCEPTED, 0), "2026-01-12T10:00:00-08:00",
       "ethicsbot")
    assert shortfall(m, q) == (
        "1 of 3 members who may act have accepted the invitation; a quorum is a majority of "
        "the 3 members, 2 (the city's reading: the board's quorum is a majority of its "
        "members (the ordinance sets none; RCW 35A.12.120's rule for the council, read "
        "across)).")
    do(case, c.RecordMeetingReply(1, "vosei@city.test", Answer.ACCEPTED, 0),
       "2026-01-12T11:00:00-08:00", "ethicsbot")
    assert shortfall(m, q) is None
    do(case, c.ScheduleBoardMeeting(HEARING + timedelta(hours=1), "City Hall"),
       "2026-01-13T09:00:00-08:00")
    assert m.answers() == {} and shortfall(m, q) is not None  # moved: asked again
    refused(case, c.RecordMeetingReply(1, CHAIR, Answer.ACCEPTED, 7), "2026-01-13T10:00:00-08:00",
            "no version 7")


@given(st.integers(1, 15), st.integers(0, 3), st.data())
def test_quorum_is_a_majority_of_members_and_respondents_are_never_counted(
        size: int, parties: int, data: st.DataObject) -> None:
    members = [f"m{i}@city.test" for i in range(size)]
    respondents = members[:min(parties, size)]
    q = quorum(Body.BOARD, members, respondents, BoardQuorum.BOARD_MEMBERS)
    assert q.needed == size // 2 + 1 and 2 * q.needed > size >= 2 * (q.needed - 1)
    assert q.counted == frozenset(members) - set(respondents)
    case = new_case()
    scheduled(case)
    m = case.board_meeting
    assert m is not None
    accepting = data.draw(st.lists(st.sampled_from(members), unique=True))
    for who in accepting:
        m.replies[who] = Reply(data.draw(st.sampled_from(list(Answer))), 0, HEARING)
    counted = sum(1 for who in accepting
                  if who not in respondents and m.replies[who].answer is Answer.ACCEPTED)
    assert (shortfall(m, q) is None) is (counted >= q.needed)


def test_the_councils_quorum_is_the_statutes_and_the_boards_the_citys_reading() -> None:
    """RCW 35A.12.120 sets the council's quorum, whatever the board's reading; the board's
    is the city's choice, and the rule's words say which one it used."""
    council = [f"c{i}@city.test" for i in range(5)]
    board = [f"b{i}@city.test" for i in range(5)]
    for reading in BoardQuorum:
        q = quorum(Body.COUNCIL, council, council[:1], reading)
        assert (q.members, q.needed) == (5, 3)
        assert q.rule == "a quorum is a majority of the 5 members, 3 (RCW 35A.12.120)"
    q = quorum(Body.BOARD, board, board[:2], BoardQuorum.BOARD_MEMBERS)
    assert (q.members, q.needed, len(q.counted)) == (5, 3, 3)
    assert "RCW 35A.12.120" not in q.rule.split("(", 1)[0] and "city's reading" in q.rule
    q = quorum(Body.BOARD, board, board[:2], BoardQuorum.MEMBERS_WHO_MAY_ACT)
    assert (q.members, q.needed, len(q.counted)) == (3, 2, 3)
    assert q.rule == ("a quorum is a majority of the 3 members, 2 (the city's reading: the "
                      "board's quorum is a majority of its members who may act on the case "
                      "(the ordinance sets none))")
    city = replace(CITY, readings=Readings(board_quorum=BoardQuorum.MEMBERS_WHO_MAY_ACT))
    assert body_quorum(Body.BOARD, city, [RESPONDENT]).needed == 2
    assert body_quorum(Body.BOARD, CITY, list(BOARD_EMAILS)[:1]).members == 3


# -- any sequence of meeting steps ----------------------------------------------------------

START = at("2026-01-06T10:00:00-08:00")
_moment = st.integers(-2 * 24, 20 * 24).map(lambda h: START + timedelta(hours=h))
MEETING_STEPS: list[st.SearchStrategy[Command]] = [
    st.builds(c.ScheduleBoardMeeting, _moment, st.sampled_from(["City Hall", "Pruitt's", " "]),
              st.sampled_from(list(MeetingKind)), st.none(),
              st.none(), st.sampled_from([None, "", "flood"])),
    st.builds(c.CancelMeeting, st.sampled_from(["room closed", ""]),
              st.sampled_from([None, 1, 2, 3])),
    st.builds(c.RequestOpenSession, st.sampled_from(list(Proceeding)),
              st.sampled_from(["mail", "fax"])),
    st.builds(c.StartExecutiveSession, _moment, st.none() | _moment),
    st.builds(c.ExtendExecutiveSession, _moment),
    st.builds(c.EndExecutiveSession, st.none() | _moment),
    st.builds(c.RecordBoardVote, st.sampled_from([*BOARD_EMAILS, RESPONDENT]),
              st.sampled_from(list(Vote)), st.just(BOARD_EMAILS)),
    st.just(c.RecordBoardDetermination(BOARD_EMAILS)),
    st.builds(c.RecordMeetingReply, st.integers(1, 3), st.sampled_from(sorted(BOARD_EMAILS)),
              st.sampled_from(list(Answer)), st.integers(0, 3)),
    st.just(c.BeginHearing()),
    st.just(c.ApplyForContinuance("reason")),
    st.integers(0, 10).map(lambda d: c.DecideContinuance(d)),
]


@given(st.data(), st.integers(1, 40))
def test_any_sequence_of_meeting_steps_is_recorded_or_refused_cleanly(
        data: st.DataObject, length: int) -> None:
    case, moment = new_case(), START
    for _ in range(length):
        cmd = data.draw(st.one_of(MEETING_STEPS))
        moment += timedelta(minutes=data.draw(st.integers(0, 3 * 24 * 60)))
        before = Case.replay(case.number, case.history)
        try:
            event = handle(case, cmd, at=moment, actor=CHAIR, calendar=CALENDAR)
        except ProcedureError as refusal:
            assert str(refusal).strip() and case == before
            continue
        notices_owed(case, event, CITY)  # never raises
        assert Case.replay(case.number, case.history) == case
        numbers = [m.number for m in case.meetings.all]
        assert numbers == list(range(1, len(numbers) + 1))  # one number, one UID, never reused
        for m in case.meetings.all:
            assert m.sequence >= 0 and m.moved_at <= m.sequence
            assert sum(s.ended_at is None for s in m.sessions) <= 1
            assert not (m.cancelled and m.tentative)
            assert all(len(v) <= len(BOARD_EMAILS) for v in m.votes.values())


def test_what_a_board_meeting_is_for_follows_the_case_when_it_is_called() -> None:
    """The §7 hearing until it begins, a session of it until it concludes, the §11 hearing
    once the matter is referred to the board (never to an examiner's), else other business."""
    assert Business.of(Stage.RECEIVED, None) is Business.SUFFICIENCY_HEARING
    assert Business.of(Stage.HEARING_SCHEDULED, None) is Business.SUFFICIENCY_HEARING
    assert Business.of(Stage.HEARING_BEGUN, None) is Business.FURTHER_SESSION
    assert Business.of(Stage.REFERRED, "board") is Business.REFERRED_HEARING
    assert Business.of(Stage.REFERRED, "myu@examiners.example") is Business.OTHER
    assert Business.of(Stage.REPORTED, None) is Business.OTHER
    assert [b.sufficiency for b in Business] == [True, True, False, False]
    case = new_case()
    scheduled(case)
    assert case.board_meeting is not None
    assert case.board_meeting.business is Business.SUFFICIENCY_HEARING
