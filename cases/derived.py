"""The fields of a step's command that nobody types: who votes, who authorised an
amendment, whether the council or the board decides a longer report time, the council's
and the board's members, the mayor, the examiner next in rotation. They come from the
person taking the step, the directory and the stored rotation, the same way on every
surface (Slack's words, the web's forms): a member votes as themselves, an amendment is
authorised by whoever records it (§5), a referral goes to the next examiner (§11).

One such field may be typed instead, by the roles `TYPED_BY` names: the mayor's office
records the council's roll call (§14), the board chair the board's (§7), naming the member
whose vote it enters. Whoever else names a member is refused by
`cases.access.check_hands`, on every surface.

A surface hands `complete` what the person typed; `complete` makes the command.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import date
from typing import Any, TypeVar

from cases import commands as c
from cases.access import ROLL_CALL, Actor, is_respondent
from cases.case import Case, Requester
from cases.directory import Directory, Person, Role
from cases.errors import ProcedureError
from cases.handlers import Asks, Command
from cases.ports import Rotation
from cases.rotation import referral

Fill = Callable[[Actor, Directory], Any]
C = TypeVar("C", bound=Command)
TO_BOARD = "to_board"  # typed with a referral: the respondent asked for the board (§11)
# its words: not a field of the referral's command (`examiner` is, from the rotation)
REFERRAL = Asks("Referred to (§11)", yes_no=("The ethics board (the respondent asked)",
                                            "The next examiner in rotation"))


def _council(_actor: Actor, directory: Directory) -> frozenset[str]:
    return frozenset(p.email for p in directory.council)


def _board(_actor: Actor, directory: Directory) -> frozenset[str]:
    return frozenset(p.email for p in directory.board)


def _mayor(_actor: Actor, directory: Directory) -> str:
    return directory.mayor.email


def _me(actor: Actor, _directory: Directory) -> str:
    if actor.email is None:
        raise ValueError("a step is taken by someone the directory lists")
    return actor.email


def _category(_actor: Actor, directory: Directory) -> str:
    return directory.retention.category if directory.retention else ""


def _years(_actor: Actor, directory: Directory) -> int:
    return directory.retention.years if directory.retention else 0


_FROM_CALLER: dict[type[Command], dict[str, Fill]] = {
    c.RecordCouncilVote: {"member": _me, "council": _council},
    c.RecordMayorVote: {"mayor": _mayor},
    c.RecordCouncilDecision: {"council": _council, "mayor": _mayor},
    c.VoidCase: {"mayor": _mayor},  # the mayor's designees do not void a case against them
    c.RecordRollCall: {"board": _board, "council": _council, "mayor": _mayor},
    c.RecordRecusal: {"member": _me, "board": _board, "council": _council},
    c.RecordBoardVote: {"member": _me, "board": _board},
    c.RecordBoardDetermination: {"board": _board},
    c.ScheduleBoardMeeting: {"members": _board},
    c.ScheduleDeliberation: {"members": _council},
    # the city's retention setting (RCW 40.14), never typed
    c.RequestDestruction: {"category": _category, "years": _years},
    c.ApproveDestruction: {"category": _category, "years": _years},
}

@dataclass(frozen=True)
class Typable:
    """A caller-derived field that `roles` may type instead, naming one of `people`."""

    roles: frozenset[Role]
    people: Callable[[Directory], Sequence[Person]]


# The roll calls (`cases.access.ROLL_CALL`): the mayor's office enters the vote of the
# council member it names (§14); the board chair, presiding at the hearing, that of the
# board member (§7).
TYPED_BY: dict[type[Command], dict[str, Typable]] = {
    c.RecordCouncilVote: {"member": Typable(ROLL_CALL[c.RecordCouncilVote],
                                            lambda d: d.council)},
    c.RecordBoardVote: {"member": Typable(ROLL_CALL[c.RecordBoardVote], lambda d: d.board)},
    c.RecordRecusal: {"member": Typable(ROLL_CALL[c.RecordRecusal],
                                        lambda d: (*d.board, *d.council))},
}

# The official complained against making their own request (the steps the table marks
# `respondent_asks`): it is theirs (their email, not the board's), it came the way they
# made it (the surface's: `via`), it needs no evidence that they did, and it is dated
# the day they make it.
_OWN: dict[type[Command], dict[str, Fill]] = {
    c.RequestOpenSession: {"respondent": _me},
    c.RequestBoardHearing: {"respondent": _me},
    c.RequestCouncilExtension: {"respondent": _me},
    c.RequestReportExtension: {"requested_by": lambda _a, _d: Requester.RESPONDENT,
                               "respondent": _me},
}
# the day it is made, the surface it is made on; nothing else shows it is theirs
_OWN_DAY = frozenset({"on", "via", "evidence"})


def own_fields(command: type[Command]) -> frozenset[str]:
    """The fields of `command` the official does not type when the request is theirs."""
    names = {f.name for f in fields(command)}
    return frozenset(_OWN.get(command, {})) | (_OWN_DAY & names)


# Filled from the stored case and rotation, not from the caller.
FROM_ROTATION: dict[type[Command], frozenset[str]] = {c.Refer: frozenset({"examiner"})}
# Filled from the outbox when the step is taken (`cases.services.take_step`): who had
# been sent the complaint with the complainant named.
FROM_OUTBOX: dict[type[Command], frozenset[str]] = {
    c.WithholdComplainant: frozenset({"already_told"})}


def may_type(command: type[Command], actor: Actor) -> frozenset[str]:
    """The caller-derived fields of `command` that `actor` may type instead."""
    return frozenset(name for name, typable in TYPED_BY.get(command, {}).items()
                     if actor.has(typable.roles))


def filled(command: type[Command], actor: Actor | None = None) -> frozenset[str]:
    """The fields of `command` that `actor` does not type (no actor: that nobody may)."""
    mine = may_type(command, actor) if actor is not None else frozenset()
    return ((frozenset(_FROM_CALLER.get(command, {})) - mine)
            | FROM_ROTATION.get(command, frozenset()) | FROM_OUTBOX.get(command, frozenset()))


def caller_fields(command: type[Command], actor: Actor, directory: Directory,
                  typed: Collection[str] = ()) -> dict[str, Any]:
    """The values of `command`'s caller-derived fields for `actor`, but those typed."""
    return {name: fill(actor, directory)
            for name, fill in _FROM_CALLER.get(command, {}).items() if name not in typed}


def complete(command: type[C], typed: Mapping[str, Any], actor: Actor, directory: Directory,
             case: Case, rotation: Rotation, *, via: str | None = None,
             today: date | None = None) -> C:
    """The command `actor` asks for on `case`: the fields they typed, the rest from them,
    the directory and the rotation. (A referral's `to_board` is typed, not a field; the
    rotation skips the examiners away `today`.) The official complained against asking
    for themselves (`own_fields`) asks on the surface named `via`, today."""
    values = dict(typed)
    if command in _OWN and is_respondent(actor, case.respondents):
        named = values.get("respondent")
        values = {k: v for k, v in values.items() if k not in own_fields(command)}
        values.update({name: fill(actor, directory)
                       for name, fill in _OWN[command].items()})
        if named is not None:  # theirs, or refused (`cases.access.check_own_request`)
            values["respondent"] = named
        if "via" in own_fields(command):
            if via is None:
                raise ValueError("say the surface the official's request was made on")
            values["via"] = via
    if command is c.Refer:
        to_board = bool(values.pop(TO_BOARD, False))
        chosen = referral(case, [p.email for p in directory.examiners],
                          last_assigned=rotation.last_assigned(), to_board=to_board,
                          readings=directory.readings,
                          standing=directory.examiners_conflicted_with(case.people)
                          | (directory.examiners_unavailable_on(today) if today else set()),
                          respondent=values.get("respondent"),
                          unqualified=directory.examiners_unqualified())
        values["examiner"] = chosen.examiner
    return command(**values, **caller_fields(command, actor, directory, typed=values.keys()))


def read_line(item: Any, line: str, what: str) -> Any:
    """One line of a list of `item`s (a dataclass of strings), as the web's forms and
    `/ethics` both take it: its fields separated by ':', in order, the last taking the
    rest of the line; those with a default may be left off."""
    parts_of = dataclasses.fields(item)
    needed = [f.name for f in parts_of if f.default is dataclasses.MISSING]
    parts = [p.strip() for p in line.split(":", len(parts_of) - 1)]
    if not len(needed) <= len(parts) <= len(parts_of) or not all(parts):
        shape = ": ".join(f.name.upper() if f.name in needed else f"[{f.name.upper()}]"
                          for f in parts_of)
        raise ProcedureError(f"{what}: write it as {shape} ({line.strip()[:40]!r} is not).")
    return item(*parts)
