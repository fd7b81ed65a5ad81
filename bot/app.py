"""Wire the `/ethics` surfaces into a Bolt app that the composition root built
(`ethicsbot.bootstrap` makes the Web API client and the `AsyncApp`): the caller's identity
from the directory on every request, every surface's `register`, and the one error handler.

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

from bot import commands, home
from bot.access import identify
from bot.escape import esc
from bot.service import SlackDeps
from cases.access import Refused
from cases.errors import ProcedureError

log = logging.getLogger(__name__)
FAILED = ("Something went wrong and nothing was recorded. Try again; if it happens again, "
          "tell the city clerk (the time of your attempt helps).")


def register(bolt: AsyncApp, deps: SlackDeps) -> AsyncApp:
    """Install every surface on `bolt` and return it.

    Build `bolt` with `process_before_response=True` (the composition root does): every
    listener's work is short and done before its `ack()` anyway (the two modes measure
    alike in bench/slack_status.py), and with it a listener has finished when Slack gets
    the answer, over HTTP and Socket Mode alike, so the runner race described above
    cannot happen. Without a signing secret request verification is off, so only Socket
    Mode may serve it (`bot.web` mounts HTTP only with a secret)."""

    async def who_is_asking(context: dict[str, Any], next: Any) -> None:
        context["caller"] = identify(deps.directory, context.get("user_id") or "")
        await next()

    bolt.middleware(who_is_asking)
    commands.register(bolt, deps)
    home.register(bolt, deps)
    bolt.error(on_error)
    return bolt


def clerk_message(error: Exception) -> str:
    """What the asker reads: a refusal's sentence, escaped at this one boundary because it
    often quotes what was typed or stored (a date, a place, a case number), which must be
    shown as written and never made a link or a mention."""
    if isinstance(error, ProcedureError | Refused):
        return esc(error)
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
