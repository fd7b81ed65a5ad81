"""The rotational roster of hearings examiners (§11)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases.errors import ProcedureError
from cases.rotation import next_examiner

ROSTER = ["yu@ex.test", "patel@ex.test", "fontaine@ex.test"]


def test_the_first_referral_goes_to_the_top_of_the_roster() -> None:
    assert next_examiner(ROSTER, last_assigned=None) == "yu@ex.test"


def test_next_after_the_last_assigned() -> None:
    assert next_examiner(ROSTER, last_assigned="yu@ex.test") == "patel@ex.test"
    assert next_examiner(ROSTER, last_assigned="patel@ex.test") == "fontaine@ex.test"


def test_wraps_around() -> None:
    assert next_examiner(ROSTER, last_assigned="fontaine@ex.test") == "yu@ex.test"


def test_skips_the_conflicted_and_unavailable() -> None:
    assert next_examiner(ROSTER, last_assigned="yu@ex.test",
                         skip={"patel@ex.test"}) == "fontaine@ex.test"
    # skipping past the end wraps to the top
    assert next_examiner(ROSTER, last_assigned="patel@ex.test",
                         skip={"fontaine@ex.test"}) == "yu@ex.test"
    # when everyone else is conflicted, the last assigned takes it again
    assert next_examiner(ROSTER, last_assigned="patel@ex.test",
                         skip={"fontaine@ex.test", "yu@ex.test"}) == "patel@ex.test"


def test_all_skipped_is_refused() -> None:
    with pytest.raises(ProcedureError, match="Every examiner on the roster is conflicted"):
        next_examiner(ROSTER, last_assigned="yu@ex.test", skip=set(ROSTER))


def test_an_empty_roster_is_refused() -> None:
    with pytest.raises(ProcedureError, match="roster of hearings examiners is empty"):
        next_examiner([], last_assigned=None)


def test_a_last_examiner_no_longer_on_the_roster_starts_from_the_top() -> None:
    assert next_examiner(ROSTER, last_assigned="gone@ex.test") == "yu@ex.test"


@given(st.lists(st.emails(), min_size=1, max_size=8, unique=True), st.integers(0, 7),
       st.integers(1, 30))
def test_each_examiner_takes_one_referral_per_round(roster: list[str], start: int,
                                                    referrals: int) -> None:
    last = roster[start % len(roster)]
    assigned = []
    for _ in range(referrals):
        last = next_examiner(roster, last_assigned=last)
        assigned.append(last)
    n = len(roster)
    for i in range(0, referrals - n + 1, n):
        assert sorted(assigned[i:i + n]) == sorted(roster)
    assert all(a != b for a, b in pairwise(assigned)) or n == 1
