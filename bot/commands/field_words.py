"""The Slack words of a step read from its command's fields alone (`typed`): its usage,
an example and how the words become its typed fields, with no row of its own in
`bot.commands.steps`. A new step whose fields are ordinary (a whole number, a date, a
date and time, a choice, a word, a paragraph, sections, the official it is about, which
request, the meeting, how an official's request came and what shows it) is typed so.

The words are laid out the one way every hand-written row already was, so what a person
types does not depend on which steps have rows: `STEP CASE [#N] [@OFFICIAL] VALUES...
[DATE] [VIA EVIDENCE]` (or a paragraph last), each value in its field's declaration
order and written as its field declares (`cases.handlers.asks`). A value that may be left
out and is known by its shape (an `@` name, a `#N`, a date, a time, a number, one of a
choice's words) may be typed anywhere before the paragraph, as the rows took it; one
known by no shape, or two of one shape, and the step is typed `field: value` instead
(`bot.commands.spec.derived`).

Its own module because it is one reader for every such step, apart from the rows of
Slack's own words it replaces (`bot.commands.steps`) and the row they share
(`bot.commands.spec`).
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, fields
from datetime import date, datetime
from typing import Any

from bot.commands.args import Words, sections
from bot.commands.spec import MOTION, MOTION_USAGE, Spec, Typed
from bot.commands.step_reading import SAID, VIA, read_clock, read_official
from cases.derived import FROM_ROTATION, TYPED_BY, filled
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.fields import unwrap
from cases.handlers import Asks, OfficialsRequest, StepRule, asked
from cases.text import whole_number

__all__ = ["EXAMPLE_CASE", "typed"]

EXAMPLE_CASE = "ETH-2026-0007"  # the case every step's example is taken on
_TIME = re.compile(r"\d{1,2}:\d{2}")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
Read = Callable[[Words, Directory], Any]


@dataclass(frozen=True)
class _Value:
    """One field as typed: where it stands in the usage, the shape of a word that is it
    (None: any word), how it is read and, for the example, a word that reads as it."""

    name: str
    syntax: str  # "{on}", or a choice's words "board|examiner|council"
    optional: bool
    shape: Callable[[str], bool] | None
    read: Read
    sample: str
    kind: str = ""  # its shape's name ("@", "#", "when"): two of one shape cannot be told apart
    rest: bool = False  # it takes every word left (a paragraph, the evidence)

    def fits(self, word: str) -> bool:
        return self.shape is not None and self.shape(word)

    @property
    def usage(self) -> str:
        return f"[{self.syntax}]" if self.optional else self.syntax


def _what(own: Asks) -> str:
    """A field's label as the middle of a sentence: "the day the information ..."."""
    return own.label[:1].lower() + own.label[1:]


def _is_day(word: str) -> bool:
    return bool(_DAY.fullmatch(word))


def _numbered(own: Asks) -> bool:
    return own.word.startswith("#")


def _value(rule: StepRule, f: Field[Any], hint: Any, optional: bool, last: bool
           ) -> _Value | None:
    """Field `f` as typed by its type and words, or None: no way to type it that its type
    alone says."""
    own, name = asked(rule.command, f.name), f.name
    what, mark = _what(own), "{" + name + "}"
    if name == "respondent":  # the official it is about: `@OFFICIAL`, where one may stand
        return _Value(name, mark, True, lambda x: "@" in x, read_official, "@pruitt", "@")
    if own.word.startswith("@"):  # a person, by mention, @name or email
        return _Value(name, mark, optional, lambda x: "@" in x,
                      lambda w, d: w.person(what, d), "@ames", "@")
    if hint is bool:  # a yes/no has no word of its own on Slack
        return None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        choices: dict[str, bool | str] = {
            str(m.value): str(m.value) for m in hint if not own.only or m.value in own.only}
        return _Value(name, "|".join(choices), optional, lambda x: x.lower() in choices,
                      lambda w, _: hint(w.choice(what, choices)), next(iter(choices)),
                      "|".join(choices))
    if hint is int and _numbered(own):  # `#2`: its number, as the case lists it
        return _Value(name, mark, optional, lambda x: x.startswith("#"),
                      lambda w, _: _read_numbered(w, what), "#1", "#")
    if hint is int:
        return _Value(name, mark, optional, lambda x: whole_number(x) is not None,
                      lambda w, _: w.number(what), "7", "number")
    if hint is date:
        return _Value(name, mark, optional, _is_day, lambda w, _: w.day(what), "2026-12-10",
                      "when")
    if hint is datetime:  # a time today, or a date and a time
        return _Value(name, mark, optional, lambda x: _is_day(x) or bool(_TIME.fullmatch(x)),
                      lambda w, _: read_clock(w, what), "2026-12-10 19:30", "when")
    if typing.get_origin(hint) is tuple and name.endswith("sections"):  # the code's
        return None if optional and not last else _Value(
            name, mark, optional, None, lambda w, _: _read_sections(w, what), "2.94.030",
            rest=last)
    if hint is str and (own.long or last):  # a paragraph: the words left
        return _Value(name, mark, optional, None, lambda w, _: w.rest(), _sample(own, name),
                      rest=True)
    if hint is str and not optional and len(own.example.split()) <= 1:  # one word
        return _Value(name, mark, False, None, lambda w, _: w.next(what), _sample(own, name))
    return None  # (a text whose example is several words is typed `field: value`)


def _sample(own: Asks, name: str) -> str:
    """A free text's value in the example: the one its field declares (`asks(example=)`),
    else the word its usage shows (`REASON`), never its label, which is no value."""
    return own.example or own.typed(name)


def _read_numbered(w: Words, what: str) -> int:
    word = w.next(what)
    number = whole_number(word[1:], 4)
    if number is None:
        raise ProcedureError(f"{word[:20]} is not {what}: write its number, like #1. "
                             f"Type: `/ethics {w.usage}`")
    return number


def _read_sections(w: Words, what: str) -> tuple[str, ...]:
    """Code sections, one or more words of them (`2.94.030, 2.94.040`), up to a date or
    a person."""
    found: list[str] = []
    while (word := w.peek()) and not _is_day(word) and "@" not in word:
        found += sections(w.next(what))
    return tuple(found)


def _said() -> _Value:
    """How an official's request taken down for them came and what shows it (the
    official asking on their own sign-in types neither: `cases.derived.own_fields`)."""
    def read(w: Words, _d: Directory) -> Typed:
        return {"via": str(w.choice("how the request came", VIA)), "evidence": w.rest()}
    return _Value("via", SAID.strip("[]"), True, lambda x: x.lower() in VIA, read, "", "via",
                  rest=True)


def _values(rule: StepRule) -> list[_Value] | None:
    """The fields a person types for `rule`, in the order they are typed, or None."""
    command = rule.command
    if command in TYPED_BY or command in FROM_ROTATION:
        return None  # a field some callers type and others not; a choice no field holds
    hints = typing.get_type_hints(command)
    said = issubclass(command, OfficialsRequest)
    names = [f for f in fields(command) if f.name not in filled(command)
             and f.name != "motion" and not (said and f.name in ("via", "evidence"))]
    out: list[_Value] = []
    for i, f in enumerate(names):
        hint, optional = unwrap(hints[f.name])
        optional = optional or f.default is not MISSING or f.default_factory is not MISSING
        value = _value(rule, f, hint, optional, not said and i == len(names) - 1)
        if value is None:
            return None
        out.append(value)
    if said:
        out.append(_said())
    if sum(v.rest for v in out) > 1:
        return None
    first = sorted((v for v in out if v.optional and v.kind in ("#", "@")),
                   key=lambda v: v.kind == "@")  # `[#N] [@OFFICIAL]`
    day = [v for v in out if v.name == "on" and v.optional]
    rest = [v for v in out if v.rest]
    middle = [v for v in out if v not in first and v not in day and v not in rest]
    shapes = [v.kind for v in out if v.optional and v.shape and not v.rest]
    return [*first, *middle, *day, *rest] if len(set(shapes)) == len(shapes) else None


def typed(rule: StepRule, words: str | None = None) -> Spec | None:
    """The Slack words of `rule` from its command's fields (`words`: what is typed after
    `/ethics`, the step's id unless Slack's own), or None if a field is not typed by its
    type alone."""
    values = _values(rule)
    if values is None:
        return None
    called = words or rule.id
    usage = " ".join([f"{called} CASE", *(v.usage for v in values)])
    example = " ".join([f"{called} {EXAMPLE_CASE}", *(v.sample for v in values
                                                      if not v.optional)])
    if rule.by_motion:
        usage += MOTION_USAGE
        example += f" {MOTION} unanimous"

    def make(w: Words, d: Directory) -> Typed:
        got: Typed = {}
        floating = [v for v in values if v.optional and v.shape is not None and not v.rest]

        def shaped(at_hand: _Value | None) -> None:
            # values that may be left out, typed where their shape says, before the rest
            while (word := w.peek()) is not None and not (at_hand and at_hand.fits(word)):
                found = next((v for v in floating if v.name not in got and v.fits(word)), None)
                if found is None:
                    return
                _put(got, found, found.read(w, d))
        for v in values:
            shaped(None if v.optional else v)
            word = w.peek()
            if v.name in got or (v.optional and (
                    word is None or (v.shape is not None and not v.fits(word)))):
                continue
            _put(got, v, v.read(w, d))
        shaped(None)
        return got

    return Spec(called, rule, usage, example, make)


def _put(got: Typed, value: _Value, read: Any) -> None:
    if value.name == "via":  # how it came and what shows it, read together
        got.update(read)
    else:
        got[value.name] = read
