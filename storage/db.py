"""Engines and sessions: SQLite by default (WAL, foreign keys, immediate transactions,
a database file only its owner can read), PostgreSQL by URL. All times are stored in UTC
and come back aware."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import DateTime, Engine, create_engine, event
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import sessionmaker
from sqlalchemy.types import TypeDecorator

from storage.private import create_private_file


class UTCDateTime(TypeDecorator[datetime]):
    """Aware datetimes in, aware UTC datetimes out, whatever the backend keeps."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("refusing to store a naive datetime: give it a time zone")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def normalise_url(url: str) -> str:
    """Accept the plain `postgresql://` most platforms hand out; we drive it with psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, **kw: Any) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               **kw)
        _sqlite_pragmas(engine)
        _sqlite_file_private(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, **kw)


def _sqlite_pragmas(engine: Engine) -> None:
    # pysqlite's own transaction handling defers BEGIN and upgrades a read to a write,
    # which fails at once under concurrency (SQLITE_BUSY); take the write lock up front.
    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _sqlite_file_private(engine: Engine) -> None:
    """Create the database file 0600 before SQLite does (it would follow the umask);
    SQLite gives its -wal and -shm files the database file's own mode."""
    path = engine.url.database
    if not path or path == ":memory:" or path.startswith("file:") or engine.url.query:
        return  # in memory, or a URI whose options SQLite must read itself

    @event.listens_for(engine, "do_connect")
    def _create(*_args: Any) -> None:
        with contextlib.suppress(OSError):  # no folder, no access: connecting says so
            create_private_file(Path(path))


def make_session_factory(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)
