"""§4: a complaint whose facts date the conduct more than two years before receipt is
flagged for the board, which may dismiss it as time-barred by motion at its meeting."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases import commands as c
from cases.deadlines import DeadlineKey, Status
from cases.filing import flag_text
from cases.limitations import FLAG, UNDATED, conduct_dates, dated_long_before, undated
from cases.procedure import open_case
from cases.stages import Stage
from tests.unit.cases.riverton import at, filing
from tests.unit.cases.test_procedure import CLERK, RESPONDENT, deadlines, do, refused

RECEIVED = date(2026, 1, 6)


@pytest.mark.parametrize(("text", "expected"), [
    ("On 2023-10-03 he signed it.", date(2023, 10, 3)),
    ("on 10/3/2023, and again", date(2023, 10, 3)),
    ("On October 3, 2023 the director", date(2023, 10, 3)),
    ("On Oct. 3rd 2023 the director", date(2023, 10, 3)),
    ("on 3 October 2023", date(2023, 10, 3)),
    ("in October 2023", date(2023, 10, 31)),  # a month alone: its last day, never a guess
    ("in 2023, he", None),  # a bare year is not read
    ("on 2023-02-30 or 13/40/2023", None),  # not dates
])
def test_the_plain_dates_a_complainant_writes_are_read(text: str, expected: date | None
                                                       ) -> None:
    assert max(conduct_dates(text), default=None) == expected


def test_flagged_only_when_even_the_latest_date_is_over_two_years_back() -> None:
    assert dated_long_before("On June 1, 2023 and on Jan 7, 2024.", RECEIVED) is None
    assert dated_long_before("On June 1, 2023 and on Jan 6, 2024.", RECEIVED) is None
    assert dated_long_before("On June 1, 2023 and on Jan 5, 2024.", RECEIVED) == date(2024, 1, 5)
    assert dated_long_before("No date at all.", RECEIVED) is None
    assert dated_long_before("On Jan 4, 2030 (a typo).", RECEIVED) is None  # after receipt


@given(st.text(max_size=300))
def test_any_text_reads_without_error(text: str) -> None:
    for day in conduct_dates(text):
        assert 1900 <= day.year <= 2099


def test_an_old_complaint_is_flagged_dismissed_by_the_board_and_closed() -> None:
    case = open_case(number="2026-040",
                     filing=replace(filing(), facts="On March 3, 2023 the director hired his "
                                                    "brother's firm."),
                     respondents=(RESPONDENT,), at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    assert FLAG in case.filing.flags
    when = "2026-01-08T18:10:00-08:00"
    refused(case, c.CloseCase("old"), when, "still before the board")
    refused(case, c.DismissAsTimeBarred(date(2024, 2, 1), "the minutes"), when,
            "not time-barred (§4)")
    refused(case, c.DismissAsTimeBarred(date(2023, 3, 3), " "), when, "Give the board's reason")
    do(case, c.DismissAsTimeBarred(date(2023, 3, 3), "the minutes were published that day"),
       when)
    assert case.dismissed_on == date(2026, 1, 8)
    limit = deadlines(case, when)[DeadlineKey.LIMITATIONS]
    assert limit.status is Status.MISSED and "Mon Mar 3, 2025" in limit.basis
    do(case, c.CloseCase("dismissed as time-barred (§4)"), "2026-01-09T10:00:00-08:00")
    assert case.stage is Stage.CLOSED


def test_a_recent_complaint_is_not_flagged() -> None:
    case = open_case(number="2026-041", filing=filing(), respondents=(RESPONDENT,),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    assert FLAG not in case.filing.flags  # "On Dec 3" names no year


@pytest.mark.parametrize("facts, flagged", [
    ("On Oct 3 the official used City Hall for a campaign event.", False),
    ("On the 3rd of October he hired his brother.", False),
    ("Last Tuesday the director shouted at a resident.", False),
    ("Yesterday she voted on her own contract.", False),
    ("Two weeks ago the councilmember took a gift.", False),
    ("El martes pasado el concejal usó el auto de la ciudad.", False),
    ("In March 2025 he hired his brother's firm.", False),
    ("El 3 de octubre el concejal usó el auto de la ciudad.", False),
    ("Le 3 octobre, le conseiller municipal a utilisé la salle.", False),
    ("Mardi dernier, la maire a menti.", False),
    ("Il y a deux semaines, le directeur a accepté un cadeau.", False),
    ("The councilmember took gifts from a developer in 2024.", True),  # a year alone
    ("The official accepts gifts from developers and votes on their permits.", True),
])
def test_a_complaint_that_says_nothing_of_when_is_flagged(facts: str, flagged: bool) -> None:
    """§4: with no time of the conduct at all (a bare year at most), the board cannot see
    whether the two years have run: the case opens flagged, saying what to ask; any day
    the complainant gives, however loosely, is enough."""
    case = open_case(number="2026-042", filing=replace(filing(), facts=facts),
                     respondents=(RESPONDENT,), at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    assert (UNDATED in case.filing.flags) is flagged
    if flagged:
        assert "ask the complainant when it happened" in flag_text(case.filing.flags)


def test_no_facts_is_not_also_undated() -> None:
    """A complaint with no facts lists the facts missing (§1); it is not flagged undated."""
    assert not undated("") and not undated("   \n ")


@given(st.text(max_size=300), st.dates(min_value=date(1900, 1, 1), max_value=date(2099, 12, 31)))
def test_a_full_date_anywhere_is_never_undated(text: str, day: date) -> None:
    assert not undated(f"{text} on {day.isoformat()} {text}")
