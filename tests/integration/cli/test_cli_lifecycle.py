"""Issue 10 at the command line: `ethicsbot case` judges each status now, and
`ethicsbot deadlines` names the reading a date used and shows the other reading's date
beside it, a late extension, and a disclosure request's answer (RCW 42.56.520)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ethicsbot.bootstrap import bootstrap
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.cases import a_filing, open_one
from tests.integration.cli.test_cli import here, run  # noqa: F401 - the fixture

TWO_TOLLS = ("--toll", "2026-01-12:2026-01-14:5", "--toll", "2026-02-02:2026-02-05:10")


def rows(out: str) -> dict[str, dict[str, object]]:
    return {d["key"]: d for d in json.loads(out)["deadlines"]}


def test_case_judges_each_status_now_not_when_it_was_saved(
        here: Path, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    received = datetime(2026, 1, 6, 17, 30, tzinfo=UTC)  # Tue Jan 6 2026 9:30 AM PST
    app = bootstrap(make_settings(here, database_url), clock=FakeClock(received))
    number = open_one(app, a_filing(received))  # saved then, every deadline open
    app.engine.dispose()
    code, out, _ = run(capsys, "case", number, "--json")  # now: months later
    assert code == 0
    statuses = {d["key"]: d["status"] for d in json.loads(out)["deadlines"]}
    assert statuses == {"notice_24h": "missed", "registered_mail": "missed",
                        "hearing_begin": "missed", "hearing_conclude": "missed"}


def test_deadlines_show_the_other_readings_date_beside_the_citys(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    # test_calendars: per application begin Tue Feb 17, in total Tue Feb 10
    code, out, _ = run(capsys, "deadlines", "--json", "--received", "2026-01-06T09:30",
                       *TWO_TOLLS, "--now", "2026-01-06T10:00")
    begin = rows(out)["hearing_begin"]
    assert code == 0 and begin["due"] == "2026-02-17T23:59:59-08:00"
    assert begin["reading"] == "continuances capped at 10 days per application (§7)"
    assert begin["other_reading"] == {"reading": "continuances capped at 10 days in total (§7)",
                                      "due": "2026-02-10T23:59:59-08:00"}
    assert "Tue Feb 10, 2026" in str(begin["basis"])
    code, out, _ = run(capsys, "deadlines", "--json", "--received", "2026-01-06T09:30",
                       *TWO_TOLLS, "--continuance-cap", "in_total", "--now", "2026-01-06T10:00")
    begin = rows(out)["hearing_begin"]
    assert begin["due"] == "2026-02-10T23:59:59-08:00"
    assert begin["other_reading"] == {
        "reading": "continuances capped at 10 days per application (§7)",
        "due": "2026-02-17T23:59:59-08:00"}
    code, out, _ = run(capsys, "deadlines", "--received", "2026-01-06T09:30", *TWO_TOLLS)
    assert code == 0 and "other reading" in out  # the table shows it too


def test_the_directory_files_reading_is_the_default(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    from ethicsbot.directory_file import embedded_directory_text

    (here / "city.yml").write_text(embedded_directory_text()
                                   + "readings: {continuance_cap: in_total}\n")
    code, out, _ = run(capsys, "deadlines", "--json", "--received", "2026-01-06T09:30",
                       *TWO_TOLLS)
    assert code == 0 and rows(out)["hearing_begin"]["due"] == "2026-02-10T23:59:59-08:00"
    (here / "city.yml").write_text(embedded_directory_text()
                                   + "readings: {continuance_cap: ten_days}\n")
    code, _, err = run(capsys, "deadlines", "--json", "--received", "2026-01-06T09:30")
    assert code != 0 and "readings.continuance_cap" in err and "in_total" in err
    (here / "city.yml").write_text(embedded_directory_text()
                                   + "readings: {board_quorom: board_members}\n")
    code, _, err = run(capsys, "deadlines", "--json", "--received", "2026-01-06T09:30")
    assert code != 0 and "readings.board_quorom" in err  # a mistyped name is no default


def test_a_late_extension_and_a_disclosure_request(
        here: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    code, out, _ = run(capsys, "deadlines", "--json", "--received", "2026-01-06T09:30",
                       "--hearing-concluded", "2026-01-30",
                       "--extend", "report_delivery:5:2026-02-10",
                       "--disclosure-request", "2026-11-20", "--now", "2026-11-24T09:00")
    assert code == 0
    report, disclosure = rows(out)["report_delivery"], rows(out)["disclosure_response"]
    assert report["due"] == "2026-02-09T23:59:59-08:00"  # not revived (§10)
    assert "cannot revive it (§10)" in str(report["basis"])
    assert disclosure["due"] == "2026-12-01T23:59:59-08:00"
    assert disclosure["responsible"] == "city_attorney" and disclosure["status"] == "open"


def test_minutes_print_a_meetings_draft_drawn_from_the_record(
        here: Path, database_url: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    """RCW 42.30.035: `ethicsbot minutes CASE N` prints the meeting's minutes as drawn
    from what was recorded at it, naming the members and not the official."""
    from tests.fixtures.cases import convene

    received = datetime(2026, 1, 6, 17, 30, tzinfo=UTC)
    app = bootstrap(make_settings(here, database_url), clock=FakeClock(received))
    number = open_one(app, a_filing(received))
    convene(app, number)
    app.engine.dispose()
    code, out, _ = run(capsys, "minutes", number, "1")
    assert code == 0, out
    assert f"Minutes of meeting 1 of the Ethics Board on case {number}" in out
    assert "Roll call: present" in out and "DRAFT: not yet approved" in out
    assert "Raman" not in out  # the official complained against
    code, _, err = run(capsys, "minutes", number, "7")
    assert code != 0 and f"{number} has no meeting 7" in err
