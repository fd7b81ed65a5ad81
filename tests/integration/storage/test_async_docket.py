"""The docket as Slack and the web read it (`App.docket`): on PostgreSQL on asyncio
connections of its own (`storage.async_docket.PooledDocket`), on SQLite by the session.
Whichever runs it, a page is the page the session reads, and its look is logged alike."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import func, select, text
from sqlalchemy.engine import make_url

from cases.access import NOT_LISTED, Refused, actor_for
from cases.levels import Access
from ethicsbot.bootstrap import App, bootstrap
from storage.async_docket import PooledDocket
from storage.db import make_engine
from storage.lookups import Asker, InlineDocket, NoSuchCase
from storage.models import AccessLogRow
from storage.queries import REFUSALS_EVERY
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.cases import a_filing, open_one
from tests.servers import postgres

CHAIR, RESPONDENT, STRANGER = "hpark@city.test", "PRaman@City.test", "nobody@example.net"


def asker(app: App, email: str) -> Asker:
    return Asker(actor_for(app.directory, email), email, "slack")


def looks(app: App) -> list[tuple[str, str, bool]]:
    with app.session_factory() as s:
        return [(r.who, r.action, r.allowed)
                for r in s.scalars(select(AccessLogRow).order_by(AccessLogRow.id))]


def test_a_page_is_the_sessions_page_and_is_logged_alike(app: App) -> None:
    """The whole docket for the chair, page by page with `more`; the cases against an
    official whatever the case of their address; a stranger refused; each look one line
    of the access log, the same whether the docket was read by `App.docket` or by the
    session."""
    numbers = [open_one(app) for _ in range(5)]
    numbers.append(open_one(app, a_filing(respondent="Anita Brandt")))
    now = app.clock()

    async def pages() -> list[Any]:
        out: list[Any] = []
        for who, page in ((CHAIR, 1), (CHAIR, 2), (CHAIR, 3), (RESPONDENT, 1)):
            out.append(await app.docket.docket(asker(app, who), page, size=2, now=now))
        with pytest.raises(Refused, match=re.escape(NOT_LISTED)):
            await app.docket.docket(asker(app, STRANGER), 1, size=2, now=now)
        await app.docket.close()
        return out

    read = asyncio.run(pages())
    by_docket = looks(app)
    later = now + REFUSALS_EVERY  # the stranger's refusal again: not coalesced into the first
    in_session = InlineDocket(app.read_session_factory or app.session_factory)
    expected = [asyncio.run(in_session.docket(asker(app, who), page, size=2, now=later))
                for who, page in ((CHAIR, 1), (CHAIR, 2), (CHAIR, 3), (RESPONDENT, 1))]
    with pytest.raises(Refused, match=re.escape(NOT_LISTED)):
        asyncio.run(InlineDocket(app.session_factory).docket(asker(app, STRANGER), 1, size=2,
                                                             now=later))
    assert read == expected
    assert [[r["number"] for r in rows] for rows, _ in read] == [
        numbers[0:2], numbers[2:4], numbers[4:6], numbers[0:2]]
    assert [more for _, more in read] == [True, True, False, True]
    assert read[0][0][0]["received_at"] == expected[0][0][0]["received_at"]
    assert by_docket == [(CHAIR, "docket page 1", True), (CHAIR, "docket page 2", True),
                         (CHAIR, "docket page 3", True), (RESPONDENT, "docket page 1", True),
                         (STRANGER, "docket page 1", False)]
    assert looks(app)[len(by_docket):] == by_docket


def test_a_case_is_the_sessions_case_and_each_look_is_logged_alike(app: App) -> None:
    """`App.docket.case_view` (Slack's `/ethics status ETH-…`, the web's case page) gives
    what `storage.lookups.InlineDocket` gives in a session, refusals included: the whole case to the
    chair, no such case said only to those who see the whole docket, their parts to the
    one complained against and to a council member, a stranger refused; every look one
    line of the access log, alike."""
    number = open_one(app)
    now, readings = app.clock(), app.directory.readings
    asks = [(CHAIR, number), (CHAIR, "ETH-2026-0999"), (STRANGER, number),
            (RESPONDENT, number), ("abrandt@city.test", number), (CHAIR, "")]

    def answer(ask: Any) -> Any:
        try:
            return ask()
        except (Refused, NoSuchCase) as e:
            return type(e).__name__, str(e)

    async def by_docket() -> list[Any]:
        out = []
        for who, wanted in asks:
            try:
                out.append(await app.docket.case_view(asker(app, who), wanted,
                                                      "case status", now=now,
                                                      readings=readings))
            except (Refused, NoSuchCase) as e:
                out.append((type(e).__name__, str(e)))
        await app.docket.close()
        return out

    read = asyncio.run(by_docket())
    logged = looks(app)
    in_session = InlineDocket(app.read_session_factory or app.session_factory)
    later = now + REFUSALS_EVERY  # the stranger's refusal again: not coalesced into the first
    expected = [answer(lambda who=who, wanted=wanted: asyncio.run(in_session.case_view(
        asker(app, who), wanted, "case status", now=later, readings=readings)))
        for who, wanted in asks]
    assert read == expected
    assert read[0][0] is Access.FULL and read[0][1]["number"] == number
    assert [r[0] for r in read[1:]] == ["NoSuchCase", "Refused", Access.RESPONDENT,
                                        Access.COUNCIL, "NoSuchCase"]
    assert logged == [
        (CHAIR, "case status", True), (CHAIR, "case status refused", False),
        (STRANGER, "case status refused", False), (RESPONDENT, "case status", True),
        ("abrandt@city.test", "case status", True), (CHAIR, "case status refused", False)]
    assert looks(app)[len(logged):] == logged


@pytest.mark.postgres
def test_on_postgresql_a_look_by_one_who_sees_every_case_is_one_statement(
        pg_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chair's look at a case, there or not, is one statement: its access-log line
    is known before the case is read (`cases.access.sees_every_case`) and written by the
    statement that reads it. A stranger's access depends on the case (its released
    records, once closed), so theirs is written after, on the same connection. Each line
    is written once either way."""
    number = open_one(pg_app)
    now, readings = pg_app.clock(), pg_app.directory.readings
    sent: list[str] = []
    execute = psycopg.AsyncConnection.execute

    async def noted(self: psycopg.AsyncConnection[Any], query: Any, *args: Any,
                    **kwargs: Any) -> Any:
        if "access_log" in str(query) or "cases" in str(query):
            sent.append(str(query).split(None, 1)[0].upper())
        return await execute(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "execute", noted)

    async def statements_of(who: str, wanted: str) -> list[str]:
        sent.clear()
        with contextlib.suppress(NoSuchCase, Refused):
            await pg_app.docket.case_view(asker(pg_app, who), wanted, "case status", now=now,
                                     readings=readings)
        return list(sent)

    async def scenario() -> list[list[str]]:
        out = [await statements_of(CHAIR, number),
               await statements_of(CHAIR, "ETH-2026-0999"),
               await statements_of(STRANGER, number)]
        await pg_app.docket.close()
        return out

    assert asyncio.run(scenario()) == [["WITH"], ["WITH"], ["SELECT", "INSERT"]]
    assert looks(pg_app) == [(CHAIR, "case status", True),
                             (CHAIR, "case status refused", False),
                             (STRANGER, "case status refused", False)]


@pytest.fixture
def pg_app(tmp_path: Any, postgres_url: str, clock: FakeClock) -> Iterator[App]:
    engine = make_engine(postgres_url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    built = bootstrap(make_settings(tmp_path, postgres_url, docket_connections=2),
                      clock=clock)
    yield built
    built.close()


@pytest.mark.postgres
def test_on_postgresql_the_loop_runs_on_while_a_page_waits_for_the_server(
        pg_app: App) -> None:
    """A page waiting on PostgreSQL (here, for a lock another connection holds on the
    access log) leaves the event loop free: read on the loop by the session instead, the
    ticker below would not have ticked until the lock was let go."""
    assert isinstance(pg_app.docket.reader, PooledDocket)
    open_one(pg_app)
    ticks: list[float] = []

    async def scenario() -> list[dict[str, Any]]:
        with pg_app.engine.connect() as holder:
            holder.execute(text("LOCK TABLE access_log IN EXCLUSIVE MODE"))
            reading = asyncio.create_task(pg_app.docket.docket(
                asker(pg_app, CHAIR), 1, size=25, now=pg_app.clock()))
            for _ in range(5):
                await asyncio.sleep(0.02)
                ticks.append(time.monotonic())
            assert not reading.done()
            holder.rollback()  # lets go of the lock
        rows, _ = await reading
        await pg_app.docket.close()
        return rows

    assert len(asyncio.run(scenario())) == 1
    assert len(ticks) == 5


def backends(url: str, application: str) -> int:
    name = make_url(url).database
    with psycopg.connect(postgres.server_url().set(drivername="postgresql")
                         .render_as_string(hide_password=False), autocommit=True) as c:
        row = c.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                        "AND application_name = %s", (name, application)).fetchone()
    return int(row[0]) if row else 0


@pytest.mark.postgres
def test_on_postgresql_the_pool_holds_at_most_its_size_and_closes_with_the_app(
        pg_app: App) -> None:
    """Twenty pages asked at once, while the server makes them wait, are read on two
    connections (`docket_connections`) and all answered; closing the reader closes them;
    a reader used again on a new event loop (a process's next run) opens new ones there."""
    open_one(pg_app)
    tag = "docket-pool-test"
    tagged = PooledDocket.of(make_engine(f"{pg_app.settings.database_url}"
                                         f"?application_name={tag}"), size=2)
    url, most = pg_app.settings.database_url, 0

    async def burst() -> None:
        nonlocal most
        with pg_app.engine.connect() as holder:
            holder.execute(text("LOCK TABLE access_log IN EXCLUSIVE MODE"))
            reads = [asyncio.create_task(tagged.docket(asker(pg_app, CHAIR), 1, size=25,
                                                       now=pg_app.clock()))
                     for _ in range(20)]
            end = time.monotonic() + 0.5
            while time.monotonic() < end:
                most = max(most, await asyncio.to_thread(backends, url, tag))
            holder.rollback()
        assert [len((await r)[0]) for r in reads] == [1] * 20

    asyncio.run(burst())
    assert most == 2
    assert backends(url, tag) == 2  # kept for the next requests

    async def again() -> None:
        rows, _ = await tagged.docket(asker(pg_app, CHAIR), 1, size=25, now=pg_app.clock())
        assert len(rows) == 1
        await tagged.close()

    asyncio.run(again())  # the first loop's connections were closed when it was left
    assert backends(url, tag) == 0


@pytest.mark.postgres
def test_on_postgresql_an_outage_costs_a_page_a_bounded_failure_and_the_next_read_after_it_works(
        own_database: str, tmp_path: Any, clock: FakeClock) -> None:
    """The database made unreachable: a page fails within the reader's wait (never a
    hang), the Slack listener then says so in one line; the moment the database is back
    the next page is read, with no reconnection backoff to wait out."""
    app = bootstrap(make_settings(tmp_path, own_database), clock=clock)
    name = make_url(own_database).database
    reader = app.docket.reader
    assert name is not None and isinstance(reader, PooledDocket)
    open_one(app)
    server = postgres.server_url()

    async def scenario() -> None:
        chair = asker(app, CHAIR)
        assert len((await app.docket.docket(chair, 1, size=25, now=clock()))[0]) == 1
        await asyncio.to_thread(postgres.refuse_connections, server, name)
        for _ in range(3):
            t0 = time.monotonic()
            with pytest.raises((psycopg.OperationalError, TimeoutError)):
                await app.docket.docket(chair, 1, size=25, now=clock())
            assert time.monotonic() - t0 < reader.wait + 1.0
        await asyncio.to_thread(postgres.allow_connections, server, name)
        t0 = time.monotonic()
        assert len((await app.docket.docket(chair, 1, size=25, now=clock()))[0]) == 1
        assert time.monotonic() - t0 < 1.0
        await app.docket.close()

    try:
        asyncio.run(scenario())
    finally:
        app.close()
    with app.session_factory() as s:
        assert s.scalar(select(func.count()).select_from(AccessLogRow)) == 2
