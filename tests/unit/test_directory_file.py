"""The directory file: what the city records once, read as the procedure uses it."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from cases.directory import Absence
from ethicsbot.directory_file import DirectoryError, parse_directory

EXAMPLE = Path(__file__).resolve().parents[2] / "city.example.yml"


def test_an_examiners_standing_conflicts_are_read_from_the_file() -> None:
    directory = parse_directory(EXAMPLE.read_text(encoding="utf-8"))
    fontaine = next(p for p in directory.examiners if p.name == "Lee Fontaine")
    assert fontaine.conflicts == ("hostrowski@city.test",)
    assert directory.examiners_conflicted_with(["HOSTROWSKI@city.test", "x@y.example"]) == {
        "lfontaine@examiners.example"}
    assert directory.examiners_conflicted_with(["gpruitt@city.test"]) == frozenset()


def test_each_examiners_licence_and_residence_are_read_and_the_gaps_warned_at_start(
        caplog: pytest.LogCaptureFixture) -> None:
    """§11: the example file gives each examiner's licence and where they live, so every
    one is qualified; an entry without a licence is named in a warning line at start
    (`ethicsbot run`, `ethicsbot worker`), and the rotation skips it."""
    from ethicsbot.cli.worker import warn_at_start

    directory = parse_directory(EXAMPLE.read_text(encoding="utf-8"))
    fontaine = next(p for p in directory.examiners if p.name == "Lee Fontaine")
    assert (fontaine.licence, fontaine.resides_in) == ("WSBA 51230", "Medical Lake")
    assert directory.examiners_unqualified() == {}
    text = EXAMPLE.read_text(encoding="utf-8").replace("licence: WSBA 40112, ", "")
    gap = parse_directory(text)
    assert list(gap.examiners_unqualified()) == ["myu@examiners.example"]
    with caplog.at_level("WARNING"):
        checked = SimpleNamespace(trusted_authserv="mx.city.test")  # forwarders checked
        warn_at_start(SimpleNamespace(  # type: ignore[arg-type]
            directory=gap, parse_rules=lambda: checked))
    assert [r.getMessage() for r in caplog.records if "examiner" in r.getMessage()] == [
        "examiner skipped by the rotation: Morgan Yu (myu@examiners.example): the directory "
        "file gives no bar licence; add `licence: WSBA 12345` (§11: a licensed, practising "
        "attorney)"]


def test_a_misspelt_field_is_refused_with_where_it_is() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("conflicts:", "conflict:")
    with pytest.raises(DirectoryError, match=r"examiners\.2\.conflict"):
        parse_directory(text, source="city.yml")


def test_the_directory_file_says_whether_plain_http_links_are_accepted() -> None:
    """Issue 24: links typed for a meeting or a report are https only unless the city
    says `http_links: true` (`cases.links`)."""
    assert parse_directory(EXAMPLE.read_text(encoding="utf-8")).http_links is False
    text = EXAMPLE.read_text(encoding="utf-8") + "\nhttp_links: true\n"
    assert parse_directory(text).http_links is True


def test_an_examiners_times_away_are_read_from_the_file_and_a_reversed_one_refused() -> None:
    """§11: an examiner's leave is recorded once, with its days and reason; the rotation
    skips them on those days (`tests/unit/cases/test_derived.py`)."""
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        "conflicts: [hostrowski@city.test]}",
        "conflicts: [hostrowski@city.test],\n     unavailable: [{from: 2027-01-04, to: 2027-01-15,"
        " reason: a trial}]}")
    fontaine = next(p for p in parse_directory(text).examiners if p.name == "Lee Fontaine")
    assert fontaine.unavailable == (Absence(date(2027, 1, 4), date(2027, 1, 15), "a trial"),)
    assert parse_directory(text).examiners_unavailable_on(date(2027, 1, 4)) == {
        "lfontaine@examiners.example"}
    with pytest.raises(DirectoryError, match="ending 2027-01-01 before it starts"):
        parse_directory(text.replace("to: 2027-01-15", "to: 2027-01-01"))
