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
from cases.meetings import MeetingKind, Proceeding
from cases.notices import NoticeType
from cases.procedure import handle, open_case
from mail.invites import without_method
from mail.render import NoticeContext, render
from tests.servers.radicale import RadicaleServer
from tests.unit.cases.riverton import BOARD, CALENDAR, at, filing

T = NoticeType
SENDER = Person("City of Riverton Ethics Intake", "ethics-intake@city.test")
HEARING = datetime.fromisoformat("2026-01-20T18:00:00-08:00")


def new_case() -> Case:
    return open_case(number="ETH-2026-0007", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor="clerk@city.test")


def do(case: Case, cmd: c.Command, when: str) -> None:
    handle(case, cmd, at=at(when), actor="hpark@city.test", calendar=CALENDAR)


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
    do(case, c.ScheduleHearing(HEARING, "Council Chambers"), "2026-01-08T10:00:00-08:00")
    hearing = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-08T10:00-08:00",
                                       "meeting-1"))
    uid, seq, start, end, status = only_event(hearing)
    assert (uid, seq, status) == ("eth-2026-0007-meeting-1@ethicsbot.city.test", 0, "CONFIRMED")
    assert start == HEARING and (end - start).total_seconds() == 7200  # type: ignore[operator]
    assert str(hearing.events[0]["LOCATION"]) == "Council Chambers"
    assert "Executive session" in str(hearing.events[0]["DESCRIPTION"])
    assert asks(hearing) == ("REQ-PARTICIPANT", "TRUE")  # members answer for meetings
    do(case, c.RequestOpenSession(Proceeding.BOARD, "paper"), "2026-01-09T10:00:00-08:00")
    opened = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-09T10:00-08:00",
                                      "meeting-1"))
    assert only_event(opened)[:2] == (uid, 1)  # the same entry, updated
    assert "open to the public at the request" in str(opened.events[0]["DESCRIPTION"])
    for cmd in (c.BeginHearing(), c.RecordRespondentHeard(), c.ConcludeHearing(),
                c.IssueReport(sufficient=True), c.DeliverReport(),
                c.Refer(examiner="myu@examiners.example")):
        do(case, cmd, "2026-01-20T20:00:00-08:00")
    do(case, c.RecordDetermination(violation=True, on=date(2026, 2, 10)),
       "2026-02-10T10:00:00-08:00")
    council = put(radicale, mailed_ics(case, T.INVITE_COUNCIL_DECISION, "2026-02-10T10:00-08:00"))
    # received Tue Feb 10 + 7 days = Tue Feb 17 (DTEND is the day after, all-day)
    assert only_event(council)[1:] == (0, date(2026, 2, 10), date(2026, 2, 18), "CONFIRMED")
    do(case, c.ExtendCouncilDecision(days=3), "2026-02-11T10:00:00-08:00")
    council = put(radicale, mailed_ics(case, T.INVITE_COUNCIL_DECISION, "2026-02-11T10:00-08:00"))
    assert only_event(council)[1:] == (1, date(2026, 2, 10), date(2026, 2, 21), "CONFIRMED")
    deliberation = datetime.fromisoformat("2026-02-17T19:00:00-08:00")
    do(case, c.ScheduleDeliberation(deliberation, "Council Chambers", MeetingKind.REGULAR),
       "2026-02-12T10:00:00-08:00")
    meeting = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-02-12T10:00-08:00",
                                       "meeting-2"))
    assert only_event(meeting)[:3] == ("eth-2026-0007-meeting-2@ethicsbot.city.test", 0,
                                       deliberation)
    assert "(§14)" not in str(meeting.events[0]["DESCRIPTION"])  # executive: no request


def asks(cal: Calendar) -> tuple[str, str]:
    """The one attendee's ROLE and RSVP."""
    attendee = cal.events[0]["ATTENDEE"]
    return str(attendee.params["ROLE"]), str(attendee.params["RSVP"])


def test_a_toll_updates_the_window_with_a_higher_sequence_and_the_new_dates(
        radicale: RadicaleServer) -> None:
    case = new_case()
    put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW, "2026-01-06T10:00-08:00"))
    do(case, c.ApplyForContinuance(reason="witness abroad", on=date(2026, 1, 12)),
       "2026-01-12T10:00:00-08:00")
    pending = put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW,
                                       "2026-01-12T10:00-08:00"))
    assert only_event(pending)[1:] == (1, date(2026, 1, 6), date(2026, 1, 31), "TENTATIVE")
    assert "TOLLED" in str(pending.events[0]["DESCRIPTION"])
    do(case, c.DecideContinuance(granted_days=7, on=date(2026, 1, 15)),
       "2026-01-15T10:00:00-08:00")
    decided = put(radicale, mailed_ics(case, T.INVITE_SUFFICIENCY_WINDOW,
                                       "2026-01-15T10:00-08:00"))
    # Jan 30 + 3 days paused + 7 granted = Mon Feb 9
    assert only_event(decided)[1:] == (2, date(2026, 1, 6), date(2026, 2, 10), "CONFIRMED")
    assert "3 days paused" in str(decided.events[0]["DESCRIPTION"])


def test_a_hearing_the_stay_ran_over_is_cancelled_then_rescheduled(
        radicale: RadicaleServer) -> None:
    case = new_case()
    do(case, c.ScheduleHearing(HEARING, "Council Chambers"), "2026-01-08T10:00:00-08:00")
    put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-08T10:00-08:00", "meeting-1"))
    do(case, c.ApplyForContinuance(reason="r", on=date(2026, 1, 16)), "2026-01-16T10:00-08:00")
    stayed = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-16T10:00-08:00",
                                      "meeting-1"))
    assert only_event(stayed)[1] == 1 and only_event(stayed)[4] == "TENTATIVE"
    assert str(stayed.events[0]["DESCRIPTION"]).startswith("TENTATIVE: the proceedings are "
                                                           "stayed (§7)")
    do(case, c.DecideContinuance(granted_days=5, on=date(2026, 1, 22)), "2026-01-22T10:00-08:00")
    ics = mailed_ics(case, T.INVITE_MEETING, "2026-01-22T10:00-08:00", "meeting-1")
    assert "METHOD:CANCEL" in ics
    cancelled = put(radicale, ics)
    assert only_event(cancelled)[1] == 2 and only_event(cancelled)[4] == "CANCELLED"
    later = datetime.fromisoformat("2026-02-03T18:00:00-08:00")
    do(case, c.ScheduleHearing(later, "Council Chambers"), "2026-01-23T10:00:00-08:00")
    # a new meeting with a new UID: some calendars refuse a cancelled UID coming back
    again = put(radicale, mailed_ics(case, T.INVITE_MEETING, "2026-01-23T10:00-08:00",
                                     "meeting-2"))
    assert only_event(again)[:3] == ("eth-2026-0007-meeting-2@ethicsbot.city.test", 0, later)
    assert only_event(again)[4] == "CONFIRMED"
