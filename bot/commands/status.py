"""`/ethics status [at-risk] [page N] | CASE`: the open docket, the cases at risk, or one
case as far as the caller may see it (`cases.access`), with buttons for the steps the
caller may take next.

`at-risk` is the web's `/docket?show=at-risk&sort=due` (the view the clerk's alert digest
links to), read by the same query (`storage.queries.DocketView`, show "at-risk") with the
same thresholds (`SlackDeps.at_risk`, the sweep's), so Slack and the web list the same
cases, soonest deadline first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.access import Caller
from bot.ids import step_action
from bot.render import Block, case_blocks, docket_blocks
from bot.service import case_number, case_view, docket
from cases.case import Stage
from cases.errors import ProcedureError
from cases.levels import Access
from cases.steps import STEPS
from cases.text import whole_number
from storage import lookups, queries

if TYPE_CHECKING:
    from bot.commands.request import Request

async def show(req: Request) -> None:
    deps, now = req.deps, req.deps.clock()
    words = req.words
    at_risk = bool(words) and words[0].lower() == AT_RISK
    if at_risk:
        words = words[1:]
    if words and words[0].lower() != "page" and not at_risk:
        number = case_number(req.words[0])
        access, detail = await case_view(deps, req.caller, number)
        blocks = case_blocks(detail, access, viewer=req.caller.who, calendar=deps.calendar,
                             now=now, directory=deps.directory)
        blocks += buttons(req.caller, access, detail)
        await req.reply(f"{number}: {detail['stage']}", blocks)
        return
    page = _page(words)
    view = queries.DocketView(show="at-risk", sort="due", risk=deps.at_risk) if at_risk \
        else lookups.OPEN
    rows, more = await docket(deps, req.caller, page, view)
    title = "Cases at risk" if at_risk else "Open docket"
    await req.reply(title, docket_blocks(rows, page=page, more=more, calendar=deps.calendar,
                                         now=now, at_risk=deps.at_risk if at_risk else None))


AT_RISK = "at-risk"


def _page(words: list[str]) -> int:
    if not words:
        return 1
    page = whole_number(words[1]) if len(words) == 2 and words[0].lower() == "page" else None
    if page is not None and page >= 1:
        return page
    raise ProcedureError("Type `/ethics status`, `/ethics status page 2`, "
                         "`/ethics status at-risk` or `/ethics status ETH-2026-0007`.")


def buttons(caller: Caller, access: Access, detail: dict[str, Any]) -> list[Block]:
    """A button for each step of the table that needs only the case number (it has a
    label), that the case's stage allows and that the caller's role may take."""
    if access is not Access.FULL:
        return []
    stage = Stage(detail["stage"])
    elements = [{"type": "button", "action_id": step_action(s), "value": detail["number"],
                 "text": {"type": "plain_text", "text": s.label}}
                for s in STEPS
                if s.label and stage in s.allowed_in and caller.has(s.roles)]
    return [{"type": "actions", "elements": elements}] if elements else []
