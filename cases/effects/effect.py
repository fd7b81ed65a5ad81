"""What an effect is: what one kind of history entry does to the case's state.

An effect is given the state, the entry and the day it says it happened (`on`; None when
it names none), and changes the state in place. It returns `WAITS` when the case must
not yet take the stage the entry's row leads to (`EventRule.leads_to`): the council's
decision as to one official of several waits for the others'. Anything else it returns
(None) lets the case take that stage, never going back (`cases.case.Case`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Literal

from cases.case_state import CaseState
from cases.history import Event

__all__ = ["WAITS", "Effect", "nothing"]

WAITS: Literal[False] = False
Effect = Callable[[CaseState, Event, date | None], Literal[False] | None]


def nothing(case: CaseState, e: Event, on: date | None) -> None:
    """The effect of an entry that changes no field of the case: it is kept in the history,
    and may still lead to a stage (its row) or be taken in by the meetings
    (`EventRule.meetings`, which `Case` gives every entry)."""
