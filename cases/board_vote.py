"""The board's determination of sufficiency, by vote of its members in open session (§7).

The ordinance says the board determines sufficiency, not by what majority; the city
holds it to a majority of the board: of the members entitled to vote, not merely of the
votes cast, so two members cannot decide for a board of five. A board member complained
against does not vote on their own case (as §14 says of the council). The count is a
`cases.tally.Tally`, like the council's, and its explanation names the rule it used.
"""

from __future__ import annotations

from collections.abc import Mapping

from cases.errors import ProcedureError
from cases.tally import Tally, Vote

RULE = "majority of the board"


def eligible_on_board(member: str, *, board: frozenset[str], respondents: frozenset[str]) -> None:
    if member.lower() not in {b.lower() for b in board}:
        raise ProcedureError(f"{member} is not a member of the ethics board and cannot vote "
                             "on its determination (§7).")
    if member.lower() in {r.lower() for r in respondents}:
        raise ProcedureError(f"{member} is the official complained against and does not vote "
                             "on any matter involving them (§14, applied to the board).")


def board_tally(votes: Mapping[str, Vote], *, board: frozenset[str],
                respondents: frozenset[str]) -> Tally:
    """Count the board's votes on sufficiency; carried means sufficient."""
    for member in votes:
        eligible_on_board(member, board=board, respondents=respondents)
    yes = sum(v is Vote.YES for v in votes.values())
    no = sum(v is Vote.NO for v in votes.values())
    abstained = sum(v is Vote.ABSTAIN for v in votes.values())
    if yes + no == 0:
        raise ProcedureError("No board member has voted yes or no; there is nothing to count.")
    entitled = len({b.lower() for b in board} - {r.lower() for r in respondents})
    need = entitled // 2 + 1
    carried = yes >= need
    if not carried and no < need and yes + no + abstained < entitled:
        raise ProcedureError(
            f"{yes} yes, {no} no, {abstained} abstaining: neither side has the {need} votes a "
            f"{RULE} needs ({need} of {entitled} members entitled to vote), and "
            f"{entitled - yes - no - abstained} have not voted. Record the remaining votes.")
    return Tally(yes, no, abstained, False, carried,
                 f"{yes} yes, {no} no: the complaint is found "
                 f"{'sufficient' if carried else 'insufficient'} by {RULE}, "
                 f"{need} of {entitled} members entitled to vote (§7).")
