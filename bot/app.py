"""Build the Bolt app from the composition root's `App`: the Web API client (pointed at
`ETHICSBOT_SLACK_API_URL` when set, as the tests do), the caller's identity from the
directory on every request, every surface's `register`, and the one error handler.

Listeners do their (fast, measured: bench/slack_status.py) work first and call `ack()`
last, so the answer is the acknowledgement itself. With process_before_response=False
this also avoids a race in Bolt 1.30's asyncio runner: when a listener raises after
`ack()` within the runner's 10 ms poll, the runner resets the acknowledgement to None and
Slack gets a 404 three seconds later. Raising before `ack()` is safe: `on_error` answers.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from slack_bolt.async_app import AsyncApp, AsyncRespond
from slack_bolt.response import BoltResponse
from slack_sdk.web.async_client import AsyncWebClient

from bot import commands, home
from bot.access import Refused, identify
from cases.errors import ProcedureError
from ethicsbot.bootstrap import App
from ethicsbot.settings import SettingsError

log = logging.getLogger(__name__)
FAILED = ("Something went wrong and nothing was recorded. Try again; if it happens again, "
          "tell the city clerk (the time of your attempt helps).")


def web_client(app: App) -> AsyncWebClient:
    token, url = app.settings.slack_bot_token, app.settings.slack_api_url
    if not token:
        raise SettingsError("Slack is off: set ETHICSBOT_SLACK_BOT_TOKEN and "
                            "ETHICSBOT_SLACK_SIGNING_SECRET (see slack/manifest.yml).")
    if url:  # urljoin drops the last path segment of a base URL without a trailing slash
        return AsyncWebClient(token=token, base_url=url if url.endswith("/") else url + "/")
    return AsyncWebClient(token=token)


def build_slack_app(app: App, *, client: AsyncWebClient | None = None,
                    process_before_response: bool = True) -> AsyncApp:
    """The `/ethics` Bolt app. Without a signing secret request verification is off, so
    only Socket Mode may serve it (`bot.web` mounts HTTP only with a secret).

    `process_before_response` is on by default: every listener's work is short and done
    before its `ack()` anyway (the two modes measure alike in bench/slack_status.py), and
    with it a listener has finished when Slack gets the answer, over HTTP and Socket
    Mode alike, so the runner race described above cannot happen."""
    secret = app.settings.slack_signing_secret
    bolt = AsyncApp(client=client or web_client(app), signing_secret=secret,
                    request_verification_enabled=secret is not None,
                    process_before_response=process_before_response, name="ethicsbot")

    async def who_is_asking(context: dict[str, Any], next: Any) -> None:
        context["caller"] = identify(app.directory, context.get("user_id") or "")
        await next()

    bolt.middleware(who_is_asking)
    commands.register(bolt, app)
    home.register(bolt, app)
    bolt.error(on_error)
    return bolt


def clerk_message(error: Exception) -> str:
    if isinstance(error, ProcedureError | Refused):
        return str(error)
    # the message of a database or library error may quote what was stored: complaint
    # text and personal data stay at DEBUG
    log.error("unexpected %s in a Slack request", type(error).__name__)
    log.debug("details", exc_info=error)
    return FAILED


async def on_error(error: Exception, body: dict[str, Any], respond: AsyncRespond | None,
                   response: BoltResponse | None) -> BoltResponse | None:
    """Turn a refusal or a domain error into a message only the asker sees: the answer to
    the request itself when it is not yet acknowledged, else through its response_url."""
    text = clerk_message(error)
    if response is not None and body.get("type") == "block_actions" and respond is not None:
        await respond(text=text, response_type="ephemeral", replace_original=False)
        return BoltResponse(status=200, body="")  # Slack shows nothing of a button's ack
    if response is not None and body.get("type") == "view_submission":
        view = {"type": "modal", "title": {"type": "plain_text", "text": "Not filed"},
                "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": text}}]}
        return BoltResponse(status=200, body=json.dumps(
            {"response_action": "update", "view": view}), headers={
                "content-type": "application/json"})
    if response is not None:
        return BoltResponse(status=200, body=json.dumps(
            {"response_type": "ephemeral", "text": text}), headers={
                "content-type": "application/json"})
    if respond is not None:
        await respond(text=text, response_type="ephemeral", replace_original=False)
    return None
