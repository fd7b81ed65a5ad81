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
from typing import Any

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_sdk.web.async_client import AsyncWebClient

from ethicsbot.bootstrap import App
from ethicsbot.readiness import Readiness

Ready = Callable[[], Awaitable[tuple[bool, dict[str, Any]]]]

log = logging.getLogger(__name__)
EVENTS_PATH = "/slack/events"


def make_web_app(app: App, slack: AsyncApp | None, *, ready: Ready | None = None
                 ) -> web.Application:
    async def events(request: web.Request) -> web.Response:
        assert slack is not None
        return await to_aiohttp_response(await slack.async_dispatch(
            await to_bolt_request(request)))

    async def healthz(_request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    answer = ready or Readiness(app)

    async def readyz(_request: web.Request) -> web.Response:
        ok, parts = await answer()
        return web.json_response(parts, status=200 if ok else 503)

    web_app = web.Application()
    web_app.router.add_get("/healthz", healthz)
    web_app.router.add_get("/readyz", readyz)
    if slack is not None and app.settings.slack_signing_secret:
        web_app.router.add_post(EVENTS_PATH, events)
    return web_app


async def serve_web(app: App, *, stop: asyncio.Event, port: int, host: str = "0.0.0.0",
                    client: AsyncWebClient | None = None, ready: Ready | None = None) -> None:
    """Serve until `stop` is set, then close the listener and the Socket Mode link."""
    from bot.app import build_slack_app

    settings = app.settings
    slack = build_slack_app(app, client=client) if settings.slack_bot_token else None
    runner = web.AppRunner(make_web_app(app, slack, ready=ready))
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    socket_mode = None
    if slack is not None and settings.slack_app_token:
        socket_mode = AsyncSocketModeHandler(slack, settings.slack_app_token)
        await socket_mode.connect_async()  # type: ignore[no-untyped-call]
        log.info("Slack Socket Mode connected")
    try:
        await stop.wait()
    finally:
        if socket_mode is not None:
            await socket_mode.close_async()  # type: ignore[no-untyped-call]
        await runner.cleanup()
