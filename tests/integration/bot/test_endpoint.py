"""`POST /slack/events` under hostile requests, over real HTTP against the real aiohttp app:
the signature is checked before a byte of the body is parsed, so an unsigned, stale or
malformed request costs a hash and gets 401 or 400 (413 when too big), never a 500 and
never a traceback in the log; nothing reaches Bolt, the database or the access log."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import pytest

from bot.web import MAX_BODY
from ethicsbot.bootstrap import App
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import BOARD_MEMBER, SECRET, SlackDriver, start_driver
from tests.integration.bot.test_requests import access_log

FORM = "application/x-www-form-urlencoded"


def signed(body: bytes, ts: str | None = None, secret: str = SECRET) -> dict[str, str]:
    """Slack's headers for `body`, signed over its bytes as Slack does (slack-sdk's own
    helper decodes the body first, so it cannot sign bytes that are not UTF-8)."""
    ts = ts if ts is not None else str(int(time.time()))
    digest = hmac.new(secret.encode(), f"v0:{ts}:".encode() + body, hashlib.sha256)
    return {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": "v0=" + digest.hexdigest()}


def command_body(user: str = BOARD_MEMBER, text: str = "status") -> bytes:
    return urlencode({"team_id": "T1", "user_id": user, "command": "/ethics", "text": text,
                      "channel_id": "D0DM", "response_url": "http://127.0.0.1:9/r",
                      "trigger_id": "1.2.3"}).encode()


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """SQLite alone: nothing here reaches the database, whatever the backend."""
    return f"sqlite:///{tmp_path / 'ethicsbot.db'}"


@pytest.fixture
async def endpoint(bot_app: App, slack_stub: SlackStub,
                   caplog: pytest.LogCaptureFixture) -> AsyncIterator[SlackDriver]:
    caplog.set_level(logging.DEBUG)
    server, driver = await start_driver(bot_app, slack_stub, process_before_response=True)
    yield driver
    await driver.session.close()
    await server.close()


async def send(driver: SlackDriver, body: bytes, headers: dict[str, str]) -> int:
    async with driver.session.post(driver.url, data=body, headers=headers) as resp:
        await resp.read()
        return resp.status


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    assert [r for r in caplog.records if r.exc_info] == []
    assert "Traceback" not in caplog.text
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


NOW = str(int(time.time()))


@pytest.mark.parametrize("headers", [
    {},  # unsigned
    {"X-Slack-Request-Timestamp": NOW},  # no signature
    {"X-Slack-Signature": "v0=" + "0" * 64},  # no timestamp
    {"X-Slack-Request-Timestamp": "soon", "X-Slack-Signature": "v0=" + "0" * 64},
    {"X-Slack-Request-Timestamp": "9" * 400, "X-Slack-Signature": "v0=" + "0" * 64},
    {"X-Slack-Request-Timestamp": "-1", "X-Slack-Signature": "v0=" + "0" * 64},
    {"X-Slack-Request-Timestamp": "١٢٣", "X-Slack-Signature": "v0=" + "0" * 64},
    {"X-Slack-Request-Timestamp": NOW, "X-Slack-Signature": "v0=zz"},
    {"X-Slack-Request-Timestamp": NOW, "X-Slack-Signature": "v0=" + "é" * 64},
    {"X-Slack-Request-Timestamp": NOW, "X-Slack-Signature": "v1=" + "0" * 64},
    {"X-Slack-Request-Timestamp": NOW, "X-Slack-Signature": "v0=" + "0" * 64},  # wrong
], ids=["unsigned", "no-signature", "no-timestamp", "word-timestamp", "huge-timestamp",
        "negative-timestamp", "arabic-digits", "short-signature", "non-ascii-signature",
        "other-scheme", "wrong-signature"])
async def test_an_unsigned_or_badly_signed_request_gets_401_and_touches_nothing(
        endpoint: SlackDriver, bot_app: App, caplog: pytest.LogCaptureFixture,
        headers: dict[str, str]) -> None:
    status = await send(endpoint, command_body(), {"Content-Type": FORM, **headers})
    assert status == 401
    assert access_log(bot_app) == []
    no_tracebacks(caplog)


@pytest.mark.parametrize(("content_type", "body"), [
    ("application/json", b"{\"type\": "), ("application/json", b"[" * 100_000),
    (FORM, b"payload=%7Bnot+json"), (FORM, b"\xff\xfe"), ("text/html", b"<html>"),
])
async def test_an_unsigned_malformed_body_is_refused_for_its_signature_unparsed(
        endpoint: SlackDriver, caplog: pytest.LogCaptureFixture, content_type: str,
        body: bytes) -> None:
    assert await send(endpoint, body, {"Content-Type": content_type}) == 401
    no_tracebacks(caplog)


@pytest.mark.parametrize("ts", ["99999999999", "0", "an hour ahead"])
async def test_a_correctly_signed_request_with_a_far_timestamp_gets_401(
        endpoint: SlackDriver, bot_app: App, caplog: pytest.LogCaptureFixture,
        ts: str) -> None:
    # The relative case is worked out here, not in the ids: every xdist worker
    # must collect the same test names.
    if not ts.isdigit():
        ts = str(int(time.time()) + 3600)
    body = command_body()
    assert await send(endpoint, body, {"Content-Type": FORM, **signed(body, ts)}) == 401
    assert access_log(bot_app) == []
    no_tracebacks(caplog)


@pytest.mark.parametrize(("content_type", "body"), [
    (FORM, b"\xff\xfe\x00garbage"),  # not UTF-8
    (FORM, b"payload=%7Bnot+json"),  # an interaction whose payload is not JSON
    (FORM, b"payload=%5B1%2C2%5D"),  # JSON, but not an object
    (FORM, b"payload=" + b"%5B" * 5000),  # deeply nested brackets
    (FORM, b"payload=" + urlencode({"x": json.dumps({
        "type": "block_actions", "user": "U1", "team": 5, "actions": "x",
        "channel": ["D"]})}).encode()[2:]),  # an object of shapes Slack never sends
    (FORM, b"payload=" + urlencode({"x": json.dumps({
        "type": "block_actions", "user": {"id": "UPARK"}, "team": {"id": "T1"},
        "actions": []})}).encode()[2:]),  # a button press with no action in it
    (FORM, b"payload=" + urlencode({"x": json.dumps({
        "type": "view_submission", "user": {"id": "UPARK"}, "team": {"id": "T1"},
        "view": {"id": "V1", "callback_id": "ethics_file"}})}).encode()[2:]),  # no state
    (FORM, b"payload=" + urlencode({"x": json.dumps({
        "type": "block_actions", "user": "UPARK", "team": {"id": "T1"},
        "actions": [{"action_id": "step:close", "value": "ETH-2026-0001"}]})}).encode()[2:]),
    (FORM, b"payload=" + urlencode({"x": json.dumps({
        "type": "block_actions", "user": {"id": "UPARK"}, "team": {"id": "T1"},
        "actions": [{"action_id": "step:close", "value": ["ETH"]}]})}).encode()[2:]),
    ("application/json", b"{\"type\": "),  # truncated JSON
    ("application/json", b"[1, 2, 3]"),  # not an object
    ("application/json", b"\"just a string\""),
    ("application/json", b"{\"a\": NaN}" + b" " * 10),
    ("text/plain", command_body()),  # a command with the wrong content type
    ("multipart/form-data; boundary=x", b"--x\r\n\r\n--x--"),
    ("", b"type=url_verification"),
], ids=["not-utf8", "payload-not-json", "payload-array", "deep-nesting", "wrong-shapes",
        "no-actions", "view-without-state", "user-a-string", "value-a-list",
        "truncated-json", "json-array", "json-string", "json-nan", "text-plain", "multipart",
        "no-type"])
async def test_a_signed_but_malformed_request_gets_400_never_500(
        endpoint: SlackDriver, bot_app: App, caplog: pytest.LogCaptureFixture,
        content_type: str, body: bytes) -> None:
    headers = {**signed(body)}
    if content_type:
        headers["Content-Type"] = content_type
    assert await send(endpoint, body, headers) == 400
    assert access_log(bot_app) == []
    no_tracebacks(caplog)


async def test_an_oversized_body_is_refused_before_it_is_read_or_checked(
        endpoint: SlackDriver, caplog: pytest.LogCaptureFixture) -> None:
    body = b"text=" + b"a" * (MAX_BODY + 1)
    assert await send(endpoint, body, {"Content-Type": FORM, **signed(body)}) == 413
    unsigned = b"x" * (4 * MAX_BODY)
    assert await send(endpoint, unsigned, {"Content-Type": FORM}) == 413
    no_tracebacks(caplog)


async def test_a_lying_content_length_gets_400_not_a_hang(
        endpoint: SlackDriver, caplog: pytest.LogCaptureFixture) -> None:
    """A client that announces more than it sends and closes: the handler gives up."""
    body = command_body()

    async def chunks() -> AsyncIterator[bytes]:
        yield body
        raise ConnectionResetError("client went away")

    with pytest.raises((aiohttp.ClientError, ConnectionResetError)):
        async with endpoint.session.post(endpoint.url, data=chunks(), headers={
                "Content-Type": FORM, **signed(body)}) as resp:
            await resp.read()
    no_tracebacks(caplog)


async def test_a_good_request_still_gets_its_answer(endpoint: SlackDriver, bot_app: App,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    reply = await endpoint.command(BOARD_MEMBER, "status")
    assert reply.status == 200 and "docket" in reply.shown.lower()
    body = json.dumps({"type": "url_verification", "challenge": "abc"}).encode()
    async with endpoint.session.post(endpoint.url, data=body, headers={
            "Content-Type": "application/json; charset=utf-8", **signed(body)}) as resp:
        assert resp.status == 200 and "abc" in await resp.text()
    no_tracebacks(caplog)


async def test_a_flood_of_forgeries_is_one_log_line_and_says_why(
        endpoint: SlackDriver, caplog: pytest.LogCaptureFixture) -> None:
    for _ in range(30):
        assert await send(endpoint, command_body(), {"Content-Type": FORM}) == 401
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.web"]
    assert lines == ["Slack request refused (401): no valid Slack signature"]
    assert all(r.levelno == logging.WARNING for r in caplog.records if r.name == "bot.web")


async def test_bolt_s_own_lazy_headers_from_outside_are_dropped(
        endpoint: SlackDriver, caplog: pytest.LogCaptureFixture) -> None:
    """`X-Slack-Bolt-Lazy-Only` tells Bolt to skip the acknowledgement and run only lazy
    listeners; only Bolt may send it to itself, so a request carrying it is answered as
    if it did not."""
    body = command_body()
    async with endpoint.session.post(endpoint.url, data=body, headers={
            "Content-Type": FORM, "X-Slack-Bolt-Lazy-Only": "1",
            "X-Slack-Bolt-Lazy-Function-Name": "anything", **signed(body)}) as resp:
        assert resp.status == 200
        assert "docket" in (await resp.text()).lower()
    no_tracebacks(caplog)
