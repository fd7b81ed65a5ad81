"""The rotational roster of hearings examiners (§11).

Referrals go to the next examiner on the roster after the last one assigned, wrapping
around, skipping anyone marked conflicted in this case or unavailable, and anyone the
city's file does not show a licensed attorney living outside the city. The position is
remembered by storing who was assigned last.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType

from cases.case import Case
from cases.commands import Refer
from cases.errors import ProcedureError
from cases.readings import DEFAULT, Readings


def next_examiner(
    roster: Sequence[str],
    *,
    last_assigned: str | None,
    skip: Collection[str] = (),
    unqualified: Mapping[str, str] = MappingProxyType({}),
) -> str:
    """The examiner (by email) who takes the next referral, never one in `skip` or one
    the city's file does not show qualified (`unqualified`: email → why, told the clerk
    when no one is left)."""
    if not roster:
        raise ProcedureError(
            "The rotational roster of hearings examiners is empty (§11). Add examiners to "
            "the directory file before referring a case."
        )
    start = roster.index(last_assigned) + 1 if last_assigned in roster else 0
    for i in range(len(roster)):
        candidate = roster[(start + i) % len(roster)]
        if candidate not in skip and candidate not in unqualified:
            return candidate
    why = "".join(f" {unqualified[e]}." for e in roster if e in unqualified)
    raise ProcedureError(
        "Every examiner on the roster is conflicted, unavailable or not shown qualified "
        f"for this case (§11).{why} Ask the city to add an examiner or complete the "
        "directory file, or the respondent may ask for the board."
    )


def referral(case: Case, roster: Sequence[str], *, last_assigned: str | None,
             to_board: bool = False, readings: Readings = DEFAULT,
             standing: Collection[str] = (), respondent: str | None = None,
             unqualified: Mapping[str, str] = MappingProxyType({})) -> Refer:
    """§11: the board when the respondent asked for it (or `to_board`), else the next
    examiner in rotation, never one who is a party to the case, conflicted on it, or with
    a standing conflict with one of its people (`standing`). Of `respondent`'s matter if
    named, else of the matters waiting: the board's first, where one goes there."""
    waiting = [respondent] if respondent else case.to_refer
    if to_board or any(case.board_hears(p, readings.board_hearing) for p in waiting):
        return Refer(examiner=None, respondent=respondent)
    return Refer(examiner=next_examiner(roster, last_assigned=last_assigned,
                                        skip={*case.respondents, *case.conflicted_examiners,
                                              *standing}, unqualified=unqualified),
                 respondent=respondent)
