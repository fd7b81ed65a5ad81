"""A hostile message on the real servers: quarantined with the limit named, kept byte for
byte, the clerk told; and the genuine complaint behind it opens its case at once (IMAP on
Dovecot, the Maildir, the read-ahead helper process)."""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import select

from cases.notices import NoticeType
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.intake import IntakeOutcome, Outcome, take_in
from mail.listener.read_ahead import MIN_BATCH, ReadAhead
from storage.models import OutboxRow
from tests.integration.mail.complaints import crlf, forwarded_complaint
from tests.integration.mail.harness import case_count, eventually, filings
from tests.integration.mail.imap_support import connected, counts, intake_app, listening
from tests.integration.mail.test_dispatch import plain, smtp
from tests.integration.mail.test_maildir_intake import deliver, files
from tests.integration.mail.test_maildir_intake import listening as maildir_listening
from tests.servers.dovecot import DovecotServer, ImapAccount
from tests.servers.smtp_sink import SmtpSink
from tests.unit.mail.hostile import SHAPE

__all__ = ["intake_app"]  # a fixture, used by name

HOSTILE = {"many_parts": "ETHICSBOT_MAIL_MAX_PARTS=200", "many_pdfs": "ETHICSBOT_MAIL_MAX_PDFS=20",
           "flate_bomb": "ETHICSBOT_MAIL_MAX_PDF_STREAM_BYTES=4194304"}


def alerts(app: App) -> list[OutboxRow]:
    with app.uow() as uow:
        rows = list(uow.session.scalars(select(OutboxRow).where(
            OutboxRow.notice_type == NoticeType.QUARANTINE_ALERT.value)))
        uow.session.expunge_all()
        return rows


def test_hostile_mail_is_quarantined_and_the_complaint_behind_it_opens_at_once(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    hostile = [crlf(SHAPE[name].build()) for name in HOSTILE]
    stranger = crlf(SHAPE["stranger_parts"].build())
    taken: list[IntakeOutcome] = []
    with listening(intake_app, on_taken=taken.append):
        connected(dovecot, imap_account)
        for raw in [*hostile, stranger]:
            dovecot.append(raw, user=imap_account.user)
        appended = time.monotonic()
        dovecot.append(forwarded_complaint(1), user=imap_account.user)
        eventually(lambda: case_count(intake_app) == 1, timeout=10, interval=0.02,
                   what="the genuine complaint opened")
        waited = time.monotonic() - appended
        eventually(lambda: counts(dovecot, imap_account)["Processed"] == 1)
    assert waited < 5, f"the complaint waited {waited:.1f} s behind the hostile mail"
    assert [t.outcome for t in taken] == [Outcome.QUARANTINED] * 4 + [Outcome.OPENED]
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 1, "Quarantine": 4}
    rows = filings(intake_app)
    assert [r.raw for r in rows[:4]] == [*hostile, stranger]  # nothing dropped
    for row, setting in zip(rows[:3], HOSTILE.values(), strict=True):
        assert row.reason is not None and setting in row.reason
        assert "(from mayor@city.test)" in row.reason
    assert rows[3].reason is not None and "not an allowed forwarder" in rows[3].reason
    assert {a.filing_id for a in alerts(intake_app)} == {r.id for r in rows[:4]}


async def test_the_clerk_s_alert_names_the_limit_and_its_value(
        app: App, smtp_sink: SmtpSink) -> None:
    raw = SHAPE["many_parts"].build()
    assert take_in(raw, app.intake(), source="imap").outcome is Outcome.QUARANTINED
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 1
    (alert,) = smtp_sink.wait_for(1)
    text = plain(alert)
    assert "Over the intake limit ETHICSBOT_MAIL_MAX_PARTS=200" in text
    assert "more than 200 MIME parts" in text and "Nothing was deleted" in text


def test_the_maildir_quarantines_hostile_mail_and_takes_the_next_in_at_once(app: App) -> None:
    maildir = Path(app.settings.maildir)
    hostile = {f"{n}.host": SHAPE[name].build() for n, name in enumerate(HOSTILE)}
    taken: list[IntakeOutcome] = []
    with maildir_listening(app, taken):
        eventually(lambda: (maildir / ".Quarantine" / "cur").is_dir(), what="Maildir created")
        for name, raw in hostile.items():
            deliver(maildir, name, raw)
        delivered = time.monotonic()
        deliver(maildir, "9.host", forwarded_complaint(2))
        eventually(lambda: case_count(app) == 1, timeout=10, interval=0.02)
        waited = time.monotonic() - delivered
        eventually(lambda: len(taken) == 4)
    assert waited < 5, f"the complaint waited {waited:.1f} s behind the hostile mail"
    assert files(maildir / ".Quarantine" / "cur") == {
        f"{name}:2,": raw for name, raw in hostile.items()}
    assert files(maildir / "new") == {}


def test_the_read_ahead_process_refuses_hostile_mail_as_the_listener_would(
        app: App, read_ahead: ReadAhead) -> None:
    batch: list[bytes | None] = [SHAPE[name].build() for name in HOSTILE]
    batch += [forwarded_complaint(n) for n in range(max(0, MIN_BATCH - len(batch)) + 1)]
    got = eventually(lambda: [r for r in read_ahead.results(batch) if r is not None]
                     and list(read_ahead.results(batch)), timeout=30,
                     what="the read-ahead process answering")
    here = app.intake().rules
    for raw, result in zip(batch, got, strict=True):
        assert raw is not None and result is not None, "parsed in the helper, not skipped"
        mine = here.parse(raw)
        assert (result.reject_reason, result.limit) == (mine.reject_reason, mine.limit)
    assert [r.limit for r in got[:3]] == list(HOSTILE.values())
    assert all(r.accepted for r in got[3:])
    again = list(read_ahead.results(batch))  # the helper is still there for the next batch
    assert [r is not None and r.accepted for r in again[3:]] == [True] * (len(batch) - 3)
