"""What cannot be undone, and who may not undo it (issue 38, item 6; part C's §10 request).

- A case opened by mistake (spam past the screening, a duplicate) is voided by the clerk
  promptly (within §2's 24 hours, by the city's reading `clerk_void`), or by the board by
  motion at its meeting; never by the mayor's designees on a complaint against the mayor
  (they act for the official complained against).
- The board's determination of sufficiency or insufficiency as to an official, once
  counted, is final and binding (§8): no later vote or count changes it; the other
  official's is their own.
- The official's request for a longer time for the report (§10) is theirs: made by them, or
  recorded by the clerk, never by the board that then approves it.

Each refusal is paired with the same command accepted once the rule allows it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cases import commands as c
from cases.access import Refused, actor_for, check_body, check_on_case, check_step
from cases.case import Case, Requester
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.procedure import handle, open_case
from cases.readings import ClerkVoid, Readings, describe
from cases.stages import Stage
from cases.tally import Vote
from tests.unit.cases.riverton import CALENDAR, DIRECTORY, at, filing
from tests.unit.cases.sessions import BOARD_EMAILS, convene
from tests.unit.cases.test_procedure import (
    CHAIR,
    CLERK,
    MAYOR,
    RESPONDENT,
    do,
    refused,
    serve_notices,
    stage,
)

SECOND = "lbates@city.test"  # Lorna Bates, Deputy Fire Chief
NAMES = {RESPONDENT: "Gary Pruitt", SECOND: "Lorna Bates", MAYOR: "Pat Rivera"}
SPAM = "spam that slipped past the screening"


def case_against(*respondents: str, number: str = "2026-038") -> Case:
    """A complaint received Tue Jan 6 2026 09:30 against `respondents` (emails)."""
    return open_case(number=number,
                     filing=filing(respondents=tuple(NAMES[r] for r in respondents)),
                     respondents=respondents, at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)


# -- void: the clerk promptly, the board by motion, never the mayor's designee on the mayor --

def test_the_clerk_voids_spam_within_the_24_hours_and_the_board_voids_it_later() -> None:
    prompt = case_against(RESPONDENT, number="2026-038")
    event = do(prompt, c.VoidCase(SPAM, MAYOR), "2026-01-06T15:00:00-08:00")
    assert stage(prompt) is Stage.VOID and event.data["by"] == "clerk"
    assert event.data["reading"] == describe(ClerkVoid.WITHIN_24_HOURS)

    # a month later (§2's 24 hours and §7's 20 days long gone): not the clerk's any more
    late = case_against(RESPONDENT, number="2026-039")
    msg = refused(late, c.VoidCase(SPAM, MAYOR), "2026-02-05T09:00:00-08:00",
                  "Wed Jan 7, 2026 9:30 AM PST")
    assert "by motion at its meeting" in msg and "(§2, §7)" in msg
    # the board, which has had it since, voids it by motion at its meeting
    motion = convene(late, Body.BOARD, "2026-02-05T18:00:00-08:00", also=(Action.VOID,))
    event = do(late, c.VoidCase(SPAM, MAYOR, motion=motion), "2026-02-05T18:00:00-08:00",
               CHAIR)
    assert stage(late) is Stage.VOID and event.data["by"] == "board"
    assert event.data["motion"]["body"] == "board" and event.data["motion"]["carried"]


def test_by_the_other_reading_the_clerk_voids_until_the_hearing_begins() -> None:
    readings = Readings(clerk_void=ClerkVoid.UNTIL_THE_HEARING)
    late = case_against(RESPONDENT)
    event = handle(late, c.VoidCase(SPAM, MAYOR), at=at("2026-02-05T09:00:00-08:00"),
                   actor=CLERK, calendar=CALENDAR, readings=readings)
    assert stage(late) is Stage.VOID
    assert event.data["reading"] == describe(ClerkVoid.UNTIL_THE_HEARING)


@pytest.mark.parametrize("reading", list(ClerkVoid))
def test_the_mayors_designee_never_voids_a_complaint_against_the_mayor(
        reading: ClerkVoid) -> None:
    readings = Readings(clerk_void=reading)
    # against the mayor and the Parks Director: the clerk, the mayor's designee, may not
    # void it, not even at once; against the Parks Director and the Deputy Fire Chief it may
    for against, voided in (((MAYOR, RESPONDENT), False), ((RESPONDENT, SECOND), True)):
        case = case_against(*against)
        cmd = c.VoidCase(SPAM, MAYOR)
        if voided:
            handle(case, cmd, at=at("2026-01-06T10:00:00-08:00"), actor=CLERK,
                   calendar=CALENDAR, readings=readings)
            assert stage(case) is Stage.VOID
            continue
        with pytest.raises(ProcedureError) as err:
            handle(case, cmd, at=at("2026-01-06T10:00:00-08:00"), actor=CLERK,
                   calendar=CALENDAR, readings=readings)
        msg = str(err.value)
        assert "against the mayor" in msg and "the ethics board" in msg and "§2" in msg
        assert stage(case) is Stage.RECEIVED
    # the board may, by motion at its meeting
    mayor_case = case_against(MAYOR, RESPONDENT)
    motion = convene(mayor_case, Body.BOARD, "2026-01-07T18:00:00-08:00", also=(Action.VOID,))
    handle(mayor_case, c.VoidCase(SPAM, MAYOR, motion=motion),
           at=at("2026-01-07T18:00:00-08:00"), actor=CHAIR, calendar=CALENDAR,
           readings=readings)
    assert stage(mayor_case) is Stage.VOID


def test_a_void_the_board_moves_but_does_not_carry_voids_nothing() -> None:
    case = case_against(MAYOR)
    motion = convene(case, Body.BOARD, "2026-01-07T18:00:00-08:00", also=(Action.VOID,))
    failed = Motion(motion.meeting, no=motion.yes)
    do(case, c.VoidCase(SPAM, MAYOR, motion=failed), "2026-01-07T18:00:00-08:00", CHAIR)
    assert stage(case) is not Stage.VOID  # kept with the event, changes nothing
    assert not case.history[-1].took_effect
    do(case, c.VoidCase(SPAM, MAYOR, motion=motion), "2026-01-07T18:10:00-08:00", CHAIR)
    assert stage(case) is Stage.VOID


def test_a_board_member_alone_does_not_void_the_clerk_does_and_the_board_by_motion() -> None:
    case = case_against(RESPONDENT)
    chair, osei, clerk = (actor_for(DIRECTORY, e)
                          for e in (CHAIR, "vosei@city.test", CLERK))
    raman = actor_for(DIRECTORY, "praman@city.test")
    alone = c.VoidCase(SPAM, MAYOR)
    by_motion = replace(alone, motion=Motion(1, unanimous=True))
    for member in (chair, osei):
        check_step(member, alone.step)
        check_on_case(member, case.respondents, alone.step)
        with pytest.raises(Refused) as err:
            check_body(member, alone, case)
        assert "Only the mayor or the mayor's designees may void the case" in str(err.value)
        assert "the Ethics Board" in str(err.value) and "by motion" in str(err.value)
        check_body(member, by_motion, case)  # the board's act, recorded by its member
    check_body(clerk, alone, case)
    check_body(clerk, by_motion, case)  # the clerk keeps the board's minutes
    with pytest.raises(Refused):
        check_step(raman, alone.step)  # the council has no part in it


# -- §8: a counted determination of sufficiency stands, as to each official ----------------

def heard_and_concluded(case: Case) -> None:
    """Both officials informed, heard on Tue Jan 20, the hearing concluded Tue Jan 27."""
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall, Room 2"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-01-20T18:05:00-08:00", CHAIR)
    for party in case.parties():
        do(case, c.RecordRespondentHeard(respondent=party), "2026-01-20T19:00:00-08:00",
           CHAIR)
    convene(case, Body.BOARD, "2026-01-27T20:00:00-08:00")
    do(case, c.ConcludeHearing(), "2026-01-27T20:00:00-08:00", CHAIR)


def board_votes(case: Case, party: str, vote: Vote, when: str) -> None:
    for member in sorted(BOARD_EMAILS):
        do(case, c.RecordBoardVote(member, vote, BOARD_EMAILS, respondent=party), when, CHAIR)


def test_a_counted_determination_of_insufficiency_stands_and_the_other_officials_is_their_own(
        ) -> None:
    case = case_against(RESPONDENT, SECOND)
    heard_and_concluded(case)
    # Tue Jan 27: insufficient 0-3 as to the Parks Director; nothing yet as to Ms Bates
    board_votes(case, RESPONDENT, Vote.NO, "2026-01-27T20:10:00-08:00")
    found = do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=RESPONDENT),
               "2026-01-27T20:20:00-08:00", CHAIR)
    assert found.data["carried"] is False

    # Thu Jan 29, the board meets again: 3-0 "sufficient" as to him is refused (§8) ...
    convene(case, Body.BOARD, "2026-01-29T18:00:00-08:00")
    msg = refused(case, c.RecordBoardVote(CHAIR, Vote.YES, BOARD_EMAILS, respondent=RESPONDENT),
                  "2026-01-29T18:10:00-08:00", "final and binding (§8)")
    assert RESPONDENT in msg and "insufficient" in msg and "meeting" in msg
    refused(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=RESPONDENT),
            "2026-01-29T18:20:00-08:00", "final and binding (§8)")
    # ... while its determination as to Ms Bates, not yet made, is made then: 3-0 sufficient
    board_votes(case, SECOND, Vote.YES, "2026-01-29T18:10:00-08:00")
    second = do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=SECOND),
                "2026-01-29T18:20:00-08:00", CHAIR)
    assert second.data["carried"] is True
    # and once counted, hers stands too: not counted again at the same meeting
    refused(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=SECOND),
            "2026-01-29T18:30:00-08:00", "final and binding (§8)")

    report = do(case, c.IssueReport(summary="findings"), "2026-01-30T10:00:00-08:00", CHAIR)
    assert report.data["findings"] == {RESPONDENT: False, SECOND: True}
    assert case.meetings.sufficiency(RESPONDENT).carried is False  # type: ignore[union-attr]
    assert [e.data["respondent"] for e in case.history
            if e.kind is EventKind.BOARD_DETERMINED] == [RESPONDENT, SECOND]


# -- §10: the official's request is theirs, not the board's to record ----------------------

def test_the_officials_request_for_a_longer_report_time_is_not_recorded_by_the_board() -> None:
    case = case_against(RESPONDENT)
    heard_and_concluded(case)
    asks = c.RequestReportExtension(Requester.RESPONDENT, 30, via="email",
                                    evidence="letter on file")
    chair, osei, clerk, pruitt = (actor_for(DIRECTORY, e)
                                  for e in (CHAIR, "vosei@city.test", CLERK, RESPONDENT))
    for member in (chair, osei):  # the board, which would then approve it itself (§10)
        check_step(member, asks.step)
        check_on_case(member, case.respondents, asks.step)
        with pytest.raises(Refused) as err:
            check_body(member, asks, case)
        words = str(err.value)
        assert "Parks Director" not in words and "the official's own" in words
        assert "the Ethics Board" in words and "(§10)" in words
    # the official themselves, signed in, and the clerk with their letter or email may
    for who in (pruitt, clerk):
        check_on_case(who, case.respondents, asks.step)
        check_body(who, asks, case)
    # the board's own request, by motion, is the board's to record (the council decides it)
    check_body(chair, c.RequestReportExtension(Requester.BOARD, 3,
                                               motion=Motion(1, unanimous=True)), case)
    # recorded by the clerk, the board approves it by motion (§10)
    do(case, asks, "2026-01-28T09:00:00-08:00", CLERK)
    assert case.pending_report_extension is not None
