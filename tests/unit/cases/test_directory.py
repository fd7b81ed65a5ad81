"""The city's people and roles, and matching a complaint to the officials it names."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cases.directory import Directory, Person, Role
from tests.unit.cases.riverton import DIRECTORY


def emails(text: str, directory: Directory = DIRECTORY) -> list[str]:
    return [p.email for p in directory.match_respondents(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I complain about Gary Pruitt, the parks director.", ["gpruitt@city.test"]),
    ("Parks Director Pruitt awarded the contract.", ["gpruitt@city.test"]),
    ("Mayor Rivera signed it.", ["mayor@city.test"]),
    ("Councilmember Hale voted on his own lease.", ["thale@city.test"]),
    ("Council Member Raman and Councilwoman Brandt", ["praman@city.test", "abrandt@city.test"]),
    ("Deputy Fire Chief Bates", ["lbates@city.test"]),
    ("City Clerk Clerk lost the file.", ["clerk@city.test"]),
])
def test_full_name_or_own_title_with_surname(text: str, expected: list[str]) -> None:
    assert emails(text) == expected


@pytest.mark.parametrize("text", [
    # never by surname alone, or with a title not theirs
    "Pruitt awarded the contract.",
    "Mr. Pruitt and Ms. Bates",
    "Rivera signed it.",
    "Director Pruitt",  # not the person's own title
    "Mayor Pruitt",  # a title the person does not hold
    "Councilmember Pruitt",
    # nor a name inside another word
    "Gary Pruittson runs the food bank.",   # a longer surname
    "Tom Haley, a resident, saw it.",       # a different person
    "Atom Hale is a band.",                 # the name inside another word
    "Mayor Riveras is the old street name.",
])
def test_no_match_by_surname_alone_a_title_not_theirs_or_inside_another_word(
        text: str) -> None:
    # notifying the wrong official would itself breach §6
    assert emails(text) == []


def test_accents_case_and_spacing_are_ignored() -> None:
    # the directory spells "María Ortiz"
    assert emails("maria   ORTIZ took the gift") == ["mortiz@city.test"]
    assert emails("Councilmember Ortíz") == ["mortiz@city.test"]
    plain = replace(DIRECTORY, council=tuple(
        replace(p, name="Maria Ortiz") if p.email == "mortiz@city.test" else p
        for p in DIRECTORY.council))
    assert emails("María Ortiz", plain) == ["mortiz@city.test"]
    assert emails("GARY\nPRUITT") == ["gpruitt@city.test"]


def test_in_order_of_first_mention_each_once() -> None:
    text = ("Lorna Bates told Gary Pruitt that Mayor Rivera knew. "
            "Gary Pruitt then asked Pat Rivera.")
    assert emails(text) == ["lbates@city.test", "gpruitt@city.test", "mayor@city.test"]


def test_examiners_are_never_respondents() -> None:
    assert emails("Morgan Yu, the hearings examiner, is biased.") == []
    assert all(Role.EXAMINER not in DIRECTORY.roles_of(p)
               for p in DIRECTORY.respondent_candidates())


def test_a_name_next_to_punctuation_still_matches() -> None:
    assert emails("(Gary Pruitt's brother)") == ["gpruitt@city.test"]
    assert emails("— Mayor Rivera.") == ["mayor@city.test"]
    assert emails("cc: Tom Hale/Ben Okafor") == ["thale@city.test", "bokafor@city.test"]


def test_roles() -> None:
    d = DIRECTORY
    assert d.roles_of(d.mayor) == {Role.MAYOR}
    assert d.roles_of(d.designees[0]) == {Role.DESIGNEE}
    assert d.board_chair is not None and d.board_chair.email == "hpark@city.test"
    assert d.roles_of(d.board_chair) == {Role.BOARD, Role.BOARD_CHAIR}
    assert d.roles_of(d.board[0]) == {Role.BOARD}
    assert d.roles_of(d.council[0]) == {Role.COUNCIL}
    assert d.roles_of(d.examiners[0]) == {Role.EXAMINER}
    assert d.roles_of(d.officials[0]) == {Role.OFFICIAL}
    assert d.administrator is not None and d.roles_of(d.administrator) == {Role.ADMINISTRATOR}
    assert d.city_attorney is not None and d.roles_of(d.city_attorney) == {Role.CITY_ATTORNEY}
    assert d.roles_of(Person("Nobody", "nobody@example.org")) == frozenset()
    assert [p.email for p in d.mayors_office] == ["mayor@city.test", "clerk@city.test"]


def test_board_chair_defaults_to_the_first_member() -> None:
    no_chair = replace(DIRECTORY, board=tuple(replace(p, chair=False) for p in DIRECTORY.board))
    assert no_chair.board_chair == no_chair.board[0]
    assert replace(DIRECTORY, board=()).board_chair is None


def test_lookups_and_people_listed_once() -> None:
    d = DIRECTORY
    found = d.by_email("  HPark@City.Test ")
    assert found is not None and found.name == "Helen Park"
    assert d.by_email("stranger@example.org") is None
    slack = d.by_slack("UMAYOR")
    assert slack is not None and slack.email == "mayor@city.test"
    assert d.by_slack("UNKNOWN") is None
    # a council member who also sits on the board: listed once, with both roles
    both = Person("Ben Okafor", "BOkafor@city.test")
    d2 = replace(d, board=(*d.board, both))
    people = [p.email.lower() for p in d2.people()]
    assert people.count("bokafor@city.test") == 1
    assert d2.roles_of(both) == {Role.COUNCIL, Role.BOARD}
    assert len(people) == len(set(people))
