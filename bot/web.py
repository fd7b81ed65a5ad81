"""The web process: `POST /slack/events` for Slack, `/healthz` and `/readyz` for the
platform. Slack is served only when configured with a signing secret (an HTTP endpoint
without one would accept forged requests); the health endpoints are always there.
Socket Mode (`ETHICSBOT_SLACK_APP_TOKEN`) serves the same Bolt app over a websocket, for
a city that cannot expose an HTTP endpoint.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp

log = logging.getLogger(__name__)
EVENTS_PATH = "/slack/events"

Readiness = Callable[[], Awaitable[tuple[bool, dict[str, str]]]]
"""Whether this process can do its job now, and the answer per part (for /readyz)."""


def make_web_app(readiness: Readiness, slack: AsyncApp | None, *,
                 serve_events: bool) -> web.Application:
    """The health endpoints, and `POST /slack/events` when `serve_events` (the composition
    root sets it only with a signing secret: without one the app would take forgeries)."""
    async def events(request: web.Request) -> web.Response:
        assert slack is not None
        return await to_aiohttp_response(await slack.async_dispatch(
            await to_bolt_request(request)))

    async def healthz(_request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    async def readyz(_request: web.Request) -> web.Response:
        ready, parts = await readiness()
        return web.json_response(parts, status=200 if ready else 503)

    web_app = web.Application()
    web_app.router.add_get("/healthz", healthz)
    web_app.router.add_get("/readyz", readyz)
    if slack is not None and serve_events:
        web_app.router.add_post(EVENTS_PATH, events)
    return web_app


async def serve_web(web_app: web.Application, *, stop: asyncio.Event, port: int,
                    host: str = "0.0.0.0",
                    socket_mode: AsyncSocketModeHandler | None = None) -> None:
    """Serve until `stop` is set, then close the listener and the Socket Mode link."""
    runner = web.AppRunner(web_app)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    if socket_mode is not None:
        await socket_mode.connect_async()  # type: ignore[no-untyped-call]
        log.info("Slack Socket Mode connected")
    try:
        await stop.wait()
    finally:
        if socket_mode is not None:
            await socket_mode.close_async()  # type: ignore[no-untyped-call]
        await runner.cleanup()
