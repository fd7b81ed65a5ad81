"""Every act of a body is an item of its meeting's minutes (issue 38, B): the council's
votes are counted only at the meeting they were cast at, and only once every member
present who may act has voted; its vote on the action follows at that same meeting; a
member who recuses after voting has the vote set aside; a member who filed the complaint
is walled off; whether an action is against the mayor is judged per official.

Each refusal is paired with the same command accepted once the rule allows it, and the
per-official rules are tried on a case against two officials who take different paths.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from cases import commands as c
from cases.case import Case, Stage
from cases.deadlines import DeadlineKey as K
from cases.deadlines import Status
from cases.errors import ProcedureError
from cases.filing import Complainant
from cases.handlers import Command
from cases.history import Event, EventKind
from cases.meetings import Action, Body, Item
from cases.minutes import minutes
from cases.motions import Motion
from cases.procedure import handle, open_case
from cases.tally import Vote
from tests.unit.cases.riverton import (
    BOARD,
    CALENDAR,
    COUNCIL_EMAILS,
    SECTION_A,
    SECTION_B,
    at,
    filing,
)
from tests.unit.cases.sessions import BOARD_EMAILS, convene
from tests.unit.cases.test_lifecycle import (
    SECOND,
    begun,
    finds,
    heard_by_both,
    reported_as_to_both,
    two_respondents,
)
from tests.unit.cases.test_procedure import (
    CHAIR,
    CLERK,
    MAYOR,
    RESPONDENT,
    do,
    of,
    refused,
    violation_found,
    votes,
)

RAMAN, BRANDT, OKAFOR, ORTIZ, HALE = ("praman@city.test", "abrandt@city.test",
                                      "bokafor@city.test", "mortiz@city.test", "thale@city.test")


def take(case: Case, cmd: Command, when: str, actor: str = CLERK) -> Event:
    """`cmd` at `when`, at the meeting as it stands (no one convened or called in)."""
    return handle(case, cmd, at=at(when), actor=actor, calendar=CALENDAR)


def refuse(case: Case, cmd: Command, when: str, phrase: str) -> str:
    before = list(case.history)
    with pytest.raises(ProcedureError, match=phrase) as err:
        take(case, cmd, when)
    assert case.history == before
    return str(err.value)


def decision(party: str | None = None, *penalties: c.Penalty,
             action: Motion | None = None) -> c.RecordCouncilDecision:
    return c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, penalties, respondent=party,
                                   action=action)


def both_violated() -> Case:
    """Pruitt and Bates, both referred to the examiner, each found to have violated
    2.94.030 (received Mon Feb 23): before the council, each in their own right."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    for party in (RESPONDENT, SECOND):
        do(case, c.RecordDetermination(True, (SECTION_A,), respondent=party),
           "2026-02-23T09:00:00-08:00")
    return case


def test_votes_cast_at_a_meeting_that_ended_undecided_are_not_counted_at_the_next() -> None:
    """3–1 at the meeting of Feb 26, which ends undecided; at the meeting of Mar 2 two of
    the "yes" voters are absent and three members present have not voted: the decision
    there is refused, and counted from that meeting's own votes once each has voted."""
    case = violation_found()
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES), (ORTIZ, Vote.NO),
          rest=None)
    later = "2026-03-02T19:00:00-08:00"
    convene(case, Body.COUNCIL, later, present=frozenset({OKAFOR, ORTIZ, HALE}))
    msg = refuse(case, decision(), "2026-03-02T19:30:00-08:00", "have not voted")
    assert all(m in msg for m in (OKAFOR, ORTIZ, HALE)) and RAMAN not in msg
    for member, vote in ((OKAFOR, Vote.NO), (ORTIZ, Vote.NO), (HALE, Vote.YES)):
        take(case, c.RecordCouncilVote(member, vote, COUNCIL_EMAILS), later)
    event = take(case, decision(), "2026-03-02T19:40:00-08:00")
    assert (event.data["yes"], event.data["no"], event.data["carried"]) == (1, 2, False)
    assert event.data["votes"] == {HALE: "yes", OKAFOR: "no", ORTIZ: "no"}
    assert event.data["meeting"] == case.meetings.all[-1].number


def test_no_decision_is_counted_while_a_member_present_has_not_voted() -> None:
    case = violation_found()
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES), rest=None)
    refuse(case, decision(), "2026-02-26T21:00:00-08:00", "mortiz@city.test, thale@city.test "
           "are present at meeting")
    do(case, c.RecordCouncilVote(ORTIZ, Vote.ABSTAIN, COUNCIL_EMAILS), "2026-02-26T20:00:00-08:00")
    do(case, c.RecordCouncilVote(HALE, Vote.NO, COUNCIL_EMAILS), "2026-02-26T20:00:00-08:00")
    event = do(case, decision(), "2026-02-26T21:00:00-08:00")
    assert (event.data["yes"], event.data["no"], event.data["carried"]) == (3, 1, True)


def test_each_officials_decision_waits_for_every_present_members_vote_on_them() -> None:
    """Two officials found to have violated: every member present voted on Pruitt, two
    have not voted on Bates; Pruitt's decision is counted, Bates's refused until they
    have, then counted."""
    case = both_violated()
    meeting = "2026-02-26T19:00:00-08:00"
    convene(case, Body.COUNCIL, meeting)
    for member in (RAMAN, BRANDT, OKAFOR, ORTIZ, HALE):
        do(case, c.RecordCouncilVote(member, Vote.YES, COUNCIL_EMAILS, RESPONDENT), meeting)
    for member in (RAMAN, BRANDT, OKAFOR):
        do(case, c.RecordCouncilVote(member, Vote.NO, COUNCIL_EMAILS, SECOND), meeting)
    refuse(case, decision(SECOND), "2026-02-26T20:00:00-08:00",
           "mortiz@city.test, thale@city.test are present at meeting")
    assert do(case, decision(RESPONDENT), "2026-02-26T20:00:00-08:00").data["carried"]
    for member in (ORTIZ, HALE):
        do(case, c.RecordCouncilVote(member, Vote.NO, COUNCIL_EMAILS, SECOND),
           "2026-02-26T20:05:00-08:00")
    bates = do(case, decision(SECOND), "2026-02-26T20:10:00-08:00")
    assert (bates.data["no"], bates.data["carried"]) == (5, False)


def test_the_vote_on_the_action_is_at_the_meeting_that_agreed_the_violation_occurred() -> None:
    """§12: "agree ... that one or more of the violations occurred, then ... take any of the
    following actions". A penalty vote naming another meeting (one recorded only after it
    took place, no notice on record) is refused; at the decision's own meeting it carries."""
    case = violation_found()
    late = "2026-02-25T18:00:00-08:00"
    do(case, c.ScheduleDeliberation(at(late), "Council Chambers"),  # after it took place
       "2026-02-26T09:00:00-08:00")
    other = case.meetings.all[-1].number
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES))
    here = case.meetings.all[-1].number
    censure = c.Penalty(SECTION_A, "censure")
    msg = refused(case, decision(None, censure, action=Motion(other, unanimous=True)),
                  "2026-02-26T21:00:00-08:00", f"not meeting {other}")
    assert f"meeting {here}" in msg
    event = do(case, decision(None, censure, action=Motion(here, unanimous=True)),
               "2026-02-26T21:00:00-08:00")
    assert event.data["penalties"] == [{"section": SECTION_A, "action": "censure",
                                        "respondent": RESPONDENT}]
    assert event.data["action"]["meeting"] == here == event.data["meeting"]
    held = case.meetings.get(here)
    assert held is not None and (  # the penalty is in the minutes (RCW 42.30.035)
        f"Motion to record the council's decision as to official 1, imposing censure "
        f"({SECTION_A}) (§12, "
        "§14)") in minutes(case, held, CALENDAR).text()


def test_a_member_who_recuses_after_voting_has_the_vote_set_aside() -> None:
    """A member votes, then recuses: the vote is set aside (the minutes say so) and the
    decision is counted without it, not refused for ever; the recused member's vote is
    refused from then on."""
    case = violation_found()
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.NO), (ORTIZ, Vote.NO),
          (HALE, Vote.YES))
    do(case, c.RecordRecusal(HALE, "his sister is the complainant", BOARD_EMAILS,
                                  COUNCIL_EMAILS),
       "2026-02-26T20:00:00-08:00")
    refused(case, c.RecordCouncilVote(HALE, Vote.YES, COUNCIL_EMAILS),
            "2026-02-26T20:10:00-08:00", "recused on 2026-001")
    refused(case, decision(), "2026-02-26T21:00:00-08:00", "mayor's tie-breaking vote")
    do(case, c.RecordMayorVote(Vote.YES, MAYOR), "2026-02-26T20:30:00-08:00", MAYOR)
    event = do(case, decision(), "2026-02-26T21:00:00-08:00")
    assert (event.data["yes"], event.data["no"], event.data["mayor_broke_tie"]) == (2, 2, True)
    assert "thale@city.test's vote is set aside" in event.data["explanation"]
    assert HALE not in event.data["votes"]


def test_a_board_member_who_recuses_after_voting_has_the_vote_set_aside_for_each_official(
        ) -> None:
    """The board's set-aside, two officials: Osei votes yes as to Pruitt, then recuses on
    the case; Pruitt's determination is counted without his vote (1 yes, 1 no of the two
    members entitled: insufficient) and says so; Osei's vote as to Bates is refused, and
    Bates's determination is the other two members' (sufficient)."""
    case = two_respondents()
    heard_by_both(case)
    when = "2026-01-22T19:00:00-08:00"
    convene(case, Body.BOARD, when)
    for member, vote in (("hpark@city.test", Vote.YES), ("vosei@city.test", Vote.YES),
                         ("dbrooks@city.test", Vote.NO)):
        do(case, c.RecordBoardVote(member, vote, BOARD_EMAILS, respondent=RESPONDENT), when,
           CHAIR)
    do(case, c.RecordRecusal("vosei@city.test", "a business tie to Pruitt", BOARD_EMAILS,
                             COUNCIL_EMAILS), "2026-01-22T19:05:00-08:00")
    pruitt = do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=RESPONDENT),
                "2026-01-22T19:10:00-08:00", CHAIR)
    assert (pruitt.data["yes"], pruitt.data["no"], pruitt.data["carried"]) == (1, 1, False)
    assert "vosei@city.test's vote is set aside" in pruitt.data["explanation"]
    refused(case, c.RecordBoardVote("vosei@city.test", Vote.YES, BOARD_EMAILS,
                                    respondent=SECOND), "2026-01-22T19:12:00-08:00",
            "recused on")
    for member in ("hpark@city.test", "dbrooks@city.test"):
        do(case, c.RecordBoardVote(member, Vote.YES, BOARD_EMAILS, respondent=SECOND),
           "2026-01-22T19:15:00-08:00", CHAIR)
    bates = do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=SECOND),
               "2026-01-22T19:20:00-08:00", CHAIR)
    assert (bates.data["yes"], bates.data["carried"]) == (2, True)


def _against_the_mayor_and_a_council_member() -> Case:
    """A case against the mayor and council member Hale, found sufficient as to both and a
    violation found as to each."""
    case = open_case(number="2026-030", filing=filing(respondents=("Pat Rivera", "Tom Hale")),
                     respondents=(MAYOR, HALE), at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    heard_by_both(case, (MAYOR, HALE))
    for party in (MAYOR, HALE):
        finds(case, party, True, "2026-01-22T19:00:00-08:00")
    do(case, c.IssueReport(), "2026-01-23T10:00:00-08:00", CHAIR)
    do(case, c.DeliverReport(), "2026-01-26T10:00:00-08:00", CHAIR)
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    for party in (MAYOR, HALE):
        do(case, c.RecordDetermination(True, (SECTION_A,), respondent=party),
           "2026-02-23T09:00:00-08:00")
    return case


def test_against_the_mayor_is_judged_for_each_officials_action() -> None:
    """RCW 35A.12.100: the mayor does not break a tie on an action against the mayor; the
    action against council member Hale, in the same case, is not one: 2–2, the mayor
    breaks it."""
    case = _against_the_mayor_and_a_council_member()
    tie = ((RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.NO), (ORTIZ, Vote.NO))
    votes(case, *tie, on=MAYOR)
    votes(case, *tie, on=HALE)
    refused(case, c.RecordMayorVote(Vote.YES, MAYOR, respondent=MAYOR),
            "2026-02-26T20:30:00-08:00", "against the mayor")
    event = do(case, decision(MAYOR), "2026-02-26T21:00:00-08:00")
    assert not event.data["carried"] and not event.data["mayor_broke_tie"]
    do(case, c.RecordMayorVote(Vote.YES, MAYOR, respondent=HALE), "2026-02-26T20:30:00-08:00",
       CLERK)
    event = do(case, decision(HALE), "2026-02-26T21:00:00-08:00")
    assert event.data["carried"] and event.data["mayor_broke_tie"]
    assert case.stage is Stage.COUNCIL_DECIDED


def test_a_board_member_who_filed_the_complaint_does_not_vote_on_it() -> None:
    """The complainant sits on the board: walled off (the appearance of fairness, RCW
    42.36.060), their vote on sufficiency is refused as to either official, and not counted
    towards the quorum; the others' votes decide."""
    member = BOARD[0]
    filed = replace(filing(respondents=("Gary Pruitt", "Lorna Bates")),
                    complainant=Complainant(member.name, member.email))
    case = open_case(number="2026-031", filing=filed,
                     respondents=(RESPONDENT, SECOND), at=at("2026-01-06T09:45:00-08:00"),
                     actor=CLERK)
    heard_by_both(case)
    when = "2026-01-22T19:00:00-08:00"
    convene(case, Body.BOARD, when)
    for party in (RESPONDENT, SECOND):
        msg = refused(case, c.RecordBoardVote(member.email, Vote.YES, BOARD_EMAILS,
                                              respondent=party), when, "walled off")
        assert "complainant" not in msg  # their identity may be withheld
    others = sorted(BOARD_EMAILS - {member.email})
    for party, vote in ((RESPONDENT, Vote.YES), (SECOND, Vote.NO)):
        for who in others:
            do(case, c.RecordBoardVote(who, vote, BOARD_EMAILS, respondent=party), when, CHAIR)
        do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=party), when, CHAIR)
    assert case.meetings.sufficiency(RESPONDENT).carried  # type: ignore[union-attr]
    assert not case.meetings.sufficiency(SECOND).carried  # type: ignore[union-attr]


def test_two_officials_decided_at_different_meetings_count_their_own_votes() -> None:
    """Pruitt's decision at the meeting of Feb 26; Bates's at Mar 3, where the votes on
    Pruitt cast on Feb 26 do not count, and those on Bates are that meeting's."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    for party in (RESPONDENT, SECOND):
        do(case, c.RecordDetermination(True, (SECTION_A,), respondent=party, on=date(2026, 2, 27)),
           "2026-02-27T09:00:00-08:00")
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES), on=RESPONDENT,
          meeting="2026-02-27T19:00:00-08:00")
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES), on=SECOND,
          meeting="2026-02-27T19:00:00-08:00", rest=None)
    do(case, decision(RESPONDENT), "2026-02-27T21:00:00-08:00")
    convene(case, Body.COUNCIL, "2026-03-03T19:00:00-08:00")
    msg = refuse(case, decision(SECOND), "2026-03-03T19:30:00-08:00", "have not voted")
    assert RAMAN in msg  # Raman's vote of Feb 27 is not a vote at this meeting
    for member in sorted(COUNCIL_EMAILS):
        take(case, c.RecordCouncilVote(member, Vote.NO, COUNCIL_EMAILS, respondent=SECOND),
             "2026-03-03T19:10:00-08:00")
    event = take(case, decision(SECOND), "2026-03-03T19:40:00-08:00")
    assert (event.data["yes"], event.data["no"], event.data["carried"]) == (0, 5, False)
    assert case.stage is Stage.COUNCIL_DECIDED


def test_a_councils_extension_is_for_the_official_who_asked_and_no_more_than_asked() -> None:
    """§12: Pruitt asks for 5 more days; the council may not grant 60, and granting 5
    moves Pruitt's seven days only: Bates's, received the same day, stay due Mon Mar 2."""
    case = both_violated()
    do(case, c.RequestCouncilExtension(days=5, respondent=RESPONDENT, via="email",
                                       evidence="letter on file"),
       "2026-02-24T09:00:00-08:00")
    msg = refused(case, c.ExtendCouncilDecision(days=60), "2026-02-26T19:00:00-08:00",
                  "may grant up to 5, not 60")
    assert f"{RESPONDENT}'s request" in msg
    event = do(case, c.ExtendCouncilDecision(days=5), "2026-02-26T19:00:00-08:00")
    assert event.data["respondent"] == RESPONDENT
    line = of(case, "2026-02-27T09:00:00-08:00", K.COUNCIL_DECISION, SECOND)
    assert line.due is not None and line.due.date() == date(2026, 3, 2)
    assert f"determination as to {SECOND} received" in line.basis
    votes(case, (RAMAN, Vote.NO), (BRANDT, Vote.NO), (OKAFOR, Vote.NO), on=SECOND,
          meeting="2026-03-02T19:00:00-08:00")
    do(case, decision(SECOND), "2026-03-02T20:00:00-08:00")
    line = of(case, "2026-03-03T09:00:00-08:00", K.COUNCIL_DECISION, RESPONDENT)
    assert f"determination as to {RESPONDENT} received" in line.basis
    assert line.due is not None and line.due.date() == date(2026, 3, 9)  # Sat Mar 7: Monday
    # each official's line stands on its own: Bates's, decided, is met beside it
    assert of(case, "2026-03-03T09:00:00-08:00", K.COUNCIL_DECISION,
              SECOND).status is Status.MET


def test_each_officials_request_for_more_time_waits_on_its_own_and_is_granted_as_theirs(
        ) -> None:
    """§12, two officials found to have violated: Pruitt asks for 5 more days; Bates's own
    request for 7, while his awaits the council, is hers and is recorded (one official's
    pending request does not block another's). A grant naming no one is refused while
    both wait; each grant then answers its official's request, no more than asked, and
    moves that official's time alone."""
    case = both_violated()
    do(case, c.RequestCouncilExtension(days=5, respondent=RESPONDENT, via="email",
                                       evidence="letter on file"), "2026-02-24T09:00:00-08:00")
    refused(case, c.RequestCouncilExtension(days=3, respondent=RESPONDENT, via="email",
                                            evidence="second letter"),
            "2026-02-24T09:30:00-08:00", f"{RESPONDENT}'s request of Tue Feb 24")
    do(case, c.RequestCouncilExtension(days=7, respondent=SECOND, via="email",
                                       evidence="her letter"), "2026-02-24T10:00:00-08:00")
    assert [r.official for r in case.pending_council_extension_requests] == [RESPONDENT, SECOND]
    refused(case, c.ExtendCouncilDecision(days=5), "2026-02-26T19:00:00-08:00",
            "Say whose request the council grants")
    refused(case, c.ExtendCouncilDecision(days=6, respondent=RESPONDENT),
            "2026-02-26T19:00:00-08:00", "may grant up to 5, not 6")
    bates = do(case, c.ExtendCouncilDecision(days=7, respondent=SECOND),
               "2026-02-26T19:00:00-08:00")
    assert bates.data["respondent"] == SECOND
    assert [r.official for r in case.pending_council_extension_requests] == [RESPONDENT]
    pruitt = do(case, c.ExtendCouncilDecision(days=5), "2026-02-26T19:10:00-08:00")
    assert pruitt.data["respondent"] == RESPONDENT  # the only one still waiting
    assert case.pending_council_extension_requests == ()
    assert {p: sum(x.days for x in case.council_extensions[p]) for p in (RESPONDENT, SECOND)
            } == {RESPONDENT: 5, SECOND: 7}


def test_the_council_acts_as_to_the_violations_its_majority_agrees_occurred() -> None:
    """§12 "as to the violations": the examiner found Pruitt violated 2.94.030 and 2.94.040,
    Bates 2.94.030. On Pruitt, three members vote yes, two of them to 2.94.030 alone, two
    no: the council agrees 2.94.030 occurred, not 2.94.040, so a penalty on 2.94.040 is
    refused and one on 2.94.030 imposed. On Bates the members name no section: a yes
    agrees to every violation found, and her penalty stands as before."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A, SECTION_B), respondent=RESPONDENT),
       "2026-02-23T09:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND),
       "2026-02-23T09:05:00-08:00")
    meeting = "2026-02-26T19:00:00-08:00"
    convene(case, Body.COUNCIL, meeting)
    refused(case, c.RecordCouncilVote(ORTIZ, Vote.NO, COUNCIL_EMAILS, RESPONDENT, (SECTION_A,)),
            meeting, "Only a yes agrees that violations occurred")
    refused(case, c.RecordCouncilVote(RAMAN, Vote.YES, COUNCIL_EMAILS, RESPONDENT,
                                      ("2.94.090",)), meeting, "is not a violation found")
    for member, vote, agreed in ((RAMAN, Vote.YES, (SECTION_A,)),
                                 (BRANDT, Vote.YES, (SECTION_A, SECTION_B)),
                                 (OKAFOR, Vote.YES, (SECTION_A,)),
                                 (ORTIZ, Vote.NO, ()), (HALE, Vote.NO, ())):
        do(case, c.RecordCouncilVote(member, vote, COUNCIL_EMAILS, RESPONDENT, agreed), meeting)
    refused(case, decision(RESPONDENT, c.Penalty(SECTION_B, "censure")),
            "2026-02-26T20:00:00-08:00", f"No penalty can rest on {SECTION_B} as to {RESPONDENT}")
    pruitt = do(case, decision(RESPONDENT, c.Penalty(SECTION_A, "censure")),
                "2026-02-26T20:00:00-08:00")
    assert pruitt.data["agreed"] == [SECTION_A]
    assert [p["section"] for p in pruitt.data["penalties"]] == [SECTION_A]
    held = case.meetings.get(int(pruitt.data["meeting"]))
    assert held is not None
    text = minutes(case, held, CALENDAR).text()
    assert f"votes yes as to official 1, agreeing that {SECTION_A} occurred (§12)" in text
    assert f"the majority agreeing that {SECTION_A} occurred, imposing censure" in text
    for member, vote in ((RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES),
                         (ORTIZ, Vote.NO), (HALE, Vote.NO)):
        do(case, c.RecordCouncilVote(member, vote, COUNCIL_EMAILS, SECOND), meeting)
    bates = do(case, decision(SECOND, c.Penalty(SECTION_A, "public reprimand")),
               "2026-02-26T20:30:00-08:00")
    assert "agreed" not in bates.data and bates.data["penalties"]


def test_the_council_deciding_one_officials_matter_leaves_the_others_open() -> None:
    """Issue 38, A: the council decides Pruitt's matter while Bates's determination is not
    in: the case stays "determined", Bates's determination is still received, and the
    case closes only then."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=RESPONDENT),
       "2026-02-23T09:00:00-08:00")
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES), on=RESPONDENT)
    do(case, decision(RESPONDENT), "2026-02-26T21:00:00-08:00")
    assert case.stage is Stage.DETERMINED and case.council_decided_at is None
    refused(case, c.CloseCase("decided"), "2026-02-27T09:00:00-08:00", SECOND)
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-27T09:00:00-08:00")
    assert case.stage is Stage.COUNCIL_DECIDED
    do(case, c.CloseCase("each official's matter complete"), "2026-02-27T10:00:00-08:00")
    assert case.stage is Stage.CLOSED


def test_an_executive_session_is_not_recorded_over_acts_taken_in_open_session() -> None:
    """Issue 38, B: the decision was recorded at 7:30 PM in open session; a session then
    recorded as 7:00-7:45 would hold it, and is refused; one recorded from 7:35, after the
    decision, stands."""
    case = violation_found()
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES))
    do(case, decision(), "2026-02-26T19:30:00-08:00")
    session = c.StartExecutiveSession(at("2026-02-26T19:45:00-08:00"),
                                      started_at=at("2026-02-26T19:00:00-08:00"))
    msg = refuse(case, session, "2026-02-26T19:50:00-08:00", "would hold the step to record "
                 "the council's decision")
    assert "7:30 PM" in msg
    take(case, replace(session, started_at=at("2026-02-26T19:35:00-08:00")),
         "2026-02-26T19:50:00-08:00")
    assert case.meetings.all[-1].sessions[-1].started_at == at("2026-02-26T19:35:00-08:00")


def test_a_meetings_minutes_are_drawn_from_it_and_approved_by_motion() -> None:
    """RCW 42.30.035: the council's meeting of Feb 26, noticed with two items (the
    decision as to each official), holds an executive session and decides both; its
    minutes are drawn from that record, naming the members and no official. The body
    approves them by motion at a meeting whose notice states it, not at one that did not."""
    case = both_violated()
    do(case, c.ScheduleDeliberation(at("2026-02-26T19:00:00-08:00"), "Council Chambers"),
       "2026-02-24T09:00:00-08:00")
    held = case.meetings.all[-1]
    convene(case, Body.COUNCIL, "2026-02-26T19:01:00-08:00")
    take(case, c.StartExecutiveSession(at("2026-02-26T19:30:00-08:00")),
         "2026-02-26T19:02:00-08:00")
    take(case, c.EndExecutiveSession(), "2026-02-26T19:25:00-08:00")
    for party, vote in ((RESPONDENT, Vote.YES), (SECOND, Vote.NO)):
        votes(case, (RAMAN, vote), (BRANDT, vote), (OKAFOR, vote), on=party,
              meeting="2026-02-26T19:30:00-08:00")
        take(case, decision(party), "2026-02-26T19:40:00-08:00")
    draft = minutes(case, held, CALENDAR)
    text = draft.text()
    assert not draft.approved and "DRAFT" in text
    assert ("Agenda (final action in open session): the council's decision on the final "
            "determination (§12, §14), as to each of 2 officials.") in text
    assert "Roll call: present abrandt@city.test, bokafor@city.test" in text
    assert "Executive session from Thu Feb 26, 2026 7:02 PM PST" in text
    assert "Executive session ended Thu Feb 26, 2026 7:25 PM PST" in text
    assert "praman@city.test votes yes as to official 1." in text
    assert ("Motion to record the council's decision as to official 2 (§12, §14): 0 yes, "
            "3 no: the motion fails") in text
    assert RESPONDENT not in text and SECOND not in text and "Pruitt" not in text
    refuse(case, c.ApproveMinutes(held.number, motion=Motion(held.number, unanimous=True)),
           "2026-02-26T19:50:00-08:00", "did not state the approval of the minutes")
    do(case, c.ScheduleDeliberation(at("2026-03-05T19:00:00-08:00"), "Council Chambers"),
       "2026-02-27T09:00:00-08:00")
    nxt = case.meetings.all[-1]
    assert Item(Action.MINUTES) in (nxt.agenda or ())
    motion = convene(case, Body.COUNCIL, "2026-03-05T19:01:00-08:00")
    take(case, c.ApproveMinutes(held.number, "Ortiz arrived at 7:10 PM.", motion=motion),
         "2026-03-05T19:05:00-08:00")
    approved = minutes(case, held, CALENDAR)
    assert approved.approved and "Corrections: Ortiz arrived at 7:10 PM." in approved.text()
    assert f"Approved by the City Council at meeting {nxt.number}" in approved.text()
    refuse(case, c.ApproveMinutes(held.number, motion=motion), "2026-03-05T19:06:00-08:00",
           "they stand as approved")
    # what came after the approval is not in the minutes approved
    assert approved.text().count("votes") == draft.text().count("votes")


def test_a_correction_does_not_move_a_bodys_act_off_its_meetings_day() -> None:
    """Issue 38, B3: the council decided at its meeting of Thu Feb 26; "correcting" the
    decision to Wed Feb 25, when the council did not meet, is refused. The examiner's
    determination, one person's act received by mail, is corrected to its true day."""
    case = violation_found()
    votes(case, (RAMAN, Vote.YES), (BRANDT, Vote.YES), (OKAFOR, Vote.YES))
    do(case, decision(), "2026-02-26T21:00:00-08:00")
    decided = len(case.history)  # its entry number, as listed
    msg = refused(case, c.CorrectStepDate(EventKind.COUNCIL_DECIDED, date(2026, 2, 25), "typo",
                                          entry=decided), "2026-02-27T09:00:00-08:00",
                  "held Thu Feb 26, 2026")
    assert "cannot be dated Wed Feb 25, 2026" in msg
    received = next(i for i, e in enumerate(case.history)
                    if e.kind is EventKind.DETERMINATION_RECEIVED) + 1
    do(case, c.CorrectStepDate(EventKind.DETERMINATION_RECEIVED, date(2026, 2, 20), "typo",
                               entry=received), "2026-02-27T09:00:00-08:00")
    assert case.findings[RESPONDENT].on == date(2026, 2, 20)


def test_a_member_heard_as_a_witness_is_walled_off_and_the_others_decide() -> None:
    """§9, RCW 42.36.060: at the hearing of Jan 20 a board member is heard as a witness on
    Bates's matter, a resident on Pruitt's. The member's vote is refused as to either
    official (no one judges on their own testimony), another member's is taken; the
    official complained against is not recorded as a witness but as heard."""
    case = two_respondents()
    begun(case, on=date(2026, 1, 20))
    member, other = BOARD[1], BOARD[2]
    refused(case, c.RecordWitness("Gary Pruitt", RESPONDENT, on=date(2026, 1, 20)),
            "2026-01-21T10:00:00-08:00", "not as a witness")
    do(case, c.RecordWitness(member.name, member.email, SECOND, date(2026, 1, 20)),
       "2026-01-21T10:00:00-08:00", CHAIR)
    do(case, c.RecordWitness("Ada Citizen", respondent=RESPONDENT, on=date(2026, 1, 20)),
       "2026-01-21T10:05:00-08:00", CHAIR)
    assert [(w.name, w.respondent) for w in case.witnesses] == [
        (member.name, SECOND), ("Ada Citizen", RESPONDENT)]
    for party in (RESPONDENT, SECOND):
        do(case, c.RecordRespondentHeard(respondent=party, on=date(2026, 1, 20)),
           "2026-01-21T10:10:00-08:00")
    do(case, c.ConcludeHearing(on=date(2026, 1, 20)), "2026-01-21T10:20:00-08:00")
    when = "2026-01-22T19:00:00-08:00"
    convene(case, Body.BOARD, when)
    for party in (RESPONDENT, SECOND):
        msg = refused(case, c.RecordBoardVote(member.email, Vote.YES, BOARD_EMAILS,
                                              respondent=party), when, "was a witness")
        assert "RCW 42.36.060" in msg
        do(case, c.RecordBoardVote(other.email, Vote.YES, BOARD_EMAILS, respondent=party),
           when, CHAIR)
