"""What a bounce or a read receipt says of the mail it reports on: whom it did not reach,
which of EthicsBot's messages it is about, and its machine-readable fields (RFC 3464, RFC
8098).

Its own module because intake files a report with the message it reports on
(`mail.parsing.intake`), which is apart from telling that a machine wrote it
(`mail.parsing.machine`) and from deciding it opens no case (`mail.parsing.classify`).
"""

from __future__ import annotations

import re
from email.message import Message

from mail.parsing import headers, mime
from mail.parsing.city import in_domains
from mail.parsing.machine import GLANCE_TEXT, first_text

__all__ = ["bounced_recipient", "ours", "recipient_in", "report_fields", "reported_message"]

# Where a bounce names the recipient it could not reach, in its own words: Postfix's
# "<a@x>: host ... said", qmail's "<a@x>:", Exchange's "Your message to a@x couldn't be
# delivered", KDDI's "Could not be delivered to: <a@x>", Verizon's "RCPT TO: a@x" and the
# "To:" of its "Original Message:", Japanese carriers' "宛先: a@x"
_RECIPIENT_LINE = re.compile(
    r"^[ \t]*<(?P<a>[^<>\s@]{1,64}@[^<>\s@]{1,255})>:|could not be delivered to:? <?"
    r"(?P<b>[^<>\s@]{1,64}@[^<>\s@,;]{1,255})|your message to (?P<c>[^<>\s@]{1,64}@"
    r"[^<>\s@,;]{1,255}) couldn't be delivered|^[ \t]*RCPT TO:\s*<?(?P<d>[^<>\s@]{1,64}@"
    r"[^<>\s@]{1,255}?)>?\s*$|^[ \t]*(?:宛先|あて先)\s*[:：]\s*<?(?P<e>[^<>\s@]{1,64}@[^<>\s@]"
    r"{1,255}?)>?\s*$|^original message:\s*\n(?:from:[^\n]{0,300}\n)?to:\s*<?(?P<f>"
    r"[^<>\s@]{1,64}@[^<>\s@]{1,255}?)>?\s*$", re.I | re.M)


def ours(message_id: str, own_domains: tuple[str, ...]) -> bool:
    return in_domains(message_id.strip("<>"), own_domains)


def bounced_recipient(msg: Message) -> str | None:
    """The address a bounce could not deliver to, where it names one: its report's
    Original- or Final-Recipient (RFC 3464), `X-Failed-Recipients` (Exim), else the first
    its own words name (`_RECIPIENT_LINE`), within the first text part's `GLANCE_TEXT`."""
    fields = report_fields(msg)
    for key in ("original-recipient", "final-recipient"):
        if "@" in (value := fields.get(key, "")):
            return value.split(";")[-1].strip(" <>").lower()
    failed = headers.header_text(msg, "X-Failed-Recipients")
    if "@" in failed:
        return failed.split(",")[0].strip(" <>").lower()
    try:
        return recipient_in(first_text(msg))
    except Exception:  # an undecodable part says nothing
        return None


def recipient_in(text: str) -> str | None:
    """The first recipient a bounce's own words name (`_RECIPIENT_LINE`), lower case."""
    m = _RECIPIENT_LINE.search(text[:GLANCE_TEXT])
    return next((g.lower() for g in m.groups() if g), None) if m else None


_RFC822_HEADERS = ("message/rfc822", "text/rfc822-headers", "message/rfc822-headers")
_REPORT_PARTS = ("message/disposition-notification", "message/delivery-status")


def reported_message(msg: Message, own_domains: tuple[str, ...]) -> str | None:
    """The Message-ID (lower case, no brackets) of EthicsBot's own message that a bounce or
    a read receipt reports on: an MDN's `Original-Message-ID`, the returned message's (or
    its headers') Message-ID, else the report's own In-Reply-To / References. None when it
    names none of ours. Only `msg`'s own parts (at most 50) are looked at."""
    candidates: list[str] = []
    for i, part in enumerate(msg.walk()):
        if i > 50:
            break
        ctype = part.get_content_type()
        if ctype in _REPORT_PARTS or ctype in _RFC822_HEADERS:
            candidates += _ids_in_part(part, ctype)
    candidates += headers.message_ids(msg, "In-Reply-To", "References")
    return next((i for i in candidates if ours(i, own_domains)), None)


def _ids_in_part(part: Message, ctype: str) -> list[str]:
    if ctype == "message/rfc822":
        payload = part.get_payload()
        inner = [m for m in payload if isinstance(m, Message)] if isinstance(payload, list) else []
        return [i for m in inner[:1] for i in headers.message_ids(m, "Message-ID")]
    fields = _fields(part)
    return [i.strip("<> ").lower() for name in ("original-message-id", "message-id")
            for i in fields.get(name, "").split() if "@" in i]


def _fields(part: Message) -> dict[str, str]:
    """A report part's fields (`Name: value`, first of each name, names lower case)."""
    payload = part.get_payload()
    if isinstance(payload, list):  # message/*: parsed into header blocks
        text = "\n".join(str(p) for p in payload if isinstance(p, Message))
    else:
        try:
            text = mime.part_text(part)[:GLANCE_TEXT]
        except Exception:  # an undecodable part says nothing
            return {}
    found: dict[str, str] = {}
    lines: list[str] = []
    for line in text.splitlines():  # a folded field continues on indented lines
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    for line in lines:
        name, sep, value = line.partition(":")
        if sep and name.strip() and " " not in name.strip():
            found.setdefault(name.strip().lower(), " ".join(value.split())[:500])
    return found


def report_fields(msg: Message) -> dict[str, str]:
    """The fields of a bounce's or read receipt's machine-readable part (RFC 3464's
    `Final-Recipient`, `Status`, `Diagnostic-Code`; RFC 8098's `Disposition`), merged,
    the first of each name; empty when it has none."""
    found: dict[str, str] = {}
    for i, part in enumerate(msg.walk()):
        if i > 50:
            break
        if part.get_content_type() in _REPORT_PARTS:
            for name, value in _fields(part).items():
                found.setdefault(name, value)
    return found
