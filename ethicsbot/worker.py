"""The worker: mail intake plus the other background services, kept running together.

Each service is an `async def service(stop)` that runs until `stop` is set. The worker
runs the intake that the settings call for (IMAP when ETHICSBOT_IMAP_HOST is set, else the
Maildir of the embedded defaults) beside the `extra` services (the outbox dispatcher,
the reminder scheduler). A service that crashes, or returns while the worker should be
running, is logged and started again after a capped backoff: a silently dead intake
would let the 24-hour notice of the next complaint run out unnoticed.

A loop that is failing is said once per episode (a service crashing again and again
is one line, not one per restart), and stored for `ethicsbot status` while it lasts
(`ConditionReport`, `storage.loop_faults`): which loop, since when, the error and what to
do, cleared when the loop's work next goes through.

Signals are the caller's business (`ethicsbot worker` sets `stop` on SIGINT/SIGTERM):
a library function must not take over the process's signal handling.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from sqlalchemy.orm import sessionmaker

from ethicsbot.bootstrap import App, imap_tuning, intake_mailbox
from mail.listener import run_imap_intake, run_maildir_intake
from storage import loop_faults
from storage.db import refresh_statistics
from storage.retry import Backoff, Condition, Weather, wait_for_stop, watch_conditions

log = logging.getLogger(__name__)

Service = Callable[[asyncio.Event], Awaitable[None]]

HEALTHY_AFTER = 60.0  # a service that ran this long before failing restarts promptly again


def intake_service(app: App) -> Service:
    """The intake these settings ask for."""
    if app.settings.uses_imap:
        account, tuning = intake_mailbox(app.settings), imap_tuning(app.settings)

        async def imap_intake(stop: asyncio.Event) -> None:
            await run_imap_intake(account, app.intake(), stop=stop, tuning=tuning)
        return imap_intake

    async def maildir_intake(stop: asyncio.Event) -> None:
        await run_maildir_intake(app.settings.maildir, app.intake(), stop=stop)
    return maildir_intake


def settle(app: App) -> None:
    """Before the worker serves, once per process (`ethicsbot worker` and `run`): load
    what its first complaint would otherwise wait for, then take what the process built
    out of the cyclic garbage collector's reach (`gc.freeze`, as `bot.web.settle_heap`
    does for the web).

    Measured by bench/notice_latency.py (issue 39, item 5): a complaint's take-in loaded
    the state's holidays (the library imports every country's calendar, ~100-120 ms)
    when it first computed a deadline, and each full collection of the worker's heap
    paused every thread 85-95 ms, twice in 10 complaints. Not in `run_worker`, which
    tests call again and again: a frozen object is never freed."""
    app.calendar.is_business_day(app.clock().date())
    gc.collect()
    gc.freeze()


async def run_worker(app: App, *, stop: asyncio.Event, extra: Sequence[Service] = (),
                     restart_initial: float = 1.0, restart_cap: float = 60.0) -> None:
    """Run the intake and `extra` until `stop` is set; returns once all have stopped."""
    services = [intake_service(app), *extra]
    await asyncio.to_thread(refresh_statistics, app.engine)
    report = ConditionReport(app.session_factory, asyncio.get_running_loop())
    log.info("worker running: %s", ", ".join(service_name(s) for s in services))
    with watch_conditions(report.told):
        await asyncio.gather(report.run(stop),
                             *(_supervise(s, stop, Backoff(restart_initial, restart_cap))
                               for s in services))
    log.info("worker stopped")


class ConditionReport:
    """Stores the loops' conditions as they are told (`storage.retry.watch_conditions`)
    for `ethicsbot status`: told in any loop's thread, written by one task, the latest
    word per loop, so a loop is never held up by the report (nor by a database too
    broken to take it: then it is said once in the log and tried again)."""

    RETRY = 1.0  # seconds before a report that could not be stored is tried again

    def __init__(self, session_factory: sessionmaker[Any],
                 loop: asyncio.AbstractEventLoop) -> None:
        self.session_factory, self.loop = session_factory, loop
        self.lock = threading.Lock()
        self.owed: dict[str, Condition | None] = {}
        self.changed = asyncio.Event()
        self.weather = Weather("reporting the loops' condition", log)

    def told(self, loop: str, condition: Condition | None) -> None:
        with self.lock:
            self.owed[loop] = condition
        with contextlib.suppress(RuntimeError):  # the event loop is closed: nothing to do
            self.loop.call_soon_threadsafe(self.changed.set)

    async def run(self, stop: asyncio.Event) -> None:
        """Clear what a worker before stored, then store each word until `stop`. Never
        raises: a report that cannot be stored must not end the worker it reports on."""
        try:
            await self.weather.run(self._clear_all, stop=stop, unit="clearing old reports")
        except Exception as e:  # a fault (app_state itself missing): said, and go on
            self.weather.round_failed(e, then="what a worker before stored may still show")
        while not stop.is_set():
            waiting = asyncio.ensure_future(self.changed.wait())
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait({waiting, stopping}, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            stopping.cancel()
            self.changed.clear()
            with self.lock:
                owed, self.owed = self.owed, {}
            if not owed:
                continue
            try:
                await asyncio.to_thread(self._store, owed)
            except Exception as e:
                self.weather.round_failed(e, then="trying again in a second")
                with self.lock:  # a newer word for a loop wins over the one not stored
                    self.owed = {**owed, **self.owed}
                if not await wait_for_stop(stop, self.RETRY):
                    self.changed.set()
            else:
                self.weather.works()

    def _clear_all(self) -> None:
        with self.session_factory() as s:
            loop_faults.clear_all(s)
            s.commit()

    def _store(self, owed: dict[str, Condition | None]) -> None:
        with self.session_factory() as s:
            for loop, condition in owed.items():
                if condition is None:
                    loop_faults.clear(s, loop)
                else:
                    loop_faults.record(s, condition)
            s.commit()


class ReturnedEarly(Exception):
    """A service returned while the worker is running: as bad as a crash."""


async def _supervise(service: Service, stop: asyncio.Event, backoff: Backoff) -> None:
    """Run `service` until `stop`, restarting it when it crashes or returns. A crash is
    said once per episode (the details at DEBUG: its text may quote a complaint), the
    restarts after it at DEBUG; the episode ends once the service has run `HEALTHY_AFTER`
    seconds, and that is said too."""
    name = service_name(service)
    episode = Weather(name, log)
    while not stop.is_set():
        began = time.monotonic()
        task = asyncio.ensure_future(service(stop))
        try:
            done, _ = await asyncio.wait({task}, timeout=HEALTHY_AFTER)
            if not done:
                episode.works()  # it has run long enough: a crash before is over
            await task
            if stop.is_set():
                return
            problem: Exception = ReturnedEarly()
        except Exception as e:
            problem = e
        finally:
            if not task.done():
                task.cancel()
        if time.monotonic() - began > HEALTHY_AFTER:
            backoff.reset()
        delay = backoff.next()
        episode.round_failed(problem, then=f"restarting it in {delay:.1f} s",
                             failed="returned while the worker is running"
                             if isinstance(problem, ReturnedEarly) else "crashed")
        log.debug("%s: restarting it in %.1f s", name, delay)
        if await wait_for_stop(stop, delay):
            return


def service_name(service: Service) -> str:
    """A readable name for the logs: the function's, also through functools.partial."""
    target = service.func if isinstance(service, functools.partial) else service
    name = getattr(target, "__name__", None) or type(target).__name__
    return name.replace("_", " ")
