"""Run the worker's services only while this process is the one active worker.

On PostgreSQL a second worker is a hot standby: it waits for the advisory lock and takes
over within seconds of the active worker dying (its connection closes, the lock frees).
If the active worker loses its database connection, and with it the lock, it stops its
services at once so that two workers never send at the same time. On SQLite a second
worker refuses to start (storage.leader explains why).

A database outage of any length ends nothing: the active worker stops its services and
waits, a standby keeps waiting, both retrying with a capped backoff (a returning
database is seen within `RETRY_CAP` seconds). The outage is logged once when it starts
and once when it ends, and `WorkerState` tells `/readyz` what this process is doing.
The worker that takes the lock runs `on_takeover` first: it is now the only sender, so
whatever the previous one had claimed is its to send at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from storage.leader import DATABASE_DOWN, WorkerLock
from storage.retry import Backoff, Outage, wait_for_stop

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0
RETRY_INITIAL, RETRY_CAP = 0.5, 4.0


class AnotherWorkerIsRunning(Exception):
    """A second worker on SQLite; the message says what to do."""


@dataclass
class WorkerState:
    """What this worker process is doing, for `/readyz`."""

    role: str = "starting"  # active, standby, waiting for the database, stopped
    since: datetime = field(default_factory=lambda: datetime.now(UTC))
    database: Outage = field(default_factory=lambda: Outage("the database", log))

    def become(self, role: str) -> None:
        if role != self.role:
            self.role, self.since = role, datetime.now(UTC)


async def lead(lock: WorkerLock, *, stop: asyncio.Event,
               body: Callable[[asyncio.Event], Awaitable[None]],
               on_takeover: Callable[[], object] | None = None,
               state: WorkerState | None = None,
               check_every: float = CHECK_SECONDS) -> None:
    """Run `body(inner_stop)` while holding `lock`, until `stop` is set."""
    state = state or WorkerState()
    try:
        while not stop.is_set():
            if not await _acquire(lock, stop=stop, state=state, check_every=check_every):
                return
            if not await _run(lock, stop=stop, body=body, on_takeover=on_takeover,
                              state=state, check_every=check_every):
                continue  # the database went away at takeover: wait for it again
            if not stop.is_set():
                log.error("lost the worker lock (database connection gone): services "
                          "stopped; waiting to become the active worker again")
    finally:
        await asyncio.to_thread(lock.release)
        state.become("stopped")


async def _run(lock: WorkerLock, *, stop: asyncio.Event,
               body: Callable[[asyncio.Event], Awaitable[None]],
               on_takeover: Callable[[], object] | None, state: WorkerState,
               check_every: float) -> bool:
    """Take over and run the services until stopped or the lock is lost; False when the
    database failed under us (the lock is given back, the outage noted)."""
    inner = asyncio.Event()
    watchdog: asyncio.Task[None] | None = None
    try:
        if on_takeover is not None:
            await asyncio.to_thread(on_takeover)
        log.info("this process is the active worker")
        state.become("active")
        watchdog = asyncio.create_task(_watch(lock, stop, inner, check_every))
        await body(inner)
        return True
    except DATABASE_DOWN as e:  # e.g. at takeover or in the calendar sync before services
        state.database.failed(type(e).__name__, then="services stopped; waiting for it")
        await asyncio.to_thread(lock.release)
        return False
    finally:
        inner.set()
        if watchdog is not None:
            watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watchdog


async def _acquire(lock: WorkerLock, *, stop: asyncio.Event, state: WorkerState,
                   check_every: float) -> bool:
    told = False
    backoff = Backoff(RETRY_INITIAL, RETRY_CAP)
    while not stop.is_set():
        try:
            got = await asyncio.to_thread(lock.try_acquire)
        except DATABASE_DOWN as e:
            state.become("waiting for the database")
            state.database.failed(type(e).__name__,
                                  then=f"waiting for it (trying every {RETRY_CAP:g} s at most)")
            log.debug("database connection failed", exc_info=True)
            if await wait_for_stop(stop, backoff.next()):
                return False
            continue
        state.database.recovered()
        backoff.reset()
        if got:
            return True
        if lock.is_sqlite:
            raise AnotherWorkerIsRunning(
                f"another EthicsBot worker is already running on this database "
                f"({lock.describe_holder()}). Stop it first; with PostgreSQL a second "
                "worker would wait as a standby instead.")
        state.become("standby")
        if not told:
            log.info("standby: %s; taking over when it stops", lock.describe_holder())
            told = True
        if await wait_for_stop(stop, check_every):
            return False
    return False


async def _watch(lock: WorkerLock, stop: asyncio.Event, inner: asyncio.Event,
                 check_every: float) -> None:
    """Stop the services when asked to, or when the lock is lost."""
    while True:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), check_every)
        if stop.is_set() or not await asyncio.to_thread(lock.still_held):
            inner.set()
            return
