"""Engines and sessions: SQLite by default (WAL, foreign keys, immediate transactions,
a database file only its owner can read), PostgreSQL by URL (a pool that checks each
connection before use and fails fast when the server is away). All times are stored in
UTC and come back aware."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import DateTime, Engine, create_engine, event, text
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
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


def make_engine(url: str, *, sqlite_busy_ms: int | None = None, **kw: Any) -> Engine:
    """`sqlite_busy_ms`: how long an SQLite connection waits for another's write lock
    before "database is locked" (default `SQLITE_BUSY_MS`; a test of the loops' retries
    makes it short)."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        busy = SQLITE_BUSY_MS if sqlite_busy_ms is None else sqlite_busy_ms
        engine = create_engine(url, connect_args={
            "check_same_thread": False, "timeout": busy / 1000}, **kw)
        _sqlite_pragmas(engine, busy)
        _sqlite_file_private(engine)
        return engine
    options = {"pool_pre_ping": True, **kw}
    options["connect_args"] = {**POSTGRES_CONNECT, **options.get("connect_args", {})}
    return create_engine(url, **options)


# A database that is down must fail a call in seconds, not hang it: the worker then
# waits and retries (ethicsbot.leadership). Connecting gives up after 5 s; a connection
# whose server vanished without a word (a network cut, a failover) is found dead by TCP
# keepalives within ~25 s instead of the kernel's two hours.
POSTGRES_CONNECT: dict[str, Any] = {
    "connect_timeout": 5, "keepalives": 1, "keepalives_idle": 10,
    "keepalives_interval": 5, "keepalives_count": 3,
}


SQLITE_BUSY_MS = 30_000  # how long a connection waits for another's write lock


def _journal_mode_wal(cur: Any, busy_ms: int) -> None:
    """Switch the file to WAL (it stays so). On a new file that other connections are
    opening at the same moment (processes that waited together for it, then migrate it),
    SQLite answers "database is locked" at once rather than waiting on its busy handler:
    retried here for as long as the busy timeout would wait."""
    deadline = time.monotonic() + busy_ms / 1000
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _sqlite_pragmas(engine: Engine, busy_ms: int) -> None:
    # pysqlite's own transaction handling defers BEGIN and upgrades a read to a write,
    # which fails at once under concurrency (SQLITE_BUSY); take the write lock up front.
    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
        _journal_mode_wal(cur, busy_ms)
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get(_SNAPSHOT)
                             else "BEGIN IMMEDIATE")


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


def make_read_engine(engine: Engine) -> Engine:
    """The engine of the Slack surface's lookups and their access-log rows.

    On PostgreSQL a pool of its own, in autocommit with asynchronous commit, that pings a
    connection only when it sat idle (`IDLE_PING`): a docket page is then one round trip
    (`storage.queries.docket` writes its access-log row in the same statement) where it
    was five (ping, BEGIN, INSERT, SELECT, COMMIT), and the row's commit does not wait
    for the WAL to reach the disk (measured here: 0.62 ms against 0.15 ms a commit).
    With the cores shared, each round trip also waits for the server to be scheduled:
    that, not the queries, was PostgreSQL's gap to SQLite in bench/slack_status.py.

    Asynchronous commit is SQLite's own durability in WAL mode with synchronous=NORMAL:
    a crash of the server can lose the last few hundred ms of access-log rows, never
    corrupt them. Steps, filings and the outbox keep synchronous commits on the main
    engine. On SQLite: the main engine itself.
    """
    if engine.dialect.name != "postgresql":
        return engine
    reader = make_engine(engine.url.render_as_string(hide_password=False),
                         isolation_level="AUTOCOMMIT", pool_pre_ping=False)  # idle ping below

    @event.listens_for(reader, "connect")
    def _asynchronous_commit(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.execute("SET synchronous_commit TO off")
        dbapi_conn.commit()

    @event.listens_for(reader, "checkin")
    def _idle_since(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(reader, "checkout")
    def _ping_if_idle(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("idle_since", 0.0) < IDLE_PING:
            return  # in use a moment ago: a dead server shows as one failed lookup
        try:
            dbapi_conn.execute("SELECT 1")
        except Exception as e:  # the pool replaces it and tries again
            raise DisconnectionError("idle connection is dead") from e

    return reader


IDLE_PING = 2.0  # seconds idle after which a read connection is checked before use


def make_session_factory(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)


_SNAPSHOT = "ethicsbot_snapshot"


def snapshot_reader(engine: Engine) -> Engine:
    """`engine` for a long read that writes nothing (`ethicsbot verify` over a big docket:
    a minute): one snapshot of the database for the whole transaction, and no lock that
    stops the worker's writes meanwhile. On SQLite a deferred BEGIN (in WAL mode a reader
    has its snapshot and blocks no writer; the BEGIN IMMEDIATE of every other transaction
    would hold the write lock throughout, and a write waits `SQLITE_BUSY_MS` at most); on
    PostgreSQL REPEATABLE READ, READ ONLY. A write in such a transaction fails."""
    if engine.dialect.name == "sqlite":
        return engine.execution_options(**{_SNAPSHOT: True})
    return engine.execution_options(isolation_level="REPEATABLE READ",
                                    postgresql_readonly=True)


# SQLite's primary result codes for busy or away: BUSY, LOCKED, NOMEM, IOERR, FULL,
# CANTOPEN, PROTOCOL, SCHEMA (another connection changed the schema: prepared again, the
# statement goes through). Not SQLITE_ERROR (1): "no such table", "no such column", a
# syntax error, which come back every time until someone migrates or fixes the code.
_SQLITE_WEATHER = frozenset({5, 6, 7, 10, 13, 14, 15, 17})
# PostgreSQL's SQLSTATE classes for the same: a connection lost or refused (08), a
# deadlock or serialization failure (40), resources exhausted (53), a shutdown, restart
# or cancel (57), an I/O failure (58); and a lock not granted in time (55P03)
_POSTGRES_WEATHER = frozenset({"08", "40", "53", "57", "58"})


def database_weather(error: BaseException) -> bool:
    """Whether `error` is the database being busy or away, not a fault of the work: a
    write lock held past the busy timeout ("database is locked"), a server restarting or
    out of reach, a connection cut midway. The same work tried again later goes through.

    Not every OperationalError is: SQLite says "no such table" or a syntax error as one
    too, and retried those would go on forever. The driver's code decides (`sqlite3`'s
    result code, psycopg's SQLSTATE); an error without one (a connection refused before
    the server said anything, a test's stand-in) is weather, as before."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    if isinstance(error, InterfaceError):
        return True
    if not isinstance(error, OperationalError):
        return False
    code = getattr(error.orig, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _SQLITE_WEATHER
    state = getattr(error.orig, "sqlstate", None)
    if isinstance(state, str) and state:
        return state[:2] in _POSTGRES_WEATHER or state == "55P03"
    return True


def ping(engine: Engine) -> None:
    """One round trip to the database; raises what the driver raises when it is down."""
    with engine.connect() as conn:
        conn.exec_driver_sql("SELECT 1")


def refresh_statistics(engine: Engine) -> None:
    """What the query planner knows of the tables' shape, brought up to date at the
    worker's start. On SQLite, ANALYZE, sampled (`analysis_limit` bounds its cost whatever
    the size): without it SQLite guesses, and the dispatcher's claim of a new case's
    notices behind 140,000 queued ones reads the whole queue (83 ms a round instead of
    3 ms, `storage.outbox.claim_due`). On PostgreSQL, ANALYZE of the tables autovacuum
    has not analyzed since a tenth of their rows changed (`STALE_SHARE`): a docket just
    loaded or restored has none, and until autovacuum came round (a minute or more) the
    at-risk sweep and the dispatcher's reads of 20,000 new cases' notices were planned on
    guesses (issue 39); a running docket's restart analyzes little or nothing. ANALYZE
    samples (30,000 rows a table by default), so the cost is bounded too. A database that
    is busy or away is left as it is: the statistics are an optimisation, never a reason
    not to start."""
    try:
        with engine.begin() as conn:
            if engine.dialect.name == "sqlite":
                conn.exec_driver_sql("PRAGMA analysis_limit=1000")
                conn.exec_driver_sql("ANALYZE")
                return
            stale = conn.execute(text(
                "SELECT quote_ident(schemaname) || '.' || quote_ident(relname) "
                "FROM pg_stat_user_tables WHERE schemaname = current_schema() AND "
                "(coalesce(last_analyze, last_autoanalyze) IS NULL "
                "OR n_mod_since_analyze > :share * greatest(n_live_tup, 1))"),
                {"share": STALE_SHARE}).scalars().all()
            if stale:
                conn.exec_driver_sql(f"ANALYZE {', '.join(stale)}")
    except (OperationalError, InterfaceError):
        return


STALE_SHARE = 0.1  # PostgreSQL's statistics of a table are stale once this share changed
