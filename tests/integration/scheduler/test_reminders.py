"""Reminders walked through a case's life on an injected clock (SQLite and PostgreSQL).

APScheduler runs paused: the test plays the scheduler's part by moving the clock to the
one armed job's moment and firing it (tests/fixtures/reminders.py), so nothing waits for
real time to pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from cases.case import Requester
from cases.commands import (
    ApplyForContinuance,
    BeginHearing,
    ConcludeHearing,
    CorrectReceipt,
    DecideContinuance,
    DecideReportExtension,
    DeliverReport,
    IssueReport,
    RecordNoticeServed,
    RecordRegisteredMail,
    RecordRespondentHeard,
    RequestReportExtension,
    ScheduleBoardMeeting,
)
from cases.deadlines import DeadlineKey, Status
from cases.meetings import Body
from cases.motions import Motion
from cases.section2 import Section2Act
from cases.services import take_step
from ethicsbot.bootstrap import App, bootstrap
from storage.models import OutboxRow
from storage.uow import SqlUnitOfWork
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.cases import TUESDAY as RECEIVED
from tests.fixtures.cases import a_filing, board_finds, convene, open_one, step
from tests.fixtures.meetings import roll_call
from tests.fixtures.reminders import fire_next, look, moments, run_until


@pytest.fixture
def slack_app(tmp_path: Path, database_url: str, clock: FakeClock) -> Iterator[App]:
    """The app with Slack configured: people with a Slack id are reminded by DM."""
    built = bootstrap(make_settings(tmp_path, database_url, slack_bot_token="xoxb-test",
                                    slack_signing_secret="test-secret"), clock=clock)
    yield built
    built.engine.dispose()


def owed(app: App) -> list[tuple[str, str, str]]:
    with app.session_factory() as s:
        return [(r.slot, r.recipient_email, r.channel) for r in s.scalars(
            select(OutboxRow).where(OutboxRow.notice_type == "reminder").order_by(OutboxRow.id))]


def test_a_walk_through_the_hearing_window(slack_app: App, clock: FakeClock,
                                           paused_scheduler: BackgroundScheduler) -> None:
    app = slack_app
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    rem = app.reminders(paused_scheduler)
    assert rem.arm() == RECEIVED  # the new case is due a look now: nothing is owed yet
    assert look(rem, paused_scheduler, clock) == set()
    assert set(moments(app)) == {"notice_24h", "registered_mail", "hearing_begin",
                                 "hearing_conclude"}

    # Tue Dec 1 17:00 PST: registered mail is due Fri Dec 4 (3 days before, at the close
    # of business); Slack only, since it is not the last day.
    assert fire_next(rem, paused_scheduler, clock, until=RECEIVED.replace(hour=23)) is None
    assert fire_next(rem, paused_scheduler, clock, until=datetime(2026, 12, 2, 2, tzinfo=UTC)) == {
        "registered_mail"}
    assert clock.now == datetime(2026, 12, 2, 1, 0, tzinfo=UTC)
    assert {(s, c) for s, _, c in owed(app)} == {("registered_mail:before-3d", "slack")}
    # Wed Dec 2 10:15 PST: the 24h notice is 4 hours away -> the mayor's office, on Slack
    # (mayor and clerk have Slack ids) and by email since it is the last day.
    assert fire_next(rem, paused_scheduler, clock,
                     until=datetime(2026, 12, 3, tzinfo=UTC)) == {"notice_24h"}
    pings = [p for p in owed(app) if p[0].startswith("notice_24h")]
    assert {(s, e, c) for s, e, c in pings} == {
        ("notice_24h:before-4h", "mayor@city.test", "slack"),
        ("notice_24h:before-4h", "mayor@city.test", "email"),
        ("notice_24h:before-4h", "clerk@city.test", "slack"),
        ("notice_24h:before-4h", "clerk@city.test", "email")}
    assert clock.now == datetime(2026, 12, 2, 18, 15, tzinfo=UTC)

    # The notices are served: the 24-hour deadline is met and has no more moments.
    for kind in Section2Act:
        step(app, number, RecordNoticeServed(kind))
    look(rem, paused_scheduler, clock)
    assert set(moments(app)) == {"registered_mail", "hearing_begin", "hearing_conclude"}
    step(app, number, RecordRegisteredMail("RR123456789US"))
    look(rem, paused_scheduler, clock)

    # A continuance is applied for: the hearing deadlines are tolled, nothing is armed.
    clock.set(datetime(2026, 12, 10, 18, 0, tzinfo=UTC))
    convene(app, number)  # the board applies by motion at its meeting
    step(app, number, ApplyForContinuance(reason="the respondent is in hospital",
                                          motion=Motion(unanimous=True)))
    look(rem, paused_scheduler, clock)
    assert moments(app) == {}
    assert paused_scheduler.get_jobs() == []
    # Granted 5 days on Dec 14: pause 4 + 5 = 9 days; Dec 21 -> Dec 30 (hearing_begin).
    clock.set(datetime(2026, 12, 14, 18, 0, tzinfo=UTC))
    convene(app, number, Body.COUNCIL)  # the council decides by motion at its meeting
    step(app, number, DecideContinuance(granted_days=5, motion=Motion(unanimous=True)))
    look(rem, paused_scheduler, clock)
    # 3 days before Wed Dec 30 23:59:59 is Sun Dec 27 -> moved back into business hours:
    # Thu Dec 24 17:00 (Fri Dec 25 is Christmas, Dec 26-27 a weekend).
    assert moments(app)["hearing_begin"].astimezone(app.calendar.tz).isoformat().startswith(
        "2026-12-24T17:00")

    # The board begins the hearing before that moment, at its noticed meeting of Mon Dec 21
    # 5 PM: no hearing_begin reminder at all.
    step(app, number, ScheduleBoardMeeting(datetime(2026, 12, 22, 1, 0, tzinfo=UTC), "City Hall"))
    clock.set(datetime(2026, 12, 22, 1, 0, tzinfo=UTC))
    step(app, number, BeginHearing())
    look(rem, paused_scheduler, clock)
    assert set(moments(app)) == {"hearing_conclude"}
    assert not [p for p in owed(app) if p[0].startswith("hearing_begin")]

    # Nothing was owed twice.
    pings = owed(app)
    assert len(pings) == len(set(pings))


def test_reminders_missed_while_down_are_sent_once_and_never_again(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    # The worker was down for three weeks: every hearing_begin moment has passed.
    clock.set(datetime(2026, 12, 23, 20, 0, tzinfo=UTC))  # Wed Dec 23 noon, overdue
    rem = app.reminders(paused_scheduler)
    rem.arm()
    while fire_next(rem, paused_scheduler, clock, until=clock.now) is not None:
        pass
    begin = [p for p in owed(app) if p[0].startswith("hearing_begin")]
    assert {p[0] for p in begin} == {"hearing_begin:overdue-2026-12-23"}
    # A restart (a new scheduler, the same database) owes nothing more for now.
    sched2 = BackgroundScheduler(timezone=UTC)
    sched2.start(paused=True)
    try:
        rem2 = app.reminders(sched2)
        rem2.arm()
        while fire_next(rem2, sched2, clock, until=clock.now) is not None:
            pass
    finally:
        sched2.shutdown(wait=False)
    assert [p for p in owed(app) if p[0].startswith("hearing_begin")] == begin
    # Board chair and board, never the respondent (Priya Raman is on the council).
    assert "praman@city.test" not in {p[1] for p in owed(app)}
    assert number == "ETH-2026-0001"


def report_pings(app: App) -> list[tuple[str, str]]:
    """(moment, city time it was owed) of each report_delivery reminder, in order."""
    tz = app.calendar.tz
    with app.session_factory() as s:
        rows = s.scalars(select(OutboxRow).where(
            OutboxRow.notice_type == "reminder",
            OutboxRow.slot.startswith("report_delivery:")).order_by(OutboxRow.id))
        seen: dict[str, str] = {}
        for r in rows:
            seen.setdefault(r.slot.split(":", 1)[1],
                            r.created_at.astimezone(tz).strftime("%a %b %d %H:%M:%S"))
    return list(seen.items())


def test_an_extension_moves_the_report_reminders_and_a_missed_report_is_pinged_daily(
        slack_app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    app, tz = slack_app, slack_app.calendar.tz
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    for kind in Section2Act:
        step(app, number, RecordNoticeServed(kind))
    step(app, number, RecordRegisteredMail("RR1"))
    step(app, number, ScheduleBoardMeeting(datetime(2026, 12, 10, 18, 0, tzinfo=tz), "City Hall"))
    clock.set(datetime(2026, 12, 10, 18, 0, tzinfo=tz))
    roll_call(app, number)  # the board's hearing, noticed: who is present
    step(app, number, BeginHearing())
    step(app, number, RecordRespondentHeard())
    board_finds(app, number, sufficient=False)
    step(app, number, ConcludeHearing())  # Thu Dec 10: report due Dec 20 -> Mon Dec 21
    # the board asks the council for 5 more days, by motion at its hearing (§10)
    step(app, number, RequestReportExtension(Requester.BOARD, 5,
                                             motion=Motion(unanimous=True)))
    clock.set(datetime(2026, 12, 14, 19, 0, tzinfo=tz))
    convene(app, number, Body.COUNCIL)  # the council approves by motion at its meeting
    step(app, number, DecideReportExtension(approved=True, motion=Motion(unanimous=True)))
    # Dec 20 + 5 = Fri Dec 25 (Christmas) -> Sat, Sun -> due Mon Dec 28 23:59:59
    rem = app.reminders(paused_scheduler)
    rem.arm()
    run_until(rem, paused_scheduler, clock, datetime(2026, 12, 31, 12, 0, tzinfo=tz))
    assert report_pings(app) == [
        # 3 days and 1 day before (Fri Dec 25, Sun Dec 27) both fall back to the last
        # business close before them, Thu Dec 24 17:00: one reminder, not two
        ("before-1d", "Thu Dec 24 17:00:00"),
        ("before-4h", "Mon Dec 28 19:59:59"),
        ("due", "Mon Dec 28 23:59:59"),
        ("overdue-2026-12-29", "Tue Dec 29 09:00:00"),
        ("overdue-2026-12-30", "Wed Dec 30 09:00:00"),
        ("overdue-2026-12-31", "Thu Dec 31 09:00:00"),
    ]
    with app.session_factory() as s:
        late_pings = {(r.recipient_email, r.channel) for r in s.scalars(select(OutboxRow).where(
            OutboxRow.slot == "report_delivery:overdue-2026-12-31"))}
    # the chair and the board; Slack and email once overdue; never the respondent
    assert late_pings == {("hpark@city.test", "slack"), ("hpark@city.test", "email"),
                          ("vosei@city.test", "slack"), ("vosei@city.test", "email"),
                          ("dbrooks@city.test", "email")}
    step(app, number, IssueReport(sufficient=False))
    step(app, number, DeliverReport())  # Thu Dec 31: late
    look(rem, paused_scheduler, clock)
    before = report_pings(app)
    run_until(rem, paused_scheduler, clock, datetime(2027, 1, 8, 12, 0, tzinfo=tz))
    assert report_pings(app) == before  # nothing after the step was recorded
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        report = next(d for d in case.deadlines(app.calendar, now=clock.now)
                      if d.key is DeadlineKey.REPORT_DELIVERY)
    assert report.status is Status.LATE
    assert "+ 5 days extension" in report.basis


def test_a_change_committed_after_a_later_stamped_one_is_not_missed(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    """Issue 10: transaction A stamps its change at t1, B at t2 > t1, and B commits first;
    the worker looks in between. A reader that follows a high-water mark of stamps (t2)
    would never see A. On PostgreSQL the two really overlap; SQLite lets one writer in at
    a time, so there A simply commits after B, with its earlier stamp."""
    clock.set(RECEIVED)
    a, b = open_one(app, a_filing(RECEIVED)), open_one(app, a_filing(RECEIVED, "Gary Pruitt"))
    for number in (a, b):
        for kind in Section2Act:
            step(app, number, RecordNoticeServed(kind))
        step(app, number, RecordRegisteredMail("RR1"))
    rem = app.reminders(paused_scheduler)
    look(rem, paused_scheduler, clock)
    t1 = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)  # Thu Dec 3, 10 AM in Riverton
    t2 = t1 + timedelta(seconds=1)
    clock.set(t2)
    # A: the receipt was really 3 weeks earlier, so hearing_begin (Dec 21) is overdue now
    wrote_at_t1 = SqlUnitOfWork(app.session_factory, clock=lambda: t1,
                                msgid_domain=app.settings.msgid_domain)
    wrote_at_t2 = SqlUnitOfWork(app.session_factory, clock=lambda: t2,
                                msgid_domain=app.settings.msgid_domain)

    def change_a() -> None:
        take_step(wrote_at_t1, a, CorrectReceipt(RECEIVED - timedelta(days=21), "typo"),
                  directory=app.directory, calendar=app.calendar, clock=lambda: t1,
                  actor="clerk@city.test")

    def change_b_and_commit() -> None:
        with wrote_at_t2:
            take_step(wrote_at_t2, b, ScheduleBoardMeeting(t2 + timedelta(days=10), "City Hall"),
                      directory=app.directory, calendar=app.calendar, clock=lambda: t2,
                      actor="hpark@city.test")
            wrote_at_t2.commit()

    if app.engine.dialect.name == "postgresql":
        with wrote_at_t1:
            change_a()
            wrote_at_t1.session.flush()  # A is written, not committed
            change_b_and_commit()
            assert look(rem, paused_scheduler, clock) == set()  # the worker sees B only
            wrote_at_t1.commit()
    else:
        change_b_and_commit()
        assert look(rem, paused_scheduler, clock) == set()
        with wrote_at_t1:
            change_a()
            wrote_at_t1.commit()
    assert rem.next_moment() == t1  # A's change is due a look, stamp or no stamp
    look(rem, paused_scheduler, clock)
    assert {s for s, _, _ in owed(app) if s.startswith("hearing_begin")} == {
        "hearing_begin:overdue-2026-12-03"}
    assert all(at > t2 for at in moments(app).values())  # every change looked at
