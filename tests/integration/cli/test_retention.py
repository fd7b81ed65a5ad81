"""Retention and legal hold through the command line on SQLite and PostgreSQL (RCW 40.14;
docs/records.md): a case closed years ago is listed for review, a legal hold refuses its
destruction until the city attorney lifts it, the clerk requests, the records officer
approves, the content is gone, the certificate is in the history and `ethicsbot verify`
still passes."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from cases import commands as c
from ethicsbot.bootstrap import App
from storage.models import CaseRow, DeadlineRow, DeliveryRow, EventRow, FilingRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import a_filing, open_one, step
from tests.fixtures.web import reported
from tests.integration.cli.test_cli import here, run

__all__ = ["here"]  # a fixture, used by name

OLD = datetime(2019, 3, 4, 17, 0, tzinfo=UTC)  # Mon Mar 4 2019, 9 AM in Riverton


def closed_long_ago(app: App, clock: FakeClock) -> str:
    clock.set(OLD)
    number = open_one(app, a_filing(received=OLD))
    clock.advance(days=1)
    reported(app, number, sufficient=False, summary="no prima facie showing")
    step(app, number, c.CloseCase("insufficient"), actor="hpark@city.test")
    return number


def test_a_held_case_is_refused_then_destroyed_on_approval_and_verify_passes(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(Path(__file__).resolve().parents[3] / "city.example.yml", here / "city.yml")
    number = closed_long_ago(app, clock)

    code, out, _ = run(capsys, "retention", "--json")
    assert code == 0
    queue = json.loads(out)
    assert queue["retention"]["years"] == 6
    [line] = queue["due"]
    assert line["case"] == number and line["closed_on"] == "2019-03-05"
    assert line["retention_ends"] == "2025-03-05" and line["holds"] == []

    code, _, _ = run(capsys, "step", "--as", "attorney@city.test", "hold", "place", number,
                     "Whitfield v. Riverton: preserve the file")
    assert code == 0
    code, out, _ = run(capsys, "retention")
    assert "legal hold" in out and "Whitfield v. Riverton" in out
    code, _, err = run(capsys, "step", "--as", "clerk@city.test", "destroy", "request", number)
    assert code == 2 and "on hold" in err and "Whitfield" in err
    code, _, _ = run(capsys, "step", "--as", "attorney@city.test", "hold", "lift", number,
                     "the suit was dismissed")
    assert code == 0
    code, _, err = run(capsys, "step", "--as", "clerk@city.test", "destroy", "request", number)
    assert code == 0, err
    # the clerk is not the records officer; the records officer approves
    code, _, err = run(capsys, "step", "--as", "clerk@city.test", "destroy", "approve", number)
    assert code == 2 and "Only the records officer" in err
    code, _, err = run(capsys, "step", "--as", "records@city.test", "destroy", "approve", number)
    assert code == 0, err

    with app.session_factory() as s:
        case_id = s.scalars(select(CaseRow.id).where(CaseRow.number == number)).one()
        events = s.scalars(select(EventRow).where(EventRow.case_id == case_id)
                           .order_by(EventRow.seq)).all()
        filings = s.scalars(select(FilingRow).where(FilingRow.case_id == case_id)).all()
        deadlines = s.scalars(select(DeadlineRow).where(DeadlineRow.case_id == case_id)).all()
        respondents = s.scalars(select(CaseRow.respondents).where(CaseRow.id == case_id)).one()
    cert = events[-1]
    assert cert.kind == "records_destroyed" and cert.actor == "records@city.test"
    assert cert.data["requested_by"] == "clerk@city.test"
    assert "RCW 40.14" in cert.data["authority"] and cert.data["years"] == 6
    assert all(e.data == {"destroyed_by": cert.seq} for e in events[:-1])
    assert "City Hall for a campaign event" not in json.dumps([e.data for e in events])
    assert all(f.raw == b"" and f.parsed is None for f in filings)
    assert deadlines and all(d.due is not None or d.status for d in deadlines)  # kept
    assert respondents == []
    with app.session_factory() as s:  # the notice log keeps whom, not the complainant's address
        sent = s.scalars(select(OutboxRow).where(OutboxRow.case_id == case_id)).all()
        replies = s.scalars(select(DeliveryRow.recipient)).all()
    assert sent and "dw@example.net" not in {r.recipient_email.lower() for r in sent}
    assert "complainant" in {r.recipient_email for r in sent}
    assert not any("Whitfield" in r.recipient_name for r in sent)
    assert "dw@example.net" not in replies

    code, out, _ = run(capsys, "verify")
    assert code == 0, out
    assert out.splitlines()[-1].startswith("verified: 1 case(s)")
    code, out, _ = run(capsys, "retention", "--json")
    assert json.loads(out)["due"] == []  # destroyed: nothing more to review
    code, _, err = run(capsys, "step", "--as", "attorney@city.test", "hold", "place", number,
                       "too late")
    assert code == 2 and "was destroyed" in err
    code, out, _ = run(capsys, "case", number)
    assert code == 0 and "campaign event" not in out


def test_a_city_with_no_retention_period_has_nothing_due(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    closed_long_ago(app, clock)  # the embedded city sets no `retention:`
    code, out, _ = run(capsys, "retention")
    assert code == 0 and "no retention period" in out and "no case is ever due" in out
