"""The effects of the meetings part's entries (RCW 42.30), as `cases.handlers.meetings`
records them. A meeting's own entries change the case's meetings, which take in every
entry whose row says so (`EventRule.meetings`, `cases.meetings.Meetings.apply`): here
they change nothing else, but a member's recusal walls the member off from the case."""

from __future__ import annotations

from datetime import date

from cases.case_state import CaseState
from cases.effects.effect import Effect, nothing
from cases.history import Event, EventKind

__all__ = ["EFFECTS"]


def member_recused(case: CaseState, e: Event, on: date | None) -> None:
    case.recusals[str(e.data["member"]).lower()] = str(e.data["reason"])


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.MEMBER_RECUSED: member_recused,
    **{kind: nothing for kind in (
        _K.BOARD_MEETING_SCHEDULED, _K.DELIBERATION_SCHEDULED, _K.MEETING_CANCELLED,
        _K.OPEN_SESSION_REQUESTED, _K.EXECUTIVE_SESSION_STARTED,
        _K.EXECUTIVE_SESSION_EXTENDED, _K.EXECUTIVE_SESSION_ENDED, _K.BOARD_VOTE_RECORDED,
        _K.BOARD_DETERMINED, _K.MEETING_REPLY_RECORDED, _K.ROLL_CALL_RECORDED,
        _K.MINUTES_APPROVED)},
}
