"""A worker SIGKILLed in the middle of a backlog leaves no process behind: its read-ahead
parser and multiprocessing's resource tracker end with it (each cost ~40 MB and stayed
for minutes before, one pair per kill), and neither prints anything as it goes."""

from __future__ import annotations

from pathlib import Path

from tests.integration.mail.complaints import forwarded_complaint
from tests.integration.mail.harness import append_all
from tests.servers.dovecot import DovecotServer, ImapAccount
from tests.servers.processes import BotProcess, descendants, survivors, until


def imap_worker(tmp: Path, account: ImapAccount) -> BotProcess:
    return BotProcess(tmp, "worker", {
        "DATABASE_URL": f"sqlite:///{tmp / 'ethicsbot.db'}", "DIRECTORY": tmp / "none.yml",
        "OUTBOX_DIR": tmp / "outbox", **account.env(), "INTAKE_DAILY_CAP": 100_000},
        name="worker")


def test_a_sigkilled_worker_leaves_no_helper_process_running_and_nothing_on_stderr(
        tmp_path: Path, dovecot: DovecotServer, imap_account: ImapAccount) -> None:
    append_all(dovecot, imap_account, [forwarded_complaint(n) for n in range(400)])
    worker = imap_worker(tmp_path, imap_account)
    try:
        # the read-ahead parser and the resource tracker: two Python children
        until(lambda: len(descendants(worker.pid)) >= 2, "the worker's helper processes",
              timeout=60)
        helpers = worker.kill()
    finally:
        worker.stop()
    assert len(helpers) >= 2
    assert survivors(helpers, grace=5.0) == []
    # what the helpers print as they go (the tracker's "leaked semaphore" warning, a
    # traceback) would land in the worker's log between its JSON records
    assert worker.stray() == []
