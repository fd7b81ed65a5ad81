"""Outgoing mail down for 15 minutes reaches the clerk by every other path (issue 39):
the SMTP sink stopped, the dispatcher running on the injected clock; under 15 minutes
nobody is told; past them the stored outage, one Slack DM, the App Home's banner, the
banner on every signed-in web page, `ethicsbot status` (text and JSON) and one ERROR
line; nothing more while it stays down; and, the sink started again, each cleared once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.reminders import SlackReminders
from ethicsbot.bootstrap import App, build_messenger, build_web_client
from mail.dispatch import dispatch_once, run_dispatcher
from mail.mail_down import MailDownAlarm, Step
from mail.transport import FileTransport, SmtpTls, SmtpTransport
from storage.models import MailOutageRow, OutboxRow
from storage.outbox import Outcome, SendResult
from tests.fixtures.app import FakeClock
from tests.fixtures.slack_stub import SlackStub
from tests.fixtures.web import Site
from tests.integration.bot.conftest import CLERK, SlackDriver, start_driver, with_slack
from tests.integration.cli.test_cli import here, run
from tests.integration.mail.harness import eventually
from tests.integration.mail.test_dispatch import open_case
from tests.servers.smtp_sink import SmtpSink

__all__ = ["here"]  # a fixture, used by name

BANNER = "Outgoing mail is failing since"
CAUSE = "cannot connect: SMTPConnectError"  # aiosmtplib's words for a refused connection


def outages(app: App) -> list[tuple[bool, bool, str]]:
    """(told, cleared, cause) of each stored outage."""
    with app.session_factory() as s:
        return [(r.told_at is not None, r.cleared_at is not None, r.cause)
                for r in s.scalars(select(MailOutageRow).order_by(MailOutageRow.id))]


def mail_dms(stub: SlackStub) -> list[str]:
    return [str(m["text"]) for m in stub.to("chat.postMessage")
            if m["channel"] == "UCLERK" and "utgoing mail" in str(m["text"])]


def attempts(app: App) -> int:
    with app.session_factory() as s:
        return sum(s.scalars(select(OutboxRow.attempts).where(
            OutboxRow.channel == "email")).all())


async def retried(app: App, clock: FakeClock, *, minutes: float) -> None:
    """Move the clock by `minutes` (past every notice's backoff) and wait for the
    dispatcher to have tried them again."""
    before = attempts(app)
    clock.advance(minutes=minutes)
    await asyncio.to_thread(eventually, lambda: attempts(app) > before, what="a retry")


async def home_text(driver: SlackDriver, stub: SlackStub) -> str:
    before = len(stub.to("views.publish"))
    reply = await driver.event(CLERK, {"type": "app_home_opened", "tab": "home",
                                       "channel": "D0DM", "event_ts": "1"})
    assert reply.status == 200
    view = stub.to("views.publish")[before]["view"]
    return "\n".join(str(b.get("text", {}).get("text", "")) for b in view["blocks"])


def status_text(capsys: pytest.CaptureFixture[str]) -> tuple[str, dict[str, object]]:
    code, out, err = run(capsys, "status")
    assert code == 0, err
    code, js, err = run(capsys, "status", "--json")
    assert code == 0, err
    return out, dict(json.loads(js))


async def test_mail_down_for_15_minutes_is_told_once_by_every_other_path_and_cleared(
        app: App, clock: FakeClock, site: Site, slack_stub: SlackStub, here: Path,
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    assert (await site.sign_in("clerk@city.test")).status == 200  # while mail works
    caplog.set_level(logging.INFO, logger="mail")
    slack = with_slack(app, slack_stub)
    messenger = SlackReminders(build_web_client(slack.settings), slack.directory)
    server, driver = await start_driver(slack, slack_stub, process_before_response=True)
    sink = SmtpSink(tmp_path / "relay").start()
    port = sink.port
    sink.stop()  # the city's relay is down before anything is sent
    open_case(app)
    stop = asyncio.Event()
    task = asyncio.create_task(run_dispatcher(
        slack.dispatch_deps(), stop=stop, messenger=messenger,
        transport=SmtpTransport("127.0.0.1", port, tls=SmtpTls.NONE, timeout=5)))
    try:
        await asyncio.to_thread(eventually, lambda: outages(app) == [
            (False, False, CAUSE)] and attempts(app),
            what="the outage stored, nobody told yet")
        await retried(app, clock, minutes=14)  # under the threshold: nobody is told
        assert mail_dms(slack_stub) == []
        assert BANNER not in (await site.get("/docket")).text
        assert BANNER not in await home_text(driver, slack_stub)
        text, figures = status_text(capsys)
        assert "outgoing mail" not in text and figures["mail"] == {"down": False}

        clock.advance(minutes=2)  # failing for 16 minutes
        await asyncio.to_thread(eventually, lambda: len(mail_dms(slack_stub)) == 1,
                                what="the clerk's DM")
        assert outages(app) == [(True, False, CAUSE)]
        (dm,) = mail_dms(slack_stub)
        assert dm == ("URGENT: outgoing mail is failing since Mon Nov 30, 2026 9:00 AM PST "
                      "(cannot connect: SMTPConnectError)")
        for path in ("/docket", "/deadlines", "/feed"):  # every page, from the base layout
            page = (await site.get(path)).text
            assert f'id="mail-down"><strong>{BANNER} Mon Nov 30, 2026 9:00 AM PST' in page
            assert "delivered another way" in page
        assert f"{BANNER} Mon Nov 30, 2026 9:00 AM PST" in await home_text(driver, slack_stub)
        text, figures = status_text(capsys)
        assert "outgoing mail: FAILING since 2026-11-30T17:00:00+00:00 (cannot connect: " \
               "SMTPConnectError); the clerk was told at 2026-11-30T17:16:00+00:00" in text
        assert figures["mail"] == {"down": True, "since": "2026-11-30T17:00:00+00:00",
                                   "cause": CAUSE,
                                   "told_at": "2026-11-30T17:16:00+00:00"}

        for _ in range(3):  # still down, retried for another 1.5 hours: told no more
            await retried(app, clock, minutes=31)
        assert len(mail_dms(slack_stub)) == 1 and len(outages(app)) == 1
        said = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
        assert sum("outgoing mail has failed for" in m for m in said) == 1

        back = SmtpSink(tmp_path / "relay", port=port).start()
        try:
            await asyncio.to_thread(eventually, lambda: len(mail_dms(slack_stub)) == 2,
                                    timeout=20, what="the DM that mail is back")
        finally:
            back.stop()
        assert BANNER not in await home_text(driver, slack_stub)
    finally:
        stop.set()
        await asyncio.wait_for(task, 5)
        await server.close()
    assert outages(app) == [(True, True, CAUSE)]
    assert mail_dms(slack_stub)[1] == ("Outgoing mail works again since Mon Nov 30, 2026 "
                                       "10:49 AM PST, after failing 109 min from Mon Nov 30, "
                                       "2026 9:00 AM PST")
    assert BANNER not in (await site.get("/docket")).text
    text, figures = status_text(capsys)
    assert "outgoing mail" not in text and figures["mail"] == {"down": False}
    said = [r.getMessage() for r in caplog.records]
    assert sum("outgoing mail has failed for" in m for m in said) == 1
    assert sum("outgoing mail works again" in m for m in said) == 1


def test_a_worker_restarted_mid_outage_goes_on_from_the_stored_one_telling_no_one_twice(
        app: App, clock: FakeClock) -> None:
    def worker() -> MailDownAlarm:  # a fresh process: nothing in memory
        return MailDownAlarm(app.session_factory, clock, app.directory,
                             after=app.settings.mail_down_alert_after, slack=True,
                             msgid_domain=app.settings.msgid_domain)

    def dms() -> list[str]:
        with app.session_factory() as s:
            return list(s.scalars(select(OutboxRow.slot).where(
                OutboxRow.notice_type == "mail_down_alert", OutboxRow.channel == "slack",
                OutboxRow.recipient_email == "clerk@city.test").order_by(OutboxRow.id)))

    refused = [SendResult(Outcome.TEMPORARY, "cannot connect: OSError: [Errno 113] No route "
                                             "to host")]
    first = worker()
    assert first.saw(refused) is Step.BEGIN
    clock.advance(minutes=10)
    assert first.saw([]) is Step.NONE
    clock.advance(minutes=6)  # restarted: 16 minutes since the stored start
    assert worker().saw([]) is Step.TELL and dms() == ["down"]
    again = worker()  # restarted once more, still down: nobody is told twice
    assert again.saw(refused) is Step.NONE and dms() == ["down"]
    assert again.saw([SendResult(Outcome.SENT, "250 ok")]) is Step.CLEAR
    assert dms() == ["down", "back"]
    assert outages(app) == [(True, True, "cannot connect: OSError")]
    assert again.saw(refused) is Step.BEGIN  # a blip, over before the threshold:
    assert again.saw([SendResult(Outcome.SENT, "250 ok")]) is Step.FORGET
    assert len(outages(app)) == 1 and dms() == ["down", "back"]  # nothing told, nothing kept


async def test_the_clerks_app_home_is_published_again_as_mail_goes_down_and_comes_back(
        app: App, clock: FakeClock, slack_stub: SlackStub, tmp_path: Path) -> None:
    """Issue 39, item 4: the Home's banner was built only when the tab was opened, so a
    Home already open went on saying all was well. Each DM that mail is down, or back,
    publishes the clerk's Home again, with the banner as it stands (the messenger the
    worker builds, `build_messenger`)."""
    slack = with_slack(app, slack_stub)
    messenger = build_messenger(slack)
    alarm = MailDownAlarm(slack.session_factory, clock, slack.directory,
                          after=slack.settings.mail_down_alert_after, slack=True,
                          msgid_domain=slack.settings.msgid_domain)

    looked = 0

    async def homes() -> list[str]:
        """Each Home published for the clerk since the last look, as its text."""
        nonlocal looked
        await dispatch_once(slack.dispatch_deps(), FileTransport(tmp_path / "sent"),
                            messenger=messenger, sweep=False)  # the DM owed goes out
        views = [c["view"] for c in slack_stub.to("views.publish") if c["user_id"] == "UCLERK"]
        new, looked = views[looked:], len(views)
        return ["\n".join(str(b.get("text", {}).get("text", "")) for b in v["blocks"])
                for v in new]

    assert alarm.saw([SendResult(Outcome.TEMPORARY, "cannot connect: OSError")]) is Step.BEGIN
    assert await homes() == []  # nobody is told under the threshold, nor published to
    clock.advance(minutes=16)
    assert alarm.saw([]) is Step.TELL
    (down,) = await homes()
    assert f"{BANNER} Mon Nov 30, 2026 9:00 AM PST (cannot connect: OSError)" in down
    assert "Your deadlines" in down
    assert alarm.saw([SendResult(Outcome.SENT, "250 ok")]) is Step.CLEAR
    (back,) = await homes()
    assert BANNER not in back and "Your deadlines" in back
    assert len(mail_dms(slack_stub)) == 2  # the DMs themselves, as before
