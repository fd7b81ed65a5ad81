"""A step as Slack types it (`Spec`): its words after `/ethics`, its usage, an example and
how the words become a command, with what every step's words share: each `{field}` in a
usage written as the word its field declares, the motion at the end of a body's act, and
the words of a step typed field by field (`derived`: one whose fields are not typed by
their type alone, `bot.commands.field_words`).

Its own module because the row is the contract between the table of step words
(`bot.commands.steps.SPECS`) and the readers of each part's words
(`bot.commands.hearing_steps`, `meeting_steps`, `record_steps`): they all import it, and
it imports none of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields, replace
from typing import Any

from bot.commands.args import Words
from bot.service import StepRun
from cases.case import Case
from cases.derived import complete, filled
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.fields import parse
from cases.handlers import Command, StepRule, asked
from cases.motions import Motion, read_motion
from storage.uow import SqlUnitOfWork

__all__ = ["FIELD", "LINE_BREAK", "MOTION", "MOTION_USAGE", "Make", "Spec", "Typed",
           "derived", "typed_usage"]

Typed = dict[str, Any]  # the fields typed; `cases.derived.complete` makes the command
Make = Callable[[Words, Directory], "Command | Typed"]

FIELD = re.compile(r"\{(\w+)\}")


def typed_usage(rule: StepRule, syntax: str) -> str:
    """`syntax` with each `{field}` of `rule`'s command the word its field declares
    (`cases.handlers.Asks.typed`: `{on}` is `DATE`); a field in brackets must be one that
    may be left out (it has a default, or `cases.derived` fills it), else ValueError."""
    names = {f.name: f for f in fields(rule.command)}
    optional = filled(rule.command) | {
        n for n, f in names.items()
        if f.default is not MISSING or f.default_factory is not MISSING}

    def word(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in names:
            raise ValueError(f"{rule.id}: {{{name}}} is no field of "
                             f"{rule.command.__name__}")
        before = syntax[:found.start()]
        if before.count("[") > before.count("]") and name not in optional:
            raise ValueError(f"{rule.id}: {name} may not be left out, yet is in brackets")
        return asked(rule.command, name).typed(name)

    return FIELD.sub(word, syntax)


@dataclass(frozen=True)
class Spec:
    words: str  # what is typed after `/ethics`: "continuance grant"
    step: StepRule
    syntax: str  # its usage, each `{field}` standing for that field's word (`typed_usage`)
    example: str
    make: Make  # the command, or the typed fields of one that `cases.derived` completes

    def __post_init__(self) -> None:
        typed_usage(self.step, self.syntax)  # a field renamed or left out fails at import

    @property
    def usage(self) -> str:
        return typed_usage(self.step, self.syntax)

    @property
    def what(self) -> str:
        return self.step.name

    def run(self, words: Words, directory: Directory) -> StepRun:
        """The step from `words`, read once the case is found (so a refusal comes before
        a usage error, and either is in the access log)."""
        command = self.step.command

        def build(case: Case, uow: SqlUnitOfWork) -> Command:
            motion = _motion(words, directory) if self.step.by_motion else None
            made = self.make(words, directory)
            words.done()
            if isinstance(made, Command):
                assert not filled(command), f"{command.__name__}: typed fields only"
                return made if motion is None else replace(made, motion=motion)  # type: ignore[call-arg]
            if motion is not None:
                made = {**made, "motion": motion}
            return complete(command, made, words.caller.actor, directory, case, uow.rotation,
                            via="slack", today=words.calendar.local_date(words.now)
                            if words.now is not None else None)
        return StepRun(self.step, build)


MOTION = "motion:"  # the words after it are the body's motion (`cases.motions.read_motion`)
MOTION_USAGE = f" {MOTION} yes @A @B no @C abstain @D|unanimous [meeting N] [mayor yes|no]"


def _motion(w: Words, directory: Directory) -> Motion | None:
    """The motion at the end of the words (`motion: ...`), taken out of them: a body's act
    is a motion at its meeting, whatever else the step's words say."""
    rest = [x.lower() for x in w.items[w.pos:]]
    if MOTION not in rest:
        return None
    at = w.pos + rest.index(MOTION)
    text = " ".join(w.items[at + 1:])
    del w.items[at:]
    return read_motion(text, directory)


LINE_BREAK = " | "  # between the lines of a list typed on one line (`derived`)


def derived(rule: StepRule) -> Spec:
    """The Slack words of a step from its command's fields by name (`cases.fields`, as
    its web form): `/ethics STEP CASE field: value; field: value`, each value as the form
    takes it, a list's lines separated by ` | `: for a step whose fields are not typed by
    their type alone in order (`bot.commands.field_words.typed`)."""
    names = [f.name for f in fields(rule.command) if f.name != "motion"]
    usage = f"{rule.id} CASE " + "; ".join(f"{n}: ..." for n in names)
    if rule.by_motion:
        usage += MOTION_USAGE

    def make(w: Words, d: Directory) -> Typed:
        form: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in w.rest().split(";"))):
            name, colon, value = part.partition(":")
            key = "_".join(name.lower().replace("-", " ").split())
            if not colon or key not in names:
                raise ProcedureError(f"{part[:40]!r}: name a field of {rule.name}, then ':' "
                                     f"and its value. Type: `/ethics {usage}`")
            form[key] = value.replace(LINE_BREAK, "\n").strip()
        return parse(rule, form, w.calendar, w.caller.actor, d)

    needed = [f.name for f in fields(rule.command) if f.name != "motion"
              and f.default is MISSING and f.default_factory is MISSING]
    return Spec(rule.id, rule, usage, f"{rule.id} ETH-2026-0007 " + "; ".join(
        f"{n}: {asked(rule.command, n).example or '...'}" for n in needed or names[:1]), make)
