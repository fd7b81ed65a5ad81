"""Issue 27, item 5, on SQLite and PostgreSQL with the real SMTP sink: a bounce of a §2
notice the server had accepted marks it undelivered, opens `notice_24h` again and alerts
the clerk with the time left; a delay report does not; a read receipt is filed with the
case as evidence. Neither opens a case nor is held."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from cases.case import Case
from cases.history import EventKind
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.intake import Outcome, take_in
from storage.models import OutboxRow
from tests.integration.mail.test_dispatch import RESPONDENT, notice_24h, open_case, smtp
from tests.servers.smtp_sink import SmtpSink

DSN = "tests/data/machine/dsn-postfix.eml"
MDN = "tests/data/machine/mdn-thunderbird-displayed.eml"
ORIGINAL = b"20260612160512.1.notice@ethicsbot.city.test"


def report_on(path: str, row: OutboxRow, *, delayed: bool = False) -> bytes:
    raw = Path(path).read_bytes().replace(ORIGINAL, row.message_id.strip("<>").encode())
    raw = raw.replace(b"praman@example.org", row.recipient_email.encode()).replace(
        b"praman@city.test", row.recipient_email.encode())
    if delayed:
        raw = raw.replace(b"Action: failed", b"Action: delayed").replace(
            b"Status: 5.1.1", b"Status: 4.4.1")
    mark = row.notice_type.encode() + (b".delayed." if delayed else b".")
    return raw.replace(b"Message-ID: <", b"Message-ID: <" + mark, 1)


def notice_row(app: App, notice_type: str) -> OutboxRow:
    with app.session_factory() as s:
        return s.scalars(select(OutboxRow).where(OutboxRow.notice_type == notice_type)
                         .order_by(OutboxRow.id)).first()  # type: ignore[return-value]


def the_case(app: App, number: str) -> Case | None:
    with app.uow() as uow:
        return uow.cases.get(number)


def alerts(app: App) -> list[OutboxRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow).where(
            OutboxRow.notice_type == "delivery_failed_alert")))


async def test_a_bounce_of_the_officials_notice_opens_notice_24h_and_alerts_the_clerk(
        app: App, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    assert notice_24h(app) == "met"
    row = notice_row(app, "complaint_to_respondent")
    assert row.recipient_email == RESPONDENT and row.status == "sent"
    # a delay report is filed, and changes nothing
    delay = take_in(report_on(DSN, row, delayed=True), app.intake(), source="imap")
    assert delay.outcome is Outcome.CORRESPONDENCE and delay.case_number == number
    assert notice_24h(app) == "met" and not alerts(app)
    done = take_in(report_on(DSN, row), app.intake(), source="imap")
    assert done.outcome is Outcome.CORRESPONDENCE and done.case_number == number
    assert "bounce of complaint_to_respondent" in done.detail
    assert notice_row(app, "complaint_to_respondent").status == "failed"
    assert notice_24h(app) == "open"
    case = the_case(app, number)
    assert case is not None
    assert case.history[-1].kind is EventKind.NOTICE_BOUNCED
    assert {a.recipient_email for a in alerts(app)} == {"clerk@city.test"}
    await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    (alert,) = [m for m in smtp_sink.wait_for(1) if "could not be delivered" in str(m["Subject"])
                and m["To"].addresses[0].addr_spec == "clerk@city.test"][-1:]
    text = alert.get_body(("plain",)).get_content()
    assert "complaint_to_respondent" in text and RESPONDENT in text
    assert "550 5.1.1" in text and "min left" in text and f"/ethics notice {number}" in text


async def test_a_read_receipt_is_filed_with_the_case_naming_the_notice(
        app: App, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    row = notice_row(app, "complaint_to_council")
    got = take_in(report_on(MDN, row), app.intake(), source="imap")
    assert got.outcome is Outcome.CORRESPONDENCE and got.case_number == number
    assert row.recipient_email in got.detail and "displayed" in got.detail
    case = the_case(app, number)
    assert case is not None and case.history[-1].kind is EventKind.CORRESPONDENCE_FILED
    assert "Read receipt: complaint_to_council" in case.history[-1].data["subject"]
    assert notice_24h(app) == "met" and not alerts(app)


def test_a_read_receipt_naming_no_notice_of_ours_is_still_held(app: App) -> None:
    """The pair: only a report on one of a case's notices is filed."""
    open_case(app)
    got = take_in(corpus_free(MDN), app.intake(), source="imap")
    assert got.outcome is Outcome.QUARANTINED


def corpus_free(path: str) -> bytes:
    return Path(path).read_bytes().replace(ORIGINAL, b"someone-else@elsewhere.example").replace(
        b" [ETH-2026-0007]", b"")
