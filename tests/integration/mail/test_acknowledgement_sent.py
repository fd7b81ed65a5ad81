"""The complainant's acknowledgement as intake and the dispatcher send it (issue 40,
items 3 and 6): a Spanish complaint forwarded from Gmail gets it in Spanish, an English
one in English, and a city that answers in English only sends it in English; it goes to
the letter's writer alone, never to the forwarder or an official."""

from __future__ import annotations

import dataclasses
import email
from email import policy
from email.message import EmailMessage
from pathlib import Path

from cases.languages import ComplainantLanguage
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.intake import Outcome, take_in
from mail.transport import FileTransport
from tests.integration.mail.complaints import corpus

DATA = Path(__file__).resolve().parents[2] / "data"
SPANISH = DATA / "spanish" / "gmail-es-solo-cita.eml"  # a bare citation: facts, reasons
ENGLISH = "gmail-forward-letter.eml"  # Dana Whitfield's, every element given


async def acknowledgements(app: App, raw: bytes, folder: Path) -> list[EmailMessage]:
    result = take_in(raw, app.intake(), source="imap", received_at=app.clock())
    assert result.outcome is Outcome.OPENED
    await dispatch_once(app.dispatch_deps(), FileTransport(folder))
    sent = [email.message_from_bytes(f.read_bytes(), _class=EmailMessage,
                                     policy=policy.default) for f in folder.glob("*.eml")]
    return [m for m in sent if ".acknowledgement." in str(m["Message-ID"])]


def text(m: EmailMessage) -> str:
    part = m.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


async def test_a_spanish_complaint_is_acknowledged_in_spanish_asking_for_what_it_lacks(
        app: App, tmp_path: Path) -> None:
    (ack,) = await acknowledgements(app, SPANISH.read_bytes(), tmp_path / "sent")
    assert [a.addr_spec for a in ack["To"].addresses] == ["lucia.fernandez@example.es"]
    assert str(ack["Subject"]).endswith("Recibimos su queja de ética")
    body = text(ack)
    assert body.startswith("Lucía Fernández:") and "Su número de caso es ETH-" in body
    asked = body.split("En la suya no encontramos:")[1]
    assert "los hechos" in asked and "las razones" in asked and "una dirección" in asked
    assert "un número de teléfono" not in asked  # she gave hers
    assert "@city.test" not in body  # no one else's address


async def test_an_english_complaint_and_a_city_answering_in_english_get_english(
        app: App, tmp_path: Path) -> None:
    (ack,) = await acknowledgements(app, corpus(ENGLISH), tmp_path / "en")
    assert str(ack["Subject"]).endswith("Your ethics complaint was received")
    assert [a.addr_spec for a in ack["To"].addresses] == ["dwhitfield@example.net"]
    english_only = dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, complainant_language=ComplainantLanguage.ENGLISH))
    (ack,) = await acknowledgements(english_only, SPANISH.read_bytes(), tmp_path / "es")
    assert str(ack["Subject"]).endswith("Your ethics complaint was received")
    assert "the facts: what the official did" in text(ack)


async def test_the_complainants_reply_with_what_was_missing_is_filed_with_the_case(
        app: App, tmp_path: Path) -> None:
    (ack,) = await acknowledgements(app, SPANISH.read_bytes(), tmp_path / "sent")
    number = str(ack["Subject"]).split("]")[0].lstrip("[")
    reply = (f"From: Lucía Fernández <lucia.fernandez@example.es>\r\n"
             f"To: {ack['From']}\r\nSubject: Re: {ack['Subject']}\r\n"
             "Date: Fri, 04 Dec 2026 10:00:00 -0800\r\nMessage-ID: <re-1@example.es>\r\n"
             f"In-Reply-To: {ack['Message-ID']}\r\nMIME-Version: 1.0\r\n"
             "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
             "Mi dirección es 58 Ridgeview Terrace, Riverton, WA 99304. El 18 de noviembre el "
             "concejal Hale le dijo a su hijo el importe de la oferta más alta.\r\n")
    result = take_in(reply.encode(), app.intake(), source="imap", received_at=app.clock())
    assert (result.outcome, result.case_number) == (Outcome.CORRESPONDENCE, number)
