"""The command line's lookups and changes go into the access log like Slack's (§6), with
the operating-system user as the actor and `cli` as the channel; what it prints of a
stranger's text cannot steer the terminal."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import select

from cases.text import BIDI_CONTROLS
from storage.db import make_engine
from storage.models import AccessLogRow
from tests.integration.cli.test_cli import CORPUS, here, run

__all__ = ["here"]  # a fixture, used by name


@pytest.fixture
def alice(here: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`here`, with the terminal's user called alice."""
    for name in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(name, "alice")
    return here


def access_log(database_url: str) -> list[tuple[str, str | None, str, str, bool]]:
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            return [(r.who, r.case_number, r.action, r.channel, r.allowed)
                    for r in conn.execute(select(AccessLogRow).order_by(AccessLogRow.id))]
    finally:
        engine.dispose()


def test_every_command_that_reads_or_changes_a_case_is_in_the_access_log(
        alice: Path, capsys: pytest.CaptureFixture[str], database_url: str) -> None:
    shutil.copy(CORPUS / "gmail-forward-letter.eml", alice / "c.eml")
    shutil.copy(CORPUS / "reject-resident-direct.eml", alice / "r.eml")
    n = "ETH-2026-0001"
    assert run(capsys, "file", "c.eml", "--received", "2026-12-01T08:05")[0] == 0
    assert run(capsys, "file", "r.eml")[0] == 2  # quarantined
    assert run(capsys, "cases", "--json")[0] == 0
    assert run(capsys, "case", n, "--json")[0] == 0
    assert run(capsys, "case", "ETH-2026-0999")[0] == 2
    assert run(capsys, "notices", n)[0] == 0
    assert run(capsys, "correct-receipt", n, "2026-11-30T08:05", "--reason", "stamped")[0] == 0
    assert run(capsys, "correct-receipt", "ETH-2026-0999", "2026-11-30T08:05",
               "--reason", "x")[0] == 2
    assert run(capsys, "resend", n, "complaint_to_respondent", "gpruitt@city.test")[0] == 0
    assert run(capsys, "resend", n, "complaint_to_respondent", "nobody@city.test")[0] == 2
    who, cli = "os:alice", "cli"
    assert access_log(database_url) == [
        (who, n, "file complaint (opened)", cli, True),
        (who, None, "file complaint (quarantined)", cli, True),
        (who, None, "docket", cli, True),
        (who, n, "case detail", cli, True),
        (who, "ETH-2026-0999", "case detail", cli, False),
        (who, n, "notice log", cli, True),
        (who, n, "correct receipt", cli, True),
        (who, "ETH-2026-0999", "correct receipt refused", cli, False),
        (who, n, "resend complaint_to_respondent", cli, True),
        (who, n, "resend complaint_to_respondent refused", cli, False),
    ]
    case = json.loads(run(capsys, "case", n, "--json")[1])
    assert case["history"][-1]["actor"] == "os:alice"  # the correction is theirs too


# an auto-reply from a forwarder's address, whose refusal quotes the sender's name
HOSTILE = (b"From: =?utf-8?b?" + base64.b64encode(
    "Mallory \x1b]0;owned\x07\x1b[2J\u202egnp.exe\u202c \x9b31m".encode()) +
    b"?= <cityadmin@city.test>\r\nTo: ethics@city.test\r\nSubject: hi\r\n"
    b"Auto-Submitted: auto-replied\r\n"
    b"Message-ID: <h1@example.org>\r\nDate: Tue, 01 Dec 2026 08:00:00 -0800\r\n\r\n" +
    "Gary Pruitt took a bribe. \u202eknil siht kcilc\u202c\r\n".encode())

# a forward whose complainant's name carries a CSI (U+009B), that a terminal would obey
FORWARD = ("From: Casey Clerk <clerk@city.test>\r\nTo: ethics@city.test\r\n"
           "Subject: Fwd: complaint\r\nMessage-ID: <h2@example.org>\r\n"
           "Date: Tue, 01 Dec 2026 08:00:00 -0800\r\n"
           "Content-Type: text/plain; charset=utf-8\r\n\r\n"
           "---------- Forwarded message ---------\r\n"
           "From: Mallory \x9b31m <mallory@example.org>\r\n"
           "Date: Tue, Dec 1, 2026 at 7:00 AM\r\nSubject: complaint\r\n"
           "To: <clerk@city.test>\r\n\r\nGary Pruitt took a bribe.\r\n").encode()


def test_what_the_command_line_prints_of_a_stranger_s_words_cannot_steer_the_terminal(
        alice: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Escape sequences (clear the screen, retitle the window, CSI) and bidirectional
    controls in a sender's name reach the terminal as visible marks, on one line."""
    (alice / "h.eml").write_bytes(HOSTILE)
    code, out, err = run(capsys, "file", "h.eml")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "Mallory" in err and "automatic reply" in err
    for ch in ("\x1b", "\x07", "\x9b", *BIDI_CONTROLS):
        assert ch not in err
    assert "[U+009B]" in err and "[U+202E]" in err

    (alice / "f.eml").write_bytes(FORWARD)
    code, out, _ = run(capsys, "intake", "--json", "f.eml")
    assert code == 0 and "\x9b" not in out
    # still JSON, the same data for a program: the control is escaped, not dropped
    assert json.loads(out)["complainant"]["name"] == "Mallory \x9b31m"
