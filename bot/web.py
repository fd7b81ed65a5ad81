"""The web process: `POST /slack/events` for Slack, `/healthz` and `/readyz` for the
platform. Slack is served only when configured with a signing secret (an HTTP endpoint
without one would accept forged requests); the health endpoints are always there.
Socket Mode (`ETHICSBOT_SLACK_APP_TOKEN`) serves the same Bolt app over a websocket, for
a city that cannot expose an HTTP endpoint.

Anyone on the internet can reach `/slack/events`, so a request is judged in order of
cost, and Bolt sees only what passed: the size (413 beyond `MAX_BODY`, counted while
reading, whatever Content-Length claims), then Slack's signature over the raw bytes
(401: a timestamp that is not a plain number within five minutes of now, a signature
not of the form `v0=<64 hex>`, or one that does not match), and only then the body's
form (400: not UTF-8, a content type Slack does not send, JSON that is not an object).
Bolt itself would parse the body before checking the signature, and answer a malformed
one with a 500 and a traceback in the log.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import parse_qsl

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
from slack_bolt.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest

log = logging.getLogger(__name__)
EVENTS_PATH = "/slack/events"
# Slack's largest payload, a view submission with every field of the filing form full
# (3,000 characters each), is some tens of KB: 256 KB leaves room and bounds the cost.
MAX_BODY = 256 * 1024
MAX_AGE = 5 * 60  # seconds: Slack's own replay window
_TIMESTAMP = re.compile(r"[0-9]{1,12}")  # ASCII digits only: int() takes other scripts'
_SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")
_FORM, _JSON = "application/x-www-form-urlencoded", "application/json"

Readiness = Callable[[], Awaitable[tuple[bool, dict[str, str]]]]
"""Whether this process can do its job now, and the answer per part (for /readyz)."""


class Rejected(Exception):
    """A request refused before Bolt sees it: its HTTP status and a reason for the log."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def make_web_app(readiness: Readiness, slack: AsyncApp | None, *,
                 signing_secret: str | None, operator_token: str | None = None
                 ) -> web.Application:
    """The health endpoints, and `POST /slack/events` when there is a signing secret
    (without one the app would take forgeries). /readyz gives its figures (which parts
    are up, what waits, whether forged forwarder mail would open a case) only to the
    operator: on this machine, or with `operator_token`; anyone else learns ready or not."""
    refusals = _RefusalLog()

    async def events(request: web.Request) -> web.Response:
        assert slack is not None and signing_secret is not None
        try:
            bolt_request = await checked(request, signing_secret, now=time.time())
        except Rejected as e:
            refusals.note(e, time.monotonic())
            return web.Response(status=e.status, text=_REASONS[e.status])
        return await to_aiohttp_response(await slack.async_dispatch(bolt_request))

    async def healthz(_request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    async def readyz(request: web.Request) -> web.Response:
        ready, parts = await readiness()
        shown = parts if operator(request, operator_token) else {
            "status": "ready" if ready else "unready"}
        return web.json_response(shown, status=200 if ready else 503)

    # every body read whole (a form, a JSON payload) is bounded, whatever its framing: a
    # chunked body has no Content-Length to refuse it by
    web_app = web.Application(client_max_size=MAX_BODY)
    web_app.on_response_prepare.append(_server_name)
    web_app.router.add_get("/healthz", healthz)
    web_app.router.add_get("/readyz", readyz)
    if slack is not None and signing_secret:
        web_app.router.add_post(EVENTS_PATH, events)
    return web_app


def operator(request: web.Request, token: str | None) -> bool:
    """The caller is the operator: a direct connection from this machine (no proxy header:
    a proxy on this machine forwards strangers), or the operator's bearer token."""
    given = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    forwarded = "X-Forwarded-For" in request.headers or "Forwarded" in request.headers
    return not forwarded and request.remote in ("127.0.0.1", "::1")


async def _server_name(_request: web.Request, response: web.StreamResponse) -> None:
    """`Server: EthicsBot` on every response, not aiohttp's name and version, which tell a
    stranger which published weaknesses to try."""
    response.headers["Server"] = "EthicsBot"


class _RefusalLog:
    """One log line a minute at most about refused requests: a wrong signing secret
    shows, and a stranger's flood of forgeries cannot flood the log."""

    EVERY = 60.0

    def __init__(self) -> None:
        self.quiet_until, self.unlogged = 0.0, 0

    def note(self, e: Rejected, now: float) -> None:
        if now < self.quiet_until:
            self.unlogged += 1
            return
        more = f" ({self.unlogged} more refused since the last line)" if self.unlogged else ""
        log.warning("Slack request refused (%d): %s%s", e.status, e, more)
        self.quiet_until, self.unlogged = now + self.EVERY, 0


_REASONS = {400: "malformed request", 401: "invalid signature", 413: "request too large"}


async def checked(request: web.Request, secret: str, *, now: float) -> AsyncBoltRequest:
    """The request as Bolt takes it, once it is small, signed by Slack and well formed;
    else `Rejected`."""
    raw = await _read_capped(request)
    if not signed_by_slack(secret, raw, request.headers.get("X-Slack-Request-Timestamp"),
                           request.headers.get("X-Slack-Signature"), now=now):
        raise Rejected(401, "no valid Slack signature")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Rejected(400, "body is not UTF-8") from e
    _well_formed(text, request.content_type)
    # x-slack-bolt-* headers steer Bolt's own lazy re-dispatch: never from outside
    headers: dict[str, str | Sequence[str]] = {
        k: v for k, v in request.headers.items() if not k.lower().startswith("x-slack-bolt-")}
    try:  # Bolt reads ids out of the body here; a shape Slack never sends breaks that
        return AsyncBoltRequest(body=text, query=request.query_string, headers=headers)
    except Exception as e:
        raise Rejected(400, f"body not understood ({type(e).__name__})") from e


async def _read_capped(request: web.Request) -> bytes:
    if (request.content_length or 0) > MAX_BODY:
        raise Rejected(413, f"Content-Length {request.content_length} over {MAX_BODY}")
    chunks, size = [], 0
    try:
        async for chunk in request.content.iter_chunked(64 * 1024):
            size += len(chunk)
            if size > MAX_BODY:
                raise Rejected(413, f"body over {MAX_BODY} bytes")
            chunks.append(chunk)
    except (OSError, asyncio.IncompleteReadError, ValueError) as e:
        raise Rejected(400, f"body not received ({type(e).__name__})") from e
    return b"".join(chunks)


def signed_by_slack(secret: str, raw: bytes, timestamp: str | None, signature: str | None,
                    *, now: float) -> bool:
    """Slack's v0 request signature (HMAC-SHA256 of `v0:<timestamp>:<body>`), with a
    timestamp within `MAX_AGE` of `now`; judged on the raw bytes, before any parsing."""
    if not timestamp or not _TIMESTAMP.fullmatch(timestamp):
        return False
    if abs(now - int(timestamp)) > MAX_AGE:
        return False
    if not signature or not _SIGNATURE.fullmatch(signature):
        return False
    expected = hmac.new(secret.encode(), b"v0:" + timestamp.encode() + b":" + raw,
                        hashlib.sha256).hexdigest()
    return hmac.compare_digest("v0=" + expected, signature)


def _well_formed(text: str, content_type: str) -> None:
    """Refuse what Bolt's parser would choke on. Bolt reads JSON when the type says so or
    the body starts with `{`, else a form whose `payload` field, if any, is JSON."""
    if content_type == _JSON or text.startswith("{"):
        if content_type not in (_JSON, _FORM):
            raise Rejected(400, f"content type {content_type[:60]!r}")
        _json_object(text, "body")
        return
    if content_type != _FORM:
        raise Rejected(400, f"content type {content_type[:60]!r}")
    if "payload" in text:
        payload = dict(parse_qsl(text, keep_blank_values=True)).get("payload")
        if payload is not None:
            _interaction_shape(_json_object(payload, "payload"))


def _interaction_shape(payload: dict[str, Any]) -> None:
    """Refuse an interaction whose parts EthicsBot reads are not the shapes Slack sends: a
    user who is an object with an id, a button press with its actions (each an object, its
    id and value text), a submitted view with its state. Signed by Slack or not, a payload
    is a stranger's input: a shape Bolt or a handler trips on must be a 400, not a 500."""
    def text(value: object) -> bool:
        return isinstance(value, str) and 0 < len(value) <= 2000

    user = payload.get("user")
    if not isinstance(user, dict) or not text(user.get("id")):
        raise Rejected(400, "payload user is not an object with an id")
    kind = payload.get("type")
    if kind == "block_actions":
        actions = payload.get("actions")
        if not isinstance(actions, list) or not actions or not all(
                isinstance(a, dict) and text(a.get("action_id"))
                and ("value" not in a or isinstance(a["value"], str)) for a in actions):
            raise Rejected(400, "payload actions are not a list of actions")
    elif kind in ("view_submission", "view_closed"):
        view = payload.get("view")
        state = view.get("state") if isinstance(view, dict) else None
        if not (isinstance(view, dict) and text(view.get("callback_id"))
                and isinstance(state, dict) and isinstance(state.get("values"), dict)):
            raise Rejected(400, "payload view has no callback id and state")


def _json_object(text: str, what: str) -> dict[str, Any]:
    def no_constants(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    try:
        value = json.loads(text, parse_constant=no_constants)
    except (ValueError, RecursionError) as e:
        raise Rejected(400, f"{what} is not JSON ({type(e).__name__})") from e
    if not isinstance(value, dict):
        raise Rejected(400, f"{what} is JSON but not an object")
    return value


def settle_heap() -> None:
    """Put what the process built to serve (the app, its prepared statements, the
    directory, the libraries' modules: hundreds of thousands of objects that live as long
    as it does) out of the cyclic garbage collector's reach (`gc.freeze`), once serving.

    Else each full collection walks them all: measured in a web process under load
    (bench/slack_status.py --text "status ETH-2026-0001", PostgreSQL) a pause of about
    100 ms now and then, which every request waiting on the loop waits out; the p99 fell
    from 207-228 ms to 152 ms with the heap settled. Called where serving starts, not in
    `build_web_app`, which tests call again and again: a frozen object is never freed."""
    gc.collect()
    gc.freeze()


async def serve_web(web_app: web.Application, *, stop: asyncio.Event, port: int,
                    host: str = "0.0.0.0",
                    socket_mode: AsyncSocketModeHandler | None = None) -> None:
    """Serve until `stop` is set, then close the listener and the Socket Mode link."""
    runner = web.AppRunner(web_app)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    settle_heap()
    if socket_mode is not None:
        await socket_mode.connect_async()  # type: ignore[no-untyped-call]
        log.info("Slack Socket Mode connected")
    try:
        await stop.wait()
    finally:
        if socket_mode is not None:
            await socket_mode.close_async()  # type: ignore[no-untyped-call]
        await runner.cleanup()
