"""Taking a procedural step, typed (`/ethics schedule ETH-2026-0007 ...`) or pressed (a
button under a case's status or in a reminder): the role is checked (`cases.access`, from
the table of steps) before anything is looked up, the words become a command
(`steps.SPECS`), and `bot.service.run_step` takes it."""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING

from bot.commands.args import Words
from bot.commands.steps import SPECS, Spec, find_spec
from bot.escape import esc
from bot.service import allow_step, blocking, case_number, run_step
from cases.errors import ProcedureError
from cases.handlers import StepRule
from cases.history import EventKind
from cases.services import Taken
from cases.text import words

if TYPE_CHECKING:
    from bot.commands.request import Request

# A button takes the one step it names, with nothing but the case number.
_PRESSABLE = {s.step: s for s in SPECS if s.step.label}


async def typed(req: Request, typed_words: list[str]) -> None:
    spec, rest = find_spec(typed_words)
    number = None
    with suppress(ProcedureError):  # a malformed number is reported after the role check
        number = case_number(rest[0]) if rest else None
    await blocking(allow_step, req.deps, req.caller, spec.step, number)
    if not rest:
        raise ProcedureError(f"Give the case number. Type: `/ethics {spec.usage}`")
    await _take(req, spec, number or case_number(rest[0]), rest[1:])


async def pressed(req: Request, step: StepRule, number: str) -> None:
    if step not in _PRESSABLE:
        raise ProcedureError(f"There is no button to {step.name}: type it, "
                             "`/ethics help` shows how.")
    await _take(req, _PRESSABLE[step], case_number(number), [])


async def _take(req: Request, spec: Spec, number: str, rest: list[str]) -> None:
    deps = req.deps
    run = spec.run(Words(rest, spec.usage, req.caller, deps.calendar, now=deps.clock()),
                   deps.directory)
    taken = await blocking(run_step, deps, req.caller, number, run)
    await req.reply(confirmation(number, taken))


def confirmation(number: str, taken: Taken) -> str:
    """What was recorded, what it did, and each flag for the city attorney it raised:
    the person who took the step is the one to pass it on."""
    event = taken.event
    text = f"*{number}*: {words(event.kind)} — recorded."
    if event.kind is EventKind.REFERRED:
        to = event.data["to"]
        text += " Referred to " + ("the ethics board (§11)." if to == "board"
                                   else f"the examiner next in rotation, {to} (§11).")
    elif event.kind in (EventKind.COUNCIL_DECIDED, EventKind.BOARD_DETERMINED):
        text += " " + esc(event.data["explanation"])
    elif "motion" in event.data:  # a body's act: the count, and whether it carried
        motion = event.data["motion"]
        text += f" By motion at meeting {motion['meeting']}: {esc(motion['explanation'])}"
        if not motion["carried"]:
            text += " The motion failed: it changed nothing."
    elif event.kind is EventKind.COMPLAINANT_WITHHELD:  # what had already gone, what to mail
        text += " " + esc(event.data["note"])
    elif event.kind is EventKind.EXECUTIVE_SESSION_STARTED:  # what was to be read aloud
        text += f" The announcement (RCW 42.30.110(2)): “{esc(event.data['announced'])}”"
    text += "".join(f"\n:warning: *For the city attorney:* {esc(flag)}" for flag in taken.flags)
    return text + f"\n`/ethics status {number}` shows the deadlines now."
