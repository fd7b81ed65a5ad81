"""The council's vote on a final determination of violation (§12, §14).

Action is by majority vote: of the votes cast, or of the members entitled to vote, as the
city reads §12 and §14 (`cases.readings.CouncilMajority`; the explanation names it). A
council member complained against does not vote on any matter involving them, and is not
among the members entitled to vote (§14). The mayor votes only to break a tie, and not
when the action is against the mayor (RCW 35A.12.100, as §14 cites); under the reading of
members entitled, the mayor's vote counts as one more towards that majority.
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
    """Count the council's votes; call only once every vote to be counted is recorded."""
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
