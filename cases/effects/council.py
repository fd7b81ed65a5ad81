"""The effects of the council part's entries (§12, §14: the council's time and decision),
as `cases.handlers.council` records them. The members' votes are items of the meeting
they were cast at: the meetings take them in (`cases.meetings`)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from cases.case_state import CaseState
from cases.deadlines import Extension
from cases.effects.effect import WAITS, Effect, nothing
from cases.history import Event, EventKind
from cases.meetings import ALL
from cases.recorded import CouncilExtensionRequest

__all__ = ["EFFECTS"]


def council_extension_requested(case: CaseState, e: Event, on: date | None) -> None:
    assert on is not None
    case.council_extension_requests.append(CouncilExtensionRequest(
        e.data.get("respondent"), int(e.data["days"]), on))


def council_decision_extended(case: CaseState, e: Event, on: date | None) -> None:
    case.council_extensions.setdefault(str(e.data.get("respondent") or ALL), []).append(
        Extension(int(e.data["days"]), on))


def council_decided(case: CaseState, e: Event, on: date | None) -> Literal[False] | None:
    """The council's decision as to one official (or, in an older history, all of them);
    the stage waits for its decision as to every official: each found sufficient against
    determined, each found to have violated decided."""
    d = e.data
    # before each official was named, one decision stood for all of them
    for party in [d["respondent"]] if d.get("respondent") else case.violators:
        case.council_decided.setdefault(party, (e.at, on))
    if not case.every_matter_decided():
        return WAITS
    case.council_decided_at, case.council_decided_on = e.at, on
    return None


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.COUNCIL_EXTENSION_REQUESTED: council_extension_requested,
    _K.COUNCIL_DECISION_EXTENDED: council_decision_extended,
    _K.COUNCIL_VOTE_RECORDED: nothing,  # the meeting's (`EventRule.meetings`)
    _K.MAYOR_VOTE_RECORDED: nothing,  # the meeting's
    _K.COUNCIL_DECIDED: council_decided,
}
