"""§11: each official's matter goes where that official chose (issue 38, A; the city's
reading `board_hearing`, default `each_official`). In a case against Pruitt and Bates,
both found sufficient: Pruitt asks for the board, Bates does not. Pruitt's matter is
referred to the board and determined by it at its meeting; Bates's goes to the examiner
in rotation and is determined by the examiner. The referral of one does not cut off the
other's request, and a determination is made only by whoever the official's matter is
referred to.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from cases import commands as c
from cases.agenda import agenda_for
from cases.case import Case
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import Event, EventKind
from cases.meetings import Action, Body, Business, Item
from cases.minutes import minutes
from cases.motions import Motion
from cases.notices import NoticeType, notices_owed
from cases.procedure import handle
from cases.public_records import Determination, PublicRecord, entries
from cases.readings import DEFAULT, Readings, ReferralWait, ReferredOpportunity
from cases.released import history_of, parts
from tests.unit.cases.riverton import CALENDAR, DIRECTORY, SECTION_A, at
from tests.unit.cases.sessions import at_its_meeting, convene
from tests.unit.cases.test_lifecycle import SECOND, reported_as_to_both
from tests.unit.cases.test_procedure import CLERK, RESPONDENT, do, refused

EXAMINER = "myu@examiners.example"


def pruitt_asked() -> Case:
    case = reported_as_to_both()
    do(case, c.RequestBoardHearing(RESPONDENT, via="email", evidence="letter on file"),
       "2026-01-27T10:00:00-08:00")
    return case


def test_each_officials_matter_goes_where_they_chose() -> None:
    case = pruitt_asked()
    refused(case, c.Refer(EXAMINER, respondent=RESPONDENT), "2026-01-27T11:00:00-08:00",
            "asked to be heard by the ethics board (§11): refer the matter to the board")
    event = do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")  # Pruitt's only
    assert event.data["respondents"] == [RESPONDENT] and "each official" in event.data["reading"]
    refused(case, c.Refer(None), "2026-01-27T11:05:00-08:00",
            f"The matter as to {SECOND} goes to the next hearings examiner")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    assert {p: r.to for p, r in case.referrals.items()} == {RESPONDENT: "board",
                                                             SECOND: EXAMINER}
    assert case.referred_to is None  # they went apart
    # the board's agenda brings Pruitt's determination, not Bates's
    assert Item(Action.DETERMINATION, RESPONDENT) in agenda_for(case, Body.BOARD)
    assert Item(Action.DETERMINATION, SECOND) not in agenda_for(case, Body.BOARD)
    # each determination is made by whoever the matter went to
    bates = do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00")
    assert bates.data["by"] == EXAMINER and "motion" not in bates.data
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    pruitt = do(case, c.RecordDetermination(False, respondent=RESPONDENT),
                "2026-02-06T19:00:00-08:00")
    assert pruitt.data["by"] == "board" and pruitt.data["motion"]["carried"]
    # its minutes say what the board moved, not only that it moved (RCW 42.30.035)
    held = case.meetings.get(pruitt.data["motion"]["meeting"])
    assert held is not None
    assert ("Motion to record the final determination as to official 1, finding no "
            "violation (§11, §12)") in minutes(case, held, CALENDAR).text()
    assert case.violation_found is False


def test_a_request_after_the_referral_to_an_examiner_withdraws_it_for_that_official() -> None:
    """Bates is referred to the examiner at once; she asks for the board before the
    examiner has determined: the referral lapses for her alone, her determination by the
    examiner is refused, and once referred to the board it is the board's."""
    case = pruitt_asked()
    do(case, c.Refer(EXAMINER), "2026-01-27T11:00:00-08:00")  # Bates's
    assert set(case.referrals) == {SECOND}
    event = do(case, c.RequestBoardHearing(SECOND, via="web"), "2026-01-27T12:00:00-08:00",
               SECOND)
    assert event.data["withdraws"] == [SECOND] and case.referrals == {}
    assert "until their matter is determined" in event.data["wait"]  # `referral_wait`
    # the examiner is told the referral lapsed, and Bates; not Pruitt, nor the board
    owed = notices_owed(case, event, DIRECTORY)
    assert {n.type for n in owed} == {NoticeType.REFERRAL_LAPSED}
    assert sorted(n.recipient.email for n in owed) == sorted(
        [EXAMINER, SECOND, "clerk@city.test"])
    refused(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00",
            f"{SECOND}'s matter is not referred for hearing")
    do(case, c.Refer(None), "2026-01-28T09:00:00-08:00")
    assert {p: r.to for p, r in case.referrals.items()} == {RESPONDENT: "board",
                                                             SECOND: "board"}


def test_by_the_other_reading_the_forum_is_chosen_once_the_matter_is_referred() -> None:
    """`referral_wait: until_referred`: Bates's matter is referred to the examiner first;
    her request for the board afterwards is refused, naming the reading; Pruitt, who asked
    before his referral, is referred to the board."""
    later = Readings(referral_wait=ReferralWait.UNTIL_REFERRED)
    case = reported_as_to_both()

    def take(cmd: Command, when: str, actor: str = CLERK) -> Event:
        return handle(case, at_its_meeting(case, cmd, when), at=at(when), actor=actor,
                      calendar=CALENDAR, readings=later)

    take(c.RequestBoardHearing(RESPONDENT, via="email", evidence="letter of Jan 27"),
         "2026-01-27T10:00:00-08:00")
    take(c.Refer(EXAMINER, respondent=SECOND), "2026-01-27T11:00:00-08:00")
    with pytest.raises(ProcedureError, match="once it is referred to an examiner, the forum"):
        take(c.RequestBoardHearing(SECOND, via="web"), "2026-01-27T12:00:00-08:00", SECOND)
    take(c.Refer(None, respondent=RESPONDENT), "2026-01-27T12:30:00-08:00")
    assert {p: r.to for p, r in case.referrals.items()} == {SECOND: EXAMINER,
                                                             RESPONDENT: "board"}


def test_a_conflicted_examiner_withdraws_from_the_matter_referred_to_them_alone(
        ) -> None:
    """§11, two forums: Pruitt's matter is the board's, Bates's the examiner's; the
    examiner's conflict withdraws them from Bates's matter (the case as a whole was
    referred to no one place). Bates determined, Pruitt's matter still open: a conflict
    of another examiner is still recorded (skipped in rotation); once every matter is
    determined, refused."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    assert case.referred_to is None
    event = do(case, c.RecordExaminerConflict(EXAMINER, "represented Bates"),
               "2026-01-28T09:00:00-08:00")
    assert event.data["withdraws"] == [SECOND] and set(case.referrals) == {RESPONDENT}
    do(case, c.Refer("spatel@examiners.example"), "2026-01-28T10:00:00-08:00")
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00")
    other = do(case, c.RecordExaminerConflict("lfontaine@examiners.example", "a business tie"),
               "2026-02-05T10:00:00-08:00")
    assert other.data["withdrew"] is False
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    do(case, c.RecordDetermination(False, respondent=RESPONDENT), "2026-02-06T19:00:00-08:00")
    refused(case, c.RecordExaminerConflict("mdiaz@examiners.example", "late"),
            "2026-02-07T09:00:00-08:00", "Every official's matter")


def test_no_determination_once_the_only_examiner_withdrew_until_referred_again() -> None:
    """Issue 38, C: the examiner Bates's matter went to withdraws (conflicted); a
    determination naming no one who made it is refused; referred to the next examiner,
    that examiner's is accepted and says who made it."""
    case = pruitt_asked()
    do(case, c.Refer(EXAMINER), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordExaminerConflict(EXAMINER, "represented the complainant"),
       "2026-01-28T09:00:00-08:00")
    refused(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00",
            "not referred for hearing")
    do(case, c.Refer("spatel@examiners.example"), "2026-01-28T10:00:00-08:00", CLERK)
    event = do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00")
    assert event.data["by"] == "spatel@examiners.example"


def test_the_public_determination_says_about_whom_and_who_made_it() -> None:
    """Issue 38, A: the §13 written reports of the two determinations say which official
    each is about and who made it, not "a violation" and "no violation" side by side."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND),
       "2026-02-05T09:00:00-08:00")
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    do(case, c.RecordDetermination(False, respondent=RESPONDENT), "2026-02-06T19:00:00-08:00")
    found = [e.words for e in entries(history_of(case), [PublicRecord.WRITTEN_REPORT])
             if isinstance(e, Determination)]
    assert found == [f"a violation of {SECTION_A} as to {SECOND}, by the hearings examiner",
                     f"no violation as to {RESPONDENT}, by the Ethics Board"]
    [bates, pruitt] = [p for p in parts(case, [PublicRecord.WRITTEN_REPORT])
                       if p.title == "The final determination"]
    assert ("As to", SECOND) in bates.lines and ("As to", RESPONDENT) in pruitt.lines


def test_the_board_determines_an_officials_matter_only_once_they_were_heard_at_its_hearing(
        ) -> None:
    """§9 at the board's §11 hearing (the city's reading `referred_opportunity`, default
    `at_its_hearing`): Pruitt's matter is the board's, Bates's the examiner's. The board's
    determination as to Pruitt is refused until Pruitt is recorded heard at a session of the
    board's hearing of the matter; Bates is not heard there (her hearing is the examiner's),
    and the examiner's determination as to her needs nothing of the board."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    refused(case, c.RecordDetermination(False, respondent=RESPONDENT),
            "2026-02-06T19:00:00-08:00",
            f"{RESPONDENT} is not recorded heard at the board's hearing of their matter")
    refused(case, c.RecordRespondentHeard(respondent=SECOND), "2026-02-06T19:00:00-08:00",
            f"{SECOND}'s matter is referred to the hearings examiner {EXAMINER}")
    # a session of the §11 hearing, not a day the board did not meet on it (taken as it
    # is: the tests' `do` would convene a meeting that day)
    with pytest.raises(ProcedureError, match="held no noticed session of the §11 hearing"):
        handle(case, c.RecordRespondentHeard(respondent=RESPONDENT, on=date(2026, 2, 2)),
               at=at("2026-02-06T19:00:00-08:00"), actor=CLERK, calendar=CALENDAR)
    # a witness at that hearing speaks to Pruitt's matter, never to Bates's
    refused(case, c.RecordWitness("Maria Lopez", respondent=SECOND),
            "2026-02-06T19:00:00-08:00", f"{SECOND}'s matter is referred to the hearings")
    refused(case, c.RecordWitness("Maria Lopez"), "2026-02-06T19:00:00-08:00",
            "Say which official the witness spoke to")
    do(case, c.RecordWitness("Maria Lopez", respondent=RESPONDENT), "2026-02-06T19:00:00-08:00")
    assert case.witnesses[-1].referred and case.witnesses[-1].respondent == RESPONDENT
    event = do(case, c.RecordRespondentHeard(presented=False, respondent=RESPONDENT),
               "2026-02-06T19:00:00-08:00")
    assert event.data["hearing"] == "referred" and case.heard_referred == {RESPONDENT: False}
    assert case.heard[RESPONDENT] is True  # the §7 hearing's record stands apart
    held = case.meetings.get(case.meetings.all[-1].number)
    assert held is not None and held.business is Business.REFERRED_HEARING
    pruitt = do(case, c.RecordDetermination(False, respondent=RESPONDENT),
                "2026-02-06T19:30:00-08:00")
    assert pruitt.data["by"] == "board" and "its own hearing" in pruitt.data["opportunity"]
    bates = do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND),
               "2026-02-07T09:00:00-08:00")
    assert bates.data["by"] == EXAMINER
    # nor moved by a correction to a day the board did not meet on the matter
    refused(case, c.CorrectStepDate(EventKind.RESPONDENT_HEARD, date(2026, 2, 8), "typo",
                                    respondent=RESPONDENT), "2026-02-09T09:00:00-08:00",
            "held no noticed session of the §11 hearing")
    # once determined, no opportunity is recorded after the fact
    refused(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-09T09:30:00-08:00",
            f"The board's determination as to {RESPONDENT} is already recorded")


def test_each_officials_matter_is_amended_by_its_own_decision_maker() -> None:
    """§5, issue 38, C: Pruitt's matter is the board's, Bates's the examiner's. An
    amendment naming no one is refused (two decision-makers); Bates's is the examiner's,
    taken down from their email, never the board member's word; Pruitt's is the board's,
    by motion at its meeting."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    refused(case, c.AmendComplaint(("2.94.040",)), "2026-01-29T09:00:00-08:00",
            f"{RESPONDENT}'s by the board; {SECOND}'s by the hearings examiner {EXAMINER}")
    refused(case, c.AmendComplaint(("2.94.040",), respondent=SECOND, via="paper"),
            "2026-01-29T09:00:00-08:00", f"Say what shows that {EXAMINER} made this "
            "authorisation")
    bates = do(case, c.AmendComplaint(("2.94.040",), respondent=SECOND, via="email",
                                      evidence="the examiner's email of Jan 29"),
               "2026-01-29T09:00:00-08:00", "hpark@city.test")
    assert (bates.data["authorized_by"], bates.data["respondent"]) == (EXAMINER, SECOND)
    assert "motion" not in bates.data
    pruitt = do(case, c.AmendComplaint(("2.94.040",), respondent=RESPONDENT),
                "2026-01-29T19:00:00-08:00")
    assert pruitt.data["authorized_by"] == "board" and pruitt.data["motion"]["carried"]
    # Bates determined, her matter is closed to amendment; Pruitt's, still the board's, is not
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00")
    refused(case, c.AmendComplaint(("2.94.060",), respondent=SECOND, via="email",
                                   evidence="the examiner's email"),
            "2026-02-06T09:00:00-08:00", f"The final determination as to {SECOND} is recorded")
    later = do(case, c.AmendComplaint(("2.94.060",)), "2026-02-06T19:00:00-08:00")
    assert later.data["authorized_by"] == "board"  # the only matter still open: Pruitt's


def _board_determines_pruitt(session: bool) -> Case:
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    if session:  # §13: evaluated in executive session, announced, at the §11 hearing
        do(case, c.StartExecutiveSession(at("2026-02-06T19:00:00-08:00"),
                                         started_at=at("2026-02-06T18:40:00-08:00"),
                                         about=(RESPONDENT,)), "2026-02-06T18:40:00-08:00")
        do(case, c.EndExecutiveSession(ended_at=at("2026-02-06T19:00:00-08:00")),
           "2026-02-06T19:00:00-08:00")
    do(case, c.RecordDetermination(False, respondent=RESPONDENT), "2026-02-06T19:30:00-08:00")
    return case


def test_a_referred_matter_determined_without_an_executive_session_is_flagged() -> None:
    """§13 at the board's §11 hearing (issue 38, B): Pruitt did not ask for an open
    session; determined with no executive session on his matter at that hearing, the
    meeting is flagged for the city attorney; with one, announced and ended, it is not.
    (Bates's matter, the examiner's, is no meeting of the board.)"""
    flagged = _board_determines_pruitt(session=False)
    held = flagged.meetings.all[-1]
    assert any(f.startswith("The board determined the matter referred to it as to "
                            f"{RESPONDENT} with no executive session") for f in held.irregular)
    clean = _board_determines_pruitt(session=True)
    assert not any("matter referred to it" in f for m in clean.meetings.all
                   for f in m.irregular)


def test_by_the_other_reading_the_sufficiency_hearings_opportunity_is_the_one() -> None:
    """`referred_opportunity: at_the_sufficiency_hearing`: the board determines Pruitt's
    matter without recording another opportunity, and the entry names that reading."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    readings = replace(DEFAULT, referred_opportunity=ReferredOpportunity.AT_THE_SUFFICIENCY_HEARING)
    cmd = at_its_meeting(case, c.RecordDetermination(False, respondent=RESPONDENT),
                         "2026-02-06T19:00:00-08:00")
    event = handle(case, cmd, at=at("2026-02-06T19:00:00-08:00"), actor=CLERK,
                   calendar=CALENDAR, readings=readings)
    assert event.data["by"] == "board" and RESPONDENT not in case.heard_referred
    assert "hearing on sufficiency" in event.data["opportunity"]


def test_a_board_request_keeps_its_day_and_one_taken_down_after_the_determination_says_so(
        ) -> None:
    """§11, two officials: Pruitt's request is dated the day his letter came (kept with the
    entry); Bates's matter goes to the examiner, who determines it Feb 5; her letter asking
    for the board, received Feb 3 and taken down only on Feb 6, is refused, saying it came
    before the determination for the city attorney to weigh; one received after it is
    refused plainly."""
    case = reported_as_to_both()
    event = do(case, c.RequestBoardHearing(RESPONDENT, on=date(2026, 1, 26), via="paper",
                                           evidence="letter of Jan 26"),
               "2026-01-27T10:00:00-08:00")
    assert event.data["on"] == "2026-01-26"
    do(case, c.Refer(EXAMINER, respondent=SECOND), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-05T09:00:00-08:00")
    late = refused(case, c.RequestBoardHearing(SECOND, on=date(2026, 2, 3), via="paper",
                                               evidence="letter of Feb 3"),
                   "2026-02-06T09:00:00-08:00", "came before that determination")
    assert "Tue Feb 3" in late and "tell the city attorney" in late
    after = refused(case, c.RequestBoardHearing(SECOND, on=date(2026, 2, 6), via="paper",
                                                evidence="letter of Feb 6"),
                    "2026-02-06T09:00:00-08:00", "the forum cannot be chosen")
    assert "city attorney" not in after


def test_once_every_matter_before_it_is_determined_the_board_meets_only_on_its_minutes(
        ) -> None:
    """RCW 42.30.035: Pruitt's matter determined by the board, Bates's by the examiner, the
    case not yet closed (the council decides on Bates's): the board may still call a meeting,
    its agenda its draft minutes alone; once it approved the minutes of each of its meetings,
    it has nothing left to meet on."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    do(case, c.RecordDetermination(False, respondent=RESPONDENT), "2026-02-06T19:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND),
       "2026-02-07T09:00:00-08:00")
    assert case.before_the_board == () and case.violators == (SECOND,)
    drafts = [m.number for m in case.meetings.unapproved(Body.BOARD)]
    assert drafts
    called = do(case, c.ScheduleBoardMeeting(at("2026-02-12T18:00:00-08:00"), "City Hall",
                                             further=True), "2026-02-09T09:00:00-08:00")
    held = case.meetings.get(int(called.data["meeting"]))
    assert held is not None and held.agenda == (Item(Action.MINUTES),)
    assert held.business is Business.OTHER
    convene(case, Body.BOARD, "2026-02-12T18:10:00-08:00")
    for number in drafts:
        do(case, c.ApproveMinutes(number, motion=Motion(held.number, unanimous=True)),
           "2026-02-12T18:20:00-08:00")
    assert not [m for m in case.meetings.unapproved(Body.BOARD) if m.number != held.number]
    refused(case, c.ScheduleBoardMeeting(at("2026-02-19T18:00:00-08:00"), "City Hall",
                                         further=True), "2026-02-13T09:00:00-08:00",
            "The board has no matter left before it")
