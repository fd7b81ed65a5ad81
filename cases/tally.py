"""A body's votes counted: each count of yes, no and abstain is a `Tally`, made here by
the rule of the body and the act it counts, named for what it counts:

- `council_tally`: a motion of the council, its decision on a final determination of
  violation (§12, §14) and its other acts at its meeting (`cases.acts.count`). Action is
  by majority vote: of the votes cast, or of the members entitled to vote, as the city
  reads §12 and §14 (`cases.readings.CouncilMajority`; the explanation names it). A
  council member complained against does not vote on any matter involving them, and is
  not among the members entitled to vote (§14). The mayor votes only to break a tie, and
  not when the action is against the mayor (RCW 35A.12.100, as §14 cites); under the
  reading of members entitled, the mayor's vote counts as one more towards that majority.
- `sufficiency_tally`: the board's determination of sufficiency (§7), its members'
  votes recorded one by one at its hearing. The ordinance says the board determines
  sufficiency, not by what majority; the city holds it to a majority of the board: of the
  members entitled to vote, not merely of the votes cast, so two members cannot decide
  for a board of five. A board member complained against does not vote on their own case
  (as §14 says of the council).
- `board_motion_tally`: any other motion of the board at its meeting (a continuance
  applied for, a longer time asked for), by the same majority of its members entitled to
  vote, every member present having voted (`cases.acts.count`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from cases.errors import ProcedureError
from cases.readings import CouncilMajority, describe


class Vote(StrEnum):
    YES = "yes"  # the violation occurred / the action is taken
    NO = "no"
    ABSTAIN = "abstain"


@dataclass(frozen=True)
class Tally:
    """A count and its result: `carried` (for the sufficiency vote: sufficient), and the
    explanation, which names the rule it used."""

    yes: int
    no: int
    abstained: int
    mayor_broke_tie: bool
    carried: bool
    explanation: str


@dataclass(frozen=True)
class Count:
    """The votes cast and the abstentions: the council's and the board's counts alike."""

    yes: int
    no: int
    abstained: int

    @classmethod
    def of(cls, votes: Mapping[str, Vote], body: str) -> Count:
        """Count `votes`; refused when nobody of `body` ("council member") voted yes or no."""
        found = [sum(v is x for v in votes.values()) for x in (Vote.YES, Vote.NO, Vote.ABSTAIN)]
        if found[0] + found[1] == 0:
            raise ProcedureError(f"No {body} has voted yes or no; there is nothing to count.")
        return cls(*found)


def majority_of(members: frozenset[str], respondents: frozenset[str]) -> tuple[int, int]:
    """(the members entitled to vote, a majority of them): a member complained against
    is not entitled (§14)."""
    entitled = len({m.lower() for m in members} - {r.lower() for r in respondents})
    return entitled, entitled // 2 + 1


def eligible_on_council(member: str, *, council: frozenset[str],
                        respondents: frozenset[str]) -> None:
    """Refuse a vote the ordinance does not allow; `member` is the person's email, compared
    without regard to case as everywhere else (a respondent written `JSmith@` is still
    the member `jsmith@`)."""
    if member.lower() not in {m.lower() for m in council}:
        raise ProcedureError(f"{member} is not a member of the council and cannot vote (§14).")
    if member.lower() in {r.lower() for r in respondents}:
        raise ProcedureError(
            f"{member} is the official complained against and does not vote on any matter "
            "involving them (§14)."
        )


def council_tally(
    votes: Mapping[str, Vote],
    *,
    council: frozenset[str],
    respondents: frozenset[str],
    mayor_vote: Vote | None = None,
    against_mayor: bool = False,
    majority: CouncilMajority = CouncilMajority.VOTES_CAST,
) -> Tally:
    """Count the council's votes on a motion; call only once every vote to be counted is
    recorded."""
    for member in votes:
        eligible_on_council(member, council=council, respondents=respondents)
    count = Count.of(votes, "council member")
    yes, no, abstained = count.yes, count.no, count.abstained
    entitled, need = majority_of(council, respondents)
    by_members = majority is CouncilMajority.MEMBERS_ENTITLED
    if yes != no and by_members:
        carried = yes >= need
        return Tally(yes, no, abstained, False, carried,
                     f"{yes} yes, {no} no: the motion {'carries' if carried else 'fails'}; "
                     f"a {describe(majority)} is {need} of {entitled}.")
    if yes != no:
        carried = yes > no
        return Tally(yes, no, abstained, False, carried,
                     f"{yes} yes, {no} no: the motion {'carries' if carried else 'fails'} "
                     "by majority of the votes cast (§14).")
    if against_mayor:
        return Tally(yes, no, abstained, False, False,
                     f"{yes}–{no} tie; the action is against the mayor, who may not break it "
                     "(§14), so the motion fails.")
    if mayor_vote in (Vote.YES, Vote.NO):
        carried = mayor_vote is Vote.YES and (not by_members or yes + 1 >= need)
        counted = (f" With the mayor's vote, {yes + (mayor_vote is Vote.YES)} yes; a "
                   f"{describe(majority)} is {need} of {entitled}." if by_members else "")
        return Tally(yes, no, abstained, True, carried,
                     f"{yes}–{no} tie broken by the mayor voting {mayor_vote.value} (§14): the "
                     f"motion {'carries' if carried else 'fails'}.{counted}")
    raise ProcedureError(
        f"The vote is tied {yes}–{no}. Record the mayor's tie-breaking vote (§14) first."
    )


SUFFICIENCY_RULE = "majority of the board"  # the sufficiency vote's, in its explanation
BOARD_RULE = "a majority of the board's members entitled to vote"  # a board motion's


def eligible_on_board(member: str, *, board: frozenset[str], respondents: frozenset[str]) -> None:
    if member.lower() not in {b.lower() for b in board}:
        raise ProcedureError(f"{member} is not a member of the ethics board and cannot vote "
                             "on its determination (§7).")
    if member.lower() in {r.lower() for r in respondents}:
        raise ProcedureError(f"{member} is the official complained against and does not vote "
                             "on any matter involving them (§14, applied to the board).")


def sufficiency_tally(votes: Mapping[str, Vote], *, board: frozenset[str],
                      respondents: frozenset[str]) -> Tally:
    """Count the board's votes on sufficiency (§7); carried means sufficient. Refused
    while neither side has its majority and members entitled to vote have not voted."""
    for member in votes:
        eligible_on_board(member, board=board, respondents=respondents)
    count = Count.of(votes, "board member")
    yes, no, abstained = count.yes, count.no, count.abstained
    entitled, need = majority_of(board, respondents)
    carried = yes >= need
    if not carried and no < need and yes + no + abstained < entitled:
        raise ProcedureError(
            f"{yes} yes, {no} no, {abstained} abstaining: neither side has the {need} votes a "
            f"{SUFFICIENCY_RULE} needs ({need} of {entitled} members entitled to vote), and "
            f"{entitled - yes - no - abstained} have not voted. Record the remaining votes.")
    return Tally(yes, no, abstained, False, carried,
                 f"{yes} yes, {no} no: the complaint is found "
                 f"{'sufficient' if carried else 'insufficient'} by {SUFFICIENCY_RULE}, "
                 f"{need} of {entitled} members entitled to vote (§7).")


def board_motion_tally(votes: Mapping[str, Vote], *, board: frozenset[str],
                       barred: frozenset[str]) -> Tally:
    """Count the votes on a board motion at its meeting: carried by a majority of the
    members entitled to vote (`barred`: those complained against or recused are not)."""
    entitled, need = majority_of(board, barred)
    yes = sum(v is Vote.YES for v in votes.values())
    no = sum(v is Vote.NO for v in votes.values())
    abstained = len(votes) - yes - no
    carried = yes >= need
    return Tally(yes, no, abstained, False, carried,
                 f"{yes} yes, {no} no, {abstained} abstaining: the motion "
                 f"{'carries' if carried else 'fails'}; {BOARD_RULE} is {need} of {entitled}.")
