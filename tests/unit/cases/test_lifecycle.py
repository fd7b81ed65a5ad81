"""The lifecycle as a city attorney reads it (issue 10): statuses judged now, steps in
order, every respondent heard, no revived deadlines, voiding a case opened by mistake.

Riverton's calendar (America/Los_Angeles). The complaint is received Tue Jan 6 2026 09:30
PST: hearing begins by Mon Jan 26, concludes by Fri Jan 30 (see test_calendars).
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from cases import commands as c
from cases.case import Case, Requester, Stage
from cases.deadlines import DeadlineKey, Status, status_at
from cases.errors import ProcedureError
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.notices import NoticeType, notices_owed
from cases.procedure import handle, open_case
from cases.readings import BoardHearing, Readings, RemoteNotice, describe
from cases.rotation import referral
from cases.section2 import NoticeMethod, Section2Act
from cases.tally import Vote
from tests.unit.cases.riverton import (
    CALENDAR,
    COUNCIL_EMAILS,
    DIRECTORY,
    SECTION_A,
    at,
    filing,
)
from tests.unit.cases.sessions import BOARD_EMAILS, convene
from tests.unit.cases.test_procedure import (
    CHAIR,
    CLERK,
    MAYOR,
    RESPONDENT,
    deadlines,
    determine,
    do,
    due,
    new_case,
    of,
    refused,
    report_issued,
    reported,
    serve_notices,
    stage,
    status,
    through_hearing,
    votes,
)

K = DeadlineKey
SECOND = "lbates@city.test"  # Lorna Bates, Deputy Fire Chief


def two_respondents() -> Case:
    return open_case(number="2026-020", filing=filing(respondents=("Gary Pruitt", "Lorna Bates")),
                     respondents=(RESPONDENT, SECOND), at=at("2026-01-06T09:45:00-08:00"),
                     actor=CLERK)


def begun(case: Case, on: date | None = None) -> None:
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.BeginHearing(on=on), "2026-01-21T09:00:00-08:00", CHAIR)


# -- statuses are judged now, not when saved ---------------------------------------------------

def test_a_deadline_saved_open_is_missed_once_its_due_time_has_passed() -> None:
    case = new_case()
    saved = deadlines(case, "2026-01-06T10:00:00-08:00")  # as stored on receipt
    begin = saved[K.HEARING_BEGIN]
    assert begin.status is Status.OPEN
    # one second after Mon Jan 26 23:59:59 PST
    later = at("2026-01-27T00:00:00-08:00")
    assert status_at(begin.key, begin.status, begin.due, later) is Status.MISSED
    assert status_at(begin.key, begin.status, begin.due,
                     at("2026-01-26T23:59:59-08:00")) is Status.OPEN
    # what is done, tolled or about the complaint's timeliness does not change with time
    for s in (Status.MET, Status.LATE, Status.TOLLED):
        assert status_at(begin.key, s, begin.due, later) is s
    assert status_at(K.LIMITATIONS, Status.MISSED, begin.due,
                     at("2025-01-01T00:00:00-08:00")) is Status.MISSED
    # and the strings a reader has from storage work the same
    assert status_at("hearing_begin", "open", begin.due, later) is Status.MISSED


# -- steps in order -------------------------------------------------------------------------

def test_a_hearing_cannot_conclude_before_it_began() -> None:
    case = new_case()
    begun(case, on=date(2026, 1, 20))
    msg = refused(case, c.ConcludeHearing(on=date(2026, 1, 19)), "2026-01-21T10:00:00-08:00",
                  "Mon Jan 19, 2026")
    assert "before it began" in msg and "Tue Jan 20, 2026" in msg


def test_the_respondent_is_heard_between_begin_and_conclusion() -> None:
    case = new_case()
    begun(case, on=date(2026, 1, 20))
    msg = refused(case, c.RecordRespondentHeard(on=date(2026, 1, 19)),
                  "2026-01-21T10:00:00-08:00", "Mon Jan 19, 2026")
    assert "Tue Jan 20, 2026" in msg
    do(case, c.RecordRespondentHeard(on=date(2026, 1, 20)), "2026-01-21T10:00:00-08:00")
    # heard Jan 20: the hearing cannot be recorded as concluded the day before ...
    refused(case, c.ConcludeHearing(on=date(2026, 1, 19)), "2026-01-21T10:00:00-08:00",
            "Mon Jan 19, 2026")
    do(case, c.ConcludeHearing(on=date(2026, 1, 20)), "2026-01-21T10:00:00-08:00")
    assert stage(case) is Stage.HEARING_CONCLUDED


def test_report_referral_determination_and_decision_each_after_the_one_before() -> None:
    case = new_case()
    through_hearing(case, concluded="2026-01-27T20:00:00-08:00")  # concluded Tue Jan 27
    determine(case, "2026-02-02T10:00:00-08:00", sufficient=True)
    msg = refused(case, c.IssueReport(sufficient=True, on=date(2026, 1, 26)),
                  "2026-02-02T10:00:00-08:00", "Mon Jan 26, 2026")
    assert "Tue Jan 27, 2026" in msg
    do(case, c.IssueReport(sufficient=True, on=date(2026, 1, 29)), "2026-02-02T10:00:00-08:00")
    by_hand = {"how": "by hand", "evidence": "receipts signed by the council clerk"}
    refused(case, c.DeliverReport(on=date(2026, 1, 28), **by_hand), "2026-02-02T10:00:00-08:00",
            "Thu Jan 29, 2026")
    # issue 38, C: an earlier day is not the email recording it sends; how, and what shows it
    refused(case, c.DeliverReport(on=date(2026, 1, 30)), "2026-02-02T10:00:00-08:00",
            "Say how it was delivered")
    event = do(case, c.DeliverReport(on=date(2026, 1, 30), **by_hand),
               "2026-02-02T10:00:00-08:00")
    assert event.data["how"] == "by hand" and "receipts" in event.data["evidence"]
    msg = refused(case, c.Refer("myu@examiners.example", on=date(2026, 1, 29)),
                  "2026-02-02T10:00:00-08:00", "Thu Jan 29, 2026")
    assert "Fri Jan 30, 2026" in msg
    do(case, c.Refer("myu@examiners.example", on=date(2026, 2, 2)), "2026-02-02T10:00:00-08:00")
    assert case.history[-1].data["on"] == "2026-02-02"
    msg = refused(case, c.RecordDetermination(violation=True, on=date(2026, 2, 1)),
                  "2026-02-23T09:00:00-08:00", "Sun Feb 1, 2026")
    assert "Mon Feb 2, 2026" in msg
    do(case, c.RecordDetermination(violation=True, on=date(2026, 2, 20)),
       "2026-02-23T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), meeting="2026-02-23T10:00:00-08:00")
    msg = refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS,
                                                "mayor@city.test", on=date(2026, 2, 19)),
                  "2026-02-23T11:00:00-08:00", "Thu Feb 19, 2026")
    assert "A body acts only at its meeting" in msg  # nor before the determination


def test_a_correction_of_an_earlier_date_is_its_own_step_and_recomputes() -> None:
    # the chair typed the conclusion as Tue Jan 27; it was Tue Jan 20, at the session the
    # hearing began. The report's 10 days then run from Jan 20: + 10 = Fri Jan 30 (not Fri
    # Feb 6). Fri Jan 23, a day the board did not meet, is refused (issue 38, B).
    case = new_case()
    through_hearing(case, concluded="2026-01-27T20:00:00-08:00")
    assert due(case, K.REPORT_DELIVERY) == "2026-02-06T23:59:59-08:00"
    history = list(case.history)
    refused(case, c.CorrectStepDate(EventKind.HEARING_CONCLUDED, date(2026, 1, 23), " "),
            "2026-01-28T09:00:00-08:00", "Say why")
    # the hearing began Tue Jan 20: a conclusion on Mon Jan 19 is refused, naming both days
    msg = refused(case, c.CorrectStepDate(EventKind.HEARING_CONCLUDED, date(2026, 1, 19),
                                          "typo"), "2026-01-28T09:00:00-08:00",
                  "Mon Jan 19, 2026")
    assert "Tue Jan 20, 2026" in msg
    refused(case, c.CorrectStepDate(EventKind.HEARING_CONCLUDED, date(2026, 1, 23), "typo"),
            "2026-01-28T09:00:00-08:00", "the board held no noticed session of the hearing")
    event = do(case, c.CorrectStepDate(EventKind.HEARING_CONCLUDED, date(2026, 1, 20),
                                       "typed the wrong day"), "2026-01-28T09:00:00-08:00")
    assert event.kind is EventKind.STEP_DATE_CORRECTED
    assert (event.data["old"], event.data["new"]) == ("2026-01-27", "2026-01-20")
    assert case.history[:len(history)] == history  # the mistaken entry is kept as it was
    assert case.hearing_concluded_on == date(2026, 1, 20)
    assert due(case, K.REPORT_DELIVERY) == "2026-01-30T23:59:59-08:00"
    assert Case.replay(case.number, case.history) == case
    # a step that was never recorded, or has no date, cannot be corrected
    refused(case, c.CorrectStepDate(EventKind.REPORT_DELIVERED, date(2026, 1, 28), "typo"),
            "2026-01-28T09:00:00-08:00", "no report delivered")
    refused(case, c.CorrectStepDate(EventKind.NOTICE_SERVED, date(2026, 1, 7), "typo"),
            "2026-01-28T09:00:00-08:00", "no date")


def test_a_late_beginning_is_not_moved_by_a_correction_onto_a_day_the_board_did_not_meet(
        ) -> None:
    """Issue 38, B: the hearing began at its Jan 28 session, after §7's 20 days (Mon Jan
    26): late. A correction to Thu Jan 22, when the board held no session, would make it
    read met; it is refused. The board did meet on Tue Jan 27 (a session recorded on
    time): the hearing had begun there, the correction to it is accepted, and still late."""
    case = new_case()
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-27T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    do(case, c.ScheduleBoardMeeting(at("2026-01-28T18:00:00-08:00"), "City Hall",
                                    further=True), "2026-01-13T09:00:00-08:00")
    do(case, c.BeginHearing(), "2026-01-28T18:05:00-08:00", CHAIR)
    assert status(case, K.HEARING_BEGIN, "2026-01-28T19:00:00-08:00") is Status.LATE
    refused(case, c.CorrectStepDate(EventKind.HEARING_BEGUN, date(2026, 1, 22), "typo"),
            "2026-01-29T09:00:00-08:00", "the board held no noticed session of the hearing")
    assert status(case, K.HEARING_BEGIN, "2026-01-29T09:00:00-08:00") is Status.LATE
    do(case, c.CorrectStepDate(EventKind.HEARING_BEGUN, date(2026, 1, 27), "typed the day "
                               "after"), "2026-01-29T09:00:00-08:00")
    assert case.hearing_begun_on == date(2026, 1, 27)
    assert status(case, K.HEARING_BEGIN, "2026-01-29T09:00:00-08:00") is Status.LATE


def test_a_correction_is_checked_against_the_steps_after_it_too() -> None:
    case = new_case()
    through_hearing(case, concluded="2026-01-27T20:00:00-08:00")  # begun Tue Jan 20
    msg = refused(case, c.CorrectStepDate(EventKind.HEARING_BEGUN, date(2026, 1, 28), "typo"),
                  "2026-01-29T09:00:00-08:00", "Wed Jan 28, 2026")
    assert "Tue Jan 27, 2026" in msg  # it would begin after it concluded
    # moving the receipt after a recorded step is refused the same way
    msg = refused(case, c.CorrectReceipt(at("2026-01-21T09:00:00-08:00"), "forward date"),
                  "2026-01-29T09:00:00-08:00", "Wed Jan 21, 2026")
    assert "the registered-mail copy was sent on Thu Jan 8, 2026" in msg


# -- §9 for every respondent ----------------------------------------------------------------

def test_each_respondent_must_have_had_the_opportunity_to_be_heard() -> None:
    case = two_respondents()
    begun(case)
    msg = refused(case, c.RecordRespondentHeard(), "2026-01-21T10:00:00-08:00",
                  "which official")
    assert RESPONDENT in msg and SECOND in msg
    refused(case, c.RecordRespondentHeard(respondent="praman@city.test"),
            "2026-01-21T10:00:00-08:00", "not complained against")
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-01-21T10:00:00-08:00")
    do(case, c.ConcludeHearing(), "2026-01-21T12:00:00-08:00")
    msg = refused(case, c.IssueReport(sufficient=False), "2026-01-22T10:00:00-08:00",
                  SECOND)
    assert "(§9)" in msg and RESPONDENT not in msg.split("until")[-1]


def test_a_hearing_recorded_after_the_conclusion_is_dated_within_the_hearing() -> None:
    case = two_respondents()
    begun(case, on=date(2026, 1, 20))
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-01-21T10:00:00-08:00")
    do(case, c.ConcludeHearing(on=date(2026, 1, 21)), "2026-01-21T12:00:00-08:00")
    # the chair forgot the second official: recorded afterwards, on a day of the hearing
    msg = refused(case, c.RecordRespondentHeard(respondent=SECOND),
                  "2026-01-23T10:00:00-08:00", "Fri Jan 23, 2026")
    assert "Wed Jan 21, 2026" in msg
    do(case, c.RecordRespondentHeard(respondent=SECOND, on=date(2026, 1, 21)),
       "2026-01-23T10:00:00-08:00")
    report_issued(case, "2026-01-23T11:00:00-08:00", sufficient=False)
    assert stage(case) is Stage.REPORTED


def test_with_two_respondents_both_heard_the_report_may_issue() -> None:
    case = two_respondents()
    begun(case)
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-01-21T10:00:00-08:00")
    do(case, c.RecordRespondentHeard(presented=False, respondent=SECOND.upper()),
       "2026-01-21T10:30:00-08:00")
    assert case.heard == {RESPONDENT: True, SECOND: False}
    do(case, c.ConcludeHearing(), "2026-01-21T12:00:00-08:00")
    report_issued(case, "2026-01-22T10:00:00-08:00", sufficient=False)
    assert stage(case) is Stage.REPORTED


# -- no revived deadlines ---------------------------------------------------------------------

def test_a_report_extension_asked_after_the_report_was_due_is_refused() -> None:
    # concluded Tue Jan 27: report due Fri Feb 6. Asked Sat Feb 7: too late, stays missed.
    case = new_case()
    through_hearing(case)
    msg = refused(case, c.RequestReportExtension(Requester.RESPONDENT, 5, via="email",
                                                 evidence="letter on file"),
                  "2026-02-07T09:00:00-08:00", "Fri Feb 6, 2026")
    assert "(§10)" in msg and "cannot revive" in msg
    assert status(case, K.REPORT_DELIVERY, "2026-02-07T09:00:00-08:00") is Status.MISSED
    # the report delivered afterwards is recorded, as late
    report_issued(case, "2026-02-09T09:00:00-08:00", sufficient=False)
    do(case, c.DeliverReport(), "2026-02-09T10:00:00-08:00")
    assert status(case, K.REPORT_DELIVERY, "2026-02-09T11:00:00-08:00") is Status.LATE


def test_a_report_extension_approved_after_the_report_was_due_is_refused() -> None:
    case = new_case()
    through_hearing(case)
    do(case, c.RequestReportExtension(Requester.BOARD, 5, on=date(2026, 2, 5)),
       "2026-02-05T09:00:00-08:00")
    msg = refused(case, c.DecideReportExtension(approved=True),
                  "2026-02-07T09:00:00-08:00", "Fri Feb 6, 2026")
    assert "(§10)" in msg
    # a denial revives nothing: it may be recorded late
    do(case, c.DecideReportExtension(approved=False),
       "2026-02-07T09:00:00-08:00")
    assert status(case, K.REPORT_DELIVERY, "2026-02-07T10:00:00-08:00") is Status.MISSED
    # approved in time (Thu Feb 5, recorded later): it counts. + 5 = Wed Feb 11
    late_recorded = new_case("2026-021")
    through_hearing(late_recorded)
    do(late_recorded, c.RequestReportExtension(Requester.BOARD, 5, on=date(2026, 2, 5)),
       "2026-02-05T09:00:00-08:00")
    do(late_recorded, c.DecideReportExtension(True, on=date(2026, 2, 6)),
       "2026-02-09T09:00:00-08:00")
    assert due(late_recorded, K.REPORT_DELIVERY) == "2026-02-11T23:59:59-08:00"


def test_a_council_extension_granted_after_the_decision_was_due_is_refused() -> None:
    case = new_case()
    reported(case, sufficient=True)
    do(case, c.Refer("myu@examiners.example"), "2026-02-04T09:00:00-08:00")
    # received Mon Feb 23: + 7 = Mon Mar 2
    do(case, c.RecordDetermination(violation=True), "2026-02-23T09:00:00-08:00")
    do(case, c.RequestCouncilExtension(days=5, via="email", evidence="letter on file"),
       "2026-02-27T09:00:00-08:00")  # asked in time
    msg = refused(case, c.ExtendCouncilDecision(days=5), "2026-03-03T09:00:00-08:00",
                  "Mon Mar 2, 2026")
    assert "(§12)" in msg
    assert status(case, K.COUNCIL_DECISION, "2026-03-03T09:00:00-08:00") is Status.MISSED
    do(case, c.ExtendCouncilDecision(days=5, on=date(2026, 3, 2)), "2026-03-03T09:00:00-08:00")
    assert due(case, K.COUNCIL_DECISION) == "2026-03-09T23:59:59-07:00"


# -- a case opened by mistake ---------------------------------------------------------------

def test_a_case_opened_by_mistake_is_voided_never_deleted() -> None:
    case = new_case()
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at("2026-01-20T18:00:00-08:00"), "City Hall"),
       "2026-01-12T09:00:00-08:00")
    # a week after receipt, past the clerk's 24 hours (`clerk_void`): the board voids it,
    # by motion at its meeting
    motion = convene(case, Body.BOARD, "2026-01-13T09:00:00-08:00", also=(Action.VOID,))
    history = list(case.history)
    refused(case, c.VoidCase(" ", MAYOR, motion=motion), "2026-01-13T09:00:00-08:00",
            "Say why")
    event = do(case, c.VoidCase("a duplicate of ETH-2026-0003", MAYOR,
                                duplicate_of="ETH-2026-0003", motion=motion),
               "2026-01-13T09:00:00-08:00", CHAIR)
    assert stage(case) is Stage.VOID and case.void_reason == "a duplicate of ETH-2026-0003"
    assert case.history[:len(history)] == history and case.history[-1] is event
    assert case.confidential  # never reviewed, never released
    # no deadline runs any more, so nothing is reminded; what was met or missed by the day
    # it was voided stays in its record as it stood
    kept = case.deadlines(CALENDAR, now=at("2026-02-01T00:00:00-08:00"))
    assert {d.key: d.status for d in kept} == {K.NOTICE_24H: Status.MET,
                                               K.REGISTERED_MAIL: Status.MISSED}
    # every invite sent is cancelled
    owed = {(n.type, n.recipient.email) for n in notices_owed(case, event, DIRECTORY)}
    assert (NoticeType.INVITE_MEETING, "hpark@city.test") in owed
    assert case.meetings.all[0].cancelled  # the hearing does not take place
    assert (NoticeType.INVITE_SUFFICIENCY_WINDOW, "praman@city.test") in owed
    # and nothing more can be done to it
    refused(case, c.BeginHearing(), "2026-01-20T18:00:00-08:00", "stage 'void'")
    refused(case, c.VoidCase("again", MAYOR), "2026-01-20T18:00:00-08:00", "stage 'void'")
    assert Case.replay(case.number, case.history) == case


def test_a_closed_case_is_not_voided() -> None:
    case = new_case()
    reported(case, sufficient=False)
    do(case, c.CloseCase("insufficient"), "2026-02-04T09:00:00-08:00")
    refused(case, c.VoidCase("spam", MAYOR), "2026-02-05T09:00:00-08:00", "stage 'closed'")




def test_a_correction_names_the_entry_it_corrects_not_always_the_latest() -> None:
    case = new_case()
    do(case, c.RecordRegisteredMail("RR1", date(2026, 1, 7)), "2026-01-08T09:00:00-08:00")
    do(case, c.RecordRegisteredMail("RR2", date(2026, 1, 8)), "2026-01-08T09:05:00-08:00")
    first = len(case.history) - 1  # entry #first: the earlier mailing
    typo = "the clerk meant the first mailing"
    msg = refused(case, c.CorrectStepDate(EventKind.REGISTERED_MAIL_SENT, date(2026, 1, 6),
                                          typo, entry=1), "2026-01-09T09:00:00-08:00",
                  "no entry #1 to correct")
    assert "#1 to #3" in msg
    refused(case, c.CorrectStepDate(EventKind.HEARING_BEGUN, date(2026, 1, 6), typo,
                                    entry=first), "2026-01-09T09:00:00-08:00",
            "is a registered mail sent, not a hearing begun")
    event = do(case, c.CorrectStepDate(EventKind.REGISTERED_MAIL_SENT, date(2026, 1, 6), typo,
                                       entry=first), "2026-01-09T09:00:00-08:00")
    assert event.data["target"] == first - 1 and event.data["old"] == "2026-01-07"
    assert case.as_corrected(first - 1).data["on"] == "2026-01-06"
    assert case.as_corrected(first).data["on"] == "2026-01-08"  # the later one stands


def test_each_official_is_informed_and_mailed_their_own_copy_within_the_time() -> None:
    case = two_respondents()
    when = "2026-01-06T14:00:00-08:00"
    refused(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED), when,
            "Say which official was informed")
    refused(case, c.RecordRegisteredMail("RR1"), when, "Say which official was sent the copy")
    refused(case, c.RecordRegisteredMail("RR1", respondent="nobody@city.test"), when,
            "is not complained against")
    for kind in (Section2Act.COUNCIL_INFORMED, Section2Act.SUBMITTED_TO_BOARD):
        do(case, c.RecordNoticeServed(kind), when)
    do(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, RESPONDENT), when)
    do(case, c.RecordRegisteredMail("RR1", respondent=RESPONDENT), when)
    # one official informed and mailed is not both: the deadlines stay open for the other
    assert status(case, K.NOTICE_24H, when) is Status.OPEN
    assert status(case, K.REGISTERED_MAIL, when) is Status.OPEN
    # Bates was told by phone at 8 AM on Jan 7, typed in at noon: on time, as given
    do(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, SECOND,
                                  NoticeMethod.PHONE, at("2026-01-07T08:00:00-08:00"),
                                  to="Lorna Bates, on her office line"),
       "2026-01-07T12:00:00-08:00")
    assert status(case, K.NOTICE_24H, "2026-01-08T12:00:00-08:00") is Status.MET
    assert case.history[-1].data["how"] == "phone"
    refused(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, SECOND,
                                       given_at=at("2026-01-07T13:00:00-08:00")),
            "2026-01-07T12:30:00-08:00", "after now")
    do(case, c.RecordRegisteredMail("RR2", respondent=SECOND), "2026-01-09T10:00:00-08:00")
    assert status(case, K.REGISTERED_MAIL, "2026-01-09T12:00:00-08:00") is Status.MET
    assert case.mailed.keys() == {RESPONDENT, SECOND}


def test_by_the_strict_reading_voicemail_informs_the_official_only_with_why_it_was_impracticable(
) -> None:
    """§2 accepts "voicemail, email or similar notification ... if actual notice is not
    immediately practicable": under `remote_notice=if_impracticable` the clerk says why;
    a call that reached the official needs no reason; by default the entry names the
    reading that let a voicemail count."""
    strict = Readings(remote_notice=RemoteNotice.IF_IMPRACTICABLE)
    when = "2026-01-06T14:00:00-08:00"

    def informed(case: Case, readings: Readings, **how: object) -> Event:
        return handle(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, RESPONDENT,
                                                 **how),  # type: ignore[arg-type]
                      at=at(when), actor=CLERK, calendar=CALENDAR, readings=readings)

    case = two_respondents()
    for how in ({"how": NoticeMethod.VOICEMAIL}, {"how": NoticeMethod.EMAIL}, {}):
        with pytest.raises(ProcedureError, match="why actual notice was not immediately "
                                                 "practicable") as err:
            informed(case, strict, **how)
        assert describe(RemoteNotice.IF_IMPRACTICABLE) in str(err.value)
    assert RESPONDENT not in case.informed
    event = informed(case, strict, how=NoticeMethod.VOICEMAIL,
                     impracticable="  he is abroad,\n his phone is off ")
    assert event.data["impracticable"] == "he is abroad, his phone is off"
    assert event.data["reading"] == "if_impracticable"
    assert RESPONDENT in case.informed
    # a call that reached the second official: actual notice, no reason, no reading
    event = handle(case, c.RecordNoticeServed(Section2Act.RESPONDENT_INFORMED, SECOND,
                                              NoticeMethod.PHONE),
                   at=at(when), actor=CLERK, calendar=CALENDAR, readings=strict)
    assert "reading" not in event.data and "impracticable" not in event.data
    # by default a voicemail informs the official as it is; the entry names the reading
    other = two_respondents()
    event = informed(other, Readings(), how=NoticeMethod.VOICEMAIL)
    assert event.data["reading"] == "accepted" and "impracticable" not in event.data


def test_the_return_receipt_is_kept_with_its_day_once_the_copy_was_mailed() -> None:
    """Issue 27: the registered copy's green card, signed on its day, is the proof the
    official received it (§2); refused before the copy is recorded and for a day before
    it was mailed, accepted then."""
    case = two_respondents()
    refused(case, c.RecordReturnReceipt(date(2026, 1, 9), RESPONDENT),
            "2026-01-09T10:00:00-08:00", "record it first (`registered-mail`)")
    do(case, c.RecordRegisteredMail("RR1", date(2026, 1, 7), respondent=RESPONDENT),
       "2026-01-07T11:00:00-08:00")
    refused(case, c.RecordReturnReceipt(date(2026, 1, 9)), "2026-01-09T10:00:00-08:00",
            "Say which official signed the return receipt")
    refused(case, c.RecordReturnReceipt(date(2026, 1, 6), RESPONDENT),
            "2026-01-09T10:00:00-08:00", "the copy was mailed Wed Jan 7, 2026")
    refused(case, c.RecordReturnReceipt(date(2026, 1, 10), RESPONDENT),
            "2026-01-09T10:00:00-08:00", "has not come yet")
    event = do(case, c.RecordReturnReceipt(date(2026, 1, 9), RESPONDENT),
               "2026-01-09T10:00:00-08:00")
    assert event.kind is EventKind.RETURN_RECEIPT_RECORDED
    assert event.data == {"on": "2026-01-09", "respondent": RESPONDENT}


def test_an_old_entry_naming_no_official_still_stands_for_all_of_them() -> None:
    """Histories stored before each official was named load as before."""
    case = two_respondents()
    old = Event(EventKind.NOTICE_SERVED, at("2026-01-06T11:00:00-08:00"), CLERK,
                {"notice": "respondent_informed"})
    mail = Event(EventKind.REGISTERED_MAIL_SENT, at("2026-01-07T11:00:00-08:00"), CLERK,
                 {"tracking_number": "RR1", "on": "2026-01-07"})
    replayed = Case.replay(case.number, [*case.history, old, mail])
    assert replayed.informed.keys() == {RESPONDENT, SECOND}
    assert replayed.registered_mail_on == date(2026, 1, 7)


def test_each_official_has_their_own_determination_and_only_one_found_is_penalised() -> None:
    """§12: a violation found as to Pruitt, none as to Bates; the council decides on
    Pruitt's, and no penalty reaches Bates."""
    case = two_respondents()
    begun(case, on=date(2026, 1, 20))
    for party in (RESPONDENT, SECOND):
        do(case, c.RecordRespondentHeard(respondent=party, on=date(2026, 1, 20)),
           "2026-01-20T19:30:00-08:00")
    do(case, c.ConcludeHearing(on=date(2026, 1, 20)), "2026-01-20T20:00:00-08:00")
    determine(case, "2026-01-20T20:05:00-08:00", sufficient=True)
    do(case, c.IssueReport(sufficient=True), "2026-01-22T10:00:00-08:00")
    do(case, c.DeliverReport(), "2026-01-23T10:00:00-08:00")
    do(case, c.Refer("myu@examiners.example"), "2026-01-26T10:00:00-08:00")
    when = "2026-02-23T09:00:00-08:00"
    refused(case, c.RecordDetermination(True, (SECTION_A,)), when,
            "Say which official the determination is about")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=RESPONDENT), when)
    assert case.violation_found and case.determination_received_on == date(2026, 2, 23)
    refused(case, c.RecordDetermination(False, respondent=RESPONDENT), when,
            "already recorded")
    refused(case, c.CloseCase("done"), when, f"as to {SECOND} is not yet recorded")
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-24T09:00:00-08:00")
    assert case.findings[SECOND].violation is False
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
          ("bokafor@city.test", Vote.YES))
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, (
        c.Penalty(SECTION_A, "censure", SECOND),)), "2026-02-26T21:00:00-08:00",
        f"imposes no penalty on {SECOND}")
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, respondent=SECOND),
            "2026-02-26T21:00:00-08:00", f"No violation by {SECOND} was found")
    event = do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, (
        c.Penalty(SECTION_A, "censure"),)), "2026-02-26T21:00:00-08:00")
    assert event.data["penalties"] == [{"section": SECTION_A, "action": "censure",
                                        "respondent": RESPONDENT}]
    assert event.data["respondent"] == RESPONDENT and case.stage is Stage.COUNCIL_DECIDED


def test_the_council_votes_and_decides_as_to_each_official_found_to_have_violated() -> None:
    """§12, §14: violations found against both; the council votes on each, decides as to
    each with their own tally and penalties; the case waits for both decisions."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    for party in (RESPONDENT, SECOND):
        do(case, c.RecordDetermination(True, (SECTION_A,), respondent=party),
           "2026-02-23T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
          ("bokafor@city.test", Vote.YES), on=RESPONDENT)
    votes(case, ("praman@city.test", Vote.NO), ("abrandt@city.test", Vote.YES),
          ("bokafor@city.test", Vote.NO), on=SECOND)
    when = "2026-02-26T21:00:00-08:00"
    refused(case, c.RecordCouncilVote("thale@city.test", Vote.YES, COUNCIL_EMAILS), when,
            "Say which official the council acts on")
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR), when,
            "Say which official the council acts on")
    event = do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, (
        c.Penalty(SECTION_A, "censure"),), respondent=RESPONDENT), when)
    assert event.data["carried"] and event.data["yes"] == 3
    assert case.stage is Stage.DETERMINED and case.council_decided_at is None
    refused(case, c.CloseCase("done"), when, "the council must decide")
    refused(case, c.RecordCouncilVote("thale@city.test", Vote.YES, COUNCIL_EMAILS,
                                      respondent=RESPONDENT), when, "has decided")
    refused(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, (
        c.Penalty(SECTION_A, "censure"),), respondent=SECOND), when,
        "No penalty can be imposed")
    event = do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, respondent=SECOND), when)
    assert not event.data["carried"] and event.data["respondent"] == SECOND
    assert case.stage is Stage.COUNCIL_DECIDED
    assert status(case, K.COUNCIL_DECISION, when) is Status.MET
    do(case, c.CloseCase("decided as to each official"), "2026-02-27T10:00:00-08:00")


def determined_four_days_apart() -> Case:
    """Violations found against Pruitt (received Mon Feb 23, due Mon Mar 2) and Bates
    (received Fri Feb 27, due Fri Mar 6), each by the examiner."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=RESPONDENT),
       "2026-02-23T09:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND),
       "2026-02-27T09:00:00-08:00")
    return case


def test_the_councils_seven_days_run_for_each_official_from_their_own_determination() -> None:
    """§12: "within seven days of the receipt of said determination". Pruitt's received
    Mon Feb 23 (due Mon Mar 2), Bates's Fri Feb 27 (due Fri Mar 6): deciding as to Bates
    on Mar 5 is on time, though past Pruitt's seven days."""
    majority = ("praman@city.test", "abrandt@city.test", "bokafor@city.test")
    case = determined_four_days_apart()
    votes(case, *((m, Vote.YES) for m in majority), on=RESPONDENT)
    do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, respondent=RESPONDENT),
       "2026-02-26T20:00:00-08:00")
    line = of(case, "2026-03-04T09:00:00-08:00", K.COUNCIL_DECISION, SECOND)
    assert line.status is Status.OPEN and f"determination as to {SECOND} received" in line.basis
    assert "Fri Mar 6, 2026" in line.basis
    # Pruitt's seven days, met on Feb 26, are a line of their own
    assert of(case, "2026-03-04T09:00:00-08:00", K.COUNCIL_DECISION,
              RESPONDENT).status is Status.MET
    votes(case, *((m, Vote.NO) for m in majority), on=SECOND,
          meeting="2026-03-05T19:00:00-08:00")
    do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, MAYOR, respondent=SECOND),
       "2026-03-05T20:00:00-08:00")
    assert {d.official: d.status for d in case.deadlines(CALENDAR, now=at(
        "2026-03-10T09:00:00-08:00")) if d.key is K.COUNCIL_DECISION} == {
        RESPONDENT: Status.MET, SECOND: Status.MET}


def test_a_request_for_more_time_is_judged_by_the_askers_own_seven_days() -> None:
    """§12, each official's time their own: Pruitt's determination was received Mon Feb 23
    (due Mon Mar 2), Bates's Fri Feb 27 (due Fri Mar 6). On Wed Mar 4 Pruitt's time has run
    out and his request is refused as too late; Bates's, still within hers, is recorded.
    (One line for both, the missed one, refused Bates's too.)"""
    case = determined_four_days_apart()
    when = "2026-03-04T09:00:00-08:00"
    lines = {d.official: d for d in case.deadlines(CALENDAR, now=at(when))
             if d.key is K.COUNCIL_DECISION}
    assert lines[RESPONDENT].status is Status.MISSED and lines[SECOND].status is Status.OPEN
    msg = refused(case, c.RequestCouncilExtension(5, respondent=RESPONDENT, via="email",
                                                  evidence="letter of Mar 4 on file"),
                  when, "the time ran out on Mon Mar 2, 2026")
    assert f"as to {RESPONDENT}" in msg
    event = do(case, c.RequestCouncilExtension(5, respondent=SECOND, via="email",
                                               evidence="letter of Mar 4 on file"), when)
    assert event.data["respondent"] == SECOND


def test_an_old_council_decision_naming_no_official_stands_for_all_of_them() -> None:
    """Histories stored before the council's votes and decision named an official load as
    before: one vote and one decision for every official found to have violated."""
    case = two_respondents()
    vote = Event(EventKind.COUNCIL_VOTE_RECORDED, at("2026-02-26T19:00:00-08:00"), CLERK,
                 {"member": "abrandt@city.test", "vote": "yes"})
    replayed = Case.replay(case.number, [*case.history, vote])
    # cast when no meeting of the council had begun: counted at the meeting that decides
    assert replayed.meetings.unplaced_votes == {"": {"abrandt@city.test": Vote.YES}}


def heard_by_both(case: Case, parties: tuple[str, str] = (RESPONDENT, SECOND)) -> None:
    """Both officials heard at the session of 20 January, and the hearing concluded."""
    begun(case, on=date(2026, 1, 20))
    for party in parties:
        do(case, c.RecordRespondentHeard(respondent=party, on=date(2026, 1, 20)),
           "2026-01-20T19:30:00-08:00")
    do(case, c.ConcludeHearing(on=date(2026, 1, 20)), "2026-01-20T20:00:00-08:00")


def finds(case: Case, party: str, sufficient: bool, when: str) -> None:
    """The board's vote, every member present alike, and its determination as to `party`."""
    motion = convene(case, Body.BOARD, when)
    for member in motion.yes:
        do(case, c.RecordBoardVote(member, Vote.YES if sufficient else Vote.NO, BOARD_EMAILS,
                                   respondent=party), when, CHAIR)
    do(case, c.RecordBoardDetermination(BOARD_EMAILS, respondent=party), when, CHAIR)


def reported_as_to_both() -> Case:
    """A case against Pruitt and Bates, found sufficient as to both, its report delivered."""
    case = two_respondents()
    heard_by_both(case)
    for party in (RESPONDENT, SECOND):
        finds(case, party, True, "2026-01-22T19:00:00-08:00")
    do(case, c.IssueReport(), "2026-01-23T10:00:00-08:00", CHAIR)
    do(case, c.DeliverReport(), "2026-01-26T10:00:00-08:00", CHAIR)
    return case


def test_the_board_finds_as_to_each_official_and_the_matter_goes_on_against_one() -> None:
    """§7, §8, §11: sufficient as to Pruitt, insufficient as to Bates. The report sets forth
    both findings; only Pruitt may ask for the board, be heard and be determined; the case
    closes once Pruitt's determination (no violation) is in."""
    case = two_respondents()
    heard_by_both(case)
    when = "2026-01-22T19:00:00-08:00"
    convene(case, Body.BOARD, when)
    refused(case, c.RecordBoardVote(CHAIR, Vote.YES, BOARD_EMAILS), when,
            "Say which official the vote is about")
    finds(case, RESPONDENT, True, when)
    refused(case, c.IssueReport(), "2026-01-23T10:00:00-08:00",
            f"has not determined the sufficiency of {case.number} as to {SECOND}")
    finds(case, SECOND, False, "2026-01-22T19:10:00-08:00")
    refused(case, c.IssueReport(sufficient=True), "2026-01-23T10:00:00-08:00",
            "leave out sufficient or insufficient")
    event = do(case, c.IssueReport(summary="findings"), "2026-01-23T10:00:00-08:00", CHAIR)
    assert event.data["findings"] == {RESPONDENT: True, SECOND: False}
    assert case.report_sufficient is True and case.found_sufficient == (RESPONDENT,)
    do(case, c.DeliverReport(), "2026-01-26T10:00:00-08:00", CHAIR)
    refused(case, c.RequestBoardHearing(SECOND, via="email", evidence="letter on file"),
            "2026-01-27T10:00:00-08:00",
            f"insufficient as to {SECOND}")
    refused(case, c.Refer(None), "2026-01-27T10:00:00-08:00",
            "unless the official complained against asks for the board")
    do(case, c.RequestBoardHearing(RESPONDENT, via="email", evidence="letter on file"),
       "2026-01-27T10:00:00-08:00")
    refused(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00",
            "refer the matter to the board")
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    refused(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-10T19:00:00-08:00",
            f"insufficient as to {SECOND}")
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-10T18:30:00-08:00")
    do(case, c.RecordDetermination(False, respondent=RESPONDENT), "2026-02-10T19:00:00-08:00")
    assert case.violation_found is False
    do(case, c.CloseCase("no violation found; insufficient as to Bates"),
       "2026-02-11T10:00:00-08:00")
    assert case.closed


@pytest.mark.parametrize("reading", [BoardHearing.ANY_OFFICIAL, BoardHearing.EVERY_OFFICIAL])
def test_whether_one_officials_request_takes_the_matter_to_the_board_is_the_citys_reading(
        reading: BoardHearing) -> None:
    """§11 and the reading `board_hearing`: both found sufficient, only Pruitt asks; by
    these two readings the matter goes to one forum for both (the default, each
    official's own: `test_each_officials_matter_goes_where_they_chose`)."""
    case = reported_as_to_both()
    do(case, c.RequestBoardHearing(RESPONDENT, via="email", evidence="letter on file"),
       "2026-01-27T10:00:00-08:00")
    readings = Readings(board_hearing=reading)
    chosen = referral(case, ["myu@examiners.example"], last_assigned=None, readings=readings)
    assert chosen.examiner == (None if reading is BoardHearing.ANY_OFFICIAL
                               else "myu@examiners.example")
    wrong = c.Refer("myu@examiners.example" if chosen.examiner is None else None)
    with pytest.raises(ProcedureError, match=re.escape(describe(reading))):
        handle(case, wrong, at=at("2026-01-27T11:00:00-08:00"), actor=CLERK,
               calendar=CALENDAR, readings=readings)
    handle(case, chosen, at=at("2026-01-27T11:00:00-08:00"), actor=CLERK, calendar=CALENDAR,
           readings=readings)
    assert case.referred_to == (chosen.examiner or "board")


def test_only_an_official_found_to_have_violated_asks_the_council_for_more_time() -> None:
    """§12: the extension is requested by the defendant: the official a violation was
    found against, named; not the other."""
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=RESPONDENT),
       "2026-02-23T09:00:00-08:00")
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-23T09:30:00-08:00")
    refused(case, c.RequestCouncilExtension(7, via="email", evidence="letter on file"),
            "2026-02-24T09:00:00-08:00",
            "Say which official asks for more time")
    refused(case, c.RequestCouncilExtension(7, respondent=SECOND, via="email",
                                            evidence="letter on file"), "2026-02-24T09:00:00-08:00",
            f"No violation was found against {SECOND}")
    event = do(case, c.RequestCouncilExtension(7, respondent=RESPONDENT, via="email",
                                               evidence="letter on file"),
               "2026-02-24T09:00:00-08:00")
    assert event.data["respondent"] == RESPONDENT


def test_an_old_report_naming_no_official_stands_for_all_of_them() -> None:
    """A history stored before each official's finding was named loads as before."""
    case = two_respondents()
    old = [Event(EventKind.REPORT_ISSUED, at("2026-01-23T10:00:00-08:00"), CHAIR,
                 {"sufficient": True, "summary": "", "on": "2026-01-23"}),
           Event(EventKind.BOARD_HEARING_REQUESTED, at("2026-01-27T10:00:00-08:00"), CLERK, {})]
    replayed = Case.replay(case.number, [*case.history, *old])
    assert replayed.report_findings == {RESPONDENT: True, SECOND: True}
    assert replayed.board_requests == [RESPONDENT, SECOND]
    assert replayed.board_hears(SECOND, BoardHearing.EVERY_OFFICIAL)


def test_a_conflicted_examiner_is_skipped_and_one_who_withdraws_is_replaced() -> None:
    """§11: the rotation skips an examiner conflicted on the case; if the matter went to
    them, they withdraw and it is referred again, to the next in rotation."""
    case = new_case()
    reported(case, sufficient=True)
    when = "2026-02-04T09:00:00-08:00"
    refused(case, c.RecordExaminerConflict("myu@examiners.example", " "), when, "Say why")
    do(case, c.RecordExaminerConflict("myu@examiners.example", "represented the complainant"),
       when)
    refused(case, c.Refer("myu@examiners.example"), when, "is conflicted on")
    chosen = referral(case, [p.email for p in DIRECTORY.examiners], last_assigned=None)
    assert chosen.examiner == "spatel@examiners.example"  # Yu skipped
    do(case, chosen, when)
    refused(case, c.Refer("lfontaine@examiners.example"), when, "is referred already")
    # Patel withdraws: the referral is open again, and goes to the next in rotation
    event = do(case, c.RecordExaminerConflict("spatel@examiners.example", "a business tie"),
               "2026-02-05T09:00:00-08:00")
    assert event.data["withdrew"] is True and case.referred_to is None
    again = referral(case, [p.email for p in DIRECTORY.examiners],
                     last_assigned="spatel@examiners.example")
    assert again.examiner == "lfontaine@examiners.example"
    do(case, again, "2026-02-05T09:30:00-08:00")
    assert case.referred_to == "lfontaine@examiners.example"
    do(case, c.RecordDetermination(False), "2026-02-20T09:00:00-08:00")
    refused(case, c.RecordExaminerConflict("lfontaine@examiners.example", "late"),
            "2026-02-21T09:00:00-08:00", "Every official's matter")  # the examiner has ruled
