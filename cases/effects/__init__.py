"""What each kind of history entry does to a case's state, declared beside the step that
records it.

An effect is given the state, the entry and the day it says it happened (`on`; None when
it names none), and changes the state in place. It returns `WAITS` when the case must
not yet take the stage the entry's row leads to (`EventRule.leads_to`): the council's
decision as to one official of several waits for the others'. Anything else it returns
(None) lets the case take that stage, never going back (`cases.case.Case`). The stage an
entry leads to is its row's (`cases.history`), not an effect's.

Each effect is declared in the module of its part of the procedure under `cases.handlers`,
below the handler of the step that records its kind, `@effect(EventKind.HEARING_BEGUN)`
on a function of the state; an entry that changes no field says so,
`changes_nothing(EventKind.RETURN_RECEIPT_RECORDED, why="the proof, kept in the
history")`. A kind recorded by several steps (a
§2 notice, and the board's receipt of it), by EthicsBot alone (the complaint's receipt)
or taken in by the meetings has its one effect in one place: a kind declared twice stops
its part loading. So nothing here lists a kind: `EFFECTS` is filled as each part is
declared, as `cases.steps.STEPS` is of their rows, and the table of steps refuses to load
while a kind has none (`cases.steps`). Importing `cases` loads every part, so a case
replayed anywhere finds each kind's effect (`cases/__init__.py`).

`cases.case` reads `EFFECTS` without importing the parts that fill it (they import it):
so the state an effect changes is `cases.case_state.CaseState`, not the `Case` built
from it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from typing import Literal, TypeVar

from cases.case_state import CaseState
from cases.history import Event, EventKind

__all__ = ["EFFECTS", "PART", "UNCHANGED", "WAITS", "Effect", "changes_nothing", "effect",
           "nothing", "undeclared"]

WAITS: Literal[False] = False
Effect = Callable[[CaseState, Event, date | None], Literal[False] | None]
E = TypeVar("E", bound=Effect)

# each kind's effect, and the module that declares it (a part of `cases.handlers`),
# filled by the declarations as their parts load
EFFECTS: dict[EventKind, Effect] = {}
PART: dict[EventKind, str] = {}
UNCHANGED: dict[EventKind, str] = {}  # why each kind whose effect is `nothing` changes nothing


def nothing(case: CaseState, e: Event, on: date | None) -> None:
    """The effect of an entry that changes no field of the case: it is kept in the history,
    and may still lead to a stage (its row) or be taken in by the meetings
    (`EventRule.meetings`, which `Case` gives every entry)."""


def _declare(kinds: Iterable[EventKind], fn: Effect, module: str) -> None:
    for kind in kinds:
        if kind in EFFECTS:
            raise TypeError(
                f"{module}: {kind.name} already has its effect, declared in {PART[kind]}: "
                "a kind of entry has one effect, in one place, whichever steps record it "
                "(docs/adding-a-step.md)")
        EFFECTS[kind], PART[kind] = fn, module


def _caller(depth: int) -> str:
    """The module declaring an effect: the one whose body calls `effect` or
    `changes_nothing` (the part a test checks it against)."""
    return str(sys._getframe(depth + 1).f_globals.get("__name__", "?"))


def effect(*kinds: EventKind) -> Callable[[E], E]:
    """Declare the function this decorates as what an entry of each of `kinds` does to the
    case, in the part whose step records it; the function is returned as it is."""
    module = _caller(1)

    def declare(fn: E) -> E:
        _declare(kinds, fn, module)
        return fn

    return declare


def changes_nothing(*kinds: EventKind, why: str) -> None:
    """Declare that an entry of each of `kinds` changes no field of the case (`nothing`),
    and `why`, said where it is declared: a proof or record kept in the history, an entry
    the meetings take in, one another part of the case reads."""
    if not why.strip():
        raise TypeError(f"{', '.join(k.name for k in kinds)}: say why the entry changes "
                        "nothing, changes_nothing(..., why=\"...\")")
    _declare(kinds, nothing, _caller(1))
    UNCHANGED.update(dict.fromkeys(kinds, why))


def undeclared(table: Mapping[EventKind, Effect] = EFFECTS) -> list[EventKind]:
    """The kinds of entry `table` gives no effect, in the order of `EventKind`."""
    return [k for k in EventKind if k not in table]
