"""The public records letters through the real dispatcher to the SMTP sink, on SQLite and
PostgreSQL (issue 27, item 3): the requester gets the acknowledgement and the instalment
with its released PDF, from which the redacted text is gone; the third party gets the
notice with the day of release; the request log then shows each letter's delivery (to
whom, when, its Message-ID): the proof kept with it."""

from __future__ import annotations

import io
import time
from datetime import timedelta
from email.message import EmailMessage

from pdfminer.high_level import extract_text

from cases import commands as c
from cases.disclosure import AnswerKind, Redaction
from cases.public_records import PublicRecord
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.transport import SmtpTls, SmtpTransport
from storage.disclosures import request_log
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.integration.web.test_public import closed_insufficient
from tests.servers.smtp_sink import SmtpSink

ATTORNEY = "attorney@city.test"
CUT = "campaign event"  # words of the complaint's facts, redacted


def letters(sink: SmtpSink, timeout: float = 5.0) -> list[EmailMessage]:
    """The three letters of the request, once the sink has them (the case's own notices
    go in the same dispatch, postings not by mail)."""
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in sink.messages() if "public records" in str(m["Subject"]).lower()
                 or "Records concerning you" in str(m["Subject"])]
        if len(found) >= 3 or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


async def test_the_letters_reach_the_requester_and_the_log_keeps_their_delivery(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    number = closed_insufficient(app)
    transport = SmtpTransport(smtp_sink.host, smtp_sink.port, tls=SmtpTls.NONE, timeout=5)
    today = app.calendar.local_date(clock())
    step(app, number, c.RecordDisclosureRequest("A. Reporter", email="reporter@ledger.test",
                                                what="the complaint"), actor=ATTORNEY)
    step(app, number, c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE,
                                         estimate=today + timedelta(days=14)), actor=ATTORNEY)
    step(app, number, c.NotifyThirdParty("Gary Pruitt", "gpruitt@city.test",
                                         (PublicRecord.COMPLAINT,), today + timedelta(days=3)),
         actor=ATTORNEY)
    clock.advance(days=3)
    step(app, number, c.PrepareInstalment((PublicRecord.COMPLAINT,), (Redaction(
        "complaint", "RCW 42.56.240(2)", "a witness's identity", CUT),), final=True))
    step(app, number, c.ReleaseRecords(), actor=ATTORNEY)
    await dispatch_once(app.dispatch_deps(), transport)
    sent = letters(smtp_sink)
    to_requester = [m for m in sent if m["To"].addresses[0].addr_spec == "reporter@ledger.test"]
    assert len(to_requester) == 2
    instalment = next(m for m in to_requester if any(
        p.get_content_type() == "application/pdf" for p in m.iter_attachments()))
    [pdf] = [p for p in instalment.iter_attachments()
             if p.get_content_type() == "application/pdf"]
    released = extract_text(io.BytesIO(pdf.get_payload(decode=True)))
    assert CUT not in released and "[redacted: RCW 42.56.240(2)]" in released
    assert CUT not in str(instalment.get_body(("plain",)).get_content())
    third = next(m for m in sent if "Records concerning you" in str(m["Subject"]))
    assert third["To"].addresses[0].addr_spec == "gpruitt@city.test"
    assert "unless a court enjoins" in " ".join(str(third.get_body(("plain",))
                                                     .get_content()).split())
    with app.session_factory() as s:
        [line] = request_log(s, number)
    assert [x["kind"] for x in line["letters"]] == ["acknowledge", "third_party", "instalment"]
    for letter in line["letters"]:
        assert letter["delivery"].startswith("sent to ") and "Message-ID <" in letter["delivery"]
    assert line["final_disposition"] is not None and line["produced"] == ["complaint"]
