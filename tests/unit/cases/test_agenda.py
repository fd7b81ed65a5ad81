"""A meeting is noticed with its agenda, and a body acts on an item of it (issue 38, B;
RCW 42.30.080(3): a special meeting takes final disposition on no matter its notice did
not state; RCW 42.30.077: a regular meeting's agenda may be modified).

Each refusal is paired with the same act accepted once a meeting noticed for it is held.
"""

from __future__ import annotations

from datetime import date

import pytest

from cases import commands as c
from cases.case import Case
from cases.errors import ProcedureError
from cases.meetings import Action, Body, Item, MeetingKind
from cases.open_meetings import business, meeting_title
from cases.tally import Vote
from tests.unit.cases.riverton import COUNCIL_EMAILS, SECTION_A, at
from tests.unit.cases.sessions import convene
from tests.unit.cases.test_lifecycle import SECOND, reported_as_to_both
from tests.unit.cases.test_minutes import RAMAN, decision, refuse, take
from tests.unit.cases.test_procedure import (
    RESPONDENT,
    do,
    new_case,
    refused,
    serve_notices,
    violation_found,
    votes,
)

BARRED = dict(public_since=date(2023, 12, 1), reason="reported in the Ledger on Dec 1, 2023")


def _meeting(case: Case) -> int:
    return case.meetings.all[-1].number


def test_the_council_grants_no_extension_at_a_meeting_noticed_for_its_decision() -> None:
    """§12: the council's special meeting of Feb 26 was noticed for its decision; the
    official's request for more time came after. Granting it there is refused; at the
    meeting called on Feb 26 for Feb 28, whose notice states it, it is granted."""
    case = violation_found()
    do(case, c.ScheduleDeliberation(at("2026-02-26T19:00:00-08:00"), "Council Chambers"),
       "2026-02-24T09:00:00-08:00")
    first = case.meetings.all[-1]
    assert first.agenda == (Item(Action.COUNCIL_DECISION, RESPONDENT),)
    do(case, c.RequestCouncilExtension(days=5, via="email", evidence="letter on file"),
       "2026-02-25T09:00:00-08:00")
    motion = convene(case, Body.COUNCIL, "2026-02-26T19:05:00-08:00")
    msg = refuse(case, c.ExtendCouncilDecision(days=5, motion=motion),
                 "2026-02-26T19:10:00-08:00", "did not state an extension of the council's")
    assert "RCW 42.30.080(3)" in msg and f"meeting {first.number}" in msg
    do(case, c.ScheduleDeliberation(at("2026-02-28T19:00:00-08:00"), "Council Chambers",
                                    further=True), "2026-02-26T20:00:00-08:00")
    noticed = case.meetings.all[-1]
    assert Item(Action.COUNCIL_EXTENSION) in (noticed.agenda or ())
    assert "an extension of the council's time to decide (§12)" in business(noticed,
                                                                          case.number)[1]
    motion = convene(case, Body.COUNCIL, "2026-02-28T19:05:00-08:00")
    event = take(case, c.ExtendCouncilDecision(days=5, motion=motion),
                 "2026-02-28T19:10:00-08:00")
    assert event.data["motion"]["meeting"] == noticed.number
    assert "added_to_agenda" not in event.data


def _in_hearing() -> Case:
    case = new_case()
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    return case


def test_the_board_dismisses_as_time_barred_only_at_a_meeting_noticed_for_it() -> None:
    """§4: the hearing's notice stated the sufficiency and a continuance; a dismissal as
    time-barred there is refused. The clerk calls a special meeting adding it to the
    notice (`also: time-bar`): there the board dismisses."""
    case = _in_hearing()
    motion = convene(case, Body.BOARD, "2026-01-20T18:05:00-08:00")
    refuse(case, c.DismissAsTimeBarred(**BARRED, motion=motion),  # type: ignore[arg-type]
           "2026-01-20T18:30:00-08:00", "did not state the dismissal of the complaint")
    do(case, c.ScheduleBoardMeeting(at("2026-01-22T18:00:00-08:00"), "City Hall",
                                    further=True, also=(Action.TIME_BAR,)),
       "2026-01-20T19:00:00-08:00")
    assert "the dismissal of the complaint as filed too late (§4)" in business(
        case.meetings.all[-1], case.number)[1]
    motion = convene(case, Body.BOARD, "2026-01-22T18:05:00-08:00")
    event = take(case, c.DismissAsTimeBarred(**BARRED, motion=motion),  # type: ignore[arg-type]
                 "2026-01-22T18:30:00-08:00")
    assert event.data["motion"]["carried"] and case.dismissed_on == date(2026, 1, 22)


def test_at_a_regular_meeting_an_act_not_on_the_posted_agenda_stands_marked_added() -> None:
    """RCW 42.30.077: a regular meeting's agenda may be modified after it is posted, and
    acting on an item not posted does not invalidate the act: it stands, and its entry
    says it was added at the meeting."""
    case = _in_hearing()
    do(case, c.ScheduleBoardMeeting(at("2026-01-22T18:00:00-08:00"), "City Hall",
                                    MeetingKind.REGULAR, further=True),
       "2026-01-20T19:00:00-08:00")
    regular = _meeting(case)
    motion = convene(case, Body.BOARD, "2026-01-22T18:05:00-08:00")
    event = take(case, c.DismissAsTimeBarred(**BARRED, motion=motion),  # type: ignore[arg-type]
                 "2026-01-22T18:30:00-08:00")
    assert event.data["added_to_agenda"] == regular


def test_each_officials_decision_is_its_own_item_and_the_notice_counts_them() -> None:
    """The council's meeting of Feb 26, called when only Pruitt's determination was in, is
    noticed for the decision as to him: no vote as to Bates, whose determination came
    later, is taken there. The meeting of Mar 2, called once both were in, states both ("as
    to each of 2 officials", naming no one in the public words), and decides Bates's."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=RESPONDENT),
       "2026-02-23T09:00:00-08:00")
    do(case, c.ScheduleDeliberation(at("2026-02-26T19:00:00-08:00"), "Council Chambers"),
       "2026-02-24T09:00:00-08:00")
    assert case.meetings.all[-1].agenda == (Item(Action.COUNCIL_DECISION, RESPONDENT),)
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND),
       "2026-02-25T09:00:00-08:00")
    do(case, c.ScheduleDeliberation(at("2026-03-02T19:00:00-08:00"), "Council Chambers",
                                    further=True), "2026-02-25T10:00:00-08:00")
    both = case.meetings.all[-1]
    assert both.agenda == (Item(Action.COUNCIL_DECISION, RESPONDENT),
                           Item(Action.COUNCIL_DECISION, SECOND))
    words = business(both, case.number)[1]
    assert words == ("Final action in open session: the council's decision on the final "
                     "determination (§12, §14), as to each of 2 officials")
    assert SECOND not in words and "Bates" not in words
    convene(case, Body.COUNCIL, "2026-02-26T19:05:00-08:00")
    refuse(case, c.RecordCouncilVote(RAMAN, Vote.YES, COUNCIL_EMAILS, respondent=SECOND),
           "2026-02-26T19:10:00-08:00", rf"\(§12, §14\) as to {SECOND}")
    everyone = ((RAMAN, Vote.YES), ("abrandt@city.test", Vote.YES),
                ("bokafor@city.test", Vote.YES))
    votes(case, *everyone, on=RESPONDENT, meeting="2026-02-26T19:10:00-08:00")
    take(case, decision(RESPONDENT), "2026-02-26T20:00:00-08:00")
    votes(case, *everyone, on=SECOND, meeting="2026-03-02T19:05:00-08:00")
    event = take(case, decision(SECOND), "2026-03-02T20:00:00-08:00")
    assert event.data["meeting"] == both.number
    assert set(case.council_decided) == {RESPONDENT, SECOND}


def test_the_clerk_adds_to_a_notice_only_business_the_case_does_not_bring() -> None:
    case = _in_hearing()
    with pytest.raises(ProcedureError, match="is not business a clerk adds"):
        do(case, c.ScheduleBoardMeeting(at("2026-01-23T18:00:00-08:00"), "City Hall",
                                        further=True, also=(Action.COUNCIL_DECISION,)),
           "2026-01-20T19:00:00-08:00")
    do(case, c.ScheduleBoardMeeting(at("2026-01-23T18:00:00-08:00"), "City Hall",
                                    further=True, also=(Action.VOID,)),
       "2026-01-20T19:00:00-08:00")
    assert Item(Action.VOID) in (case.meetings.all[-1].agenda or ())


def test_the_boards_meeting_on_a_continuance_alone_is_no_session_of_the_hearing() -> None:
    """Issue 38, B: before the hearing begins the board may meet only to apply for a
    continuance (`only: continuance`): the notice states that business alone, the meeting
    is "a meeting of the Ethics Board on the case", not the sufficiency hearing, and a
    vote on sufficiency there is refused; the application is taken. Called with `also`
    instead, it is a session of the hearing and states the case's business too."""
    case = _in_hearing()
    refused(case, c.ScheduleBoardMeeting(at("2026-01-16T18:00:00-08:00"), "City Hall",
                                         only=True), "2026-01-14T09:00:00-08:00",
            "Say the business the meeting is called on alone")
    do(case, c.ScheduleBoardMeeting(at("2026-01-16T18:00:00-08:00"), "City Hall", only=True,
                                    also=(Action.CONTINUANCE,)), "2026-01-14T09:00:00-08:00")
    alone = case.meetings.all[-1]
    assert alone.agenda == (Item(Action.CONTINUANCE),)
    assert meeting_title(alone) == "meeting of the Ethics Board on the case"
    assert case.meetings.get(1) is not None and not case.meetings.get(1).cancelled  # kept
    motion = convene(case, Body.BOARD, "2026-01-16T18:10:00-08:00")
    with pytest.raises(ProcedureError, match="held no noticed session of the hearing"):
        take(case, c.BeginHearing(), "2026-01-16T18:15:00-08:00")
    do(case, c.ApplyForContinuance(reason="counsel ill", motion=motion),
       "2026-01-16T18:30:00-08:00")
    both = _in_hearing()
    do(both, c.ScheduleBoardMeeting(at("2026-01-16T18:00:00-08:00"), "City Hall",
                                    further=True, also=(Action.CONTINUANCE,)),
       "2026-01-14T09:00:00-08:00")
    assert Item(Action.SUFFICIENCY, RESPONDENT) in (both.meetings.all[-1].agenda or ())
    assert meeting_title(both.meetings.all[-1]) == "sufficiency hearing of the Ethics Board"


def test_a_meeting_is_called_by_the_business_its_agenda_states() -> None:
    """Issue 38, B: the hearing is the sufficiency hearing; the council's meeting on a
    continuance alone is not its deliberation on the decision, and the board's meeting
    after its findings (on the time for the report) is not the sufficiency hearing."""
    case = _in_hearing()
    assert meeting_title(case.meetings.all[-1]) == "sufficiency hearing of the Ethics Board"
    motion = convene(case, Body.BOARD, "2026-01-20T18:05:00-08:00")
    do(case, c.ApplyForContinuance(reason="counsel ill", motion=motion),
       "2026-01-20T18:30:00-08:00")
    do(case, c.ScheduleDeliberation(at("2026-01-23T19:00:00-08:00"), "Council Chambers"),
       "2026-01-20T19:00:00-08:00")
    council = case.meetings.all[-1]
    assert council.agenda == (Item(Action.CONTINUANCE),)
    assert meeting_title(council) == "meeting of the City Council on the case"
    decided = violation_found()
    do(decided, c.ScheduleDeliberation(at("2026-02-26T19:00:00-08:00"), "Council Chambers"),
       "2026-02-24T09:00:00-08:00")
    assert meeting_title(decided.meetings.all[-1]) == "deliberation of the City Council"
    found = reported_as_to_both()  # both officials' sufficiency determined
    do(found, c.ScheduleBoardMeeting(at("2026-01-30T18:00:00-08:00"), "City Hall",
                                     further=True, also=(Action.REPORT_EXTENSION,)),
       "2026-01-27T09:00:00-08:00")
    assert meeting_title(found.meetings.all[-1]) == "meeting of the Ethics Board on the case"
