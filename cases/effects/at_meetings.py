"""The effects of the entries made at a meeting once called (RCW 42.30: the roll call,
a recusal, the board's votes and determination, an invitee's answer, the minutes), as
`cases.handlers.at_meetings` records them. The case's meetings take them in
(`cases.meetings.Meetings.apply`): here they change nothing else, but a member's recusal
walls the member off from the case."""

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
        _K.BOARD_VOTE_RECORDED, _K.BOARD_DETERMINED, _K.MEETING_REPLY_RECORDED,
        _K.ROLL_CALL_RECORDED, _K.MINUTES_APPROVED)},
}
