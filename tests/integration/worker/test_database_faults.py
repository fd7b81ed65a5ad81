"""Not every OperationalError is weather (issue 39): a busy or unreachable database is
waited out (tests/integration/worker/test_busy_database.py), but "no such table", a
missing column or a syntax error comes back on every try. Such a fault is said once as an
ERROR and handed to the loop at once, never retried forever behind one WARNING
(`storage.db.database_weather`, `storage.retry.Weather`). Real SQLite and PostgreSQL
errors, not stand-ins: the drivers' codes are what decide."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError, OperationalError

from ethicsbot.bootstrap import App
from mail.intake import IntakeOutcome
from mail.listener import run_maildir_intake
from storage.db import database_weather
from storage.retry import Weather
from tests.integration.mail.complaints import forwarded_complaint
from tests.integration.mail.harness import Running, eventually
from tests.integration.worker.test_busy_database import busy_app, write_lock  # noqa: F401

log = logging.getLogger(__name__)


def error_of(app: App, sql: str) -> DBAPIError:
    with pytest.raises(DBAPIError) as raised, app.engine.begin() as conn:
        conn.execute(text(sql))
    return raised.value


@pytest.mark.parametrize("sql", ["SELECT * FROM no_such_table",
                                 "SELECT no_such_column FROM cases",
                                 "SELEC 1"])
def test_a_missing_table_or_column_or_a_syntax_error_is_not_weather(app: App, sql: str
                                                                     ) -> None:
    assert not database_weather(error_of(app, sql))


def test_a_locked_sqlite_database_is_weather(busy_app: App) -> None:  # noqa: F811
    with write_lock(busy_app):
        error = error_of(busy_app, "INSERT INTO calendar_state (id) VALUES (99)")
    assert isinstance(error, OperationalError) and "locked" in str(error.orig)
    assert database_weather(error)


@pytest.mark.postgres
def test_on_postgresql_a_lock_not_granted_and_a_lost_server_are_weather(
        postgres_url: str) -> None:
    engine = create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as holder:
            holder.execute(text("CREATE TABLE held (id int)"))
        with engine.connect() as holder, engine.connect() as waiter:
            holder.execute(text("LOCK TABLE held IN ACCESS EXCLUSIVE MODE"))
            waiter.execute(text("SET lock_timeout = '50ms'"))
            with pytest.raises(OperationalError) as raised:
                waiter.execute(text("SELECT * FROM held"))
            assert getattr(raised.value.orig, "sqlstate", None) == "55P03"
            assert database_weather(raised.value)
        with pytest.raises(OperationalError) as refused:
            create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none").connect()
        assert database_weather(refused.value)
    finally:
        engine.dispose()


def test_a_fault_is_said_once_as_an_error_and_not_retried(
        app: App, caplog: pytest.LogCaptureFixture) -> None:
    weather, tries = Weather("a test loop", log), []

    def work() -> None:
        tries.append(time.monotonic())
        with app.engine.begin() as conn:
            conn.execute(text("SELECT * FROM no_such_table"))

    for _ in range(3):  # the loop's three rounds: raised at once each time, said once
        with pytest.raises(DBAPIError):
            weather.run_sync(work, unit="its round")
    assert len(tries) == 3
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.levelno for r in said] == [logging.ERROR], [r.getMessage() for r in said]
    assert said[0].getMessage().startswith("the database (a test loop) refused its round (")
    assert "no_such_table" in said[0].getMessage()
    assert "run `ethicsbot migrate`" in said[0].getMessage()

    assert weather.run_sync(lambda: 1) == 1  # it went through: a new fault is said again
    with pytest.raises(DBAPIError):
        weather.run_sync(work, unit="its round")
    assert len([r for r in caplog.records if r.levelno == logging.ERROR]) == 2


def test_maildir_intake_on_a_database_without_its_table_says_so_and_goes_on(
        app: App, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A restore or a migration that lost a table: each message is said once and left in
    new/ for the clerk; the loop is not stuck retrying the first one forever."""
    caplog.set_level(logging.INFO)
    maildir = tmp_path / "Maildir"
    (maildir / "new").mkdir(parents=True)
    for n in range(2):
        (maildir / "new" / f"17650000{n}.M{n}P1.host").write_bytes(forwarded_complaint(n))
    with app.engine.begin() as conn:
        conn.execute(text("ALTER TABLE filings RENAME TO filings_lost"))
    taken: list[IntakeOutcome] = []
    service = Running(lambda stop: run_maildir_intake(maildir, app.intake(), stop=stop,
                                                      on_taken=taken.append,
                                                      poll_seconds=0.05))
    with service:
        eventually(lambda: len([r for r in caplog.records if "could not be taken in"
                                in r.getMessage()]) == 2, what="both messages said")
        assert service.alive
    assert taken == []
    assert len(list((maildir / "new").iterdir())) == 2  # left for the clerk
    weather = [r.getMessage() for r in caplog.records if "is down" in r.getMessage()]
    assert weather == []  # never taken for a busy database
