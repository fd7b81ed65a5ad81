"""The only way EthicsBot posts a case where others can read it (everything else is an
ephemeral reply, a modal or the App Home, which only their viewer sees).

Before any such post the channel is checked with the Web API, because a channel's name
says nothing reliable: it must be a direct message or a private channel that is not
shared with another organisation (Slack Connect), and every member must be the bot or
someone `may_see` the case in full. Otherwise the post is refused, nothing is sent.
Every page of `conversations.members` is read (it pages by cursor): a channel whose
first page is all entitled people may have a stranger on the next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from cases.access import Refused

NOT_PRIVATE = ("This is not a private channel: EthicsBot posts a case only into a direct "
               "message or a private channel of people entitled to it (§6). "
               "`/ethics status CASE` shows it to you alone.")


async def post_private(client: AsyncWebClient, channel: str, *, text: str,
                       blocks: list[dict[str, Any]], may_see: Callable[[str], bool]) -> None:
    try:
        info = (await client.conversations_info(channel=channel))["channel"]
        if not (info.get("is_im") or info.get("is_private")) or info.get("is_ext_shared"):
            raise Refused(NOT_PRIVATE)
        members = await _all_members(client, channel)
        me = (await client.auth_test())["user_id"]
    except SlackApiError as e:  # e.g. a channel the bot is not in: it cannot check it
        raise Refused(f"EthicsBot cannot check this channel ({e.response.get('error')}), so "
                      "it will not post there. Invite it to a private channel first.") from e
    outsiders = [m for m in members if m != me and not may_see(m)]
    if outsiders:
        raise Refused(f"{len(outsiders)} member(s) of this channel may not see this case "
                      "(§6), so EthicsBot will not post it here.")
    await client.chat_postMessage(channel=channel, text=text, blocks=blocks)


MAX_PAGES = 100  # 20,000 members at Slack's 200 a page: more is not a private channel


async def _all_members(client: AsyncWebClient, channel: str) -> list[str]:
    members: list[str] = []
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        page = await client.conversations_members(channel=channel, limit=200, cursor=cursor)
        members += page["members"]
        cursor = (page.get("response_metadata") or {}).get("next_cursor") or None
        if cursor is None:
            return members
    raise Refused("This channel has too many members to check, so EthicsBot will not post "
                  "a case there (§6).")
