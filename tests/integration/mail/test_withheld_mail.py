"""A real forwarded complaint (its .eml kept as filed) whose complainant the clerk
withholds before the §2 notices go (issue 27, item 4; `cases.protection`), dispatched to
the SMTP sink on SQLite and PostgreSQL: the official's and the council's mails carry
neither the complainant's name or email nor a word of the complaint, nor the .eml; they
carry the summary and the statute it rests on. The board's copy is the complaint as
filed."""

from __future__ import annotations

import dataclasses
import email
from email import policy
from email.message import EmailMessage

from cases import commands as c
from cases.protection import ProtectionBasis
from cases.readings import ComplainantProtection, Readings
from cases.services import take_step
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.intake import Outcome, take_in
from mail.transport import SmtpTls, SmtpTransport
from tests.integration.mail.complaints import corpus
from tests.servers.smtp_sink import SmtpSink

COMPLAINT = "gmail-forward-letter.eml"  # Dana Whitfield against Parks Director Gary Pruitt
SECRETS = ("Whitfield", "dwhitfield@example.net", "Green Edge", "Seahawks")
SUMMARY = ("Alleges that the Parks Director took part in awarding a mowing contract to a "
           "relative's firm and accepted a gift from it (2.94.030, 2.94.040(B)).")
COUNCIL = {"praman@city.test", "abrandt@city.test", "bokafor@city.test",
           "mortiz@city.test", "thale@city.test"}


def readable(msg: EmailMessage) -> str:
    again = email.message_from_bytes(msg.as_bytes(policy=policy.SMTP), _class=EmailMessage,
                                     policy=policy.default)
    parts = [str(again["Subject"])]
    for part in again.walk():
        payload = None if part.is_multipart() else part.get_payload(decode=True)
        if isinstance(payload, bytes):
            parts.append(payload.decode("utf-8", "replace"))
    return " ".join(" ".join(parts).split())


async def test_the_withheld_complainant_reaches_neither_the_official_nor_the_council(
        app: App, smtp_sink: SmtpSink) -> None:
    city = dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(
            complainant_protection=ComplainantProtection.WITHHELD_WHERE_RECORDED)))
    result = take_in(corpus(COMPLAINT), city.intake(), source="imap", received_at=app.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    with city.uow() as uow:
        take_step(uow, result.case_number,
                  c.WithholdComplainant(ProtectionBasis.RCW_42_56_240, SUMMARY),
                  directory=city.directory, calendar=city.calendar, clock=city.clock,
                  actor="clerk@city.test")
        uow.commit()
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE, timeout=5)
    sent = smtp_sink.wait_for(await dispatch_once(city.dispatch_deps(), transport))
    by_to = {}
    for m in sent:
        by_to.setdefault(m["To"].addresses[0].addr_spec.lower(), []).append(m)
    told = by_to["gpruitt@city.test"] + [m for e in COUNCIL for m in by_to[e]]
    assert len(told) >= 1 + len(COUNCIL)
    for msg in told:
        text = readable(msg)
        for secret in SECRETS:
            assert secret not in text, (msg["To"], msg["Subject"], secret)
        if "Invitation" not in str(msg["Subject"]):
            assert SUMMARY in text and "RCW 42.56.240(2), as the city reads it" in text
        assert not [p.get_filename() for p in msg.iter_attachments()
                    if (p.get_filename() or "").endswith(".eml")]
    board = next(m for m in by_to["hpark@city.test"] if "sufficiency" in str(m["Subject"]))
    assert "Whitfield" in readable(board)
    assert [p.get_filename() for p in board.iter_attachments()] == [
        f"{result.case_number}-complaint.eml"]
