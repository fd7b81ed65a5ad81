"""IMAP intake against the real Dovecot: every message becomes exactly one case, a
correspondence or a quarantined filing, whatever the server, the bot's downtime or the
mail does (issue 3's list). Server quirks and failures: test_imap_resilience.py."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import pytest
from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientAbortError
from sqlalchemy import select

from ethicsbot.bootstrap import App, bootstrap
from mail.intake import IntakeOutcome, Outcome
from storage.models import IntakeCursor, OutboxRow
from tests.fixtures.app import FakeClock, make_settings
from tests.integration.mail.complaints import corpus, crlf, forwarded_complaint, garbage
from tests.integration.mail.harness import (
    append_all,
    case_count,
    eventually,
    filings,
    folder_counts,
)
from tests.integration.mail.imap_support import (
    connected,
    counts,
    end_imap_sessions,
    intake_app,
    listening,
)
from tests.servers.dovecot import DovecotServer, ImapAccount

__all__ = ["intake_app"]  # a fixture, used by name


def test_a_complaint_appended_while_idling_opens_one_case_at_once(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    taken: list[IntakeOutcome] = []
    with listening(intake_app, on_taken=taken.append) as running:
        connected(dovecot, imap_account)
        dovecot.append(corpus("gmail-forward-letter.eml"), user=imap_account.user)
        eventually(lambda: case_count(intake_app) == 1, interval=0.02, what="one case opened")
        eventually(lambda: counts(dovecot, imap_account)["Processed"] == 1)
        assert running.stop() < 2.0, "stopping must be prompt"
    assert [t.outcome for t in taken] == [Outcome.OPENED]
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 1, "Quarantine": 0}
    with dovecot.client(imap_account.user) as imap:  # BODY.PEEK[]: never marked read
        imap.select_folder("Processed", readonly=True)
        assert imap.search(["SEEN"]) == []
    [filing] = filings(intake_app)
    assert filing.source == "imap" and filing.raw == crlf(corpus("gmail-forward-letter.eml"))


def test_200_messages_appended_while_stopped_are_all_opened_exactly_once(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    append_all(dovecot, imap_account, [forwarded_complaint(n) for n in range(200)])
    taken: list[IntakeOutcome] = []
    with listening(intake_app, on_taken=taken.append):  # stopped part-way through ...
        eventually(lambda: len(taken) >= 30, timeout=30)
    with listening(intake_app, on_taken=taken.append):  # ... and started again
        eventually(lambda: counts(dovecot, imap_account)["INBOX"] == 0, timeout=60)
    assert case_count(intake_app) == 200
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 200, "Quarantine": 0}
    assert [t.outcome for t in taken] == [Outcome.OPENED] * 200
    assert len({t.case_number for t in taken}) == 200


def test_dovecot_restarted_under_the_listener_it_reconnects_and_loses_nothing(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="mail.listener")
    with listening(intake_app) as running:
        connected(dovecot, imap_account)
        dovecot.append(forwarded_complaint(1), user=imap_account.user)
        eventually(lambda: case_count(intake_app) == 1)
        dovecot.restart()
        # Stopping this Dovecot's master leaves logged-in sessions running; a real restart
        # (systemd, a reboot, a failover) ends them too.
        assert end_imap_sessions(dovecot, imap_account) >= 1
        dovecot.append(forwarded_complaint(2), user=imap_account.user)
        eventually(lambda: case_count(intake_app) == 2, timeout=15, what="taken in after restart")
        assert running.alive
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 2, "Quarantine": 0}
    assert any("reconnecting in" in r.getMessage() for r in caplog.records)


def test_junk_is_quarantined_in_its_folder_and_kept_never_lost(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    junk = [garbage(), corpus("reject-resident-direct.eml"),
            corpus("reject-autoreply-from-forwarder.eml")]
    append_all(dovecot, imap_account, junk)
    with listening(intake_app):
        eventually(lambda: counts(dovecot, imap_account)["Quarantine"] == 3)
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 0, "Quarantine": 3}
    assert case_count(intake_app) == 0
    stored = filings(intake_app)
    assert [f.outcome for f in stored] == ["quarantined"] * 3
    assert sorted(f.raw for f in stored) == sorted(crlf(raw) for raw in junk)
    with intake_app.uow() as uow:  # the clerk is told about each one
        alerts = uow.session.scalars(select(OutboxRow.filing_id)).all()
    assert {f.id for f in stored} <= set(alerts)


def test_a_20_mb_attachment_is_taken_in_whole(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    evidence = os.urandom(20 * 2**20)
    raw = forwarded_complaint(7, attachment=("bank-statements.bin", evidence))
    append_all(dovecot, imap_account, [raw])
    with listening(intake_app):
        eventually(lambda: counts(dovecot, imap_account)["Processed"] == 1, timeout=60)
    assert case_count(intake_app) == 1
    [filing] = filings(intake_app)
    assert filing.raw == crlf(raw)
    assert filing.parsed is not None and "bank-statements.bin" in filing.parsed["attachments"]


def test_a_new_uidvalidity_is_survived_with_no_duplicate_case(
        dovecot: DovecotServer, imap_account: ImapAccount, tmp_path: Path, database_url: str,
        clock: FakeClock) -> None:
    settings = make_settings(tmp_path, database_url, **imap_account.settings(),
                             imap_folder="Intake")
    app = bootstrap(settings, clock=clock)
    mail = [forwarded_complaint(n) for n in range(4)]
    append_all(dovecot, imap_account, mail[:3], folder="Intake")
    with listening(app):
        eventually(lambda: case_count(app) == 3)
    with dovecot.client(imap_account.user) as imap:  # the folder is recreated: UIDs restart
        imap.delete_folder("Intake")
        imap.create_folder("Intake")
    append_all(dovecot, imap_account, [mail[0], mail[3]], folder="Intake")  # UIDs 1 and 2
    with listening(app):
        eventually(lambda: folder_counts(dovecot, imap_account, "Intake")["Intake"] == 0)
    assert case_count(app) == 4
    assert folder_counts(dovecot, imap_account, "Processed")["Processed"] == 5
    with app.uow() as uow, dovecot.client(imap_account.user) as imap:
        [cursor] = uow.session.scalars(select(IntakeCursor)).all()
        assert cursor.uidvalidity == imap.folder_status("Intake")[b"UIDVALIDITY"]
        assert cursor.last_uid == 2
    app.engine.dispose()


def test_the_same_message_appended_twice_opens_one_case(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    raw = forwarded_complaint(5)
    append_all(dovecot, imap_account, [raw, raw])
    taken: list[IntakeOutcome] = []
    with listening(intake_app, on_taken=taken.append):
        eventually(lambda: len(taken) == 2)
    assert [t.outcome for t in taken] == [Outcome.OPENED, Outcome.DUPLICATE]
    assert taken[0].case_number == taken[1].case_number
    assert case_count(intake_app) == 1 and len(filings(intake_app)) == 1
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 2, "Quarantine": 0}


def test_a_crash_between_take_in_and_the_move_loses_and_duplicates_nothing(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App,
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_move = IMAPClient.move
    failures: list[Any] = []

    def move_failing_once(self: IMAPClient, messages: Any, folder: str) -> Any:
        if not failures:
            failures.append(messages)
            raise IMAPClientAbortError("socket error: connection reset (simulated)")
        return real_move(self, messages, folder)

    monkeypatch.setattr(IMAPClient, "move", move_failing_once)
    append_all(dovecot, imap_account, [forwarded_complaint(n) for n in range(3)])
    taken: list[IntakeOutcome] = []
    with listening(intake_app, on_taken=taken.append):
        eventually(lambda: counts(dovecot, imap_account)["Processed"] == 3)
    assert failures, "the move did fail once"
    assert case_count(intake_app) == 3 and len(filings(intake_app)) == 3
    assert sorted(t.outcome for t in taken) == [Outcome.DUPLICATE] * 3  # retried, not reopened
    assert counts(dovecot, imap_account)["INBOX"] == 0
