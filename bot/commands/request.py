"""What a subcommand gets: the Slack surface's dependencies, the caller, the words, and
how to answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from slack_bolt.async_app import AsyncAck
from slack_sdk.web.async_client import AsyncWebClient

from bot.access import Caller
from bot.service import SlackDeps

Reply = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class Request:
    """One `/ethics` request or button press, as the subcommands see it."""

    deps: SlackDeps
    caller: Caller
    words: list[str]
    body: dict[str, Any]
    client: AsyncWebClient
    ack: AsyncAck
    send: Reply  # ack(...) for a command, respond(...) after a button's ack

    async def reply(self, text: str, blocks: list[dict[str, Any]] | None = None) -> None:
        await self.send(response_type="ephemeral", text=text, blocks=blocks)


