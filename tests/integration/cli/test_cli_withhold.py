"""`ethicsbot file FILE.eml --withhold BASIS --summary TEXT --as CLERK` (issue 27, item 4):
the complainant is withheld in the transaction that opens the case, before any of its §2
notices can go; refused (and nothing opened) while the city's reading does not allow it,
or for someone who is not the mayor's office. SQLite and PostgreSQL."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.integration.cli.test_cli import CORPUS, here, run

__all__ = ["here"]  # the fixture, used by name

EXAMPLE = Path(__file__).resolve().parents[3] / "city.example.yml"
SUMMARY = "Alleges a contract steered to a relative's firm (2.94.030)."
WITHHOLD = ("--withhold", "42.41", "--summary", SUMMARY)


def decided(folder: Path) -> None:
    """The city's file, with the reading that allows the protection."""
    (folder / "city.yml").write_text(EXAMPLE.read_text(encoding="utf-8").replace(
        "complainant_protection: disclosed", "complainant_protection: withheld_where_recorded"),
        encoding="utf-8")


def test_filed_with_the_complainant_withheld_before_any_notice_goes(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    decided(here)
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "c.eml")
    code, out, err = run(capsys, "file", "c.eml", *WITHHOLD, "--as", "clerk@city.test")
    assert (code, out.strip()) == (0, "ETH-2026-0001"), err
    assert "withheld from the official and the council" in err
    code, out, _ = run(capsys, "case", "ETH-2026-0001", "--json")
    detail = json.loads(out)
    kinds = [e["kind"] for e in detail["history"]]
    assert kinds[:2] == ["complaint_received", "complainant_withheld"]
    entry = detail["history"][1]
    assert entry["actor"] == "clerk@city.test" and entry["data"]["summary"] == SUMMARY
    assert entry["data"]["already_told"] == []
    assert detail["protection"]["basis"] == "rcw-42.41"
    assert {n["status"] for n in detail["notices"]} == {"pending"}  # none went before it


def test_refused_while_the_city_has_not_decided_or_for_someone_not_the_clerk(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "c.eml")
    code, out, err = run(capsys, "file", "c.eml", *WITHHOLD, "--as", "clerk@city.test")
    assert code != 0 and out == "" and "complainant_protection" in err
    assert err.startswith("ethicsbot: ") and err.count("\n") == 1
    decided(here)
    code, out, err = run(capsys, "file", "c.eml", *WITHHOLD, "--as", "hpark@city.test")
    assert code != 0 and out == "", err
    code, out, err = run(capsys, "file", "c.eml", "--withhold", "42.41", "--as",
                         "clerk@city.test")
    assert code != 0 and "go together" in err
    code, out, _ = run(capsys, "cases", "--json")
    assert json.loads(out)["cases"] == []  # nothing was opened by the refusals
    code, out, err = run(capsys, "file", "c.eml", *WITHHOLD, "--as", "clerk@city.test")
    assert (code, out.strip()) == (0, "ETH-2026-0001"), err


def test_the_step_at_the_terminal_says_what_the_clerk_must_do_next(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    decided(here)
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "c.eml")
    assert run(capsys, "file", "c.eml")[0] == 0
    code, out, err = run(capsys, "step", "--as", "clerk@city.test", "withhold-complainant",
                         "ETH-2026-0001", "rcw", "42.43", SUMMARY)
    assert code != 0 and "`42.43` is not a basis" in err
    code, out, err = run(capsys, "step", "--as", "clerk@city.test", "withhold-complainant",
                         "ETH-2026-0001", "42.56.240", SUMMARY)
    assert code == 0, err
    assert "complainant withheld: recorded" in out
    assert "Recorded before the complaint reached the official" in out
    assert "Mail the summary, not the complaint, by registered mail (§2) to " \
           "gpruitt@city.test" in out
