"""An SMTP server that accepts the connection and never greets, against a real silent
loopback server: every wait is bounded (the connection and the greeting by
`connect_timeout`, each command by `timeout`), a round of the outbox pays one timeout
however many notices it holds, the notices are retried later, Slack's messages go beside
the hung mail rather than behind it, and the probe counts the server as back only once
it greets (a real SMTP sink on the same port)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.reminders import SlackReminders
from ethicsbot.bootstrap import App, build_transport, build_web_client
from mail import transport as transport_module
from mail.dispatch import dispatch_once, run_dispatcher
from mail.transport import CANNOT_CONNECT, NOT_TRIED, SmtpTls, SmtpTransport
from storage.models import DeliveryRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import with_slack
from tests.integration.mail.harness import eventually
from tests.integration.mail.test_dispatch import EXPECTED, open_case
from tests.servers.silent import SilentServer
from tests.servers.smtp_sink import SmtpSink

CONNECT_TIMEOUT = 1.5


@pytest.fixture
def silent() -> Iterator[SilentServer]:
    server = SilentServer().start()
    yield server
    server.stop()


def silent_smtp(server: SilentServer) -> SmtpTransport:
    return SmtpTransport("127.0.0.1", server.port, tls=SmtpTls.NONE, timeout=3,
                         connect_timeout=CONNECT_TIMEOUT)


def outbox(app: App) -> list[OutboxRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def test_the_timeouts_are_settings_with_safe_defaults(app: App) -> None:
    assert (app.settings.smtp_connect_timeout, app.settings.smtp_command_timeout) == (10, 30)
    configured = app.settings.model_copy(update={
        "smtp_host": "mail.city.test", "smtp_connect_timeout": 4, "smtp_command_timeout": 7})
    built = build_transport(configured)
    assert isinstance(built, SmtpTransport)
    assert (built.connect_timeout, built.timeout) == (4, 7)


async def test_a_silent_server_costs_one_timeout_a_round_and_the_notices_wait(
        app: App, clock: FakeClock, silent: SilentServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    open_case(app)
    began = time.monotonic()
    assert await dispatch_once(app.dispatch_deps(), silent_smtp(silent)) == EXPECTED
    took = time.monotonic() - began
    assert CONNECT_TIMEOUT <= took < CONNECT_TIMEOUT + 3, took  # not one wait per notice
    assert len(silent.accepted) == 1  # one connection tried, then no more this round
    rows = outbox(app)
    assert {r.status for r in rows} == {"pending"}
    assert all(r.next_attempt_at > clock.now for r in rows)  # retried later, with backoff
    errors = [r.last_error or "" for r in rows]
    assert all(e.startswith(CANNOT_CONNECT) for e in errors)  # the probe brings them back
    assert sum(NOT_TRIED not in e for e in errors) == 1
    assert "greeting" in errors[0] or "ready message" in errors[0]
    with app.session_factory() as s:  # each one's proof of notice says what happened
        assert len(s.scalars(select(DeliveryRow)).all()) == EXPECTED

    monkeypatch.setattr(transport_module, "PROBE_TIMEOUT", 0.5)
    began = time.monotonic()
    assert await silent_smtp(silent).reachable() is False  # it accepts, but never greets
    assert time.monotonic() - began < 2


async def test_slack_messages_are_not_held_behind_a_silent_mail_server(
        app: App, clock: FakeClock, silent: SilentServer, slack_stub: SlackStub) -> None:
    app = with_slack(app, slack_stub)
    messenger = SlackReminders(build_web_client(app.settings), app.directory)
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), silent_smtp(silent), messenger=messenger)
    clock.advance(minutes=16)  # undeliverable long enough: the clerk is owed a DM
    began = time.monotonic()
    round_ = asyncio.create_task(dispatch_once(app.dispatch_deps(), silent_smtp(silent),
                                               messenger=messenger))
    dms = await asyncio.to_thread(eventually, lambda: slack_stub.to("chat.postMessage"),
                                  timeout=CONNECT_TIMEOUT * 4, what="the clerk's DM")
    waited = time.monotonic() - began
    mail_still_waiting = not round_.done()
    await round_
    assert dms[0]["channel"] == "UCLERK"
    assert dms[0]["text"] == "URGENT: statutory notices still unsent in 1 case"
    assert number in str(dms[0]["blocks"])
    assert mail_still_waiting, f"the DM waited for the mail server ({waited:.1f} s)"
    assert waited < CONNECT_TIMEOUT


async def test_the_probe_waits_for_a_greeting_then_the_notices_go(
        app: App, tmp_path: Path, silent: SilentServer,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="mail")
    open_case(app)
    stop = asyncio.Event()
    task = asyncio.create_task(run_dispatcher(app.dispatch_deps(), stop=stop,
                                              transport=silent_smtp(silent)))
    sink: SmtpSink | None = None
    try:
        await asyncio.to_thread(eventually, lambda: all(
            (r.last_error or "").startswith(CANNOT_CONNECT) for r in outbox(app)),
            what="every notice to have waited once", timeout=15)
        await asyncio.sleep(5)  # a few probes (every 4 s at most): the server never greets
        said = [r.getMessage() for r in caplog.records]
        assert sum("outgoing mail is down" in m for m in said) == 1
        assert not any("accepts connections again" in m for m in said)
        assert not task.done()
        port = silent.port
        silent.stop()
        sink = SmtpSink(tmp_path / "sink", port=port).start()
        await asyncio.to_thread(sink.wait_for, EXPECTED, 20)
        await asyncio.to_thread(eventually, lambda: all(
            r.status == "sent" for r in outbox(app)), what="every notice sent")
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
        if sink is not None:
            sink.stop()
    said = [r.getMessage() for r in caplog.records]
    assert sum("outgoing mail is back after" in m for m in said) == 1
