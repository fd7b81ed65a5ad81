"""The long-running processes: `worker`, `web`, and `run` (both in one process).

Each is an `async def ...(app, stop)` that returns once `stop` is set; `until_signalled`
turns SIGINT/SIGTERM into that `stop`, so Ctrl-C lets in-flight sends finish (or stay
queued in the outbox) instead of cutting them off.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable

from ethicsbot.bootstrap import App


def until_signalled(body: Callable[[asyncio.Event], Awaitable[None]]) -> None:
    """Run `body(stop)` in a fresh event loop; SIGINT/SIGTERM set `stop`."""
    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await body(stop)

    asyncio.run(main())


async def worker_process(app: App, stop: asyncio.Event) -> None:
    """Intake, the outbox dispatcher and the reminders, while this is the active worker."""
    from ethicsbot.calendar_sync import sync_calendar
    from ethicsbot.leadership import lead
    from ethicsbot.worker import run_worker
    from storage.leader import WorkerLock

    async def body(inner: asyncio.Event) -> None:
        await asyncio.to_thread(sync_calendar, app)
        await run_worker(app, stop=inner, extra=background_services(app))

    await lead(WorkerLock(app.engine), stop=stop, body=body)


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


async def web_process(app: App, stop: asyncio.Event, *, host: str = "0.0.0.0") -> None:
    from bot.web import serve_web
    from ethicsbot.bootstrap import build_bolt, build_socket_mode, build_web_app

    settings = app.settings
    bolt = build_bolt(app) if settings.slack_bot_token else None
    await serve_web(build_web_app(app, bolt), stop=stop, port=settings.port, host=host,
                    socket_mode=build_socket_mode(app, bolt) if bolt is not None else None)


async def run_process(app: App, stop: asyncio.Event, *, host: str = "0.0.0.0") -> None:
    """`ethicsbot run`: the worker and the web endpoint side by side."""
    await asyncio.gather(worker_process(app, stop), web_process(app, stop, host=host))
