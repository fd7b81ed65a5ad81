"""The docket and the case view as Slack's `/ethics status` and the web read them, without
holding the event loop on PostgreSQL.

Both surfaces run in one asyncio process. Read through a session, a docket page waits for
PostgreSQL's round trip on the loop itself, and every other request waits with it:
bench/slack_status.py --compare (10,000 cases, 50 concurrent requests, two cores) measured
PostgreSQL at 0.78-0.92x SQLite's throughput and 1.11-1.27x its p99 that way. Here the
page's statements, the very ones a session runs (`storage.lookups.docket_read`), are sent
on psycopg's asyncio connections and awaited, so other requests go on meanwhile; figures
in docs/topology.md. SQLite keeps the session on the loop
(`storage.lookups.InlineDocket`): a local file has no round trip to overlap.

The connections are a small pool of our own (`PooledDocket`) rather than psycopg_pool,
whose background workers replace a lost connection with a backoff (1, 2, 4 ... s, up to
`reconnect_timeout`) and count it as present while they wait, so after a database outage
the docket stayed unavailable until those attempts came round; here a connection is
opened when a request needs one, as the session's pool does. Like the Slack surface's
read engine (`storage.db.make_read_engine`) they are in autocommit with asynchronous
commit, and a connection idle for `IDLE_PING` seconds is checked before it is used.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

import psycopg
from psycopg.pq import ExecStatus
from psycopg.rows import namedtuple_row
from sqlalchemy import Engine, Executable
from sqlalchemy.engine import Dialect
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement

from cases.levels import Access
from cases.readings import Readings
from storage.db import IDLE_PING, POSTGRES_CONNECT
from storage.lookups import OPEN, Asker, Page, case_view_read, docket_counts_read, docket_read
from storage.queries import CaseView, DocketView, Statement

# How long a docket request may wait for a connection and its answer, all told: Slack
# wants its acknowledgement within 3 s, and a database that is away must cost a request
# a clear failure (`TimeoutError`), not a hang
WAIT = 2.0

Run = Callable[[list[Statement]], Awaitable[list[Any]]]  # statements in, the last's rows out


@dataclass
class _Slots:
    """The connections of one event loop (an asyncio connection belongs to its loop)."""

    loop: asyncio.AbstractEventLoop
    free: asyncio.Semaphore
    idle: deque[tuple[psycopg.AsyncConnection[Any], float]] = field(default_factory=deque)


class PooledDocket:
    """The docket's pages and case views read on up to `size` asyncio connections to
    PostgreSQL (a `storage.lookups.DocketReader`).

    Measured with bench/slack_status.py (PostgreSQL, 50 concurrent requests on two
    cores): 4, 8 and 16 connections gave 862, 888 and 894 requests/s, p99 83, 84 and
    88 ms; the cores are the limit, so the default (`ETHICSBOT_DOCKET_CONNECTIONS`) is
    8. A request beyond them waits for one to come free."""

    def __init__(self, dialect: Dialect, connect: dict[str, Any], *, size: int,
                 wait: float = WAIT) -> None:
        self._dialect, self._connect, self.size, self.wait = dialect, connect, size, wait
        self._compiled: dict[Executable, SQLCompiler] = {}
        self._slots: _Slots | None = None

    @classmethod
    def of(cls, engine: Engine, *, size: int) -> PooledDocket:
        """Connected as `engine` connects (its URL, our connect options)."""
        _args, params = engine.dialect.create_connect_args(engine.url)
        params.pop("context", None)  # SQLAlchemy's own adapters: plain psycopg here
        params.setdefault("application_name", "ethicsbot docket")  # for pg_stat_activity
        return cls(engine.dialect, {**params, **POSTGRES_CONNECT}, size=size)

    async def docket(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                     view: DocketView = OPEN) -> Page:
        read = docket_read(asker, page, size=size, now=now, dialect=self._dialect.name,
                           view=view)
        async with self._session() as run:
            rows = await run(read.statements)
        return read.answer(rows)  # a refusal, raised out here, costs no connection

    async def counts(self, asker: Asker, *, now: datetime, view: DocketView = OPEN
                     ) -> dict[str, int]:
        read = docket_counts_read(asker, now=now, dialect=self._dialect.name, view=view)
        if not read.statements:
            return {}
        async with self._session() as run:
            return read.answer(await run(read.statements))

    async def case_view(self, asker: Asker, number: str, action: str, *, now: datetime,
                        readings: Readings, public_ok: bool = True
                        ) -> tuple[Access, CaseView]:
        """The case view's one statement (for most askers with its look's line,
        `storage.lookups.case_view_read`), and else the line once it is decided, on the
        same connection: given back between them, a request would queue for a connection
        twice (p99 1.5x SQLite's)."""
        read = case_view_read(asker, number, action, now=now, readings=readings,
                              public_ok=public_ok, dialect=self._dialect.name)
        async with self._session() as run:
            decided, rest = read.decide(await run(read.statements))
            await run(rest)  # nothing to send if the read wrote the line
        return decided.answer()

    async def close(self) -> None:
        """Close the idle connections; one still in use is closed when it comes back."""
        slots, self._slots = self._slots, None
        while slots is not None and slots.idle:
            await slots.idle.pop()[0].close()

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[Run]:
        """A connection for the block, as `run(statements)`: it executes them in order
        and gives the last one's rows. The block's whole time is bounded by `wait`."""
        slots = self._here()
        async with asyncio.timeout(self.wait), slots.free:
            conn = await self._connection(slots)

            async def run(statements: list[Statement]) -> list[Any]:
                cursor = None
                for statement, params in statements:
                    cursor = await conn.execute(*self._expanded(statement, params))
                # asked of the result, not of `description`, which describes each column
                # anew on every call (a seventh of a case look's CPU)
                if cursor is None or cursor.pgresult is None or (
                        cursor.pgresult.status != ExecStatus.TUPLES_OK):
                    return []
                return await cursor.fetchall()

            try:
                yield run
            except BaseException:  # failed or interrupted: the connection's state is unknown
                await conn.close()
                raise
            if slots is self._slots:
                slots.idle.append((conn, time.monotonic()))
            else:
                await conn.close()

    def _here(self) -> _Slots:
        loop = asyncio.get_running_loop()
        if self._slots is None or self._slots.loop is not loop:
            if self._slots is not None:  # left by a loop that has ended: closed here
                for conn, _ in self._slots.idle:
                    conn.pgconn.finish()
            self._slots = _Slots(loop, asyncio.Semaphore(self.size))
        return self._slots

    async def _connection(self, slots: _Slots) -> psycopg.AsyncConnection[Any]:
        """The connection used last, if it is alive, else a new one."""
        while slots.idle:
            conn, since = slots.idle.pop()
            if time.monotonic() - since < IDLE_PING:
                return conn  # in use a moment ago: a dead server shows as one failed read
            try:
                await conn.execute("SELECT 1")
                return conn
            except psycopg.Error:
                await conn.close()
        conn = await psycopg.AsyncConnection.connect(**self._connect, autocommit=True,
                                                     row_factory=namedtuple_row)
        try:  # times as the engine gives them (UTC), commits as the read engine's
            await conn.execute("SET TimeZone TO 'UTC'; SET synchronous_commit TO off")
        except BaseException:
            await conn.close()
            raise
        return conn

    def _expanded(self, statement: Executable, params: dict[str, Any]
                  ) -> tuple[str, dict[str, Any]]:
        """The SQL and parameters psycopg is sent: each statement is compiled once (they
        are built once, `storage.queries`), its IN lists expanded for each call."""
        compiled = self._compiled.get(statement)
        if compiled is None:
            built = cast(ClauseElement, statement).compile(dialect=self._dialect)
            compiled = self._compiled[statement] = cast(SQLCompiler, built)
        state = compiled.construct_expanded_state(params)
        return state.statement, dict(state.parameters)
