"""The worker's SMTP connection outlives its round (`SmtpTransport(keep_open=...)`): the
next round sends on it after a NOOP, a server that dropped it meanwhile costs a new
connection and nothing else, and an idle one is closed after `keep_open` seconds."""

from __future__ import annotations

import asyncio
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import func, select

from ethicsbot.bootstrap import App
from mail.dispatch import run_dispatcher
from mail.intake import Outcome as Taken
from mail.intake import take_in
from mail.transport import SmtpTls, SmtpTransport
from storage.models import OutboxRow
from storage.outbox import Outcome
from tests.integration.mail.complaints import crlf, forwarded_complaint
from tests.integration.mail.harness import eventually
from tests.servers.smtp_sink import SmtpSink


def message(n: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"] = "ethics-intake@city.test", "gpruitt@city.test"
    msg["Subject"], msg["Message-ID"] = f"notice {n}", f"<kept-{n}@city.test>"
    msg.set_content(f"notice {n}")
    return msg


async def round_of(transport: SmtpTransport, *numbers: int) -> list[Outcome]:
    async with transport:
        return [(await transport.send(message(n), "ethics-intake@city.test",
                                      "gpruitt@city.test")).outcome for n in numbers]


async def test_the_next_round_sends_on_the_same_connection(smtp_sink: SmtpSink) -> None:
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE, timeout=5,
                              keep_open=30)
    try:
        assert await round_of(transport, 1, 2) == [Outcome.SENT] * 2
        assert await round_of(transport, 3) == [Outcome.SENT]
        assert transport.connects == 1
    finally:
        await transport.aclose()
    assert len(smtp_sink.wait_for(3)) == 3


async def test_a_connection_the_server_dropped_is_opened_again(tmp_path: Path) -> None:
    sink = SmtpSink(tmp_path / "sink").start()
    transport = SmtpTransport(sink.host, sink.port, tls=SmtpTls.NONE, timeout=5,
                              keep_open=30)
    try:
        assert await round_of(transport, 1) == [Outcome.SENT]
        sink.stop()  # the server restarts: its sessions end
        sink = SmtpSink(tmp_path / "sink", port=sink.port).start()
        assert await round_of(transport, 2, 3) == [Outcome.SENT] * 2
        assert transport.connects == 2
    finally:
        await transport.aclose()
        sink.stop()
    assert sorted(str(m["Subject"]) for m in sink.wait_for(3)) == [
        "notice 1", "notice 2", "notice 3"]


async def test_an_idle_connection_is_closed_after_keep_open(smtp_sink: SmtpSink) -> None:
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE, timeout=5,
                              keep_open=0.2)
    try:
        assert await round_of(transport, 1) == [Outcome.SENT]
        assert transport._smtp is not None and transport._smtp.is_connected
        await asyncio.sleep(0.5)
        assert transport._smtp is None  # QUIT said
        assert await round_of(transport, 2) == [Outcome.SENT]
        assert transport.connects == 2
    finally:
        await transport.aclose()


async def test_without_keep_open_each_round_has_its_own_connection(
        smtp_sink: SmtpSink) -> None:
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE, timeout=5)
    assert await round_of(transport, 1) == [Outcome.SENT]
    assert transport._smtp is None
    assert await round_of(transport, 2) == [Outcome.SENT]
    assert transport.connects == 2


async def test_the_dispatcher_sends_complaint_after_complaint_on_one_connection(
        app: App, smtp_sink: SmtpSink) -> None:
    """Each complaint's notices are a round of their own; the worker's connection is kept
    between them and closed when the dispatcher stops."""
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE, timeout=5,
                              keep_open=30)
    stop = asyncio.Event()
    task = asyncio.create_task(run_dispatcher(app.dispatch_deps(), stop=stop,
                                              transport=transport, poll=60))
    for n in range(2):
        taken = await asyncio.to_thread(take_in, crlf(forwarded_complaint(500 + n)),
                                        app.intake(), source="imap")
        assert taken.outcome is Taken.OPENED
        await asyncio.to_thread(eventually, lambda: not pending(app), timeout=20,
                                what="every notice of the case sent")
        await asyncio.sleep(0.3)  # the round over: its connection kept, idle
    stop.set()
    await asyncio.wait_for(task, 5)
    assert transport.connects == 1
    assert transport._smtp is None  # closed with the dispatcher
    with app.session_factory() as s:
        assert len(smtp_sink.messages()) == s.scalar(select(func.count()).select_from(
            OutboxRow).where(OutboxRow.channel == "email"))


def pending(app: App) -> int:
    with app.session_factory() as s:
        return int(s.scalar(select(func.count()).select_from(OutboxRow).where(
            OutboxRow.status == "pending")) or 0)
