"""The reason words are each language's own (issue 40): French "car" (because) links
conduct to a rule in a French complaint, and English's "car" is a car. A sentence is read
with English's words and its complaint's language's, never another's, both for the links
("car", "porque", "because") and for the words a bare citation is made of (French "car"
and "son" are bare, English's car and son are not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cases.directory import Directory
from cases.filing import Element
from cases.languages import ENGLISH, FRENCH, SPANISH
from mail.parsing import parse_message
from mail.parsing.elements import _is_reason, is_bare_citation
from tests.unit.mail.conftest import CITY_TZ

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "french" / "owa-fr-seule-citation.eml"
CITED = ("Je souhaite déposer une plainte éthique contre la conseillère Ortiz pour violation de "
         "l'article 2.94.060. Merci de me rappeler.")
CAR_FR = "Cela relève de l'article 2.94.060, car son frère est le locataire du dépôt."
CAR_EN = "See section 2.94.060 about the car."


def test_car_links_a_french_sentence_to_its_rule_and_no_english_one() -> None:
    assert _is_reason(CAR_FR, FRENCH)
    assert not _is_reason(CAR_FR, ENGLISH)  # read as English, "car" is a car
    assert not _is_reason(CAR_EN, ENGLISH)
    assert not _is_reason(CAR_EN, SPANISH)  # Spanish has no "car" either


@pytest.mark.parametrize(("sentence", "language", "bare"), [
    # "car" and "son" are French function words, an English car and son are what was done
    ("Councilmember Hale violated section 2.94.060 with the city car.", ENGLISH, False),
    ("Councilmember Hale violated section 2.94.060 for his son.", ENGLISH, False),
    ("Je dépose une plainte car le conseiller viole l'article 2.94.060.", FRENCH, True),
    ("Il viole l'article 2.94.060 pour son fils.", FRENCH, False),
])
def test_a_bare_citation_is_made_of_its_own_language_s_words(sentence: str, language: str,
                                                              bare: bool) -> None:
    assert is_bare_citation(sentence, language) is bare


def _complaint(text: str) -> bytes:
    """The Outlook on the web forward of Amélie Rousseau's complaint, its text `text`."""
    raw = FIXTURE.read_bytes()
    assert CITED.encode() in raw
    return raw.replace(CITED.encode(), text.encode())


def test_a_french_complaint_s_reason_given_with_car_is_found(directory: Directory) -> None:
    result = parse_message(_complaint(
        "Je souhaite déposer une plainte contre la conseillère Ortiz. Le 3 octobre, la "
        f"conseillère Ortiz a voté le bail du dépôt de la ville. {CAR_FR}"),
        directory=directory, timezone=CITY_TZ)
    assert result.filing is not None and result.filing.language == FRENCH
    assert result.filing.reasons == CAR_FR
    assert Element.REASONS not in result.filing.missing
    assert Element.FACTS not in result.filing.missing


def test_an_english_complaint_s_car_beside_a_section_is_no_reason(
        directory: Directory) -> None:
    result = parse_message(_complaint(
        "I want to file an ethics complaint against Councilmember Ortiz. On October 3 she "
        f"took the city car to her brother's lease signing at the depot. {CAR_EN}"),
        directory=directory, timezone=CITY_TZ)
    assert result.filing is not None and result.filing.language == ENGLISH
    assert result.filing.reasons == ""
    assert Element.REASONS in result.filing.missing
    assert Element.FACTS not in result.filing.missing
