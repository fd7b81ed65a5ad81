"""A body's act is a motion carried at its noticed meeting (`cases.motions`): each rule
refused, then the same act accepted once the rule allows it."""

from __future__ import annotations

import pytest

from cases import commands as c
from cases.case import Case
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import Event
from cases.meetings import Body, Proceeding
from cases.motions import Motion, read_motion
from cases.notices import notices_owed
from cases.procedure import handle, open_case
from cases.steps import STEPS
from cases.tally import Vote, sufficiency_tally
from tests.unit.cases.riverton import (
    CALENDAR,
    COUNCIL_EMAILS,
    DIRECTORY,
    at,
    filing,
)
from tests.unit.cases.sessions import BOARD_EMAILS

CLERK, MAYOR = "clerk@city.test", "mayor@city.test"
PARK, OSEI, BROOKS = "hpark@city.test", "vosei@city.test", "dbrooks@city.test"
HEARING = "2026-01-08T18:00:00-08:00"  # called Jan 6: 24 hours' notice and more
APPLY = c.ApplyForContinuance("the respondent is in hospital", motion=Motion(unanimous=True))


def new_case(respondents: tuple[str, ...] = ("gpruitt@city.test",)) -> Case:
    return open_case(number="2026-001", filing=filing(), respondents=respondents,
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)


def do(case: Case, cmd: Command, when: str) -> Event:
    return handle(case, cmd, at=at(when), actor=CLERK, calendar=CALENDAR)


def refused(case: Case, cmd: Command, when: str, phrase: str) -> None:
    before = list(case.history)
    with pytest.raises(ProcedureError) as err:
        do(case, cmd, when)
    assert phrase in str(err.value), str(err.value)
    assert case.history == before


def roll(present: tuple[str, ...] = (PARK, OSEI, BROOKS), meeting: int | None = None
         ) -> c.RecordRollCall:
    return c.RecordRollCall(present, BOARD_EMAILS, COUNCIL_EMAILS, MAYOR, meeting)


def board_meeting(case: Case) -> None:
    do(case, c.ScheduleBoardMeeting(at(HEARING), "City Hall, Room 2"), "2026-01-06T10:00:00-08:00")


# -- reading the motion: one set of words on every surface ---------------------------------

def test_a_motion_names_each_vote_the_meeting_and_the_mayors_tie_break() -> None:
    m = read_motion("yes hpark@city.test @Osei no dbrooks@city.test abstain <@URAMAN|p> "
                    "meeting 2 mayor no", DIRECTORY)
    assert m == Motion(2, yes=(PARK, OSEI), no=(BROOKS,), abstain=("praman@city.test",),
                       mayor=Vote.NO)
    assert read_motion("unanimous", DIRECTORY) == Motion(unanimous=True)


@pytest.mark.parametrize(("words", "phrase"), [
    ("", "Give the motion"),
    ("hpark@city.test", "name each member after yes, no or abstain"),
    ("yes nobody@city.test", "is not one person in the city's directory"),
    ("yes @Zed", "is not one person"),
    ("meeting two yes hpark@city.test", "meeting's number"),
    ("unanimous mayor maybe", "followed by yes or no"),
    ("meeting 3", "names no vote"),
    ("yes " + "hpark@city.test " * 300, "at most 200 words"),
])
def test_a_motion_badly_written_is_refused_with_how_to_write_it(words: str,
                                                               phrase: str) -> None:
    with pytest.raises(ProcedureError) as err:
        read_motion(words, DIRECTORY)
    assert phrase in str(err.value)


# -- where and when the body acts ------------------------------------------------------------

def test_the_board_acts_only_at_its_meeting_under_way_and_on_its_day() -> None:
    case = new_case()
    refused(case, APPLY, "2026-01-07T10:00:00-08:00", "acts only at a meeting")
    board_meeting(case)
    refused(case, APPLY, "2026-01-08T17:30:00-08:00", "acts only at a meeting")  # not begun
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    refused(case, APPLY, "2026-01-09T10:00:00-08:00", "A body acts only at its meeting")
    event = do(case, APPLY, "2026-01-08T18:10:00-08:00")
    assert event.data["motion"]["meeting"] == 1 and event.data["motion"]["carried"]
    assert event.data["motion"]["votes"] == {BROOKS: "yes", PARK: "yes", OSEI: "yes"}
    assert case.pending_continuance is not None


def test_a_meeting_recorded_after_the_fact_had_no_notice_and_carries_nothing() -> None:
    case = new_case()
    do(case, c.ScheduleBoardMeeting(at("2026-01-06T09:50:00-08:00"), "City Hall"),
       "2026-01-06T10:00:00-08:00")  # it already took place: nothing was sent for it
    do(case, roll(), "2026-01-06T10:01:00-08:00")
    refused(case, APPLY, "2026-01-06T10:02:00-08:00", "no notice of it is on record")
    board_meeting(case)  # a noticed meeting: there it may act
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    do(case, APPLY, "2026-01-08T18:10:00-08:00")


def test_not_in_executive_session_and_an_open_session_request_ends_one_under_way() -> None:
    case = new_case()
    board_meeting(case)
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    do(case, c.StartExecutiveSession(at("2026-01-08T19:00:00-08:00")),
       "2026-01-08T18:02:00-08:00")
    refused(case, APPLY, "2026-01-08T18:10:00-08:00", "in executive session")
    # the respondent asks, at the meeting, that it be open: the session under way ends
    do(case, c.RequestOpenSession(Proceeding.BOARD, via="in person", evidence="letter on file"),
       "2026-01-08T18:15:00-08:00")
    assert case.meetings.all[0].in_session is None and case.meetings.all[0].open_to_public
    refused(case, c.StartExecutiveSession(at("2026-01-08T19:30:00-08:00")),
            "2026-01-08T18:16:00-08:00", "open")
    do(case, APPLY, "2026-01-08T18:20:00-08:00")


def test_a_quorum_of_members_who_may_act_must_be_present() -> None:
    case = new_case()
    board_meeting(case)
    refused(case, APPLY, "2026-01-08T18:05:00-08:00", "Record the roll call of meeting 1")
    do(case, roll((PARK,)), "2026-01-08T18:01:00-08:00")
    refused(case, APPLY, "2026-01-08T18:05:00-08:00", "Without a quorum")
    do(case, roll((PARK, OSEI)), "2026-01-08T18:06:00-08:00")  # Brooks arrives late
    do(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK, OSEI))),
       "2026-01-08T18:07:00-08:00")


def test_every_member_present_votes_once_and_only_members_present() -> None:
    case = new_case()
    board_meeting(case)
    do(case, roll((PARK, OSEI)), "2026-01-08T18:01:00-08:00")
    when = "2026-01-08T18:05:00-08:00"
    refused(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK,))), when,
            "vosei@city.test has none")
    refused(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK, OSEI, BROOKS))), when,
            "was not present")
    refused(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK,), no=(PARK, OSEI))),
            when, "two votes")
    do(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK,), no=(OSEI,))), when)


def test_a_motion_that_fails_is_kept_and_changes_nothing() -> None:
    case = new_case()
    board_meeting(case)
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    # one yes of three: a single member does not carry the board's act
    event = do(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK,), no=(OSEI,),
                                                                abstain=(BROOKS,))),
               "2026-01-08T18:05:00-08:00")
    assert not event.data["motion"]["carried"] and not event.took_effect
    assert notices_owed(case, event, DIRECTORY) == []  # nobody is told of what did not pass
    assert "1 yes, 1 no, 1 abstaining: the motion fails" in event.data["motion"]["explanation"]
    assert case.pending_continuance is None and case.history[-1] is event
    do(case, APPLY, "2026-01-08T18:10:00-08:00")
    assert case.pending_continuance is not None


def test_a_recused_member_neither_votes_nor_counts_towards_the_quorum() -> None:
    case = new_case()
    board_meeting(case)
    refused(case, c.RecordRecusal(BROOKS, "", BOARD_EMAILS, COUNCIL_EMAILS),
            "2026-01-07T10:00:00-08:00", "reason")
    do(case, c.RecordRecusal(BROOKS, "the respondent is her brother-in-law", BOARD_EMAILS,
                             COUNCIL_EMAILS), "2026-01-07T10:00:00-08:00")
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    refused(case, c.ApplyForContinuance("ill", motion=Motion(yes=(PARK, OSEI, BROOKS))),
            "2026-01-08T18:05:00-08:00",
            "recused on 2026-001 (the respondent is her brother-in-law)")
    event = do(case, APPLY, "2026-01-08T18:05:00-08:00")  # unanimous: those who may act
    assert event.data["motion"]["votes"] == {PARK: "yes", OSEI: "yes"}


def test_the_clerk_records_the_meeting_another_bodys_meeting_does_not_serve() -> None:
    case = new_case()
    board_meeting(case)
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    do(case, APPLY, "2026-01-08T18:10:00-08:00")
    # the council decides the application at its own meeting, not at the board's
    grant = c.DecideContinuance(5, motion=Motion(1, unanimous=True))
    refused(case, grant, "2026-01-08T18:20:00-08:00", "it is a meeting of the Ethics Board")
    do(case, c.ScheduleDeliberation(at("2026-01-09T19:00:00-08:00"), "Council Chambers"),
       "2026-01-08T18:15:00-08:00")
    do(case, c.RecordRollCall(tuple(sorted(COUNCIL_EMAILS)), BOARD_EMAILS, COUNCIL_EMAILS,
                              MAYOR), "2026-01-09T19:01:00-08:00")
    do(case, c.DecideContinuance(5, motion=Motion(2, unanimous=True)),
       "2026-01-09T19:10:00-08:00")
    assert case.continuances[-1].granted_days == 5
    assert case.history[-1].data["motion"]["body"] == Body.COUNCIL.value


# -- the stay, from the table --------------------------------------------------------------

STAYED = [s for s in STEPS if s.stayed]


def test_the_stay_lists_every_step_that_advances_the_hearing_or_decides() -> None:
    assert set(STAYED) >= {
        c.ScheduleBoardMeeting.step, c.BeginHearing.step, c.RecordRespondentHeard.step,
        c.ConcludeHearing.step, c.RecordBoardVote.step, c.RecordBoardDetermination.step,
        c.IssueReport.step, c.AmendComplaint.step}


def test_scheduling_again_moves_the_meeting_still_to_come_not_the_latest_held() -> None:
    case = new_case()
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-06T10:00:00-08:00")  # the hearing: meeting 1
    do(case, c.ScheduleBoardMeeting(at(HEARING), "City Hall", further=True),
       "2026-01-06T10:05:00-08:00")  # another board meeting on the case first: meeting 2
    do(case, roll(), "2026-01-08T18:01:00-08:00")  # meeting 2 is held
    again = do(case, c.ScheduleBoardMeeting(at("2026-01-22T18:00:00-08:00"), "City Hall"),
               "2026-01-09T10:00:00-08:00")
    assert (again.data["meeting"], again.data["moved"]) == (1, True)
    assert [m.number for m in case.meetings.all] == [1, 2]


def test_a_recused_member_is_not_counted_among_those_entitled_to_vote() -> None:
    """A 2-2 count of a five-member board with one recused: the board determines on the
    four entitled (a majority of them is 3), and asks no vote of the recused member."""
    board = frozenset({"a@x", "b@x", "c@x", "d@x", "e@x"})
    votes = {"a@x": Vote.YES, "b@x": Vote.YES, "c@x": Vote.NO, "d@x": Vote.NO}
    result = sufficiency_tally(votes, board=board, respondents=frozenset({"e@x"}))
    assert not result.carried and "4" in result.explanation
    case = new_case()
    board_meeting(case)
    do(case, c.RecordRecusal(BROOKS, "a business tie", BOARD_EMAILS, COUNCIL_EMAILS),
       "2026-01-07T10:00:00-08:00")
    do(case, roll(), "2026-01-08T18:01:00-08:00")
    do(case, c.BeginHearing(), "2026-01-08T18:02:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-08T18:03:00-08:00")
    refused(case, c.RecordBoardVote(BROOKS, Vote.YES, BOARD_EMAILS),
            "2026-01-08T18:04:00-08:00", "recused on 2026-001 (a business tie)")
    for member in (PARK, OSEI):
        do(case, c.RecordBoardVote(member, Vote.YES, BOARD_EMAILS), "2026-01-08T18:05:00-08:00")
    event = do(case, c.RecordBoardDetermination(BOARD_EMAILS), "2026-01-08T18:06:00-08:00")
    assert event.data["carried"] and "2 of 2" in event.data["explanation"]
