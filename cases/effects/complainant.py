"""The effect of withholding the complainant's identity from the official and the council
(issue 27, `cases.protection`), as `cases.handlers.complainant` records it."""

from __future__ import annotations

from datetime import date

from cases.case_state import CaseState
from cases.effects.effect import Effect
from cases.history import Event, EventKind
from cases.protection import Protection, ProtectionBasis

__all__ = ["EFFECTS"]


def complainant_withheld(case: CaseState, e: Event, on: date | None) -> None:
    case.protection = Protection(ProtectionBasis(e.data["basis"]), str(e.data["summary"]),
                                 e.actor, e.at)


EFFECTS: dict[EventKind, Effect] = {EventKind.COMPLAINANT_WITHHELD: complainant_withheld}
