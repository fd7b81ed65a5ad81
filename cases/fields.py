"""The fields a person types for each step, derived from the table of steps
(`cases.steps.STEPS`) and each step's command dataclass: one input per field a person
types, typed by the field's annotation (an enum is a choice, a date a date, a bool a
yes/no, a tuple of sections a list), the fields nobody types (`cases.derived`) left out,
and those the reader may type instead (the clerk's roll call names the member) as a
choice of the people `cases.derived` names. The web's forms draw them (`web.steps`), and a
step with no Slack words of its own is typed by them (`bot.commands.steps.derived`): a
new step or field in `cases/` appears on both without a line changed. The words of each
input (its label, a hint, a yes/no's answers) are its field's own, declared on it
(`cases.handlers.asks`); none live here.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from cases import commands as c
from cases.access import Actor, is_respondent, may_send
from cases.calendar import CityCalendar
from cases.derived import REFERRAL, TO_BOARD, TYPED_BY, filled, may_type, own_fields, read_line
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.handlers import TAKEN_DOWN, Asks, Command, OfficialsRequest, StepRule, asked
from cases.levels import Access
from cases.motions import MOTION_EXAMPLE, Motion, read_motion
from cases.stages import Stage
from cases.steps import STEPS
from cases.text import whole_number, words

_LIST = re.compile(r"[\s,;]+")
_PEOPLE = re.compile(r"[,;\n]+")
PEOPLE = frozenset({"present", "called_by", "about"})  # lists of people: by name or email


class BadInput(ProcedureError):
    """A form's value is missing or malformed (400); the message names the input."""


@dataclass(frozen=True)
class Input:
    name: str
    label: str
    kind: str  # text, textarea, date, datetime, number, choice, lines
    required: bool
    options: tuple[tuple[str, str], ...] = ()  # (value, label) of a choice
    default: str = ""
    hint: str = ""


# the choice of a person the directory does not list, among the directory's officials
NOT_LISTED, NOT_LISTED_WORDS = "not-listed", "A person the directory does not list (below)"

BY_SLUG: dict[str, StepRule] = {s.slug: s for s in STEPS}


def taken_by_people(rule: StepRule) -> bool:
    return bool(rule.roles)


def inputs(rule: StepRule, actor: Actor, directory: Directory, *,
           own: bool = False) -> list[Input]:
    """The inputs of `rule`'s form for `actor`, in the command's field order; `own`: the
    official complained against makes the request for themselves (`cases.derived`)."""
    hints = typing.get_type_hints(rule.command)
    skip, named = filled(rule.command, actor), may_type(rule.command, actor)
    if own:
        skip |= own_fields(rule.command)
    out: list[Input] = []
    for f in dataclasses.fields(rule.command):
        if f.name in named:
            out.append(_person(rule.command, f.name, directory))
        elif rule.command is c.NameRespondent and f.name == "official":
            # anyone the directory lists, or a person it does not, typed below
            out.append(Input(f.name, asked(c.NameRespondent, f.name).label, "choice", False, (*(
                (p.email, f"{p.name}, {p.title}" if p.title else p.name)
                for p in directory.respondent_candidates()), (NOT_LISTED, NOT_LISTED_WORDS))))
        elif f.name not in skip:
            out.append(_input(f, hints[f.name], rule.command))
    if rule.command is c.Refer:  # the examiner comes from the rotation; only this is asked
        out.append(Input(TO_BOARD, REFERRAL.label, "choice", True,
                         (("no", REFERRAL.yes_no[1]), ("yes", REFERRAL.yes_no[0])), "no"))
    return out


def _person(command: type[Command], name: str, directory: Directory) -> Input:
    people = TYPED_BY[command][name].people(directory)
    return Input(name, asked(command, name).label, "choice", True,
                 tuple((p.email, p.name) for p in people))


def _input(f: dataclasses.Field[Any], hint: Any, command: type[Command]) -> Input:
    """The input of field `f`, in its own words (`cases.handlers.asks`): its hint, if it
    declares one, before what its type says."""
    own = asked(command, f.name)
    made = _typed(f, hint, command, own)
    return dataclasses.replace(made, hint=" ".join(filter(None, (own.hint, made.hint))))


def _typed(f: dataclasses.Field[Any], hint: Any, command: type[Command], own: Asks) -> Input:
    base, optional = unwrap(hint)
    has_default = f.default is not dataclasses.MISSING
    default = "" if not has_default or f.default is None else f.default
    required = not optional and not has_default
    label = own.label
    if base is bool:
        yes, no = own.yes_no
        # a yes/no with a default is left to it when the form sends neither
        return Input(f.name, label, "choice", not has_default, (("yes", yes), ("no", no)),
                     "" if not has_default else ("yes" if default else "no"))
    if isinstance(base, type) and issubclass(base, enum.Enum):
        options = tuple((str(m.value), str(m.value).replace("_", " ")) for m in base
                        if not own.only or str(m.value) in own.only)
        return Input(f.name, label, "choice", required, options,
                     str(default.value) if isinstance(default, enum.Enum) else "")
    if base is int:
        return Input(f.name, label, "number", required, default=str(default))
    if base is date:
        return Input(f.name, label, "date", required, hint="Leave empty for today."
                     if optional else "")
    if base is datetime:
        return Input(f.name, label, "datetime", required)
    if typing.get_origin(base) is tuple:
        (item, *_rest) = typing.get_args(base)
        if dataclasses.is_dataclass(item):
            return Input(f.name, label, "lines", required)
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return Input(f.name, label, "text", required, hint="One or more of: " + ", ".join(
                words(m.value) for m in item) + "; separated by commas.")
        return Input(f.name, label, "text", required, hint="Separate them with commas.")
    if issubclass(command, OfficialsRequest) and f.name in ("via", "evidence"):
        # asked only of whoever takes the request down for the official: both needed
        if f.name == "via":
            return Input(f.name, label, "choice", True, tuple((v, v) for v in TAKEN_DOWN))
        return Input(f.name, label, "text", True)
    if base is str:
        return Input(f.name, label, "textarea" if own.long else "text", required,
                     default=str(default))
    if base is Motion:
        return Input(f.name, label, "text", required, hint=f"Like: {MOTION_EXAMPLE}.")
    raise TypeError(f"{f.name}: no form input for {hint!r}")


def unwrap(hint: Any) -> tuple[Any, bool]:
    """`X | None` -> (X, True); anything else -> (it, False): a field's type, and whether
    it may be left out, as every surface reads it (the web's form, Slack's words)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return hint, False


def parse(rule: StepRule, form: typing.Mapping[str, str], calendar: CityCalendar,
          actor: Actor, directory: Directory, *, own: bool = False) -> dict[str, Any]:
    """The typed values of `actor`'s inputs of `rule`; ProcedureError naming the first bad
    one. A member named by someone who may not name one is kept, for
    `cases.access.check_hands` to refuse as Slack does."""
    hints = typing.get_type_hints(rule.command)
    values: dict[str, Any] = {}
    shown = inputs(rule, actor, directory, own=own)
    for spec in shown:
        raw = (form.get(spec.name) or "").strip()
        if not raw:
            if spec.required:
                raise BadInput(f"Give {spec.label[0].lower() + spec.label[1:]}.")
            continue
        hint = hints.get(spec.name, bool)
        values[spec.name] = _value(spec, unwrap(hint)[0], raw, calendar, directory)
    if values.get("official") == NOT_LISTED:  # the person typed below is named instead
        del values["official"]
    for name in TYPED_BY.get(rule.command, {}):
        raw = (form.get(name) or "").strip()
        if raw and name not in values:
            values[name] = raw[:320]
    return values


def _value(spec: Input, base: Any, raw: str, calendar: CityCalendar,
           directory: Directory) -> Any:
    what = spec.label
    if len(raw) > 20_000:
        raise BadInput(f"{what}: at most 20,000 characters.")
    if base is Motion:  # words that are no motion are a bad input, as a bad date is
        try:
            return read_motion(raw, directory)
        except ProcedureError as e:
            raise BadInput(f"{what}: {e}") from None
    if spec.kind == "choice" and raw not in {v for v, _label in spec.options}:
        raise BadInput(f"{what}: choose one of the options.")
    if base is bool:
        return raw == "yes"
    if isinstance(base, type) and issubclass(base, enum.Enum):
        try:
            return base(raw)
        except ValueError:
            raise BadInput(f"{what}: choose one of the options.") from None
    if base is int:
        number = whole_number(raw)
        if number is None:
            raise BadInput(f"{what}: a whole number, not {raw[:20]!r}.")
        return number
    if base is date:
        try:
            return date.fromisoformat(raw)
        except ValueError:
            raise BadInput(f"{what}: {raw[:20]!r} is not a date like 2026-12-10.") from None
    if base is datetime:
        try:
            moment = datetime.fromisoformat(raw)
        except ValueError:
            raise BadInput(f"{what}: {raw[:30]!r} is not a date and time like "
                                 "2026-12-10T18:00.") from None
        if moment.tzinfo:
            return moment
        try:
            return calendar.wall(moment.replace(second=0, microsecond=0))
        except ValueError as e:
            raise BadInput(f"{what}: {e}") from None
    if typing.get_origin(base) is tuple:
        (item, *_rest) = typing.get_args(base)
        if dataclasses.is_dataclass(item):
            return tuple(_line(item, line, what) for line in raw.splitlines() if line.strip())
        if spec.name in PEOPLE:
            return _people(raw, directory)
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return _members(item, raw, what)
        return tuple(s for s in _LIST.split(raw) if s)
    return raw


def _members(kind: type[enum.Enum], raw: str, what: str) -> tuple[Any, ...]:
    """The members of `kind` a comma-separated list names, by value or in words ("written
    report"); BadInput naming the options otherwise."""
    by_words = {words(m.value).casefold(): m for m in kind}
    out = []
    for part in filter(None, (p.strip() for p in raw.split(","))):
        found = by_words.get(words(part).casefold())
        if found is None:
            raise BadInput(f"{what}: {part[:40]!r} is not one of: "
                           f"{', '.join(by_words)}.")
        out.append(found)
    return tuple(dict.fromkeys(out))


def _people(raw: str, directory: Directory) -> tuple[str, ...]:
    """The emails of the people a list names, each by email, full name or one word of
    it ("Helen Park, Osei"); emails may also be separated by spaces. A name that is not
    one person is kept as typed, for the step to refuse by name."""
    out: list[str] = []
    for item in filter(None, (x.strip() for x in _PEOPLE.split(raw))):
        words = item.split()
        if all("@" in w for w in words):
            out += words
            continue
        whole = [p for p in directory.people() if p.name.casefold() == item.casefold()]
        person = whole[0] if len(whole) == 1 else (
            directory.named("@" + item) if len(words) == 1 else None)
        out.append(person.email if person else item)
    return tuple(out)


def _line(item: Any, line: str, what: str) -> Any:
    """One line of a list (`cases.derived.read_line`): a bad one is a bad input."""
    try:
        return read_line(item, line, what)
    except ProcedureError as e:
        raise BadInput(str(e)) from None


def offered_steps(actor: Actor, access: Access, detail: dict[str, Any]) -> list[dict[str, str]]:
    """The steps `actor` may take on this case now: those whose form they may send
    (`cases.access.check_form`, the check the form is opened and taken under: their role;
    on a case against them, only the requests the table gives the official,
    `respondent_asks`, in their words, and of those only one that can be theirs) in the
    stage the case is in. (Whether the step's own conditions hold is for the step to say
    when taken.)"""
    stage, respondents = Stage(detail["stage"]), detail["respondents"]
    own = access is Access.RESPONDENT and is_respondent(actor, respondents)
    if not own and access not in (Access.FULL, Access.COUNCIL):
        return []
    return [{"slug": s.slug, "name": (s.respondent_asks if own else None) or s.name,
             "section": s.section}
            for s in STEPS if taken_by_people(s) and stage in s.allowed_in
            and may_send(actor, s, respondents, detail.get("askers"))]
