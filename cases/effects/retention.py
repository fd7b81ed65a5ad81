"""The effects of the retention part's entries (RCW 40.14: a legal hold, a request to
destroy the file, the certificate of destruction), as `cases.handlers.retention` records
them."""

from __future__ import annotations

from datetime import date, datetime

from cases.case_state import CaseState
from cases.effects.effect import Effect
from cases.history import Event, EventKind
from cases.recorded import LegalHold
from cases.stages import Stage

__all__ = ["EFFECTS"]


def legal_hold_placed(case: CaseState, e: Event, on: date | None) -> None:
    case.legal_hold = LegalHold(str(e.data["reason"]), e.actor, e.at)


def legal_hold_lifted(case: CaseState, e: Event, on: date | None) -> None:
    case.legal_hold = None


def destruction_requested(case: CaseState, e: Event, on: date | None) -> None:
    case.destruction_request = (e.actor, e.at)


def records_destroyed(case: CaseState, e: Event, on: date | None) -> None:
    """The certificate: the case stays closed, with nothing but its number, the certificate
    and the moments of its entries."""
    case.destroyed, case.destruction_request = dict(e.data), None
    case.stage, case.closed_at = Stage.CLOSED, datetime.fromisoformat(e.data["closed_at"])


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.LEGAL_HOLD_PLACED: legal_hold_placed,
    _K.LEGAL_HOLD_LIFTED: legal_hold_lifted,
    _K.DESTRUCTION_REQUESTED: destruction_requested,
    _K.RECORDS_DESTROYED: records_destroyed,
}
