"""The long-running processes: `worker`, `web`, and `run` (both in one process).

Each is an `async def ...(app, stop)` that returns once `stop` is set; `until_signalled`
turns SIGINT/SIGTERM into that `stop`, so Ctrl-C lets in-flight sends finish (or stay
queued in the outbox) instead of cutting them off. Each may start before its database
can be reached (`app.migrated` False): it waits for it (`ethicsbot.database_wait`), the
web process serving `/healthz` and an unready `/readyz` meanwhile.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import signal
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from ethicsbot.bootstrap import App

if TYPE_CHECKING:
    from ethicsbot.leadership import WorkerState
    from storage.leader import WorkerLock

log = logging.getLogger(__name__)


def until_signalled(body: Callable[[asyncio.Event], Awaitable[None]]) -> None:
    """Run `body(stop)` in a fresh event loop; SIGINT/SIGTERM set `stop`."""
    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await body(stop)

    asyncio.run(main())


async def worker_process(app: App, stop: asyncio.Event,
                         state: WorkerState | None = None) -> None:
    """Intake, the outbox dispatcher and the reminders, while this is the active worker."""
    from ethicsbot.calendar_sync import recompute_stale, sync_calendar
    from ethicsbot.database_wait import database_ready
    from ethicsbot.leadership import WorkerState, lead
    from ethicsbot.worker import run_worker, settle
    from storage.leader import WorkerLock

    state = state or WorkerState()
    if not app.migrated:
        state.become("waiting for the database")
        if not await database_ready(app, stop=stop, outage=state.database):
            state.become("stopped")
            return

    async def body(inner: asyncio.Event) -> None:
        await asyncio.to_thread(sync_calendar, app)  # a moment: the recomputation is a service
        await run_worker(app, stop=inner, extra=[*background_services(app),
                                                 functools.partial(recompute_stale, app)])

    settle(app)  # before the lock: a standby takes over without this wait
    lock = WorkerLock(app.engine)
    await lead(lock, stop=stop, body=body, on_takeover=lambda: take_over(app, lock),
               state=state)


def take_over(app: App, lock: WorkerLock) -> int:
    """This process has just become the only sender: say so in the database, and make
    what the previous worker had claimed due at once; how many notices that was."""
    from storage.outbox import reclaim_leases

    now = app.clock()
    lock.record_takeover(now)
    with app.session_factory.begin() as session:
        reclaimed = reclaim_leases(session, now=now)
    if reclaimed:
        log.warning("took over %d notice(s) the previous worker had claimed but not "
                    "recorded: sending them now", reclaimed)
    return reclaimed


def background_services(app: App) -> list[Callable[[asyncio.Event], Awaitable[None]]]:
    """What runs beside intake: the outbox dispatcher, the reminder scheduler and the
    quorum look before meetings."""
    from ethicsbot.bootstrap import build_messenger, build_scheduler, build_transport
    from mail.dispatch import run_dispatcher
    from scheduler.jobs import run_reminders
    from scheduler.quorum import run_quorum_looks

    messenger = build_messenger(app)

    async def outbox(stop: asyncio.Event) -> None:
        await run_dispatcher(app.dispatch_deps(), stop=stop,
                             transport=build_transport(app.settings), messenger=messenger)

    async def reminders(stop: asyncio.Event) -> None:
        await run_reminders(app.reminders(build_scheduler(app)), stop=stop)

    async def quorum(stop: asyncio.Event) -> None:  # 48 hours before each meeting
        await run_quorum_looks(app.quorum_looks(build_scheduler(app)), stop=stop)

    return [outbox, reminders, quorum]


async def web_process(app: App, stop: asyncio.Event, *, host: str = "0.0.0.0",
                      state: WorkerState | None = None) -> None:
    """The web endpoint; `/readyz` also says what this process's worker does (`state`).
    A database outage ends nothing: `/healthz` answers, `/readyz` says what is missing."""
    from bot.web import serve_web
    from ethicsbot.bootstrap import build_bolt, build_socket_mode, build_web_app

    settings = app.settings
    bolt = build_bolt(app) if settings.slack_bot_token else None
    web = serve_web(build_web_app(app, bolt, state=state), stop=stop, port=settings.port,
                    host=host,
                    socket_mode=build_socket_mode(app, bolt) if bolt is not None else None)
    if state is not None:  # the worker beside it watches the database
        await web
        return
    await asyncio.gather(web, watch_database(app, stop))


async def watch_database(app: App, stop: asyncio.Event, every: float = 5.0) -> None:
    """Say once when the database goes away and once when it is back (the web process
    has no worker loop that would notice; its requests fail meanwhile, it stays up).
    Started before the database could be reached, it first waits for it and migrates."""
    from ethicsbot.database_wait import database_ready
    from storage.db import ping
    from storage.leader import DATABASE_DOWN
    from storage.retry import Outage, wait_for_stop

    outage = Outage("the database", log)
    if not await database_ready(app, stop=stop, outage=outage):
        return
    while True:
        try:
            await asyncio.to_thread(ping, app.engine)
            outage.recovered()
        except DATABASE_DOWN as e:
            outage.failed(type(e).__name__, then="requests that need it fail until it is back")
        if await wait_for_stop(stop, every):
            return


async def run_process(app: App, stop: asyncio.Event, *, host: str = "0.0.0.0") -> None:
    """`ethicsbot run`: the worker and the web endpoint side by side."""
    from ethicsbot.leadership import WorkerState

    state = WorkerState()
    await asyncio.gather(worker_process(app, stop, state),
                         web_process(app, stop, host=host, state=state))
