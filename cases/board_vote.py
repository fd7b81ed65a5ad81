"""The board's determination of sufficiency, by vote of its members in open session (§7).

The ordinance says the board determines sufficiency, not by what majority; the city
holds it to a majority of the board: of the members entitled to vote, not merely of the
votes cast, so two members cannot decide for a board of five. A board member complained
against does not vote on their own case (as §14 says of the council). The count is a
`cases.tally.Tally`, counted as the council's is (`cases.tally.Count`, `majority_of`),
and its explanation names the rule it used.
"""

from __future__ import annotations

from collections.abc import Mapping

from cases.errors import ProcedureError
from cases.tally import Count, Tally, Vote, majority_of

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
    count = Count.of(votes, "board member")
    yes, no, abstained = count.yes, count.no, count.abstained
    entitled, need = majority_of(board, respondents)
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
