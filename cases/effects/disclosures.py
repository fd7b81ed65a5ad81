"""The effects of a public disclosure request's entries (RCW 42.56), as
`cases.handlers.disclosures` records them: each changes the request's file
(`cases.disclosure.apply`)."""

from __future__ import annotations

from datetime import date

from cases import disclosure
from cases.case_state import CaseState
from cases.effects.effect import Effect
from cases.history import Event, EventKind

__all__ = ["EFFECTS"]


def request_file(case: CaseState, e: Event, on: date | None) -> None:
    """The entry at the end of the history, taken into its request's file."""
    assert on is not None
    disclosure.apply(case.disclosure_requests, e.kind, e.data, on, e.actor, len(case.history))


EFFECTS: dict[EventKind, Effect] = {kind: request_file for kind in disclosure.KINDS}
