"""A busy database is weather, not a crash (issue 39): with another connection holding
SQLite's write lock for a couple of seconds, past the busy timeout, each loop (Maildir
intake, the reminders, the recomputation of deadlines, the at-risk sweep) waits and tries
its own unit of work again, says so in one line for the episode, and goes on once the
lock is gone: nothing it had read is lost, nothing is done twice.

A real SQLite file; the busy timeout is made short (0.2 s instead of 30 s) so the lock
outlasts it in a test of a few seconds. The clock is injected; the only real waits are
for the lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from ethicsbot.bootstrap import App, bootstrap, build_scheduler
from ethicsbot.calendar_sync import sweep, sync_calendar
from mail.alerts import owe_deadline_alerts, run_alert_sweeps
from mail.intake import IntakeOutcome
from mail.listener import run_maildir_intake
from scheduler.jobs import run_reminders
from storage.db import make_engine
from storage.migrate import upgrade
from storage.models import CaseRow, FilingRow, OutboxRow
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.cases import a_filing, open_one
from tests.integration.mail.complaints import forwarded_complaint
from tests.integration.mail.harness import Running, eventually
from tests.integration.storage.test_calendar_sync import add_holiday

HELD = 1.5  # seconds the other connection keeps the write lock: beyond the busy timeout
BUSY_MS = 200


@pytest.fixture
def busy_app(tmp_path: Path, clock: FakeClock) -> Iterator[App]:
    url = f"sqlite:///{tmp_path / 'ethicsbot.db'}"
    engine = make_engine(url, sqlite_busy_ms=BUSY_MS)
    upgrade(engine)
    built = bootstrap(make_settings(tmp_path, url), clock=clock, engine=engine)
    yield built
    built.close()


class WriteLock:
    """Another process's writer, as far as SQLite can tell: a connection of its own in
    BEGIN IMMEDIATE, holding the database's one write lock until `release`."""

    def __init__(self, app: App) -> None:
        self.conn = sqlite3.connect(str(app.engine.url.database), isolation_level=None,
                                    check_same_thread=False)
        self.conn.execute("BEGIN IMMEDIATE")
        self.released = threading.Event()

    def release(self) -> None:
        if not self.released.is_set():
            self.conn.execute("ROLLBACK")
            self.conn.close()
            self.released.set()

    def release_after(self, seconds: float) -> threading.Timer:
        timer = threading.Timer(seconds, self.release)
        timer.start()
        return timer


@contextlib.contextmanager
def write_lock(app: App) -> Iterator[WriteLock]:
    lock = WriteLock(app)
    try:
        yield lock
    finally:
        lock.release()


def episode_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the loops said at WARNING or above about the database."""
    return [r.getMessage() for r in caplog.records
            if r.levelno >= logging.WARNING and "the database" in r.getMessage()]


def peek(app: App, sql: str) -> list[tuple[object, ...]]:
    """The test's own look while a loop runs: a plain read, which takes no lock (the
    app's sessions BEGIN IMMEDIATE, and would compete with the loop for the lock)."""
    with contextlib.closing(sqlite3.connect(str(app.engine.url.database))) as conn:
        return conn.execute(sql).fetchall()


def count(app: App, row: type) -> int:
    with app.session_factory() as s:
        return int(s.scalar(select(func.count()).select_from(row)) or 0)


def test_maildir_intake_waits_out_a_locked_database_and_loses_nothing(
        busy_app: App, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    app, maildir = busy_app, Path(busy_app.settings.maildir)
    (maildir / "new").mkdir(parents=True)
    for n in range(3):
        (maildir / "new" / f"17650000{n}.M{n}P1.host").write_bytes(forwarded_complaint(n))
    taken: list[IntakeOutcome] = []
    service = Running(lambda stop: run_maildir_intake(maildir, app.intake(), stop=stop,
                                                      on_taken=taken.append,
                                                      poll_seconds=0.05))
    with write_lock(app) as lock, service:
        time.sleep(HELD)  # the first message has failed, and is being tried again
        assert service.alive and taken == []
        assert len(list((maildir / "new").iterdir())) == 3  # nothing taken away meanwhile
        lock.release()
        eventually(lambda: len(taken) == 3, what="the three messages taken in")
        assert service.alive
    assert [t.outcome.value for t in taken] == ["opened"] * 3
    assert count(app, CaseRow) == 3 and count(app, FilingRow) == 3  # none lost, none twice
    assert list((maildir / "new").iterdir()) == []
    assert len(list((maildir / ".Processed" / "cur").iterdir())) == 3
    said = episode_lines(caplog)
    assert len(said) == 1, said
    assert said[0].startswith("the database (Maildir intake) is down (OperationalError: "
                              "database is locked); retrying this message")
    assert not [r for r in caplog.records if "crashed" in r.getMessage()
                or "restarting" in r.getMessage()]


RECEIVED = datetime(2024, 3, 5, 22, 15, tzinfo=UTC)
LATER = datetime(2024, 3, 11, 16, 30, tzinfo=UTC)  # registered mail overdue


def test_the_reminder_service_waits_out_a_locked_database_and_reminds_once(
        busy_app: App, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    app = busy_app
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    clock.set(LATER)
    service = Running(lambda stop: run_reminders(app.reminders(build_scheduler(app)),
                                                 stop=stop))

    def reminders() -> list[tuple[object, ...]]:
        return sorted(peek(app, "SELECT o.slot, o.recipient_email, o.channel FROM outbox o "
                                "JOIN cases c ON c.id = o.case_id WHERE o.notice_type = "
                                f"'reminder' AND c.number = '{number}'"))

    with write_lock(app) as lock, service:
        time.sleep(HELD)
        assert service.alive
        lock.release()
        eventually(lambda: ("registered_mail:overdue-2024-03-11", "clerk@city.test",
                            "email") in reminders(), what="the overdue reminder")
        time.sleep(0.3)  # a second look would owe nothing more
        assert service.alive
    owed = reminders()
    assert len(owed) == len(set(owed))
    said = episode_lines(caplog)
    assert len(said) == 1 and said[0].startswith("the database (reminders) is down"), said


def test_the_recomputation_waits_out_a_locked_database_batch_by_batch(
        busy_app: App, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    app = busy_app
    sync_calendar(app)
    numbers = [open_one(app) for _ in range(3)]
    add_holiday(app)
    assert sync_calendar(app) == 3
    with write_lock(app) as lock:
        lock.release_after(HELD)
        began = time.monotonic()
        assert sweep(app, batch=2) == 3  # waited, then every case recomputed once
        assert time.monotonic() - began >= HELD
    with app.session_factory() as s:
        under = set(s.scalars(select(CaseRow.computed_under).where(CaseRow.number.in_(numbers))))
    assert under == {app.computed_under}
    said = episode_lines(caplog)
    assert len(said) == 1 and said[0].startswith(
        "the database (recomputing deadlines) is down (OperationalError: database is "
        "locked); retrying "), said


def test_the_at_risk_sweep_loop_waits_out_a_locked_database_and_tells_once(
        busy_app: App, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    """The sweep beside the dispatcher: locked when it wants to write, it tries the
    sweep again; the clerk gets one digest, each deadline told once."""
    caplog.set_level(logging.INFO)
    app = busy_app
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=UTC) - timedelta(hours=20))
    for _ in range(3):
        open_one(app, a_filing(clock.now))
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=UTC))  # 4 hours left: at risk

    async def sweeps(stop: asyncio.Event) -> None:
        await run_alert_sweeps(uow_factory=app.uow, clock=app.clock, directory=app.directory,
                               undelivered_after=app.settings.undelivered_alert_after,
                               slack=False, stop=stop, every=0.1)

    with write_lock(app) as lock, Running(sweeps) as service:
        time.sleep(HELD)
        assert service.alive
        assert lock.conn.execute("SELECT count(*) FROM alerted").fetchone() == (0,)
        lock.release()
        eventually(lambda: peek(app, "SELECT count(*) FROM alerted") == [(3,)],
                   what="the deadlines told")
        time.sleep(0.5)  # more sweeps: nothing new
    assert owe_deadline_alerts(uow_factory=app.uow, clock=app.clock,
                               directory=app.directory) == 0
    with app.session_factory() as s:
        digests = s.scalars(select(OutboxRow.generation).where(
            OutboxRow.notice_type == "deadline_alert")).all()
    assert digests == [1]  # one clerk, email: one digest
    said = episode_lines(caplog)
    assert len(said) == 1 and said[0].startswith(
        "the database (the at-risk sweep) is down"), said
