"""The real Bolt app behind a real aiohttp server on loopback, driven with correctly
signed requests; its Web API client talks to the recording stub (tests.fixtures.slack_stub).
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from slack_sdk.signature import SignatureVerifier

from ethicsbot.bootstrap import App, build_bolt, build_web_app
from tests.fixtures.slack_stub import SlackStub

SECRET = "test-signing-secret"
# Slack ids from the embedded example city (ethicsbot/default_city.yml)
CHAIR, BOARD_MEMBER, CLERK, MAYOR, ATTORNEY = "UPARK", "UOSEI", "UCLERK", "UMAYOR", "UATTY"
COUNCIL, RESPONDENT_COUNCIL = "UBRANDT", "URAMAN"  # Priya Raman is complained against
STRANGER = "UNOBODY"


@dataclasses.dataclass
class Reply:
    status: int
    text: str

    @property
    def json(self) -> dict[str, Any]:
        return dict(json.loads(self.text))

    @property
    def shown(self) -> str:
        """Everything the user would read: text and every block's text."""
        body = self.json
        parts = [body.get("text") or ""]
        for b in body.get("blocks") or []:
            parts.append((b.get("text") or {}).get("text", ""))
            parts += [e["text"]["text"] for e in b.get("elements", []) if "text" in e]
        return "\n".join(parts)


@dataclasses.dataclass
class SlackDriver:
    """Sends what Slack would send, signed with the app's signing secret."""

    url: str
    stub: SlackStub
    session: aiohttp.ClientSession
    secret: str = SECRET

    async def post(self, body: str, content_type: str, *, timestamp: int | None = None,
                   secret: str | None = None) -> Reply:
        ts = str(timestamp if timestamp is not None else int(time.time()))
        signature = SignatureVerifier(secret or self.secret).generate_signature(
            timestamp=ts, body=body)
        async with self.session.post(self.url, data=body.encode(), headers={
                "Content-Type": content_type, "X-Slack-Request-Timestamp": ts,
                "X-Slack-Signature": signature}) as resp:
            return Reply(resp.status, await resp.text())

    async def command(self, user: str, text: str, *, channel: str = "D0DM",
                      **kw: Any) -> Reply:
        body = urlencode({"token": "legacy", "team_id": "T1", "user_id": user,
                          "command": "/ethics", "text": text, "channel_id": channel,
                          "response_url": self.stub.response_url(), "trigger_id": "13.45.ab"})
        return await self.post(body, "application/x-www-form-urlencoded", **kw)

    async def interaction(self, payload: dict[str, Any]) -> Reply:
        body = urlencode({"payload": json.dumps(payload)})
        return await self.post(body, "application/x-www-form-urlencoded")

    async def press(self, user: str, action_id: str, value: str) -> Reply:
        return await self.interaction({
            "type": "block_actions", "team": {"id": "T1"}, "user": {"id": user},
            "trigger_id": "13.45.ab", "response_url": self.stub.response_url("button"),
            "container": {"type": "message"}, "channel": {"id": "D0DM"},
            "actions": [{"type": "button", "action_id": action_id, "value": value,
                         "block_id": "b", "action_ts": "1"}]})

    async def submit(self, user: str, view: dict[str, Any], values: dict[str, Any],
                     view_id: str = "VFORM1") -> Reply:
        return await self.interaction({
            "type": "view_submission", "team": {"id": "T1"}, "user": {"id": user},
            "view": {**view, "id": view_id, "state": {"values": values}}})

    async def event(self, user: str, event: dict[str, Any]) -> Reply:
        body = json.dumps({"type": "event_callback", "team_id": "T1", "api_app_id": "A1",
                           "event_id": "Ev1", "event_time": int(time.time()),
                           "event": {**event, "user": user}})
        return await self.post(body, "application/json")


def with_slack(app: App, stub: SlackStub) -> App:
    settings = app.settings.model_copy(update={
        "slack_bot_token": "xoxb-test", "slack_signing_secret": SECRET,
        "slack_api_url": stub.api_url.rstrip("/")})  # the app must add the slash itself
    return dataclasses.replace(app, settings=settings)


@pytest.fixture
def bot_app(app: App, slack_stub: SlackStub) -> App:
    return with_slack(app, slack_stub)


async def start_driver(app: App, stub: SlackStub, *,
                       process_before_response: bool) -> tuple[TestServer, SlackDriver]:
    slack = build_bolt(app, process_before_response=process_before_response)
    server = TestServer(build_web_app(app, slack), host="127.0.0.1")
    await server.start_server()
    driver = SlackDriver(str(server.make_url("/slack/events")), stub, aiohttp.ClientSession())
    return server, driver


@pytest.fixture
async def slack(bot_app: App, slack_stub: SlackStub) -> AsyncIterator[SlackDriver]:
    """Deterministic: each listener finishes before its HTTP response returns."""
    server, driver = await start_driver(bot_app, slack_stub, process_before_response=True)
    yield driver
    await driver.session.close()
    await server.close()


def open_case(app: App, respondent: str | tuple[str, ...] = "Gary Pruitt") -> str:
    """A case opened through the service layer, as mail intake would open it."""
    from cases.filing import Complainant, Filing
    from cases.services import file_complaint

    filing = Filing(received_at=app.clock(),
                    complainant=Complainant("Dana Whitfield", "dw@example.net", "+15095550134",
                                            "1418 Larch Avenue, Riverton, WA 99301"),
                    facts="On Oct 3 the official used City Hall for a campaign event.",
                    code_sections=("2.94.030",), reasons="misuse of city property",
                    signed=True,
                    respondents=(respondent,) if isinstance(respondent, str) else respondent)
    with app.uow() as uow:
        case = file_complaint(uow, filing, directory=app.directory, calendar=app.calendar,
                              clock=app.clock, actor="clerk@city.test")
        uow.commit()
    return case.number
