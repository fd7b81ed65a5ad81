"""What, once done, the procedure does not let be done again (§8).

"The determination of sufficiency or insufficiency by the board is final and binding, and
no administrative or other legal appeal is available" (§8): once the board's votes as to
an official are counted (`RecordBoardDetermination`), that official's determination
stands. No member votes on it again and it is not counted again, at that meeting or a
later one, whichever way the count went; what follows is the written report setting it
forth (§7, §10). Each official complained against has their own determination (§7), so
the board still determines as to another official it has not yet determined.

Checked by the kind of event a step records (`cases.procedure.handle`), whatever step
records it: it is that event that would reopen what §8 closed.
"""

from __future__ import annotations

from cases.calendar import fmt_day
from cases.case import Case
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.meetings import ALL

# the events that vote on, or count, the board's determination of sufficiency as to one
# official (the event's `respondent`)
_ON_SUFFICIENCY = frozenset({EventKind.BOARD_VOTE_RECORDED, EventKind.BOARD_DETERMINED})


def check_final(case: Case, kind: EventKind, respondent: str | None) -> None:
    """Refuse a step recording `kind` as to `respondent` (None: the only official) when it
    would vote on or count again a determination of sufficiency §8 made final: the
    board's, counted, as to that official. Asked before the step's own checks, so that
    the clerk hears why, not what else the step would need."""
    if kind not in _ON_SUFFICIENCY:
        return
    parties = case.parties()
    if respondent is None and len(parties) != 1:
        return  # the step itself asks which official (`StepContext.party`)
    party = parties[0] if respondent is None else next(
        (p for p in parties if p.casefold() == respondent.strip().casefold()), None)
    if party is None:
        return  # not complained against: the step itself says so
    made = next(((m, t) for m in case.meetings.all for who, t in m.determinations.items()
                 if who in (party, ALL)), None)
    if made is None:
        return
    meeting, tally = made
    what = "sufficient" if tally.carried else "insufficient"
    again = ("a member's vote on it is not taken again" if kind is
             EventKind.BOARD_VOTE_RECORDED else "it is not counted again")
    raise ProcedureError(
        f"The board's determination as to {party} was already counted at its meeting "
        f"{meeting.number} of {fmt_day(meeting.day)}: the complaint was found {what} "
        f"({tally.yes} yes, {tally.no} no). That determination is final and binding (§8), "
        f"and {again}; the written report sets it forth (§7, §10).")
