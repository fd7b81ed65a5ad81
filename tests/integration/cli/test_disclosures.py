"""A public records request through the command line, as the demo answers one (RCW 42.56;
docs/records.md): acknowledged with an estimate, a third party told, two instalments
prepared by the clerk and released by the city attorney (one redaction, one withheld
record), the closing letter; `ethicsbot disclosures` prints the log RCW 40.14.026(4)
asks for, each letter with the outbox's record of it, and `ethicsbot verify` passes."""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path

import pytest

import ethicsbot.bootstrap as boot
from ethicsbot.bootstrap import App
from tests.fixtures.app import FakeClock
from tests.integration.cli.test_cli import here, run
from tests.integration.cli.test_retention import OLD, closed_long_ago

__all__ = ["here"]  # a fixture, used by name


def test_a_request_answered_in_two_instalments_is_logged_with_its_letters(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(Path(__file__).resolve().parents[3] / "city.example.yml", here / "city.yml")
    # the terminal's steps on the test's clock, so the dates below are the days they name
    monkeypatch.setattr(boot, "bootstrap", functools.partial(boot.bootstrap, clock=clock))
    number = closed_long_ago(app, clock)
    clock.advance(days=30)
    atty, clerk = "attorney@city.test", "clerk@city.test"

    def ok(who: str, *words: str) -> None:
        code, _, err = run(capsys, "step", "--as", who, *words)
        assert code == 0, err

    ok(atty, "disclosure-request", number, "complaint,report", "A. Reporter",
       "<reporter@ledger.test>; the Pruitt complaint and its report")
    ok(atty, "disclosure-answer", number, "acknowledge",
       (OLD.date().replace(month=5)).isoformat(), "the report is under review")
    ok(atty, "third-party", number, "complaint", OLD.date().replace(month=4, day=20).isoformat(),
       "Gary Pruitt", "gpruitt@city.test")
    clock.advance(days=15)
    ok(clerk, "instalment", number, "complaint", ";", "redact", "complaint:",
       "RCW 42.56.250(4):", "a personal detail:", "City Hall")
    code, _, err = run(capsys, "step", "--as", clerk, "release", number)
    assert code == 2 and "Only the city attorney" in err  # a second person, who may
    code, _, err = run(capsys, "step", "--as", atty, "release", number)
    assert code == 2 and "unless a court enjoins it" in err  # not before the day named
    clock.advance(days=5)
    ok(atty, "release", number)
    ok(clerk, "instalment", number, "determination", "final", ";", "withhold", "report:",
       "RCW 5.60.060(2)(a):", "the city attorney's advice to the board")
    ok(atty, "release", number)
    code, out, _ = run(capsys, "disclosures", number, "--json")
    assert code == 0
    [line] = json.loads(out)["requests"]
    assert line["requester"] == "A. Reporter" and line["email"] == "reporter@ledger.test"
    assert line["text"] == "the Pruitt complaint and its report"
    assert line["produced"] == ["complaint", "sufficiency_determination"]
    assert line["redacted"] == [{"record": "complaint", "exemption": "RCW 42.56.250(4)",
                                 "explanation": "a personal detail"}]
    assert [w["record"] for w in line["withheld"]] == ["written_report"]
    assert line["final_disposition"] is not None
    kinds = [(x["kind"], x["delivery"].split(" ")[0]) for x in line["letters"]]
    assert kinds == [("acknowledge", "pending"), ("third_party", "pending"),
                     ("instalment", "pending"), ("instalment", "pending")]
    code, out, _ = run(capsys, "disclosures")
    assert "withheld: written_report under RCW 5.60.060(2)(a)" in out
    code, out, err = run(capsys, "verify", number)
    assert code == 0, err
