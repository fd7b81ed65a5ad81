"""The worker keeps intake and the other services running, restarts a crashed one, and
stops promptly; `ethicsbot worker` says what it uses."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from ethicsbot.bootstrap import App
from ethicsbot.cli.worker import describe
from ethicsbot.worker import intake_service, run_worker, service_name
from tests.fixtures.app import make_settings
from tests.integration.mail.complaints import forwarded_complaint
from tests.integration.mail.harness import Running, case_count, eventually


def test_a_crashing_service_is_restarted_and_intake_keeps_running(
        app: App, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="ethicsbot.worker")
    runs: list[str] = []

    async def flaky_dispatcher(stop: asyncio.Event) -> None:
        runs.append("started")
        if len(runs) == 1:
            raise RuntimeError("simulated bug")
        await stop.wait()

    with Running(lambda stop: run_worker(app, stop=stop, extra=[flaky_dispatcher],
                                         restart_initial=0.05, restart_cap=0.1)) as running:
        eventually(lambda: len(runs) == 2, what="the dispatcher restarted")
        new = Path(app.settings.maildir) / "new"
        eventually(new.is_dir)
        (new / "1.host").write_bytes(forwarded_complaint(1))
        eventually(lambda: case_count(app) == 1)
        assert running.stop() < 2.0
    messages = [r.getMessage() for r in caplog.records]
    assert any("flaky dispatcher crashed (RuntimeError); restarting it in" in m
               for m in messages), messages
    assert "worker running: maildir intake, flaky dispatcher" in messages


def test_a_service_that_returns_early_is_restarted(app: App) -> None:
    runs: list[int] = []

    async def quitter(stop: asyncio.Event) -> None:
        runs.append(1)

    with Running(lambda stop: run_worker(app, stop=stop, extra=[quitter],
                                         restart_initial=0.01, restart_cap=0.02)):
        eventually(lambda: len(runs) >= 3)


def test_imap_settings_choose_imap_intake(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, "sqlite://", imap_host="imap.city.test",
                             imap_user="intake@city.test", imap_password="x")
    app = App.__new__(App)
    app.settings = settings
    assert service_name(intake_service(app)) == "imap intake"
    lines = describe(settings)
    assert "IMAP intake@city.test@imap.city.test:993 (TLS), folder INBOX" in lines[0]
    assert "ETHICSBOT_DATABASE_URL" in lines[1]


def test_the_embedded_default_says_how_to_switch(tmp_path: Path) -> None:
    lines = describe(make_settings(tmp_path, "postgresql://bot:secret@db.city.test/ethics"))
    assert lines[0].startswith(f"intake: the Maildir {tmp_path / 'mailbox'}/new/")
    assert "ETHICSBOT_IMAP_HOST" in lines[0]
    assert "secret" not in lines[1] and "db.city.test" in lines[1]
