"""The council's vote (§12, §14): majority of the votes cast, the respondent does not vote,
the mayor breaks a tie except when the action is against the mayor (RCW 35A.12.100)."""

from __future__ import annotations

import pytest

from cases.errors import ProcedureError
from cases.tally import Vote, council_tally, eligible_on_council

Y, N, A = Vote.YES, Vote.NO, Vote.ABSTAIN
COUNCIL = frozenset({"a@city.test", "b@city.test", "c@city.test", "d@city.test",
                     "e@city.test"})
NOBODY: frozenset[str] = frozenset()


def votes(*vs: Vote) -> dict[str, Vote]:
    return dict(zip(sorted(COUNCIL), vs, strict=False))


def test_majority_of_the_votes_cast_carries() -> None:
    t = council_tally(votes(Y, Y, Y, N, N), council=COUNCIL, respondents=NOBODY)
    assert (t.yes, t.no, t.abstained, t.carried, t.mayor_broke_tie) == (3, 2, 0, True, False)
    assert t.explanation == ("3 yes, 2 no: the motion carries by majority of the votes cast "
                             "(§14).")


def test_a_minority_fails() -> None:
    t = council_tally(votes(Y, N, N), council=COUNCIL, respondents=NOBODY)
    assert not t.carried
    assert "fails" in t.explanation


def test_abstentions_are_not_votes_cast() -> None:
    t = council_tally(votes(Y, Y, N, A, A), council=COUNCIL, respondents=NOBODY)
    assert (t.yes, t.no, t.abstained, t.carried) == (2, 1, 2, True)
    t = council_tally(votes(Y, A, A, A, A), council=COUNCIL, respondents=NOBODY)
    assert t.carried and t.abstained == 4


def test_only_abstentions_are_refused() -> None:
    with pytest.raises(ProcedureError, match="nothing to count"):
        council_tally(votes(A, A), council=COUNCIL, respondents=NOBODY)
    with pytest.raises(ProcedureError, match="nothing to count"):
        council_tally({}, council=COUNCIL, respondents=NOBODY)


def test_the_respondent_council_member_cannot_vote() -> None:
    respondent = frozenset({"e@city.test"})
    with pytest.raises(ProcedureError, match=r"does not vote on any matter involving them \(§14\)"):
        eligible_on_council("e@city.test", council=COUNCIL, respondents=respondent)
    with pytest.raises(ProcedureError, match="complained against"):
        council_tally(votes(Y, Y, N, N, N), council=COUNCIL, respondents=respondent)
    # the other four decide: 2-2 is a tie, for the mayor to break
    t = council_tally(votes(Y, Y, N, N), council=COUNCIL, respondents=respondent, mayor_vote=N)
    assert t.mayor_broke_tie and not t.carried


def test_the_respondent_is_known_whatever_the_case_of_the_address() -> None:
    """An address's case means nothing in mail: `E@City.test` complained against is the
    member `e@city.test`, who does not vote; and a member is a member however written."""
    with pytest.raises(ProcedureError, match="complained against"):
        eligible_on_council("e@city.test", council=COUNCIL, respondents=frozenset({"E@City.test"}))
    eligible_on_council("A@City.test", council=COUNCIL, respondents=NOBODY)


def test_someone_not_on_the_council_cannot_vote() -> None:
    with pytest.raises(ProcedureError, match="not a member of the council"):
        council_tally({"mayor@city.test": Y}, council=COUNCIL, respondents=NOBODY)


@pytest.mark.parametrize(("mayor", "carried"), [(Y, True), (N, False)])
def test_a_tie_is_broken_by_the_mayor(mayor: Vote, carried: bool) -> None:
    t = council_tally(votes(Y, Y, N, N, A), council=COUNCIL, respondents=NOBODY, mayor_vote=mayor)
    assert t.mayor_broke_tie
    assert t.carried is carried
    assert f"2–2 tie broken by the mayor voting {mayor.value} (§14)" in t.explanation


def test_a_tie_without_the_mayors_vote_is_refused() -> None:
    with pytest.raises(ProcedureError, match="Record the mayor's tie-breaking vote"):
        council_tally(votes(Y, N), council=COUNCIL, respondents=NOBODY)
    with pytest.raises(ProcedureError, match="tied 1–1"):
        council_tally(votes(Y, N), council=COUNCIL, respondents=NOBODY, mayor_vote=A)


def test_a_tie_when_the_action_is_against_the_mayor_fails() -> None:
    for mayor in (Y, N, None):
        t = council_tally(votes(Y, Y, N, N), council=COUNCIL, respondents=NOBODY, mayor_vote=mayor,
                  against_mayor=True)
        assert not t.carried and not t.mayor_broke_tie
        assert "against the mayor" in t.explanation


def test_without_a_tie_the_mayor_does_not_vote() -> None:
    t = council_tally(votes(Y, Y, N), council=COUNCIL, respondents=NOBODY, mayor_vote=N)
    assert t.carried and not t.mayor_broke_tie
    t = council_tally(votes(Y, Y, N), council=COUNCIL, respondents=NOBODY, against_mayor=True)
    assert t.carried
