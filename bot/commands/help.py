"""`/ethics help`: every subcommand with an example and who may use it: the step's name,
section and roles from the table of steps (`cases.steps`), its usage and example from
Slack's own parsers, so the help cannot drift from what the bot does. A step typed by its
fields (`bot.commands.steps.derived`) says what each field is, in the field's own words
(`cases.handlers.asks`), as its web form does."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.commands.steps import SPECS, Spec, derived
from bot.render import section
from cases.access import NOT_LISTED, Refused, who_may
from cases.handlers import ASKS, THE_DAY, asked

if TYPE_CHECKING:
    from bot.commands.request import Request

_FIELD_NAME = re.compile(r"(\w+): \.\.\.")  # a field in a usage derived from the fields
GENERAL = (
    ("help", "help", "this list"),
    ("file", "file", "open the complaint form (§1); the case opens as mail intake opens it"),
    ("status [page N]", "status", "the open docket: stage, next deadline, countdown, tolling"),
    ("status at-risk [page N]", "status at-risk",
     "the cases whose statutory notices are at risk, soonest deadline first: what the "
     "clerk's at-risk alerts tell of, as the web's docket lists them (show: at risk)"),
    ("status CASE", "status ETH-2026-0007",
     "one case: deadlines with their arithmetic, notices with proof, history"),
    ("share CASE", "share ETH-2026-0007",
     "post a case into this channel, only if it is private and everyone in it may see it"),
)


def lines() -> list[str]:
    out = [f"• `/ethics {usage}` — {what}. E.g. `/ethics {example}`"
           for usage, example, what in GENERAL]
    for spec in SPECS:
        rule = spec.step
        out.append(f"• `/ethics {spec.usage}` — {rule.name}, {rule.section} "
                   f"({who_may(spec.step)}).{_fields(spec)} E.g. `/ethics {spec.example}`")
    return out


def _fields(spec: Spec) -> str:
    """What each field of a step typed by its fields is (nothing for a step with words of
    its own: its usage says)."""
    if spec.syntax != derived(spec.step).syntax:
        return ""
    named = _FIELD_NAME.findall(spec.syntax)
    return "".join(f" {n}: {asked(spec.step.command, n).label}." for n in named)


async def show(req: Request) -> None:
    if req.caller.person is None:
        raise Refused(NOT_LISTED)
    text = lines()
    day = THE_DAY[ASKS]  # the words of a step's `on` (`cases.handlers.asks`)
    blocks = [section("*EthicsBot* — dates are YYYY-MM-DD and times 24-hour, in the city's "
                      f"time zone; a trailing [{day.word}] is {day.label.lower()}, if not "
                      "today. Replies are visible only to you.")]
    blocks += [section("\n".join(text[i:i + 8])) for i in range(0, len(text), 8)]
    await req.reply("EthicsBot subcommands", blocks)
