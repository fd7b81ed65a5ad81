"""A database outage ends no worker: the active one stops its services and waits, the
standby keeps waiting, each says so once, and when the database is back one of them is
the active worker again with nobody restarting anything. Only this test's database is
made unreachable (ALLOW_CONNECTIONS false, its connections ended); the server runs on."""

from __future__ import annotations

import asyncio
import logging

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from ethicsbot.leadership import WorkerState, lead
from storage.db import make_engine
from storage.leader import WorkerLock
from storage.migrate import upgrade
from tests.integration.mail.harness import Running, eventually
from tests.servers import postgres


class Worker:
    """`lead` as the worker process runs it, with a body that counts its starts."""

    def __init__(self, engine: Engine) -> None:
        self.state = WorkerState()
        self.starts = 0
        self.lock = WorkerLock(engine)

    async def body(self, inner: asyncio.Event) -> None:
        self.starts += 1
        await inner.wait()

    def running(self) -> Running:
        return Running(lambda stop: lead(self.lock, stop=stop, body=self.body,
                                         state=self.state, check_every=0.2))


@pytest.mark.postgres
def test_the_active_worker_and_the_standby_ride_out_an_outage(
        own_database: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="ethicsbot.leadership")
    name = make_url(own_database).database
    assert name is not None
    engines = [make_engine(own_database), make_engine(own_database)]
    upgrade(engines[0])
    a, b = Worker(engines[0]), Worker(engines[1])
    try:
        with a.running() as ra:
            eventually(lambda: a.state.role == "active", what="a leads")
            with b.running() as rb:
                eventually(lambda: b.state.role == "standby", what="b stands by")

                assert postgres.refuse_connections(postgres.server_url(), name) >= 1
                eventually(lambda: a.state.role == b.state.role == "waiting for the database",
                           timeout=15, what="both waiting for the database")
                assert a.state.database.down and b.state.database.down
                eventually(lambda: caplog.text.count("still down") >= 4, timeout=15,
                           what="a few retries")
                assert ra.alive and rb.alive

                postgres.allow_connections(postgres.server_url(), name)
                eventually(lambda: sorted([a.state.role, b.state.role]) == ["active", "standby"],
                           timeout=10, what="one active, one standby again")
                assert ra.alive and rb.alive
    finally:
        for e in engines:
            e.dispose()
    assert a.starts + b.starts == 2  # the services ran again, by themselves
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert sum("the database is down" in w for w in warnings) == 2  # once per worker
    assert sum("the database is back after" in w for w in warnings) == 2
    assert sum("lost the worker lock" in w for w in warnings) == 1  # only a had it
