"""A reminder owed by the scheduler reaches a real SMTP sink as a readable email, and a
pending reminder never raises the clerk's 'statutory notice unsent' alarm."""

from __future__ import annotations

from datetime import UTC, datetime

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from cases.commands import NoticeKind, RecordNoticeServed
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.transport import SmtpTls, SmtpTransport
from storage.models import OutboxRow
from tests.fixtures.app import FakeClock, deadline_alerts
from tests.fixtures.cases import TUESDAY as RECEIVED
from tests.fixtures.cases import a_filing, open_one, step
from tests.servers.smtp_sink import SmtpSink


async def test_an_overdue_reminder_is_mailed_with_what_and_when(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler,
        smtp_sink: SmtpSink) -> None:
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    for kind in NoticeKind:  # the §2 notices are served; registered mail is not recorded
        step(app, number, RecordNoticeServed(kind))
    with app.session_factory.begin() as s:  # the §2 notices were delivered long ago
        for row in s.scalars(select(OutboxRow)):
            row.status = "sent"
    clock.set(datetime(2026, 12, 7, 17, 30, tzinfo=UTC))  # Mon Dec 7, 9:30 AM: overdue
    rem = app.reminders(paused_scheduler)
    rem.reconcile()
    job = next(j for j in paused_scheduler.get_jobs() if j.args[1] == "registered_mail")
    rem.fire(*job.args)
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
