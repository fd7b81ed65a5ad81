"""Run the worker's services only while this process is the one active worker.

On PostgreSQL a second worker is a hot standby: it waits for the advisory lock and takes
over within seconds of the active worker dying (its connection closes, the lock frees).
If the active worker loses its database connection, and with it the lock, it stops its
services at once so that two workers never send at the same time. On SQLite a second
worker refuses to start (storage.leader explains why).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from storage.leader import WorkerLock

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0


class AnotherWorkerIsRunning(Exception):
    """A second worker on SQLite; the message says what to do."""


async def lead(lock: WorkerLock, *, stop: asyncio.Event,
               body: Callable[[asyncio.Event], Awaitable[None]],
               check_every: float = CHECK_SECONDS) -> None:
    """Run `body(inner_stop)` while holding `lock`, until `stop` is set."""
    try:
        while not stop.is_set():
            if not await _acquire(lock, stop=stop, check_every=check_every):
                return
            inner = asyncio.Event()
            watchdog = asyncio.create_task(_watch(lock, stop, inner, check_every))
            try:
                await body(inner)
            finally:
                inner.set()
                watchdog.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watchdog
            if not stop.is_set():
                log.error("lost the worker lock (database connection gone): services "
                          "stopped; waiting to become the active worker again")
    finally:
        await asyncio.to_thread(lock.release)


async def _acquire(lock: WorkerLock, *, stop: asyncio.Event, check_every: float) -> bool:
    told = False
    while not stop.is_set():
        if await asyncio.to_thread(lock.try_acquire):
            log.info("this process is the active worker")
            return True
        if lock.is_sqlite:
            raise AnotherWorkerIsRunning(
                f"another EthicsBot worker is already running on this database "
                f"({lock.describe_holder()}). Stop it first; with PostgreSQL a second "
                "worker would wait as a standby instead.")
        if not told:
            log.info("standby: %s; taking over when it stops", lock.describe_holder())
            told = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), check_every)
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
