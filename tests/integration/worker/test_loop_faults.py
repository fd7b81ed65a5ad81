"""A loop that meets a fault, not weather (issue 39): a table missing after a restore or
a migration by hand. The loop says it once per episode, however often it tries (the
at-risk sweep tries every 5 s), and once when it works again; and `ethicsbot status`
shows which loop, since when, the error and what to do while it lasts, stored by the
worker the way the mail outage is (`storage.loop_faults`, `ethicsbot.worker`), and
cleared when the loop next goes through. Real SQLite and PostgreSQL; the clock is
injected, and the sweep's waits between rounds are the test's, so nothing sleeps for a
round."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, text

import ethicsbot.worker as worker_module
from ethicsbot.bootstrap import App
from ethicsbot.cli.status import _lines
from ethicsbot.status import status
from ethicsbot.worker import run_worker
from mail.alerts import run_alert_sweeps
from storage.models import AlertedRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import a_filing, open_one
from tests.integration.mail.harness import Running, eventually

SWEEP = "the at-risk sweep"
LOST = "alerted_lost"


def cases_at_risk(app: App, clock: FakeClock, n: int = 2) -> None:
    """`n` cases whose §2 notices are unsent with 4 hours of their 24 left."""
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=UTC) - timedelta(hours=20))
    for _ in range(n):
        open_one(app, a_filing(clock.now))
    clock.set(datetime(2026, 11, 30, 17, 0, tzinfo=UTC))


def rename(app: App, old: str, new: str) -> None:
    with app.engine.begin() as conn:
        conn.execute(text(f"ALTER TABLE {old} RENAME TO {new}"))


def told(app: App) -> int:
    with app.session_factory() as s:
        return int(s.scalar(select(func.count()).select_from(AlertedRow)) or 0)


def sweep_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.levelno >= logging.WARNING and SWEEP in r.getMessage()]


def test_a_loop_without_its_table_shows_in_status_until_the_table_is_back(
        app: App, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    cases_at_risk(app, clock)
    rename(app, "alerted", LOST)  # a restore that lost the sweep's table

    async def sweeps(stop: asyncio.Event) -> None:
        await run_alert_sweeps(uow_factory=app.uow, clock=app.clock, directory=app.directory,
                               undelivered_after=app.settings.undelivered_alert_after,
                               slack=False, stop=stop, every=0.05)

    with Running(lambda stop: run_worker(app, stop=stop, extra=[sweeps])) as running:
        loops = eventually(lambda: status(app)["loops"], what="the fault in status")
        assert running.alive
        assert [(f["loop"], f["since"]) for f in loops] == [(SWEEP, clock.now.isoformat())]
        assert "alerted" in loops[0]["error"] and "Error" in loops[0]["error"]
        assert "run `ethicsbot migrate`" in loops[0]["todo"]
        shown = [line for line in _lines(status(app)) if line.startswith("worker loop")]
        assert shown == [f"worker loop {SWEEP}: FAILING since {clock.now.isoformat()} "
                         f"({loops[0]['error']}); {loops[0]['todo']}"]

        rename(app, LOST, "alerted")  # migrated again
        eventually(lambda: status(app)["loops"] == [], what="the fault cleared")
        eventually(lambda: told(app) == 2, what="the deadlines told, once each")
    said = sweep_lines(caplog)
    assert len(said) == 2, said  # the fault once, its end once: not once per round
    assert said[0].startswith(f"the database ({SWEEP}) refused the sweep (")
    assert said[1].startswith(f"{SWEEP} works again, after ")


def test_the_sweep_says_a_fault_once_per_episode_not_once_a_round(
        app: App, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    """Twelve rounds 5 s apart on the injected clock (a minute of the fault), then the
    table back: one ERROR line, one line when it works again, with how long it lasted;
    then a second episode of one round is said again, and its end."""
    cases_at_risk(app, clock)
    rename(app, "alerted", LOST)
    rounds: list[datetime] = []
    stop = asyncio.Event()

    async def wait(stop: asyncio.Event, seconds: float) -> bool:
        rounds.append(clock.now)
        clock.advance(seconds=seconds)
        if len(rounds) == 12:
            rename(app, LOST, "alerted")  # back before the 13th round
        if len(rounds) == 14:
            rename(app, "alerted", LOST)  # a second episode, in the 15th round
        if len(rounds) == 15:
            rename(app, LOST, "alerted")  # over in the 16th, the last
        return len(rounds) == 16

    asyncio.run(run_alert_sweeps(uow_factory=app.uow, clock=app.clock,
                                 directory=app.directory, slack=False, stop=stop,
                                 undelivered_after=app.settings.undelivered_alert_after,
                                 every=5.0, wait=wait))
    assert len(rounds) == 16
    said = sweep_lines(caplog)
    assert [r.levelname for r in caplog.records if SWEEP in r.getMessage()
            and r.levelno >= logging.WARNING] == ["ERROR", "WARNING"] * 2, said
    assert said[1] == f"{SWEEP} works again, after 60 s of failing ({said_error(said[0])})"
    assert said[3] == f"{SWEEP} works again, after 5 s of failing ({said_error(said[2])})"


def said_error(line: str) -> str:
    """The error's words in the fault's line: "... refused the sweep (WORDS): not ..."."""
    return line.split(" refused the sweep (", 1)[1].split("): not busy", 1)[0]


def test_a_service_that_crashes_again_and_again_is_said_once_until_it_runs(
        app: App, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four crashes in a row are one episode: one ERROR line, the restarts at DEBUG; once
    the service has run `HEALTHY_AFTER` (made short here) its end is said once."""
    monkeypatch.setattr(worker_module, "HEALTHY_AFTER", 0.2)
    runs: list[int] = []

    async def flaky(stop: asyncio.Event) -> None:
        runs.append(1)
        if len(runs) <= 4:
            raise RuntimeError("a bug of ours")
        await stop.wait()

    with Running(lambda stop: run_worker(app, stop=stop, extra=[flaky],
                                         restart_initial=0.01, restart_cap=0.02)):
        eventually(lambda: any("flaky works again" in r.getMessage()
                               for r in caplog.records), what="the end said")
        assert status(app)["loops"] == []
    said = [r.getMessage() for r in caplog.records
            if r.levelno >= logging.WARNING and "flaky" in r.getMessage()]
    assert len(runs) == 5 and len(said) == 2, said
    assert said[0].startswith("flaky crashed (RuntimeError); restarting it in ")
    assert said[1].startswith("flaky works again, after ")


def test_a_worker_whose_report_cannot_be_stored_goes_on_serving(
        app: App, caplog: pytest.LogCaptureFixture) -> None:
    """The report's own table missing: said once, and the worker's loops go on (a report
    that cannot be stored must not end the worker it reports on)."""
    rename(app, "app_state", "app_state_lost")
    try:
        with Running(lambda stop: run_worker(app, stop=stop)) as running:
            eventually(lambda: any("reporting the loops' condition" in r.getMessage()
                                   for r in caplog.records if r.levelno == logging.ERROR),
                       what="the report's fault said")
            assert running.alive
    finally:
        rename(app, "app_state_lost", "app_state")
