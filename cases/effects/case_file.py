"""The effects of the case file's entries (corrections, dismissal, closure, voiding), as
`cases.handlers.case_file` records them.

A correction of an earlier step's day (`STEP_DATE_CORRECTED`) changes no field itself:
`Case.apply` keeps the corrected day and rebuilds the state from the history as
corrected. The complaint's receipt opens the case (`Case.replay`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from cases.case_state import CaseState
from cases.effects.effect import Effect, nothing
from cases.history import Event, EventKind

__all__ = ["EFFECTS"]


def receipt_corrected(case: CaseState, e: Event, on: date | None) -> None:
    case.filing = replace(case.filing, received_at=datetime.fromisoformat(e.data["new"]))


def complaint_dismissed(case: CaseState, e: Event, on: date | None) -> None:
    case.public_since = date.fromisoformat(e.data["public_since"])
    case.dismissed_on = on


def case_closed(case: CaseState, e: Event, on: date | None) -> None:
    case.closed_at = e.at


def case_voided(case: CaseState, e: Event, on: date | None) -> None:
    case.void_reason, case.voided_at = str(e.data["reason"]), e.at


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.COMPLAINT_RECEIVED: nothing,  # it opens the case (`Case.replay`)
    _K.RECEIPT_CORRECTED: receipt_corrected,
    _K.STEP_DATE_CORRECTED: nothing,  # `Case.apply` rebuilds the case as corrected
    _K.DEADLINES_RECOMPUTED: nothing,  # the calendar changed: the deadlines follow
    _K.CORRESPONDENCE_FILED: nothing,  # kept in the history
    _K.COMPLAINT_DISMISSED: complaint_dismissed,
    _K.CASE_CLOSED: case_closed,
    _K.CASE_VOIDED: case_voided,
}
