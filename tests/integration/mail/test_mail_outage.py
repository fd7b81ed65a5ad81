"""The SMTP server down and back: the notices back off as usual, but the dispatcher
probes the server and sends them as soon as it answers again, without waiting out the
backoff (the clock here never moves: only the probe can bring them back), and says so
once when the outage starts and once when it ends."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from sqlalchemy import select

from ethicsbot.bootstrap import App
from mail.dispatch import run_dispatcher
from mail.transport import SmtpTls, SmtpTransport
from storage.models import OutboxRow
from tests.integration.mail.harness import eventually
from tests.integration.mail.test_dispatch import EXPECTED, open_case
from tests.servers.smtp_sink import SmtpSink


def statuses(app: App) -> list[tuple[str, str | None]]:
    with app.session_factory() as s:
        return [(r.status, r.last_error) for r in s.scalars(select(OutboxRow))]


async def test_notices_wait_out_an_smtp_outage_and_go_as_soon_as_it_ends(
        app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="mail")
    sink = SmtpSink(tmp_path / "sink").start()
    port = sink.port
    sink.stop()  # down before anything is sent
    open_case(app)
    stop = asyncio.Event()
    task = asyncio.create_task(run_dispatcher(
        app.dispatch_deps(), stop=stop, transport=SmtpTransport("127.0.0.1", port,
                                                               tls=SmtpTls.NONE, timeout=5)))
    try:
        await asyncio.to_thread(eventually, lambda: all(
            err and err.startswith("cannot connect") for _, err in statuses(app)),
            what="every notice to have failed once")
        back = SmtpSink(tmp_path / "sink", port=port).start()
        try:
            await asyncio.to_thread(back.wait_for, EXPECTED, 15)
            await asyncio.to_thread(eventually, lambda: all(
                st == "sent" for st, _ in statuses(app)), what="every notice sent")
        finally:
            back.stop()
    finally:
        stop.set()
        await asyncio.wait_for(task, 5)
    said = [r.getMessage() for r in caplog.records]
    assert sum("outgoing mail is down" in m for m in said) == 1
    assert sum("outgoing mail is back after" in m for m in said) == 1
    assert any("accepts connections again" in m for m in said)
