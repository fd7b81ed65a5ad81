"""The case view (`storage.lookups.DocketReader.case_view`, Slack's `/ethics status
ETH-…` and the web's case page) is one snapshot of the case: a step that another
connection commits while the view is being read shows in it wholly or not at all, never
the case before the step beside its deadlines and notices after it. On PostgreSQL the
Slack surface reads in autocommit and the web in READ COMMITTED, where each statement sees
its own moment; on SQLite the look's transaction holds the write lock, and the step waits
for it."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from sqlalchemy import Engine, event, func, select
from sqlalchemy.orm import Session, sessionmaker

from cases.access import Refused, actor_for
from cases.commands import VoidCase
from cases.levels import Access
from ethicsbot.bootstrap import App
from storage import lookups
from storage.models import AccessLogRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import open_one, step

CLERK = "clerk@city.test"


def factory_of(app: App, surface: str) -> sessionmaker[Session]:
    return (app.slack_deps() if surface == "slack" else app.web_deps()).session_factory


def look(app: App, factory: sessionmaker[Session], number: str) -> dict[str, Any]:
    access, detail = asyncio.run(lookups.InlineDocket(factory).case_view(
        lookups.Asker(actor_for(app.directory, CLERK), CLERK, "test"), number,
        "case status", now=app.clock(), readings=app.directory.readings))
    assert access is Access.FULL
    return detail


@pytest.mark.parametrize("surface", ["slack", "web"])
def test_a_step_committed_while_the_case_view_is_read_shows_wholly_or_not_at_all(
        app: App, surface: str) -> None:
    number = open_one(app)
    factory = factory_of(app, surface)
    engine = factory.kw["bind"]
    assert isinstance(engine, Engine)
    before = look(app, factory, number)

    # the look's first read (with its look's line, on PostgreSQL) done, another
    # connection commits a step (a void: a new
    # event and stage, its deadlines stopped, its notices cancelled) before the look
    # goes on; on PostgreSQL nothing holds the step up, so it is committed at once
    reader, voiding = threading.get_ident(), threading.Thread(
        target=step, args=(app, number,
                           VoidCase("a duplicate of ETH-2026-0002", "mayor@city.test")))

    def interleave(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if (threading.get_ident() == reader and not voiding.is_alive()
                and voiding.ident is None
                and statement.lstrip().upper().startswith(("SELECT", "WITH"))):
            voiding.start()
            if engine.dialect.name == "postgresql":
                voiding.join()

    event.listen(engine, "after_cursor_execute", interleave)
    try:
        during = look(app, factory, number)
    finally:
        event.remove(engine, "after_cursor_execute", interleave)
    voiding.join()
    after = look(app, factory, number)

    assert voiding.ident is not None, "the step was never interleaved"
    assert after["stage"] == "void" != before["stage"]
    assert after["history"][:-1] == before["history"] != after["history"]
    assert after["deadlines"] != before["deadlines"] and after["notices"] != before["notices"]
    assert during == before  # read before the step, all of it
    with app.session_factory() as s:  # each look logged with it, the interleaved one too
        assert s.scalar(select(func.count()).select_from(AccessLogRow).where(
            AccessLogRow.case_number == number, AccessLogRow.action == "case status",
            AccessLogRow.allowed.is_(True))) == 3


@pytest.mark.parametrize("surface", ["slack", "web"])
def test_a_refusal_repeated_within_a_minute_is_one_access_log_row(
        app: App, clock: FakeClock, surface: str) -> None:
    """Issue 24: someone may repeat a refused lookup at will; each (who, case, action) is
    written once a minute, the first kept, while every allowed look is still written."""
    number, other = open_one(app), open_one(app)
    factory = factory_of(app, surface)
    stranger = lookups.Asker(actor_for(app.directory, "nosy@elsewhere.example"),
                             "nosy@elsewhere.example", "test")

    def refused(n: str) -> None:
        with pytest.raises(Refused, match="answers only the people the city's directory"):
            asyncio.run(lookups.InlineDocket(factory).case_view(
                stranger, n, "case status", now=app.clock(), readings=app.directory.readings))

    def rows(n: str, allowed: bool) -> int:
        with app.session_factory() as s:
            return s.scalar(select(func.count()).select_from(AccessLogRow).where(
                AccessLogRow.case_number == n, AccessLogRow.allowed.is_(allowed))) or 0

    for _ in range(5):
        refused(number)
        clock.advance(seconds=10)
    refused(other)
    assert (rows(number, False), rows(other, False)) == (1, 1)
    clock.advance(seconds=15)  # a minute after the first
    refused(number)
    assert rows(number, False) == 2
    for _ in range(3):
        look(app, factory, number)
    assert rows(number, True) == 3
