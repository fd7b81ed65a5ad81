"""`/ethics share CASE`: post a case into the current channel for a meeting, only through
`bot.posting.post_private` and only by someone who may see the whole case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.access import identify
from bot.posting import post_private
from bot.render import case_blocks
from bot.service import blocking, case_number, case_view, log_alone
from cases.access import Refused, case_access
from cases.errors import ProcedureError
from cases.levels import Access

if TYPE_CHECKING:
    from bot.commands.request import Request


async def post(req: Request) -> None:
    if not req.words:
        raise ProcedureError("Give the case number: `/ethics share ETH-2026-0007`.")
    deps, number, channel = req.deps, case_number(req.words[0]), req.body["channel_id"]
    access, detail = await case_view(deps, req.caller, number)
    if access is not Access.FULL:
        raise Refused("Only the mayor's office, the board and the city attorney may post a "
                      "case into a channel (§6).")

    def may_see(slack_id: str) -> bool:
        return case_access(identify(deps.directory, slack_id).actor,
                           respondents=detail["respondents"], closed=not detail["confidential"],
                           released=detail["released"]) is Access.FULL

    blocks = case_blocks(detail, Access.FULL, viewer=None, calendar=deps.calendar,
                         now=deps.clock())
    action = f"share into {channel}"[:80]
    try:
        await post_private(req.client, channel, text=f"{number}: {detail['stage']}",
                           blocks=blocks, may_see=may_see)
    except Refused:
        await blocking(log_alone, deps, req.caller, number, action, False)
        raise
    await blocking(log_alone, deps, req.caller, number, action, True)
    await req.reply(f"Posted {number} in this private channel.")
