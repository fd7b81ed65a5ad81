"""The case lifecycle through `open_case` and `handle`: what the ordinance allows and refuses.

Dates are Riverton's (America/Los_Angeles). The complaint is received Tue Jan 6 2026 09:30
PST, so (see test_calendars): 24h notice Wed Jan 7 09:30 PST; registered mail Fri Jan 9;
hearing begins by Mon Jan 26 and concludes by Fri Jan 30 (23:59:59 PST).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from cases import commands as c
from cases.case import Case, Requester, Stage
from cases.deadlines import Deadline, DeadlineKey, Status
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import Event, EventKind
from cases.meetings import Body, Business
from cases.motions import Motion
from cases.procedure import handle, open_case
from cases.readings import AmendedSection, Readings, describe
from cases.rotation import next_examiner
from cases.section2 import Section2Act
from cases.tally import Vote
from tests.unit.cases.riverton import (
    CALENDAR,
    COUNCIL_EMAILS,
    EXAMINERS,
    SECTION_A,
    SECTION_B,
    SECTION_OTHER,
    at,
    filing,
)
from tests.unit.cases.sessions import BOARD_EMAILS, at_its_meeting, convene

K = DeadlineKey
CLERK = "clerk@city.test"
CHAIR = "hpark@city.test"
RESPONDENT = "gpruitt@city.test"
MAYOR = "mayor@city.test"


def new_case(number: str = "2026-001", **kw: Any) -> Case:
    return open_case(number=number, filing=filing(**kw), respondents=(RESPONDENT,),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)


def do(case: Case, cmd: Command, when: str, actor: str = CLERK) -> Event:
    """Take `cmd` at `when`; a body's act at its meeting (`sessions.at_its_meeting`)."""
    return handle(case, at_its_meeting(case, cmd, when), at=at(when), actor=actor,
                  calendar=CALENDAR)


def refused(case: Case, cmd: Command, when: str, phrase: str) -> str:
    """The step is refused with a readable sentence naming `phrase`; nothing is recorded."""
    cmd = at_its_meeting(case, cmd, when)
    before = list(case.history)
    stage_before = case.stage
    with pytest.raises(ProcedureError) as err:
        do(case, cmd, when)
    message = str(err.value)
    assert phrase in message
    # a sentence for a clerk, not a repr or an exception name
    assert len(message.split()) >= 6 and message.rstrip().endswith("."), message
    assert "Error" not in message and "None" not in message, message
    assert case.history == before and case.stage is stage_before
    return message


def stage(case: Case) -> Stage:
    """The stage now (a call, so a type checker does not carry one assert's narrowing on)."""
    return case.stage


def deadlines(case: Case, now: str) -> dict[DeadlineKey, Deadline]:
    """The case's deadlines by key: for one running per official (§12), use `of`."""
    return {d.key: d for d in case.deadlines(CALENDAR, now=at(now))}


def of(case: Case, now: str, key: DeadlineKey, official: str) -> Deadline:
    """Deadline `key` as it runs for `official` (§12: each official's own seven days)."""
    found = [d for d in case.deadlines(CALENDAR, now=at(now))
             if d.key is key and d.official == official]
    assert len(found) == 1, found
    return found[0]


def due(case: Case, key: DeadlineKey, now: str = "2026-01-06T10:00:00-08:00") -> str | None:
    d = deadlines(case, now)[key].due
    return d.isoformat() if d else None


def status(case: Case, key: DeadlineKey, now: str) -> Status:
    return deadlines(case, now)[key].status


def serve_notices(case: Case, when: str = "2026-01-06T14:00:00-08:00") -> None:
    """The three §2 acts; each official complained against informed in their own."""
    for party in case.parties():
        do(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, party), when)
    for kind in (Section2Act.COUNCIL_INFORMED, Section2Act.SUBMITTED_TO_BOARD):
        do(case, c.RecordNoticeServed(kind), when)


def through_hearing(case: Case, *, heard: bool = True,
                    concluded: str = "2026-01-27T20:00:00-08:00") -> None:
    serve_notices(case)
    do(case, c.RecordRegisteredMail("RR 123 456 789 US"), "2026-01-08T10:00:00-08:00")
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall, Room 2"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-01-20T18:05:00-08:00", CHAIR)
    if heard:
        do(case, c.RecordRespondentHeard(), "2026-01-20T19:00:00-08:00", CHAIR)
    convene(case, Body.BOARD, concluded)  # the session the hearing adjourned to
    do(case, c.ConcludeHearing(), concluded, CHAIR)


def determine(case: Case, when: str, *, sufficient: bool) -> Event:
    """The board's determination of sufficiency by its members' votes at `when`'s
    session (§7), every member present voting alike."""
    motion = convene(case, Body.BOARD, when)
    for party in case.parties():  # as to each official (§7)
        for member in motion.yes:
            do(case, c.RecordBoardVote(member, Vote.YES if sufficient else Vote.NO,
                                       BOARD_EMAILS, respondent=party), when, CHAIR)
        found = do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=party), when,
                   CHAIR)
    return found


def report_issued(case: Case, when: str, *, sufficient: bool) -> Event:
    """The board's determination at `when`'s session, and its report issued then."""
    determine(case, when, sufficient=sufficient)
    return do(case, c.IssueReport(sufficient=sufficient), when)


def reported(case: Case, *, sufficient: bool) -> None:
    through_hearing(case)
    determine(case, "2026-01-27T20:00:00-08:00", sufficient=sufficient)
    do(case, c.IssueReport(sufficient=sufficient, summary="findings"),
       "2026-02-02T10:00:00-08:00", CHAIR)
    do(case, c.DeliverReport(), "2026-02-03T10:00:00-08:00", CHAIR)


def referred(case: Case) -> None:
    reported(case, sufficient=True)
    examiner = next_examiner([p.email for p in EXAMINERS], last_assigned=None)
    do(case, c.Refer(examiner), "2026-02-04T09:00:00-08:00")


def violation_found(case: Case | None = None, section: str = SECTION_A) -> Case:
    """`case` (a new one by default) reported sufficient and referred, the examiner
    finding a violation of `section` (recorded Mon Feb 23): before the council."""
    case = case or new_case()
    referred(case)
    do(case, c.RecordDetermination(violation=True, sections=(section,)),
       "2026-02-23T09:00:00-08:00")
    return case


def decide(case: Case, penalties: tuple[c.Penalty, ...] = (), *,
           mayor_vote: Vote | None = None) -> Event:
    if mayor_vote is not None:  # §14: the mayor's tie-break is its own step, the mayor's
        do(case, c.RecordMayorVote(mayor_vote, MAYOR), "2026-02-26T20:30:00-08:00", MAYOR)
    return do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, penalties),
              "2026-02-26T21:00:00-08:00")


def votes(case: Case, *pairs: tuple[str, Vote], on: str | None = None,
          meeting: str = "2026-02-26T19:00:00-08:00", rest: Vote | None = Vote.ABSTAIN
          ) -> None:
    """The council's meeting (of 26 February by default, every member present) and its
    members' votes (as to `on`); every other member present who may act votes `rest`
    (None: has not voted yet), since the council counts only once each has."""
    motion = convene(case, Body.COUNCIL, meeting)
    named = {member for member, _ in pairs}
    others = [] if rest is None else [(m, rest) for m in motion.yes if m not in named]
    for member, vote in [*pairs, *others]:
        do(case, c.RecordCouncilVote(member, vote, COUNCIL_EMAILS, respondent=on), meeting)


# -- the happy path ------------------------------------------------------------------------

def test_full_lifecycle_to_closure() -> None:
    case = new_case()
    assert (stage(case), case.confidential) == (Stage.RECEIVED, True)
    assert case.respondents == (RESPONDENT,)
    assert case.alleged_sections == [SECTION_A, SECTION_B]
    assert [e.kind for e in case.history] == [EventKind.COMPLAINT_RECEIVED]
    assert status(case, K.NOTICE_24H, "2026-01-06T10:00:00-08:00") is Status.OPEN

    # §2: the three acts within 24 hours; the last one at Tue Jan 6 14:10 (due Wed 09:30)
    for i, kind in enumerate(Section2Act):
        assert status(case, K.NOTICE_24H, "2026-01-06T14:00:00-08:00") is Status.OPEN
        do(case, c.RecordNoticeServed(kind), f"2026-01-06T14:{i * 5:02d}:00-08:00")
    assert status(case, K.NOTICE_24H, "2026-01-08T00:00:00-08:00") is Status.MET
    assert deadlines(case, "2026-01-08T00:00:00-08:00")[K.NOTICE_24H].basis.endswith(
        "; done Tue Jan 6, 2026 2:10 PM PST")

    # §2: registered mail due Fri Jan 9; sent Sat Jan 10: late
    assert status(case, K.REGISTERED_MAIL, "2026-01-10T00:00:00-08:00") is Status.MISSED
    do(case, c.RecordRegisteredMail(" RR 123 456 789 US "), "2026-01-10T11:00:00-08:00")
    assert status(case, K.REGISTERED_MAIL, "2026-01-10T12:00:00-08:00") is Status.LATE
    assert case.history[-1].data["tracking_number"] == "RR 123 456 789 US"

    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), " City Hall, Room 2 "),
       "2026-01-12T09:00:00-08:00")
    assert stage(case) is Stage.HEARING_SCHEDULED
    assert case.board_meeting is not None and case.board_meeting.place == "City Hall, Room 2"
    assert case.board_meeting.open_to_public is False  # §13: executive session by default

    do(case, c.BeginHearing(), "2026-01-20T18:05:00-08:00", CHAIR)
    assert stage(case) is Stage.HEARING_BEGUN
    assert status(case, K.HEARING_BEGIN, "2026-01-21T00:00:00-08:00") is Status.MET
    do(case, c.RecordRespondentHeard(), "2026-01-20T19:00:00-08:00", CHAIR)
    assert case.respondent_heard
    do(case, c.ConcludeHearing(), "2026-01-27T20:00:00-08:00", CHAIR)
    assert stage(case) is Stage.HEARING_CONCLUDED
    assert case.hearing_concluded_on == date(2026, 1, 27)
    assert status(case, K.HEARING_CONCLUDE, "2026-01-28T00:00:00-08:00") is Status.MET
    # §10: report within 10 days of conclusion: Tue Jan 27 + 10 = Fri Feb 6
    assert due(case, K.REPORT_DELIVERY) == "2026-02-06T23:59:59-08:00"

    determine(case, "2026-02-02T10:00:00-08:00", sufficient=True)
    do(case, c.IssueReport(sufficient=True, summary="prima facie showing"),
       "2026-02-02T10:00:00-08:00", CHAIR)
    assert stage(case) is Stage.REPORTED and case.report_sufficient is True
    do(case, c.DeliverReport(), "2026-02-03T10:00:00-08:00", CHAIR)
    assert stage(case) is Stage.REPORT_DELIVERED
    assert status(case, K.REPORT_DELIVERY, "2026-02-10T00:00:00-08:00") is Status.MET

    # §11: to the next examiner on the rotational roster (last assigned: Morgan Yu)
    examiner = next_examiner([p.email for p in EXAMINERS], last_assigned="myu@examiners.example")
    assert examiner == "spatel@examiners.example"
    do(case, c.Refer(examiner), "2026-02-04T09:00:00-08:00")
    assert stage(case) is Stage.REFERRED and case.referred_to == examiner
    assert K.COUNCIL_DECISION not in deadlines(case, "2026-02-04T09:00:00-08:00")

    # §12: council decides within 7 days of receiving the determination:
    # Mon Feb 23 + 7 = Mon Mar 2
    do(case, c.RecordDetermination(violation=True, sections=(SECTION_A,)),
       "2026-02-23T09:00:00-08:00", "spatel@examiners.example")
    assert stage(case) is Stage.DETERMINED and case.violation_found
    assert due(case, K.COUNCIL_DECISION) == "2026-03-02T23:59:59-08:00"

    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
          ("bokafor@city.test", Vote.NO), ("mortiz@city.test", Vote.ABSTAIN))
    event = decide(case, (c.Penalty(SECTION_A, "letter of reprimand"),))
    assert stage(case) is Stage.COUNCIL_DECIDED
    assert event.data["carried"] is True and (event.data["yes"], event.data["no"]) == (2, 1)
    assert event.data["penalties"] == [{"section": SECTION_A, "action": "letter of reprimand",
                                        "respondent": RESPONDENT}]
    assert status(case, K.COUNCIL_DECISION, "2026-03-03T00:00:00-08:00") is Status.MET
    assert case.confidential  # §6: until the review is complete

    do(case, c.CloseCase("council decided"), "2026-02-27T09:00:00-08:00")
    assert stage(case) is Stage.CLOSED
    assert not case.confidential
    # nothing more can happen to a closed case
    refused(case, c.AmendComplaint((SECTION_OTHER,)), "2026-02-28T09:00:00-08:00",
            "stage 'closed'")
    refused(case, c.CorrectReceipt(at("2026-01-05T09:00:00-08:00"), "typo"),
            "2026-02-28T09:00:00-08:00", "stage 'closed'")


def test_confidential_until_closed_on_every_path() -> None:
    insufficient = new_case()
    reported(insufficient, sufficient=False)
    assert insufficient.confidential
    refused(insufficient, c.Refer("myu@examiners.example"), "2026-02-04T09:00:00-08:00",
            "found insufficient: it is not referred")
    do(insufficient, c.CloseCase("insufficient (§8)"), "2026-02-04T09:00:00-08:00")
    assert stage(insufficient) is Stage.CLOSED and not insufficient.confidential

    no_violation = new_case()
    referred(no_violation)
    do(no_violation, c.RecordDetermination(violation=False), "2026-02-23T09:00:00-08:00")
    assert no_violation.confidential
    assert K.COUNCIL_DECISION not in deadlines(no_violation, "2026-02-23T10:00:00-08:00")
    refused(no_violation, c.RecordCouncilVote("praman@city.test", Vote.YES, COUNCIL_EMAILS),
            "2026-02-24T09:00:00-08:00", "found no violation")
    do(no_violation, c.CloseCase("no violation"), "2026-02-24T09:00:00-08:00")
    assert not no_violation.confidential


def test_respondent_chooses_the_board() -> None:
    case = new_case()
    reported(case, sufficient=True)
    do(case, c.RequestBoardHearing(via="web"), "2026-02-03T12:00:00-08:00", RESPONDENT)
    msg = refused(case, c.Refer("myu@examiners.example"), "2026-02-04T09:00:00-08:00",
                  "refer the matter to the board, not to an examiner")
    assert "(§11)" in msg
    do(case, c.Refer(None), "2026-02-04T09:00:00-08:00")
    assert case.referred_to == "board" and stage(case) is Stage.REFERRED
    # the board's meeting on the matter referred to it is its §11 hearing
    do(case, c.ScheduleBoardMeeting(at("2026-02-17T18:00:00-08:00"), "City Hall"),
       "2026-02-05T09:00:00-08:00")
    assert case.board_meeting is not None
    assert case.board_meeting.business is Business.REFERRED_HEARING


def test_without_the_respondents_request_the_board_cannot_take_the_referral() -> None:
    case = new_case()
    reported(case, sufficient=True)
    refused(case, c.Refer(None), "2026-02-04T09:00:00-08:00", "next hearings examiner")


# -- refusals -----------------------------------------------------------------------------

def test_no_report_before_the_hearing_concluded() -> None:
    case = new_case()
    serve_notices(case)
    refused(case, c.IssueReport(sufficient=True), "2026-01-07T09:00:00-08:00",
            "Cannot issue the written report for 2026-001 now: the case is at stage 'received'")
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-01-20T18:05:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-20T19:00:00-08:00")
    refused(case, c.IssueReport(sufficient=True), "2026-01-21T09:00:00-08:00",
            "stage 'hearing begun'")


def test_no_report_unless_the_respondent_had_the_opportunity_to_present() -> None:
    case = new_case()
    through_hearing(case, heard=False)
    msg = refused(case, c.IssueReport(sufficient=False), "2026-02-02T10:00:00-08:00",
                  "opportunity to present")
    assert "(§9)" in msg


def test_respondent_given_the_opportunity_but_not_presenting_allows_the_report() -> None:
    case = new_case()
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-01-20T18:05:00-08:00")
    do(case, c.RecordRespondentHeard(presented=False), "2026-01-20T19:00:00-08:00")
    do(case, c.ConcludeHearing(), "2026-01-20T20:00:00-08:00")
    report_issued(case, "2026-01-21T10:00:00-08:00", sufficient=False)
    assert stage(case) is Stage.REPORTED


def test_hearing_steps_out_of_order_are_refused() -> None:
    case = new_case()
    refused(case, c.BeginHearing(), "2026-01-07T09:00:00-08:00", "begin the hearing")
    refused(case, c.ConcludeHearing(), "2026-01-07T09:00:00-08:00", "stage 'received'")
    refused(case, c.DeliverReport(), "2026-01-07T09:00:00-08:00", "deliver the written report")
    refused(case, c.RecordDetermination(violation=True), "2026-01-07T09:00:00-08:00",
            "record the final determination")


def test_continuance_over_ten_days_is_refused() -> None:
    case = new_case()
    do(case, c.ApplyForContinuance("the respondent is in hospital"),
       "2026-01-21T09:00:00-08:00", CHAIR)
    msg = refused(case, c.DecideContinuance(granted_days=11), "2026-01-26T19:00:00-08:00",
                  "may not exceed 10 days")
    assert "(§7)" in msg
    refused(case, c.DecideContinuance(granted_days=-1), "2026-01-26T19:00:00-08:00",
            "may not exceed 10 days")
    do(case, c.DecideContinuance(granted_days=10), "2026-01-26T19:00:00-08:00", "council")
    assert case.continuances[-1].granted_days == 10


def test_continuance_through_the_procedure_tolls_and_stays() -> None:
    case = new_case()
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-23T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    # the board applies Wed Jan 21: hearing deadlines tolled, the others unaffected
    do(case, c.ApplyForContinuance("key witness unavailable"), "2026-01-21T09:00:00-08:00",
       CHAIR)
    ds = deadlines(case, "2026-01-22T09:00:00-08:00")
    assert (ds[K.HEARING_BEGIN].due, ds[K.HEARING_BEGIN].status) == (None, Status.TOLLED)
    assert (ds[K.HEARING_CONCLUDE].due, ds[K.HEARING_CONCLUDE].status) == (None, Status.TOLLED)
    assert ds[K.NOTICE_24H].status is Status.MET
    assert ds[K.REGISTERED_MAIL].status is Status.MISSED  # never sent: tolling does not help

    # stayed (§7): no hearing step while the council has not decided
    for cmd in (c.ScheduleBoardMeeting(at("2026-01-30T18:00:00-08:00"), "City Hall"),
                c.BeginHearing()):
        msg = refused(case, cmd, "2026-01-23T18:00:00-08:00", "stayed")
        assert "applied Wed Jan 21, 2026" in msg and "(§7)" in msg
    # and not a second application while one pends
    refused(case, c.ApplyForContinuance("another reason"), "2026-01-23T09:00:00-08:00",
            "already has a continuance application awaiting the council's decision")
    refused(case, c.DecideContinuance(granted_days=3, on=date(2026, 1, 20)),
            "2026-01-26T19:00:00-08:00", "cannot come before the application")

    # decided Mon Jan 26, 7 days granted: 5 paused + 7 (see test_calendars):
    # begin Mon Jan 26 + 12 = Sat Feb 7 -> Mon Feb 9; conclude Fri Jan 30 + 12 = Wed Feb 11
    do(case, c.DecideContinuance(granted_days=7), "2026-01-26T19:00:00-08:00", "council")
    assert due(case, K.HEARING_BEGIN) == "2026-02-09T23:59:59-08:00"
    assert due(case, K.HEARING_CONCLUDE) == "2026-02-11T23:59:59-08:00"
    refused(case, c.DecideContinuance(granted_days=1), "2026-01-27T09:00:00-08:00",
            "no continuance application to decide")
    do(case, c.ScheduleBoardMeeting(at("2026-02-05T18:00:00-08:00"), "City Hall"),
       "2026-01-27T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-02-05T18:05:00-08:00")
    assert status(case, K.HEARING_BEGIN, "2026-02-06T00:00:00-08:00") is Status.MET


def test_a_hearing_already_begun_is_stayed_too() -> None:
    case = new_case()
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-01-20T18:05:00-08:00")
    do(case, c.ApplyForContinuance("respondent's counsel withdrew"), "2026-01-20T20:00:00-08:00")
    for cmd in (c.RecordRespondentHeard(), c.ConcludeHearing()):
        refused(case, cmd, "2026-01-22T18:00:00-08:00", "the proceedings are stayed")
    # begin stays met although its due date is tolled
    ds = deadlines(case, "2026-01-22T18:00:00-08:00")
    assert (ds[K.HEARING_BEGIN].due, ds[K.HEARING_BEGIN].status) == (None, Status.MET)
    assert ds[K.HEARING_CONCLUDE].status is Status.TOLLED
    do(case, c.DecideContinuance(granted_days=0), "2026-01-23T20:00:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-01-26T18:00:00-08:00")


def test_continuance_needs_a_reason() -> None:
    case = new_case()
    refused(case, c.ApplyForContinuance("  "), "2026-01-21T09:00:00-08:00",
            "demonstrable and compelling reason")


def test_denied_continuance_through_the_procedure() -> None:
    # applied Mon Jan 12, denied Thu Jan 15: +3 paused, 0 granted (see test_calendars)
    case = new_case()
    do(case, c.ApplyForContinuance("counsel unavailable", on=date(2026, 1, 12)),
       "2026-01-12T09:00:00-08:00")
    do(case, c.DecideContinuance(granted_days=0), "2026-01-15T20:00:00-08:00")
    assert due(case, K.HEARING_BEGIN) == "2026-01-29T23:59:59-08:00"
    assert due(case, K.HEARING_CONCLUDE) == "2026-02-02T23:59:59-08:00"
    basis = deadlines(case, "2026-01-16T09:00:00-08:00")[K.HEARING_BEGIN].basis
    assert "+ 3 days paused" in basis and "continuance denied" in basis


def test_a_toll_after_the_deadline_passed_is_refused() -> None:
    case = new_case()
    serve_notices(case)
    # conclusion was due Fri Jan 30 23:59:59 PST; the board applies Sat Jan 31
    msg = refused(case, c.ApplyForContinuance("late"), "2026-01-31T10:00:00-08:00",
                  "Too late to toll 2026-001")
    assert "Fri Jan 30, 2026" in msg and "cannot revive a deadline" in msg
    # one second before the end of Fri Jan 30 it is still in time
    do(case, c.ApplyForContinuance("in time"), "2026-01-30T23:59:58-08:00")
    assert case.pending_continuance is not None


def test_continuance_after_begin_passed_moves_only_conclude() -> None:
    # begin was due Mon Jan 26 and the hearing has not begun; the board applies Wed Jan 28
    case = new_case()
    do(case, c.ApplyForContinuance("room flooded"), "2026-01-28T09:00:00-08:00")
    ds = deadlines(case, "2026-01-28T10:00:00-08:00")
    assert ds[K.HEARING_BEGIN].due == at("2026-01-26T23:59:59-08:00")
    assert ds[K.HEARING_BEGIN].status is Status.MISSED
    assert ds[K.HEARING_CONCLUDE].status is Status.TOLLED
    # decided Fri Jan 30 (2 paused), 4 granted: conclude Fri Jan 30 + 6 = Thu Feb 5
    do(case, c.DecideContinuance(granted_days=4), "2026-01-30T20:00:00-08:00")
    assert due(case, K.HEARING_BEGIN) == "2026-01-26T23:59:59-08:00"
    assert due(case, K.HEARING_CONCLUDE) == "2026-02-05T23:59:59-08:00"


def test_two_successive_continuances_through_the_procedure() -> None:
    # as in test_calendars: begin Tue Feb 17, conclude Thu Feb 19
    case = new_case()
    do(case, c.ApplyForContinuance("first"), "2026-01-12T09:00:00-08:00")
    do(case, c.DecideContinuance(granted_days=5), "2026-01-14T20:00:00-08:00")
    do(case, c.ApplyForContinuance("second"), "2026-02-02T09:00:00-08:00")
    do(case, c.DecideContinuance(granted_days=10), "2026-02-05T20:00:00-08:00")
    assert due(case, K.HEARING_BEGIN) == "2026-02-17T23:59:59-08:00"
    assert due(case, K.HEARING_CONCLUDE) == "2026-02-19T23:59:59-08:00"


def test_no_continuance_once_the_hearing_concluded() -> None:
    case = new_case()
    through_hearing(case)
    refused(case, c.ApplyForContinuance("too late"), "2026-01-28T09:00:00-08:00",
            "stage 'hearing concluded'")


def test_report_extensions_are_approved_by_the_right_body() -> None:
    case = new_case()
    through_hearing(case)  # concluded Tue Jan 27: report due Fri Feb 6
    assert due(case, K.REPORT_DELIVERY) == "2026-02-06T23:59:59-08:00"

    # §10: the respondent's request is approved by the board, not the council
    do(case, c.RequestReportExtension(Requester.RESPONDENT, 5, via="web"),
       "2026-01-28T09:00:00-08:00", RESPONDENT)
    refused(case, c.RequestReportExtension(Requester.BOARD, 2), "2026-01-28T09:30:00-08:00",
            "already pending")
    assert due(case, K.REPORT_DELIVERY) == "2026-02-06T23:59:59-08:00"  # not yet approved
    do(case, c.DecideReportExtension(approved=True), "2026-01-29T09:00:00-08:00", CHAIR)
    assert case.history[-1].data["motion"]["body"] == "board"
    # Fri Feb 6 + 5 = Wed Feb 11
    assert due(case, K.REPORT_DELIVERY) == "2026-02-11T23:59:59-08:00"

    # §10: the board's request is approved by the council, not the board
    do(case, c.RequestReportExtension(Requester.BOARD, 3), "2026-01-30T09:00:00-08:00", CHAIR)
    at_the_board = convene(case, Body.BOARD, "2026-01-30T10:00:00-08:00")
    refused(case, c.DecideReportExtension(approved=True, motion=at_the_board),
            "2026-01-30T10:00:00-08:00", "this is an act of the City Council")
    do(case, c.DecideReportExtension(approved=True), "2026-02-02T20:00:00-08:00", "council")
    assert case.history[-1].data["motion"]["body"] == "council"
    # Wed Feb 11 + 3 = Sat Feb 14 -> Sun Feb 15 -> Mon Feb 16 (Presidents' Day) -> Tue Feb 17
    assert due(case, K.REPORT_DELIVERY) == "2026-02-17T23:59:59-08:00"

    # a denied request changes nothing
    do(case, c.RequestReportExtension(Requester.RESPONDENT, 4, via="email",
                                      evidence="letter on file"), "2026-02-03T09:00:00-08:00")
    do(case, c.DecideReportExtension(approved=False), "2026-02-03T10:00:00-08:00", CHAIR)
    assert due(case, K.REPORT_DELIVERY) == "2026-02-17T23:59:59-08:00"
    basis = deadlines(case, "2026-02-03T10:00:00-08:00")[K.REPORT_DELIVERY].basis
    assert "+ 8 days extension = Sat Feb 14, 2026" in basis

    refused(case, c.DecideReportExtension(approved=True), "2026-02-03T11:00:00-08:00",
            "no request for a longer time")
    refused(case, c.RequestReportExtension(Requester.BOARD, 0), "2026-02-03T11:00:00-08:00",
            "positive number of days")


def test_council_decision_extension() -> None:
    case = violation_found(section=SECTION_B)
    # §12: only on the respondent's request
    refused(case, c.ExtendCouncilDecision(days=3), "2026-02-25T20:00:00-08:00",
            "only when the respondent asks (§12)")
    do(case, c.RequestCouncilExtension(days=3, via="email", evidence="letter on file"),
       "2026-02-24T09:00:00-08:00")
    # Mon Feb 23 + 7 = Mon Mar 2; + 3 days granted on the respondent's request = Thu Mar 5
    do(case, c.ExtendCouncilDecision(days=3), "2026-02-25T20:00:00-08:00", "council")
    assert due(case, K.COUNCIL_DECISION) == "2026-03-05T23:59:59-08:00"
    refused(case, c.ExtendCouncilDecision(days=0), "2026-02-25T20:00:00-08:00",
            "positive number of days")


def test_determination_received_on_a_given_day() -> None:
    case = new_case()
    referred(case)
    # received by the council Fri Feb 20, recorded Mon Feb 23: Feb 20 + 7 = Fri Feb 27
    do(case, c.RecordDetermination(violation=True, sections=(SECTION_A,),
                                   on=date(2026, 2, 20)), "2026-02-23T09:00:00-08:00")
    assert due(case, K.COUNCIL_DECISION) == "2026-02-27T23:59:59-08:00"


def test_a_sufficient_case_cannot_close_before_referral() -> None:
    case = new_case()
    reported(case, sufficient=True)
    msg = refused(case, c.CloseCase(), "2026-02-04T09:00:00-08:00",
                  "was found sufficient: refer it for hearing (§11) before closing")
    assert msg.startswith("2026-001")


def test_a_violation_cannot_close_before_the_council_decides() -> None:
    case = violation_found()
    refused(case, c.CloseCase(), "2026-02-24T09:00:00-08:00", "the council must decide (§12)")


def test_penalties_only_for_alleged_sections() -> None:
    case = new_case()
    referred(case)
    refused(case, c.RecordDetermination(violation=True, sections=(SECTION_OTHER,)),
            "2026-02-23T09:00:00-08:00", f"{SECTION_OTHER} was not alleged")
    do(case, c.RecordDetermination(violation=True, sections=(SECTION_A,)),
       "2026-02-23T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
          ("bokafor@city.test", Vote.YES))
    msg = refused(case, c.RecordCouncilDecision(
        COUNCIL_EMAILS, MAYOR, (c.Penalty(SECTION_OTHER, "censure"),)),
        "2026-02-26T21:00:00-08:00", f"{SECTION_OTHER} was not alleged")
    assert "(§12)" in msg
    # alleged is not enough: the penalty rests on a violation found as to the official
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, (c.Penalty(SECTION_B,
                                                                          "censure"),)),
            "2026-02-26T21:00:00-08:00", f"found a violation of {SECTION_A}, not of {SECTION_B}")
    decide(case, (c.Penalty(SECTION_A, "censure"),))
    assert stage(case) is Stage.COUNCIL_DECIDED


def test_an_amendment_adds_a_section_penalties_may_rest_on() -> None:
    case = new_case()
    through_hearing(case)
    # §5: amended as authorised by the decision-maker: the board, by motion at its meeting
    # (issue 38, C: never one member alone), the business stated in its notice
    refused(case, c.AmendComplaint(()), "2026-01-28T09:00:00-08:00", "Give the sections")
    with pytest.raises(ProcedureError, match="by motion at its meeting"):
        handle(case, c.AmendComplaint((SECTION_OTHER, SECTION_A), "adds the gift rule"),
               at=at("2026-01-28T09:00:00-08:00"), actor=CHAIR, calendar=CALENDAR)
    event = do(case, c.AmendComplaint((SECTION_OTHER, SECTION_A), "adds the gift rule"),
               "2026-01-28T09:00:00-08:00", CHAIR)
    assert event.data["authorized_by"] == "board" and event.data["motion"]["carried"]
    assert case.alleged_sections == [SECTION_A, SECTION_B, SECTION_OTHER]
    report_issued(case, "2026-02-02T10:00:00-08:00", sufficient=True)
    do(case, c.DeliverReport(), "2026-02-03T10:00:00-08:00")
    do(case, c.Refer("myu@examiners.example"), "2026-02-04T09:00:00-08:00")
    do(case, c.RecordDetermination(violation=True, sections=(SECTION_OTHER,)),
       "2026-02-23T09:00:00-08:00")
    refused(case, c.AmendComplaint(("2.96.050",)), "2026-02-24T09:00:00-08:00",
            "The final determination as to every official is recorded")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.NO),
          ("bokafor@city.test", Vote.YES))
    event = decide(case, (c.Penalty(SECTION_OTHER, "fine"),))
    assert event.data["penalties"] == [{"section": SECTION_OTHER, "action": "fine",
                                        "respondent": RESPONDENT}]


def test_council_votes_in_the_procedure() -> None:
    # the respondent is a council member: they do not vote (§14)
    case = open_case(number="2026-002", filing=filing(respondents=("Tom Hale",)),
                     respondents=("thale@city.test",), at=at("2026-01-06T09:45:00-08:00"),
                     actor=CLERK)
    violation_found(case)
    refused(case, c.RecordCouncilVote("thale@city.test", Vote.NO, COUNCIL_EMAILS),
            "2026-02-26T19:00:00-08:00", "does not vote on any matter involving them (§14)")
    refused(case, c.RecordCouncilVote("mayor@city.test", Vote.NO, COUNCIL_EMAILS),
            "2026-02-26T19:00:00-08:00", "not a member of the council")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.NO))
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR,
                                          (c.Penalty(SECTION_A, "censure"),)),
            "2026-02-26T21:00:00-08:00", "Record the mayor's tie-breaking vote")
    event = decide(case, (c.Penalty(SECTION_A, "censure"),), mayor_vote=Vote.YES)
    assert event.data["mayor_broke_tie"] is True and event.data["carried"] is True


def test_the_council_votes_twice_that_the_violation_occurred_then_on_the_action() -> None:
    """§12: "agree by majority vote that one or more of the violations occurred, then as to
    the violations ... may take any of the following actions by a majority vote". A penalty
    without the second vote is refused; the second vote failing, the decision stands and
    no penalty is imposed; carried, the penalty is."""
    def decision(action: Motion | None) -> c.RecordCouncilDecision:
        return c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, (c.Penalty(SECTION_A, "censure"),),
                                       action=action)

    def council_meets() -> Case:
        case = violation_found()
        votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
              ("bokafor@city.test", Vote.YES))
        return case

    when = at("2026-02-26T21:00:00-08:00")
    case = council_meets()
    with pytest.raises(ProcedureError, match="§12 asks two majority votes"):
        handle(case, decision(None), at=when, actor=CLERK, calendar=CALENDAR)
    split = Motion(yes=("praman@city.test",), no=("abrandt@city.test", "bokafor@city.test",
                                                  "mortiz@city.test", "thale@city.test"))
    event = handle(case, decision(split), at=when, actor=CLERK, calendar=CALENDAR)
    assert event.data["carried"] and event.data["penalties"] == []
    assert event.data["proposed"][0]["action"] == "censure"
    assert not event.data["action"]["carried"] and case.stage is Stage.COUNCIL_DECIDED
    case = council_meets()
    event = handle(case, decision(Motion(unanimous=True)), at=when, actor=CLERK,
                   calendar=CALENDAR)
    assert event.data["penalties"] == [{"section": SECTION_A, "action": "censure",
                                        "respondent": RESPONDENT}]
    assert set(event.data["action"]["votes"].values()) == {"yes"}
    assert "praman@city.test" in event.data["action"]["votes"]


def test_a_motion_that_fails_imposes_no_penalty() -> None:
    case = violation_found()
    votes(case, ("praman@city.test", Vote.NO), ("abrandt@city.test", Vote.NO),
          ("bokafor@city.test", Vote.YES))
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR,
                                          (c.Penalty(SECTION_A, "censure"),)),
            "2026-02-26T21:00:00-08:00", "No penalty can be imposed")
    event = decide(case)
    assert event.data["carried"] is False


def test_tie_on_an_action_against_the_mayor_fails() -> None:
    case = open_case(number="2026-003", filing=filing(respondents=("Pat Rivera",)),
                     respondents=(MAYOR,), at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    violation_found(case)
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.NO))
    # the mayor may not break it (§14): not even the clerk may enter a vote for the mayor
    refused(case, c.RecordMayorVote(Vote.YES, MAYOR), "2026-02-26T20:30:00-08:00",
            "against the mayor")
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR,
                                          (c.Penalty(SECTION_A, "censure"),)),
            "2026-02-26T21:00:00-08:00", "against the mayor")
    event = decide(case)
    assert event.data["carried"] is False and event.data["mayor_broke_tie"] is False


# -- receipt correction ---------------------------------------------------------------------

def test_receipt_correction_moves_every_deadline() -> None:
    # forwarded Tue Jan 6 09:30; the original message was received Fri Jan 2 2026 16:00 PST.
    # 24h: Sat Jan 3 16:00 PST; +3 = Mon Jan 5; +20 = Thu Jan 22; +24 = Mon Jan 26
    case = new_case()
    assert due(case, K.HEARING_CONCLUDE) == "2026-01-30T23:59:59-08:00"
    refused(case, c.CorrectReceipt(datetime(2026, 1, 2, 16, 0), "original date"),
            "2026-01-06T11:00:00-08:00", "with its time zone")
    refused(case, c.CorrectReceipt(at("2026-01-02T16:00:00-08:00"), " "),
            "2026-01-06T11:00:00-08:00", "Say why the receipt time is corrected")
    # a receipt still to come would start every clock late: refused, naming both moments
    msg = refused(case, c.CorrectReceipt(at("2027-01-01T09:00:00-08:00"), "typo"),
                  "2026-01-06T11:00:00-08:00", "has not come yet")
    assert "Fri Jan 1, 2027 9:00 AM PST" in msg and "Tue Jan 6, 2026 11:00 AM PST" in msg
    event = do(case, c.CorrectReceipt(at("2026-01-03T00:00:00+00:00"),
                                      "the date inside the forward"),
               "2026-01-06T11:00:00-08:00")
    assert event.data["old"] == "2026-01-06T09:30:00-08:00"
    assert case.received_at == at("2026-01-02T16:00:00-08:00")
    assert due(case, K.NOTICE_24H) == "2026-01-03T16:00:00-08:00"
    assert due(case, K.REGISTERED_MAIL) == "2026-01-05T23:59:59-08:00"
    assert due(case, K.HEARING_BEGIN) == "2026-01-22T23:59:59-08:00"
    assert due(case, K.HEARING_CONCLUDE) == "2026-01-26T23:59:59-08:00"
    assert deadlines(case, "2026-01-06T11:00:00-08:00")[K.NOTICE_24H].status is Status.MISSED


def test_limitations_from_public_since() -> None:
    # public since Mon Jan 6 2025 ... the complaint Tue Jan 6 2026 is within two years
    case = open_case(number="2026-004", filing=filing(), respondents=(RESPONDENT,),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK,
                     public_since=date(2023, 12, 1))
    # Fri Dec 1 2023 + 2 years = Mon Dec 1 2025; received Jan 6 2026: after the period
    d = deadlines(case, "2026-01-06T10:00:00-08:00")[K.LIMITATIONS]
    assert d.due == at("2025-12-01T23:59:59-08:00")
    assert d.status is Status.MISSED
    assert Case.replay(case.number, case.history).public_since == date(2023, 12, 1)


# -- small refusals of malformed steps ---------------------------------------------------------

def test_malformed_steps_are_refused() -> None:
    case = new_case()
    refused(case, c.RecordRegisteredMail("  "), "2026-01-07T09:00:00-08:00",
            "tracking number")
    refused(case, c.ScheduleBoardMeeting(datetime(2026, 1, 20, 18, 0), "City Hall"),
            "2026-01-07T09:00:00-08:00", "with its time zone")
    refused(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), " "),
            "2026-01-07T09:00:00-08:00", "where the hearing will be held")


# -- the history replays --------------------------------------------------------------------

def _full_history_case() -> Case:
    case = new_case()
    do(case, c.ApplyForContinuance("witness"), "2026-01-08T09:00:00-08:00")
    do(case, c.DecideContinuance(granted_days=2), "2026-01-09T20:00:00-08:00")
    do(case, c.CorrectReceipt(at("2026-01-05T15:00:00-08:00"), "forwarded"),
       "2026-01-09T21:00:00-08:00")
    do(case, c.AmendComplaint((SECTION_OTHER,)), "2026-01-10T09:00:00-08:00")
    through_hearing(case)
    do(case, c.RequestReportExtension(Requester.RESPONDENT, 2, via="email",
                                      evidence="letter on file"), "2026-01-28T09:00:00-08:00")
    do(case, c.DecideReportExtension(approved=True), "2026-01-28T10:00:00-08:00")
    report_issued(case, "2026-02-02T10:00:00-08:00", sufficient=True)
    do(case, c.RequestBoardHearing(via="email", evidence="letter on file"),
       "2026-02-02T11:00:00-08:00")
    do(case, c.DeliverReport(), "2026-02-03T10:00:00-08:00")
    do(case, c.Refer(None), "2026-02-04T09:00:00-08:00")
    do(case, c.RecordRespondentHeard(), "2026-02-23T08:30:00-08:00")  # §9, at the §11 hearing
    do(case, c.RecordDetermination(violation=True, sections=(SECTION_OTHER,)),
       "2026-02-23T09:00:00-08:00")
    do(case, c.RequestCouncilExtension(days=2, via="email", evidence="letter on file"),
       "2026-02-24T08:00:00-08:00")
    do(case, c.ExtendCouncilDecision(days=2), "2026-02-24T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.NO))
    decide(case, (c.Penalty(SECTION_OTHER, "censure"),), mayor_vote=Vote.YES)
    return case


@pytest.mark.parametrize("upto", [1, 3, 6, 12, 20, 25, None])
def test_history_replays_to_the_same_case(upto: int | None) -> None:
    full = _full_history_case()
    history = full.history[:upto]
    case = Case.replay(full.number, history)
    again = Case.replay(case.number, case.history)
    assert again == case
    if upto is None:
        assert again == full
        assert stage(again) is Stage.COUNCIL_DECIDED
    now = at("2026-02-25T09:00:00-08:00")
    assert ([d.as_json() for d in again.deadlines(CALENDAR, now=now)]
            == [d.as_json() for d in case.deadlines(CALENDAR, now=now)])


def test_replay_from_storage_times_in_utc_gives_the_same_deadlines() -> None:
    # storage returns every time in UTC; the deadlines and their arithmetic must not change
    full = _full_history_case()
    stored = [Event(e.kind, e.at.astimezone(UTC), e.actor, e.data) for e in full.history]
    case = Case.replay(full.number, stored)
    now = at("2026-02-25T09:00:00-08:00")
    assert ([d.as_json() for d in case.deadlines(CALENDAR, now=now)]
            == [d.as_json() for d in full.deadlines(CALENDAR, now=now)])
    assert case.stage is full.stage and case.alleged_sections == full.alleged_sections


def test_replay_must_start_with_the_complaint() -> None:
    full = _full_history_case()
    with pytest.raises(ValueError, match="must start with the complaint"):
        Case.replay(full.number, full.history[1:])


# -- steps recorded after the day they happened ----------------------------------------------

def test_a_step_recorded_later_is_judged_by_the_day_it_happened() -> None:
    # `on` is the local day the step happened (cases/commands.py); the clerk records it later.
    case = new_case()
    serve_notices(case)
    # registered mail sent Thu Jan 8 (due Fri Jan 9), recorded Mon Jan 12: met
    do(case, c.RecordRegisteredMail("RR1", on=date(2026, 1, 8)), "2026-01-12T09:00:00-08:00")
    d = deadlines(case, "2026-01-12T10:00:00-08:00")[K.REGISTERED_MAIL]
    assert d.status is Status.MET, d.basis
    assert "; done Thu Jan 8, 2026" in d.basis
    do(case, c.ScheduleBoardMeeting(at("2026-01-26T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    # begun Mon Jan 26 (its last day), recorded Tue Jan 27: met
    do(case, c.BeginHearing(on=date(2026, 1, 26)), "2026-01-27T09:00:00-08:00")
    do(case, c.RecordRespondentHeard(on=date(2026, 1, 26)), "2026-01-27T09:00:00-08:00")
    assert status(case, K.HEARING_BEGIN, "2026-01-27T10:00:00-08:00") is Status.MET
    # concluded Fri Jan 30 (its last day), recorded Mon Feb 2: met; the report runs from
    # Jan 30: + 10 = Mon Feb 9
    do(case, c.ConcludeHearing(on=date(2026, 1, 30)), "2026-02-02T09:00:00-08:00")
    assert status(case, K.HEARING_CONCLUDE, "2026-02-02T10:00:00-08:00") is Status.MET
    assert due(case, K.REPORT_DELIVERY) == "2026-02-09T23:59:59-08:00"
    report_issued(case, "2026-02-05T09:00:00-08:00", sufficient=True)
    # delivered Tue Feb 10, recorded Wed Feb 11: late (due Mon Feb 9)
    do(case, c.DeliverReport(on=date(2026, 2, 10), how="by mail",
                             evidence="the certified-mail receipts"), "2026-02-11T09:00:00-08:00")
    d = deadlines(case, "2026-02-11T10:00:00-08:00")[K.REPORT_DELIVERY]
    assert d.status is Status.LATE
    assert "; done Tue Feb 10, 2026" in d.basis
    do(case, c.Refer("myu@examiners.example"), "2026-02-11T09:00:00-08:00")
    do(case, c.RecordDetermination(violation=True, sections=(SECTION_A,)),
       "2026-02-23T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), meeting="2026-03-02T19:00:00-08:00")
    # decided Mon Mar 2 (due that day) at that meeting, recorded Tue Mar 3: met
    do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, on=date(2026, 3, 2)),
       "2026-03-03T09:00:00-08:00")
    assert status(case, K.COUNCIL_DECISION, "2026-03-03T10:00:00-08:00") is Status.MET


@pytest.mark.parametrize(("cmd", "said"), [
    # recorded Wed Jan 7 2026: a day still to come
    (c.RecordRegisteredMail("RR1", on=date(2026, 1, 9)), "Fri Jan 9, 2026"),
    (c.ApplyForContinuance("reason", on=date(2026, 1, 9)), "has not come yet"),
    # the complaint was received Tue Jan 6 2026
    (c.ApplyForContinuance("reason", on=date(2026, 1, 5)), "before the complaint was received"),
    (c.RecordRegisteredMail("RR1", on=date(2025, 12, 30)), "Tue Jan 6, 2026"),
], ids=["mailed-tomorrow", "applied-tomorrow", "applied-before-receipt", "mailed-before-receipt"])
def test_a_step_cannot_be_dated_after_today_or_before_the_complaint_was_received(
        cmd: Command, said: str) -> None:
    refused(new_case(), cmd, "2026-01-07T09:00:00-08:00", said)


def test_a_continuance_applied_in_time_but_recorded_later_tolls() -> None:
    # conclusion due Fri Jan 30. The board applied Thu Jan 29; the clerk records it Mon Feb 2.
    case = new_case()
    do(case, c.ApplyForContinuance("witness abroad", on=date(2026, 1, 29)),
       "2026-02-02T09:00:00-08:00", CHAIR)
    assert status(case, K.HEARING_CONCLUDE, "2026-02-02T10:00:00-08:00") is Status.TOLLED
    # decided Mon Feb 2 (4 days paused), 3 granted: Fri Jan 30 + 7 = Fri Feb 6
    do(case, c.DecideContinuance(granted_days=3), "2026-02-02T20:00:00-08:00", "council")
    assert due(case, K.HEARING_CONCLUDE) == "2026-02-06T23:59:59-08:00"
    # applied Sat Jan 31, after the period ended: refused, however it is recorded
    late = new_case("2026-009")
    refused(late, c.ApplyForContinuance("late", on=date(2026, 1, 31)),
            "2026-02-02T09:00:00-08:00", "Too late to toll 2026-009")


def test_continuance_applications_cannot_overlap() -> None:
    # §7 tolls while an application is before the council: a second application dated inside
    # the first one's pause would count the same paused days twice.
    case = new_case()
    do(case, c.ApplyForContinuance("first", on=date(2026, 1, 12)), "2026-01-12T09:00:00-08:00")
    do(case, c.DecideContinuance(granted_days=0), "2026-01-20T20:00:00-08:00")  # 8 paused
    refused(case, c.ApplyForContinuance("second", on=date(2026, 1, 15)),
            "2026-01-21T09:00:00-08:00", "Tue Jan 20, 2026")
    do(case, c.ApplyForContinuance("second", on=date(2026, 1, 20)), "2026-01-21T09:00:00-08:00")
    assert case.pending_continuance is not None


@pytest.mark.parametrize("reading", list(AmendedSection))
def test_a_section_added_after_the_report_is_not_yet_found_sufficient_by_default(
        reading: AmendedSection) -> None:
    """§5, §7 and the reading `amended_section`: by default nothing rests on a section the
    board never found sufficient; the other reading lets it join the complaint."""
    readings = Readings(amended_section=reading)
    case = new_case()
    referred(case)  # reported sufficient, delivered, referred to the examiner
    # the examiner decides now (§5, §11): their written authorisation, taken down with what
    # shows it, never on the board member's word (issue 38, C)
    with pytest.raises(ProcedureError, match=r"Say what shows that myu@examiners\.example"):
        handle(case, c.AmendComplaint((SECTION_OTHER,), "adds the gift rule", via="email"),
               at=at("2026-02-05T09:00:00-08:00"), actor=CHAIR, calendar=CALENDAR,
               readings=readings)
    event = handle(case, c.AmendComplaint((SECTION_OTHER,), "adds the gift rule", via="email",
                                          evidence="the examiner's email of Feb 5, filed"),
                   at=at("2026-02-05T09:00:00-08:00"), actor=CHAIR, calendar=CALENDAR,
                   readings=readings)
    examiner = case.referred_to
    assert event.data["authorized_by"] == examiner and "motion" not in event.data
    assert event.data["evidence"] == "the examiner's email of Feb 5, filed"
    assert event.data["reading"] == describe(reading)
    assert case.amended_after_report == [SECTION_OTHER]
    determination = c.RecordDetermination(True, (SECTION_OTHER,))
    if reading is AmendedSection.NOT_YET_SUFFICIENT:
        with pytest.raises(ProcedureError, match="not yet found sufficient"):
            handle(case, determination, at=at("2026-02-23T09:00:00-08:00"), actor=CLERK,
                   calendar=CALENDAR, readings=readings)
        determination = c.RecordDetermination(True, (SECTION_A,))
    handle(case, determination, at=at("2026-02-23T09:00:00-08:00"), actor=CLERK,
           calendar=CALENDAR, readings=readings)
    assert case.violation_found


def test_the_board_finds_a_section_added_after_its_report_by_motion() -> None:
    """§5, §7: a section added after the report goes back to the board, which finds it
    sufficient by motion at its meeting; then a determination may rest on it. Found
    insufficient, nothing ever rests on it (§8)."""
    case = new_case()
    referred(case)
    do(case, c.AmendComplaint((SECTION_OTHER, "2.94.060"), "adds the gift rule", via="email",
                              evidence="the examiner's email of Feb 5"),
       "2026-02-05T09:00:00-08:00", CHAIR)
    refused(case, c.RecordDetermination(True, (SECTION_OTHER,)), "2026-02-06T09:00:00-08:00",
            "until the board finds it sufficient by motion at its meeting")
    refused(case, c.FindAmendmentSufficient((SECTION_A,), True), "2026-02-10T19:00:00-08:00",
            f"awaiting: {SECTION_OTHER}, 2.94.060")
    do(case, c.FindAmendmentSufficient((SECTION_OTHER,), True), "2026-02-10T19:00:00-08:00",
       CHAIR)
    do(case, c.FindAmendmentSufficient(("2.94.060",), False), "2026-02-10T19:05:00-08:00",
       CHAIR)
    assert case.amendments_found == {SECTION_OTHER: True, "2.94.060": False}
    refused(case, c.RecordDetermination(True, ("2.94.060",)), "2026-02-23T09:00:00-08:00",
            "insufficient (§5, §8)")
    do(case, c.RecordDetermination(True, (SECTION_OTHER,)), "2026-02-23T09:00:00-08:00")
    assert case.findings[RESPONDENT].sections == (SECTION_OTHER,)
