"""What each level of access may find a case by (`cases.search`): only what its case page
shows it (§6)."""

from __future__ import annotations

from cases import commands as c
from cases.case import Case
from cases.levels import Access
from cases.search import SEARCH_TEXT_CHARS, searchable
from tests.unit.cases.test_notices import new_case, step
from tests.unit.cases.test_protection import SUMMARY, a_case, withhold

FULL, COUNCIL, RESPONDENT = Access.FULL, Access.COUNCIL, Access.RESPONDENT


def test_the_complaint_is_searched_by_everyone_who_sees_it_its_contact_by_full_only() -> None:
    case = new_case()
    for level in (FULL, COUNCIL, RESPONDENT):
        text = searchable(case, level)
        assert "mowing contract" in text and "ada citizen" in text, level
        assert ("12 elm st" in text) is (level is FULL), level
        assert ("ada@example.org" in text) is (level is FULL), level
    assert searchable(case, Access.PUBLIC) == searchable(case, Access.NONE) == ""


def test_a_history_entry_s_details_are_searched_by_full_access_only() -> None:
    case = new_case()
    step(case, c.FileCorrespondence("resident@example.net", "About the GAZEBO permit"),
         "2026-01-07T10:00:00-08:00")
    assert "about the gazebo permit" in searchable(case, FULL)
    assert "gazebo" not in searchable(case, COUNCIL)
    assert "gazebo" not in searchable(case, RESPONDENT)


def test_the_text_is_folded_and_bounded() -> None:
    case = new_case()
    step(case, c.FileCorrespondence("r@example.net", "x\n\n  y " * SEARCH_TEXT_CHARS),
         "2026-01-07T10:00:00-08:00")
    text = searchable(case, FULL)
    assert "x y x y" in text and len(text) == SEARCH_TEXT_CHARS


def test_a_withheld_complainant_is_found_by_the_summary_but_in_full_view() -> None:
    """Issue 27, item 4: with the complainant withheld, the official and the council find
    the case by the summary they were given, never by the complaint's words or the name;
    the clerk and the board still find it by everything."""
    case = a_protected_case()
    facts = case.filing.facts.split()[-1].lower()
    name = (case.filing.complainant.name or "").lower()
    for access in (Access.COUNCIL, Access.RESPONDENT):
        text = searchable(case, access)
        assert SUMMARY.split()[0].lower() in text
        assert name not in text and facts not in text
    assert name in searchable(case, Access.FULL) and facts in searchable(case, Access.FULL)


def a_protected_case() -> Case:
    case = a_case()
    withhold(case)
    return case
