"""The effects of the meetings part's entries (RCW 42.30: calling, cancelling, the open
session, the executive session), as `cases.handlers.meetings` records them. A meeting's
own entries change the case's meetings, which take in every entry whose row says so
(`EventRule.meetings`, `cases.meetings.Meetings.apply`): here they change nothing else."""

from __future__ import annotations

from cases.effects.effect import Effect, nothing
from cases.history import EventKind

__all__ = ["EFFECTS"]

_K = EventKind
EFFECTS: dict[EventKind, Effect] = {kind: nothing for kind in (
    _K.BOARD_MEETING_SCHEDULED, _K.DELIBERATION_SCHEDULED, _K.MEETING_CANCELLED,
    _K.OPEN_SESSION_REQUESTED, _K.EXECUTIVE_SESSION_STARTED, _K.EXECUTIVE_SESSION_EXTENDED,
    _K.EXECUTIVE_SESSION_ENDED)}
