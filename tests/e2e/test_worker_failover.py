"""One active worker, as real processes: on PostgreSQL a standby takes over when the
active worker is killed; on SQLite a second worker refuses to start."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[1] / "data" / "intake"


def _env(tmp: Path, database_url: str, outbox: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ETHICSBOT_")}
    env.update(ETHICSBOT_DATABASE_URL=database_url, ETHICSBOT_MAILDIR=str(tmp / "mailbox"),
               ETHICSBOT_OUTBOX_DIR=str(outbox), ETHICSBOT_DIRECTORY=str(tmp / "none.yml"))
    return env


class Worker:
    def __init__(self, tmp: Path, database_url: str, name: str) -> None:
        self.outbox = tmp / f"outbox-{name}"
        self.log = tmp / f"{name}.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ethicsbot", "worker"], cwd=tmp,
            env=_env(tmp, database_url, self.outbox), stdout=subprocess.DEVNULL,
            stderr=self.log.open("wb"), start_new_session=True)

    def said(self, text: str) -> bool:
        return text in self.log.read_text(errors="replace")

    def sent(self) -> int:
        return len(list(self.outbox.glob("*.eml"))) if self.outbox.exists() else 0

    def idle_for(self, seconds: float) -> bool:
        """Nothing new in the outbox for `seconds` (b had every chance to act too)."""
        before = self.sent()
        time.sleep(seconds)
        return self.sent() == before

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def wait(cond: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[Worker]]:
    started: list[Worker] = []
    yield started
    for w in started:
        w.stop()


def drop(tmp: Path, name: str) -> None:
    new = tmp / "mailbox" / "new"
    new.mkdir(parents=True, exist_ok=True)
    shutil.copy(CORPUS / name, new / name)


@pytest.mark.postgres
def test_a_standby_takes_over_when_the_active_worker_is_killed(
        tmp_path: Path, own_database: str, workers: list[Worker]) -> None:
    # a database of its own: the session's may hold cases earlier tests left, whose
    # numbers the new cases would follow
    postgres_url = own_database
    a = Worker(tmp_path, postgres_url, "a")
    workers.append(a)
    wait(lambda: a.said("this process is the active worker"), "worker a to lead")
    b = Worker(tmp_path, postgres_url, "b")
    workers.append(b)
    wait(lambda: b.said("standby"), "worker b to stand by")

    drop(tmp_path, "gmail-forward-letter.eml")
    wait(lambda: a.sent() >= 9, "worker a to send the §2 notices")
    # a owes more than the §2 notices (invites, the registered-mail task): let it finish,
    # so that whatever b sends of the first case after the kill would be sent twice.
    # (A kill in the middle of sending is the crash drill's business, bench/drills.)
    wait(lambda: a.idle_for(1.0), "worker a to send all it owes")
    assert b.sent() == 0 and not b.said("Maildir intake from")

    a.proc.kill()  # no clean shutdown: the database connection just drops
    a.proc.wait()
    wait(lambda: b.said("this process is the active worker"), "worker b to take over")
    drop(tmp_path, "thunderbird-forward-no-sections.eml")
    wait(lambda: b.sent() >= 9, "worker b to send the second case's notices")
    names = {p.name.split(".")[0] for p in b.outbox.glob("*.eml")}
    assert names == {"eth-2026-0002"}  # only the new case: nothing of a's was sent twice


def test_a_second_worker_on_sqlite_refuses_to_start(tmp_path: Path,
                                                    workers: list[Worker]) -> None:
    url = f"sqlite:///{tmp_path / 'ethicsbot.db'}"
    a = Worker(tmp_path, url, "a")
    workers.append(a)
    wait(lambda: a.said("this process is the active worker"), "worker a to lead")
    b = Worker(tmp_path, url, "b")
    workers.append(b)
    assert b.proc.wait(20) == 2
    assert b.said("another EthicsBot worker is already running on this database")
