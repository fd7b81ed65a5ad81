"""Messages for intake tests and the backlog benchmark: the project's corpus copies, and
realistic forwarded complaints made to order (each unique, so each is a new case)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from zoneinfo import ZoneInfo

CORPUS = Path(__file__).resolve().parents[2] / "data" / "intake"
FORWARDERS = ("mayor@city.test", "clerk@city.test", "cityadmin@city.test")
FIRST = ("Dana", "Luis", "Mei", "Omar", "Grace", "Tobias", "Ines", "Ray", "Nadia", "Sven")
LAST = ("Whitfield", "Moreno", "Chen", "Haddad", "Okoye", "Lindgren", "Ferreira", "Kaur")
STREETS = ("Larch Avenue", "Hollis Street", "Cedar Court", "Mill Road", "Aspen Way")
CITY_TZ = ZoneInfo("America/Los_Angeles")
RESPONDENTS = ("Gary Pruitt", "Lorna Bates", "Helen Ostrowski", "Priya Raman")


def corpus(name: str) -> bytes:
    return (CORPUS / name).read_bytes()


def forwarded_complaint(n: int, *, forwarder: str | None = None,
                        attachment: tuple[str, bytes] | None = None) -> bytes:
    """A Gmail-style forward of a resident's complaint letter; `n` makes it unique."""
    rng = random.Random(n)
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    respondent = rng.choice(RESPONDENTS)
    sent = datetime(2026, 11, 2, 15, 0, tzinfo=UTC) + timedelta(minutes=7 * n)
    forwarder = forwarder or FORWARDERS[n % len(FORWARDERS)]
    msg = EmailMessage()
    msg["From"] = f"City of Riverton <{forwarder}>"
    msg["To"] = "Ethics Intake <ethics-intake@city.test>"
    msg["Subject"] = f"Fwd: Ethics complaint - {respondent}"
    msg["Date"] = format_datetime(sent + timedelta(hours=3))
    msg["Message-ID"] = f"<fwd.{n:06d}.riverton@mail.city.test>"  # same n, same message
    local = f"{sent.astimezone(CITY_TZ).strftime('%a, %b %-d, %Y at %-I:%M %p')}"
    msg.set_content(f"""Forwarding for intake.

---------- Forwarded message ---------
From: {name} <{name.split()[0].lower()}{n}@example.net>
Date: {local}
Subject: Ethics complaint - {respondent}
To: <{forwarder}>


Dear Mayor,

I am filing a formal ethics complaint against {respondent}.

On October {1 + n % 28}, 2026, {respondent} voted to award a city contract worth
${1000 + n * 37} to a company owned by a close relative, without disclosing the
relationship. I saw the disclosure forms myself at the city clerk's counter.

I believe this violates Section 2.94.030 of the Riverton Municipal Code, because
an official took part in a decision in which a relative has a financial interest,
and Section 2.94.040(B).

Sincerely,

{name}
{100 + n % 9000} {rng.choice(STREETS)}
Riverton, WA 99301
(509) 555-01{n % 100:02d}
""")
    if attachment is not None:
        filename, data = attachment
        msg.add_attachment(data, maintype="application", subtype="octet-stream",
                           filename=filename)
    return msg.as_bytes()


def garbage(seed: int = 0) -> bytes:
    """Lines of random bytes (no NUL: IMAP APPEND refuses it): not a mail message at all."""
    rng = random.Random(seed)
    return b"\r\n".join(bytes(rng.choice(_JUNK) for _ in range(72)) for _ in range(40))


_JUNK = bytes(b for b in range(1, 256) if b not in b"\r\n")


def crlf(raw: bytes) -> bytes:
    """What an IMAP server stores and returns: every line ending CRLF."""
    return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
