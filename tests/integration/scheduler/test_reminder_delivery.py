"""A reminder owed by the scheduler reaches a real SMTP sink as a readable email, and a
pending reminder never raises the clerk's 'statutory notice unsent' alarm."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from cases import steps
from cases.commands import RecordNoticeServed
from cases.deadlines import DeadlineKey
from cases.section2 import Section2Act
from ethicsbot.bootstrap import App, bootstrap
from mail.dispatch import dispatch_once
from mail.transport import SmtpTls, SmtpTransport
from scheduler.jobs import Owed
from storage.models import OutboxRow
from tests.fixtures.app import FakeClock, deadline_alerts, make_settings
from tests.fixtures.cases import TUESDAY as RECEIVED
from tests.fixtures.cases import a_filing, open_one, step
from tests.fixtures.reminders import fire_next
from tests.servers.smtp_sink import SmtpSink


async def test_an_overdue_reminder_is_mailed_with_what_and_when(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler,
        smtp_sink: SmtpSink) -> None:
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    for kind in Section2Act:  # the §2 notices are served; registered mail is not recorded
        step(app, number, RecordNoticeServed(kind))
    with app.session_factory.begin() as s:  # the §2 notices were delivered long ago
        for row in s.scalars(select(OutboxRow)):
            row.status = "sent"
    clock.set(datetime(2026, 12, 7, 17, 30, tzinfo=UTC))  # Mon Dec 7, 9:30 AM: overdue
    rem = app.reminders(paused_scheduler)
    rem.arm()  # the moments missed meanwhile fire at once, coalesced
    owed: list[Owed] = []
    rem.fire(owed.append)
    assert {o.key for o in owed} == {"registered_mail"}
    assert deadline_alerts(app) == 0  # reminders are not statutory notices
    sent = await dispatch_once(app.dispatch_deps(), SmtpTransport(smtp_sink.host, smtp_sink.port,
                                                  tls=SmtpTls.NONE))
    assert sent == 2  # mayor and clerk, by email (Slack is off in tests)
    msgs = smtp_sink.wait_for(2)
    assert sorted(str(m["To"]) for m in msgs) == [
        "Renée Castillo <clerk@city.test>", "Teresa Lindqvist <mayor@city.test>"]
    m = msgs[0]
    assert " ".join(str(m["Subject"]).split()) == (
        f"[{number}] OVERDUE: send the official a copy by registered mail (§2)")
    assert m["Auto-Submitted"] == "auto-generated"
    body = m.get_body(("plain",)).get_content()
    assert "has PASSED" in body
    assert "received Tue Dec 1, 2026 + 3 days = Fri Dec 4, 2026" in body
    assert "Dana Whitfield" not in body and "campaign" not in body  # no complaint details
    # Slack is off and the city gave no docket address: neither is offered
    assert "Slack" not in body and "http" not in body and "or tell the clerk" in body


async def test_a_reminder_links_to_the_step_that_clears_it_on_the_city_s_docket(
        tmp_path: Path, database_url: str, clock: FakeClock,
        paused_scheduler: BackgroundScheduler, smtp_sink: SmtpSink) -> None:
    app = bootstrap(make_settings(tmp_path, database_url, web_url="https://ethics.city.test"),
                    clock=clock)
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    for kind in Section2Act:  # as above: registered mail alone is overdue
        step(app, number, RecordNoticeServed(kind))
    with app.session_factory.begin() as s:
        for row in s.scalars(select(OutboxRow)):
            row.status = "sent"
    clock.set(datetime(2026, 12, 7, 17, 30, tzinfo=UTC))
    rem = app.reminders(paused_scheduler)
    rem.arm()
    rem.fire(lambda owed: None)
    await dispatch_once(app.dispatch_deps(), SmtpTransport(smtp_sink.host, smtp_sink.port,
                                                           tls=SmtpTls.NONE))
    body = smtp_sink.wait_for(2)[0].get_body(("plain",)).get_content()
    step_of = steps.meeting(DeadlineKey.REGISTERED_MAIL)
    assert step_of is not None
    case_url = f"https://ethics.city.test/cases/{number}"
    assert (f"record it on the docket ({step_of.name}) at {case_url}/steps/{step_of.slug}, "
            "or tell the clerk") in " ".join(body.split())
    assert f"The case: {case_url}" in body and "Slack" not in body
    app.engine.dispose()


async def test_a_reminder_due_while_no_worker_ran_is_sent_once_on_start(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    """A worker ran when the case opened, then none for a week: registered mail's '3 days
    before', 'due' and two overdue mornings passed unsent. The next start sends one
    reminder (the latest moment) to each person, once; a start after that sends nothing."""
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    for kind in Section2Act:
        step(app, number, RecordNoticeServed(kind))
    with app.session_factory.begin() as s:
        for row in s.scalars(select(OutboxRow)):
            row.status = "sent"
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE)

    async def start_worker_and_deliver() -> int:
        sched = BackgroundScheduler(timezone=UTC)
        sched.start(paused=True)
        try:
            rem = app.reminders(sched)
            rem.arm()  # start-up: the one moment due next, read from the database
            while fire_next(rem, sched, clock, until=clock.now) is not None:
                pass
        finally:
            sched.shutdown(wait=False)
        sent = 0
        while batch := await dispatch_once(app.dispatch_deps(), transport):
            sent += batch
        return sent

    assert await start_worker_and_deliver() == 0  # opened: nothing due yet
    clock.set(datetime(2026, 12, 8, 18, 0, tzinfo=UTC))  # Tue Dec 8, 10 AM: down since
    assert await start_worker_and_deliver() == 2  # the mayor and the clerk, once each
    with app.session_factory() as s:
        slots = sorted(s.scalars(select(OutboxRow.slot).where(
            OutboxRow.notice_type == "reminder")))
    assert slots == ["registered_mail:overdue-2026-12-08"] * 2
    assert await start_worker_and_deliver() == 0  # started again: nothing owed twice
    assert len(smtp_sink.wait_for(2)) == 2
