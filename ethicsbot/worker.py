"""The worker: mail intake plus the other background services, kept running together.

Each service is an `async def service(stop)` that runs until `stop` is set. The worker
runs the intake that the settings call for (IMAP when ETHICSBOT_IMAP_HOST is set, else the
Maildir of the embedded defaults) beside the `extra` services (the outbox dispatcher,
the reminder scheduler). A service that crashes, or returns while the worker should be
running, is logged and started again after a capped backoff: a silently dead intake
would let the 24-hour notice of the next complaint run out unnoticed.

Signals are the caller's business (`ethicsbot worker` sets `stop` on SIGINT/SIGTERM):
a library function must not take over the process's signal handling.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from ethicsbot.bootstrap import App, imap_tuning, intake_mailbox
from mail.listener import run_imap_intake, run_maildir_intake
from storage.db import refresh_statistics
from storage.retry import Backoff, wait_for_stop

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
    log.info("worker running: %s", ", ".join(service_name(s) for s in services))
    await asyncio.gather(*(_supervise(s, stop, Backoff(restart_initial, restart_cap))
                           for s in services))
    log.info("worker stopped")


async def _supervise(service: Service, stop: asyncio.Event, backoff: Backoff) -> None:
    name = service_name(service)
    while not stop.is_set():
        began = time.monotonic()
        try:
            await service(stop)
            if stop.is_set():
                return
            problem = "returned while the worker is running"
        except Exception as e:
            problem = f"crashed ({type(e).__name__})"
            # the exception's text may quote a complaint or a name: details only at DEBUG
            log.error("%s %s", name, problem)
            log.debug("%s crashed", name, exc_info=True)
        if time.monotonic() - began > HEALTHY_AFTER:
            backoff.reset()
        delay = backoff.next()
        log.warning("%s %s; restarting it in %.1f s", name, problem, delay)
        if await wait_for_stop(stop, delay):
            return


def service_name(service: Service) -> str:
    """A readable name for the logs: the function's, also through functools.partial."""
    target = service.func if isinstance(service, functools.partial) else service
    name = getattr(target, "__name__", None) or type(target).__name__
    return name.replace("_", " ")
