"""What the IMAP intake tests share: an App on a fresh Dovecot account, the listener
run beside the test, and ways to look at (and disturb) the server."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from imapclient import IMAPClient

from ethicsbot.bootstrap import App, bootstrap, intake_mailbox
from mail.listener import ImapTuning, run_imap_intake
from tests.fixtures.app import FakeClock, make_settings
from tests.integration.mail.harness import Running, eventually, folder_counts
from tests.servers.dovecot import DovecotServer, ImapAccount

FAST = ImapTuning(poll_seconds=0.2, idle_slice=0.25, backoff_initial=0.05, backoff_cap=0.5)
FOLDERS = ("INBOX", "Processed", "Quarantine")


@pytest.fixture
def intake_app(tmp_path: Path, database_url: str, clock: FakeClock,
               imap_account: ImapAccount) -> Iterator[App]:
    """An App reading `imap_account`'s INBOX; the cap is high: these are not floods."""
    settings = make_settings(tmp_path, database_url, **imap_account.settings(),
                             intake_daily_cap=10_000)
    app = bootstrap(settings, clock=clock)
    yield app
    app.engine.dispose()


def listening(app: App, tuning: ImapTuning = FAST, **kw: Any) -> Running:
    return Running(lambda stop: run_imap_intake(intake_mailbox(app.settings), app.intake(),
                                                stop=stop, tuning=tuning, **kw))


def connected(dovecot: DovecotServer, account: ImapAccount) -> None:
    """The listener has logged in: it creates its folders before selecting the inbox."""
    with dovecot.client(account.user) as imap:
        eventually(lambda: imap.folder_exists("Quarantine"), what="the listener connected")


def counts(dovecot: DovecotServer, account: ImapAccount) -> dict[str, int]:
    return folder_counts(dovecot, account, *FOLDERS)


def end_imap_sessions(dovecot: DovecotServer, account: ImapAccount,
                      sig: signal.Signals = signal.SIGTERM) -> int:
    """End the imap processes serving `account` (their pids are in the login lines of this
    Dovecot's own log) with `sig` (SIGTERM: they say BYE; SIGKILL: they do not); returns
    how many were ended."""
    log = (dovecot.state_dir / "dovecot.log").read_text(errors="replace")
    pids = {int(m) for m in re.findall(rf"Login: user=<{re.escape(account.user)}>.*?mpid=(\d+)",
                                       log)}
    ended = 0
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() != "imap":
                continue  # gone, and the number reused by something else
            os.kill(pid, sig)
            ended += 1
        except (FileNotFoundError, ProcessLookupError):
            continue
    return ended


def hide_capability(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    real = IMAPClient.has_capability
    monkeypatch.setattr(IMAPClient, "has_capability",
                        lambda self, cap: cap.upper() != name and real(self, cap))
