"""The fields of a step's command that nobody types: who votes, who authorised an
amendment, whether the council or the board decides a longer report time, the council's
members and the mayor. They come from the person taking the step and the directory, the
same way on every surface (Slack's words, the web's forms): a member can only vote as
themselves, and an amendment is authorised by whoever records it (§5).

The examiner of a referral is not typed either: it is the next one in rotation
(`cases.rotation.referral`), which needs the stored rotation and is asked for there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cases import commands as c
from cases.access import Actor
from cases.directory import BOARD, COUNCIL, Directory

Fill = Callable[[Actor, Directory], Any]


def _council(_actor: Actor, directory: Directory) -> frozenset[str]:
    return frozenset(p.email for p in directory.council)


def _board(_actor: Actor, directory: Directory) -> frozenset[str]:
    return frozenset(p.email for p in directory.board)


def _me(actor: Actor, _directory: Directory) -> str:
    if actor.email is None:
        raise ValueError("a step is taken by someone the directory lists")
    return actor.email


def _council_decides(actor: Actor, _directory: Directory) -> bool:
    # §10: the board decides the official's request, the council the board's
    return actor.has(COUNCIL) and not actor.has(BOARD)


_FROM_CALLER: dict[type[c.Command], dict[str, Fill]] = {
    c.RecordCouncilVote: {"member": _me, "council": _council},
    c.RecordCouncilDecision: {"council": _council,
                              "mayor": lambda _a, d: d.mayor.email},
    c.AmendComplaint: {"authorized_by": _me},
    c.DecideReportExtension: {"decider_is_council": _council_decides},
    c.RecordBoardVote: {"member": _me, "board": _board},
    c.RecordBoardDetermination: {"board": _board},
}

# Filled from the stored case and rotation, not from the caller (see the docstring).
FROM_ROTATION: dict[type[c.Command], frozenset[str]] = {c.Refer: frozenset({"examiner"})}


def filled(command: type[c.Command]) -> frozenset[str]:
    """The fields of `command` no person types."""
    return frozenset(_FROM_CALLER.get(command, {})) | FROM_ROTATION.get(command, frozenset())


def caller_fields(command: type[c.Command], actor: Actor,
                  directory: Directory) -> dict[str, Any]:
    """The values of `command`'s caller-derived fields for `actor`."""
    return {name: fill(actor, directory)
            for name, fill in _FROM_CALLER.get(command, {}).items()}
