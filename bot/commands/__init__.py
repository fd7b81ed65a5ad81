"""`/ethics`: one listener that routes the first word(s) to a subcommand, and the step
buttons. Routing only: each subcommand module checks access and calls the service layer.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond
from slack_sdk.web.async_client import AsyncWebClient

from bot.commands import filing, share, status, take
from bot.commands import help as usage
from bot.commands.request import Request
from bot.ids import STEP_ACTION_PREFIX, Sub, action_step
from bot.service import SlackDeps
from cases.errors import ProcedureError


def register(bolt: AsyncApp, deps: SlackDeps) -> None:
    handlers: dict[Sub, Callable[[Request], Awaitable[None]]] = {
        Sub.HELP: usage.show, Sub.STATUS: status.show, Sub.FILE: filing.open_modal,
        Sub.SHARE: share.post}

    async def ethics(ack: AsyncAck, command: dict[str, Any], client: AsyncWebClient,
                     context: dict[str, Any]) -> None:
        words = (command.get("text") or "").split()
        req = Request(deps, context["caller"], words[1:], command, client, ack, ack)
        first = words[0].lower() if words else Sub.HELP.value
        if first in {s.value for s in Sub}:
            await handlers[Sub(first)](req)
        else:
            await take.typed(req, words)

    async def step_button(ack: AsyncAck, body: dict[str, Any], action: dict[str, Any],
                          client: AsyncWebClient, respond: AsyncRespond,
                          context: dict[str, Any]) -> None:
        req = Request(deps, context["caller"], [], body, client, ack, respond)
        try:
            step = action_step(action["action_id"])
        except ValueError:
            raise ProcedureError("That button is out of date: `/ethics status CASE` shows the "
                                 "steps you may take now.") from None
        await take.pressed(req, step, action["value"])
        await ack()  # last: see bot.app on awaiting after ack()

    bolt.command("/ethics")(ethics)
    bolt.action(re.compile("^" + re.escape(STEP_ACTION_PREFIX)))(step_button)
    filing.register(bolt, deps)
