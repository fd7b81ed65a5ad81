"""`ethicsbot report --year`: the yearly report's figures for a few cases that took
different paths (issue 41), counts only, no name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cases import commands as c
from cases.public_records import PublicRecord
from ethicsbot.bootstrap import App
from tests.fixtures.cases import step
from tests.integration.bot.conftest import open_case
from tests.integration.cli.test_cli import here, run  # noqa: F401
from tests.integration.web.test_public import closed_insufficient, release
from tests.integration.web.test_status_sheet import dismissing


def test_the_yearly_report_counts_each_path(app: App, here: Path,  # noqa: F811
                                            capsys: pytest.CaptureFixture[str]) -> None:
    open_case(app)  # still open
    voided = open_case(app)
    step(app, voided, c.VoidCase("a duplicate", "mayor@city.test"))
    barred = open_case(app)
    dismissing(app, barred)
    step(app, barred, c.CloseCase("time-barred"), actor="hpark@city.test")
    closed = closed_insufficient(app)
    release(app, closed, PublicRecord.COMPLAINT)

    code, out, _ = run(capsys, "report", "--year", "2026", "--json")
    assert code == 0
    found = json.loads(out)
    assert found["received"] == 4
    assert found["outcomes"] == {"insufficient": 1, "no violation": 0, "violation": 0,
                                 "dismissed as time-barred": 1, "void": 1, "still open": 1}
    assert found["closed"] == 2 and found["median_days_to_closure"] == 0
    assert found["records_requests"] == {
        "received": 1, "answered": 1, "responded": 1, "responded_in_time": 1,
        "responded_late": 0, "response_missed": 0, "median_days_to_response": 0,
        "median_days_to_answer": 0}
    assert found["days_to_step"]["closure"] == {"cases": 2, "median": 0}
    assert found["days_to_step"]["referral"] == {"cases": 0, "median": None}
    # the roles answering for the deadlines, never a person
    assert set(found["deadlines_by_role"]) <= {"the mayor's office", "the board chair",
                                               "the council", "the city attorney", "intake"}
    assert found["deadlines"]["notice_24h"]["missed"] + found["deadlines"]["notice_24h"][
        "met"] + found["deadlines"]["notice_24h"]["late"] + found["deadlines"]["notice_24h"][
        "pending"] >= 3
    assert "Gary Pruitt" not in out and "Dana Whitfield" not in out
    code, text, _ = run(capsys, "report", "--year", "2026")
    assert code == 0 and "4 complaints received" in text and "void: 1" in text
    assert "Median days from receipt to each step (complaints reaching it):" in text
    assert "  closure: 0 (2)" in text and "  referral: — (0)" in text
    assert "Deadlines late or missed, by who answers for them" in text
    assert "  first answer within five business days: 1" in text
    assert json.loads(run(capsys, "report", "--year", "2025", "--json")[1])["received"] == 0
