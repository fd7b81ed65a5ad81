"""The command line's contract (README, "Commands"): JSON shapes, and bad arguments ending in one
readable line and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from ethicsbot.cli import main

CORPUS = Path(__file__).resolve().parents[2] / "data" / "intake"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database_url: str) -> Path:
    """A working folder with no settings but the database under test."""
    for key in [k for k in os.environ if k.startswith("ETHICSBOT_")]:
        monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ETHICSBOT_DATABASE_URL", database_url)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deadlines_json_follows_the_contract(here: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deadlines", "--json", "--received", "2026-11-30T14:15:00-08:00",
                       "--toll", "2026-12-10:2026-12-13:7", "--hearing-concluded", "2027-01-04",
                       "--extend", "report_delivery:3", "--public-since", "2025-06-01",
                       "--now", "2026-12-01T00:00:00Z")
    assert code == 0
    rows = {d["key"]: d for d in json.loads(out)["deadlines"]}
    assert set(rows) == {"notice_24h", "registered_mail", "hearing_begin", "hearing_conclude",
                         "report_delivery", "limitations"}
    for d in rows.values():
        assert set(d) == {"key", "due", "status", "responsible", "basis"}
    assert rows["notice_24h"]["due"] == "2026-12-01T14:15:00-08:00"
    # Dec 20 + 3 paused + 7 granted = Wed Dec 30
    assert rows["hearing_begin"]["due"] == "2026-12-30T23:59:59-08:00"
    assert rows["hearing_begin"]["responsible"] == "board_chair"
    # Jan 4 + 10 = Thu Jan 14, + 3 approved = Sun Jan 17 -> Mon Jan 18 is MLK Day -> Tue 19
    assert rows["report_delivery"]["due"] == "2027-01-19T23:59:59-08:00"
    assert rows["limitations"]["status"] == "met"


def test_a_pending_toll_has_no_due_date(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deadlines", "--json", "--received", "2026-11-30T14:15",
                       "--toll", "2026-12-10")
    rows = {d["key"]: d for d in json.loads(out)["deadlines"]}
    assert code == 0
    assert rows["hearing_begin"]["due"] is None and rows["hearing_begin"]["status"] == "tolled"
    assert rows["registered_mail"]["due"] is not None


@pytest.mark.parametrize("argv", [
    ["deadlines", "--json", "--received", "yesterday"],
    ["deadlines", "--json", "--received", "2026-11-30"],
    ["deadlines", "--json", "--received", "2026-11-30T10:00", "--toll", "2026-12-01:x"],
    ["deadlines", "--json", "--received", "2026-11-30T10:00", "--toll", "2026-12-01:2026-12-02:11"],
    ["deadlines", "--json", "--received", "2026-11-30T10:00", "--extend", "hearing_begin:3"],
    ["deadlines", "--json"],
    ["deadlines", "--bogus"],
    ["case", "ETH-2026-9999", "--json"],
    ["intake", "--json", "no-such-file.eml"],
    ["nonsense"],
])
def test_bad_arguments_end_in_one_line_and_a_nonzero_exit(
        here: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert out == ""
    assert err.startswith("ethicsbot: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_file_with_the_paper_receipt_then_the_docket_and_the_case(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(CORPUS / "thunderbird-forward-no-sections.eml", here / "scan.eml")
    code, out, _ = run(capsys, "file", "scan.eml", "--received", "2026-12-01 08:05")
    assert (code, out.strip()) == (0, "ETH-2026-0001")
    code, out, err = run(capsys, "file", "scan.eml")
    assert (code, out.strip()) == (0, "ETH-2026-0001") and "no new case" in err
    code, out, _ = run(capsys, "cases", "--json")
    (row,) = json.loads(out)["cases"]
    assert row["number"] == "ETH-2026-0001" and row["received_at"].startswith("2026-12-01T16:05")
    code, out, _ = run(capsys, "case", "eth-2026-0001", "--json")
    detail = json.loads(out)
    assert detail["filing"]["missing"] == ["code_sections"]
    assert [n["type"] for n in detail["notices"]][:1] == ["complaint_to_respondent"]
    assert detail["history"][0]["kind"] == "complaint_received"


def test_the_case_prints_city_time_and_its_notices_one_line_a_kind(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 25, item 10: `ethicsbot case` reads in the city's time and says what was
    owed and delivered, each copy not yet delivered under its kind."""
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "c.eml")
    run(capsys, "file", "c.eml", "--received", "2026-12-01T08:05")
    code, out, _ = run(capsys, "case", "ETH-2026-0001")
    assert code == 0
    text = " ".join(out.split())  # the terminal's width folds the lines
    assert "received Tue Dec 1, 2026 8:05 AM PST" in text
    assert "Notices (city time;" in text
    assert "complaint to respondent: 0 of 1 delivered" in text
    assert "gpruitt@city.test: pending, not yet attempted" in text
    assert "complaint to council: 0 of 5 delivered" in text
    assert "History (city time) #1" in text and "+00:00" not in text


def test_correcting_the_receipt_moves_the_deadlines_and_says_so(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "c.eml")
    run(capsys, "file", "c.eml", "--received", "2026-12-01T08:05")
    code, out, _ = run(capsys, "correct-receipt", "ETH-2026-0001", "2026-11-30T08:05",
                       "--reason", "the letter was date-stamped Monday")
    assert code == 0
    # a day earlier: hearing_begin stays Mon Dec 21 (Sun Dec 20 rolls forward); the rest move
    assert "3 deadline(s) moved" in out
    assert "hearing_conclude: 2026-12-28T23:59:59-08:00 -> 2026-12-24T23:59:59-08:00" in out
    assert "hearing_begin:" not in out
    code, out, err = run(capsys, "correct-receipt", "ETH-2026-0001", "2026-11-30T08:05")
    assert code == 2 and "--reason" in err


def test_intake_prints_the_corpus_schema(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "intake", "--json", str(CORPUS / "gmail-forward-letter.eml"))
    parsed = json.loads(out)
    assert code == 0
    assert {"accepted", "reject_reason", "received_at", "forwarded_by", "complainant",
            "code_sections", "attachments", "missing", "respondents"} <= set(parsed)
    assert parsed["respondents"] == ["Gary Pruitt"]


def test_a_held_message_opens_a_case_only_on_the_clerks_decision(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(CORPUS / "reject-resident-direct.eml", here / "direct.eml")
    code, _, err = run(capsys, "file", "direct.eml")
    assert code != 0 and "sender_not_allowed" not in err and "quarantine" in err
    code, out, _ = run(capsys, "file", "--quarantined", "1", "--received", "2026-12-01 08:05")
    assert (code, out.strip()) == (0, "ETH-2026-0001")
    code, out, _ = run(capsys, "case", "ETH-2026-0001", "--json")
    detail = json.loads(out)
    assert detail["filing"]["complainant"]["name"] and detail["filing"]["forwarded_by"] is None
    code, _, err = run(capsys, "file", "--quarantined", "1")
    assert code != 0 and "#1 is opened as ETH-2026-0001, not held" in err
    code, _, err = run(capsys, "file", "--quarantined", "99")
    assert code != 0 and "no intake record #99" in err
    code, _, err = run(capsys, "file")
    assert code != 0 and "either FILE.eml or --quarantined N" in err


def test_intake_json_names_the_limit_a_message_passed(
        here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ETHICSBOT_MAIL_MAX_BYTES", "1000")
    code, out, _ = run(capsys, "intake", "--json", str(CORPUS / "gmail-forward-letter.eml"))
    parsed = json.loads(out)
    assert code == 0 and parsed["reject_reason"] == "over_limit"
    assert parsed["limit"] == "ETHICSBOT_MAIL_MAX_BYTES=1000"
