"""Every invite EthicsBot mails is valid iCalendar to a real CalDAV server (Radicale
validates on PUT), re-parses with icalendar, and follows the statutory dates: a toll is
an update with a higher SEQUENCE and the new dates; a hearing the stay ran over is a
cancellation."""

from __future__ import annotations

import urllib.request
from datetime import date, datetime

from icalendar import Calendar

from cases import commands as c
from cases.case import Case
from cases.directory import Person
from cases.handlers import Command
from cases.meetings import Body, MeetingKind, Proceeding
from cases.motions import Motion
from cases.notices import NoticeType
from cases.procedure import handle, open_case
from cases.tally import Vote
from notices.invites import without_method
from notices.render import NoticeContext, render
from tests.servers.radicale import RadicaleServer
from tests.unit.cases.riverton import BOARD, CALENDAR, COUNCIL_EMAILS, at, filing

T = NoticeType
SENDER = Person("City of Riverton Ethics Intake", "ethics-intake@city.test")
HEARING = datetime.fromisoformat("2026-01-20T18:00:00-08:00")
BOARD_EMAILS = frozenset(p.email for p in BOARD)


def new_case() -> Case:
    return open_case(number="ETH-2026-0007", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor="clerk@city.test")


def do(case: Case, cmd: Command, when: str) -> None:
    handle(case, cmd, at=at(when), actor="hpark@city.test", calendar=CALENDAR)


def roll_call(case: Case, body: Body, when: str) -> None:
    """Every member of `body` present at its meeting under way at `when`: a body acts only
    by motion at its noticed meeting, with a quorum on the roll call (`cases.motions`)."""
    present = BOARD_EMAILS if body is Body.BOARD else COUNCIL_EMAILS
    do(case, c.RecordRollCall(tuple(sorted(present)), BOARD_EMAILS, COUNCIL_EMAILS,
                              "mayor@city.test"), when)


def board_finds_sufficient(case: Case, when: str) -> None:
    """§7: every member votes at the hearing under way that the complaint is sufficient."""
    for member in sorted(BOARD_EMAILS):
        do(case, c.RecordBoardVote(member, Vote.YES, BOARD_EMAILS), when)
    do(case, c.RecordBoardDetermination(BOARD_EMAILS), when)


CARRIED = Motion(unanimous=True)


def mailed_ics(case: Case, purpose: NoticeType, when: str, slot: str = "") -> str:
    """The text/calendar part of the email EthicsBot would send now."""
    now = at(when)
    msg = render(NoticeContext(
        type=purpose, message_id="<x@ethicsbot.city.test>", recipient=BOARD[0], generation=0,
        sender=SENDER, uid_domain="ethicsbot.city.test", city="Riverton", calendar=CALENDAR,
        now=now, case=case, deadlines=tuple(case.deadlines(CALENDAR, now=now)), slot=slot))
    part = next(p for p in msg.walk() if p.get_content_type() == "text/calendar")
    return str(part.get_content())


def put(radicale: RadicaleServer, ics: str) -> Calendar:
    """Store the invite as CalDAV wants it (no METHOD), read it back, parse it."""
    cal = Calendar.from_ical(ics)
    href = f"{radicale.calendar_url}{cal.events[0]['UID']}.ics"
    req = urllib.request.Request(href, data=without_method(ics).encode(), method="PUT",
                                 headers={**radicale.auth_header,
                                          "Content-Type": "text/calendar; charset=utf-8"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert resp.status in (201, 204)
    with urllib.request.urlopen(urllib.request.Request(href, headers=radicale.auth_header),
                                timeout=10) as resp:
        stored = Calendar.from_ical(resp.read())
    assert "METHOD" not in stored
    return stored


def only_event(cal: Calendar) -> tuple[str, int, date | datetime, date | datetime, str]:
    (e,) = cal.events
    return str(e["UID"]), int(str(e["SEQUENCE"])), e.start, e.end, str(e["STATUS"])


def test_every_invite_kind_is_accepted_and_reparses(radicale: RadicaleServer) -> None:
    case = new_case()
    window = put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW, "2026-01-06T10:00-08:00"))
    assert only_event(window) == ("eth-2026-0007-sufficiency-window@ethicsbot.city.test", 0,
                                  date(2026, 1, 6), date(2026, 1, 31), "CONFIRMED")
    assert asks(window) == ("NON-PARTICIPANT", "FALSE")  # a deadline, not a meeting
    do(case, c.ScheduleBoardMeeting(HEARING, "Council Chambers"), "2026-01-08T10:00:00-08:00")
    hearing = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-08T10:00-08:00",
                                       "meeting-1"))
    uid, seq, start, end, status = only_event(hearing)
    assert (uid, seq, status) == ("eth-2026-0007-meeting-1@ethicsbot.city.test", 0, "CONFIRMED")
    assert start == HEARING and (end - start).total_seconds() == 7200  # type: ignore[operator]
    assert str(hearing.events[0]["LOCATION"]) == "Council Chambers"
    assert "Executive session" in str(hearing.events[0]["DESCRIPTION"])
    assert asks(hearing) == ("REQ-PARTICIPANT", "TRUE")  # members answer for meetings
    do(case, c.RequestOpenSession(Proceeding.BOARD, via="paper", evidence="letter on file"),
       "2026-01-09T10:00:00-08:00")
    opened = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-09T10:00-08:00",
                                      "meeting-1"))
    assert only_event(opened)[:2] == (uid, 1)  # the same entry, updated
    assert "open to the public at the request" in str(opened.events[0]["DESCRIPTION"])
    roll_call(case, Body.BOARD, "2026-01-20T20:00:00-08:00")
    for cmd in (c.BeginHearing(), c.RecordRespondentHeard()):
        do(case, cmd, "2026-01-20T20:00:00-08:00")
    board_finds_sufficient(case, "2026-01-20T20:00:00-08:00")
    for cmd in (c.ConcludeHearing(), c.IssueReport(sufficient=True), c.DeliverReport(),
                c.Refer(examiner="myu@examiners.example")):
        do(case, cmd, "2026-01-20T20:00:00-08:00")
    do(case, c.RecordDetermination(violation=True, on=date(2026, 2, 10)),
       "2026-02-10T10:00:00-08:00")
    council = put(radicale, mailed_ics(case, T.INVITE_COUNCIL_DECISION, "2026-02-10T10:00-08:00"))
    # received Tue Feb 10 + 7 days = Tue Feb 17 (DTEND is the day after, all-day)
    assert only_event(council)[1:] == (0, date(2026, 2, 10), date(2026, 2, 18), "CONFIRMED")
    deliberation = datetime.fromisoformat("2026-02-17T19:00:00-08:00")
    do(case, c.ScheduleDeliberation(deliberation, "Council Chambers", MeetingKind.REGULAR),
       "2026-02-12T10:00:00-08:00")
    meeting = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-02-12T10:00-08:00",
                                       "meeting-2"))
    assert only_event(meeting)[:3] == ("eth-2026-0007-meeting-2@ethicsbot.city.test", 0,
                                       deliberation)
    assert "(§14)" not in str(meeting.events[0]["DESCRIPTION"])  # executive: no request
    # §12: the respondent asks for 3 more days; the council grants them at its meeting
    do(case, c.RequestCouncilExtension(days=3, via="email", evidence="letter on file"),
       "2026-02-13T10:00:00-08:00")
    roll_call(case, Body.COUNCIL, "2026-02-17T19:05:00-08:00")
    do(case, c.ExtendCouncilDecision(days=3, motion=CARRIED), "2026-02-17T19:10:00-08:00")
    council = put(radicale, mailed_ics(case, T.INVITE_COUNCIL_DECISION, "2026-02-17T19:10-08:00"))
    assert only_event(council)[1:] == (1, date(2026, 2, 10), date(2026, 2, 21), "CONFIRMED")


def asks(cal: Calendar) -> tuple[str, str]:
    """The one attendee's ROLE and RSVP."""
    attendee = cal.events[0]["ATTENDEE"]
    return str(attendee.params["ROLE"]), str(attendee.params["RSVP"])


def test_a_toll_updates_the_window_with_a_higher_sequence_and_the_new_dates(
        radicale: RadicaleServer) -> None:
    case = new_case()
    put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW, "2026-01-06T10:00-08:00"))
    # the board applies by motion at its meeting, noticed ahead (§7, RCW 42.30)
    do(case, c.ScheduleBoardMeeting(at("2026-01-12T09:30:00-08:00"), "City Hall, Room 2"),
       "2026-01-08T10:00:00-08:00")
    roll_call(case, Body.BOARD, "2026-01-12T09:35:00-08:00")
    do(case, c.ApplyForContinuance(reason="witness abroad", on=date(2026, 1, 12),
                                   motion=CARRIED), "2026-01-12T10:00:00-08:00")
    pending = put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW,
                                       "2026-01-12T10:00-08:00"))
    assert only_event(pending)[1:] == (1, date(2026, 1, 6), date(2026, 1, 31), "TENTATIVE")
    assert "TOLLED" in str(pending.events[0]["DESCRIPTION"])
    # the council decides by motion at its meeting
    do(case, c.ScheduleDeliberation(at("2026-01-15T09:30:00-08:00"), "Council Chambers"),
       "2026-01-12T10:30:00-08:00")
    roll_call(case, Body.COUNCIL, "2026-01-15T09:35:00-08:00")
    do(case, c.DecideContinuance(granted_days=7, on=date(2026, 1, 15), motion=CARRIED),
       "2026-01-15T10:00:00-08:00")
    decided = put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW,
                                       "2026-01-15T10:00-08:00"))
    # Jan 30 + 3 days paused + 7 granted = Mon Feb 9
    assert only_event(decided)[1:] == (2, date(2026, 1, 6), date(2026, 2, 10), "CONFIRMED")
    assert "3 days paused" in str(decided.events[0]["DESCRIPTION"])


def test_a_hearing_the_stay_ran_over_is_cancelled_then_rescheduled(
        radicale: RadicaleServer) -> None:
    case = new_case()
    do(case, c.ScheduleBoardMeeting(HEARING, "Council Chambers"), "2026-01-08T10:00:00-08:00")
    put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-08T10:00-08:00", "meeting-1"))
    # the board applies by motion at a special meeting before the hearing (meeting 2)
    do(case, c.ScheduleBoardMeeting(at("2026-01-16T09:30:00-08:00"), "City Hall, Room 2",
                               further=True), "2026-01-09T10:00:00-08:00")
    roll_call(case, Body.BOARD, "2026-01-16T09:35:00-08:00")
    do(case, c.ApplyForContinuance(reason="r", on=date(2026, 1, 16), motion=CARRIED),
       "2026-01-16T10:00-08:00")
    stayed = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-16T10:00-08:00",
                                      "meeting-1"))
    assert only_event(stayed)[1] == 1 and only_event(stayed)[4] == "TENTATIVE"
    assert str(stayed.events[0]["DESCRIPTION"]).startswith("TENTATIVE: the proceedings are "
                                                           "stayed (§7)")
    # the council decides at its meeting (meeting 3) after the hearing's day went by
    do(case, c.ScheduleDeliberation(at("2026-01-22T09:30:00-08:00"), "Council Chambers"),
       "2026-01-16T10:30:00-08:00")
    roll_call(case, Body.COUNCIL, "2026-01-22T09:35:00-08:00")
    do(case, c.DecideContinuance(granted_days=5, on=date(2026, 1, 22), motion=CARRIED),
       "2026-01-22T10:00-08:00")
    ics = mailed_ics(case, T.INVITE_MEETING, "2026-01-22T10:00-08:00", "meeting-1")
    assert "METHOD:CANCEL" in ics
    cancelled = put(radicale, ics)
    assert only_event(cancelled)[1] == 2 and only_event(cancelled)[4] == "CANCELLED"
    later = datetime.fromisoformat("2026-02-03T18:00:00-08:00")
    do(case, c.ScheduleBoardMeeting(later, "Council Chambers"), "2026-01-23T10:00:00-08:00")
    # a new meeting with a new UID: some calendars refuse a cancelled UID coming back
    again = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-23T10:00-08:00",
                                     "meeting-4"))
    assert only_event(again)[:3] == ("eth-2026-0007-meeting-4@ethicsbot.city.test", 0, later)
    assert only_event(again)[4] == "CONFIRMED"
