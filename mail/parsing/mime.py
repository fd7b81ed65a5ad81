"""Walk a message's MIME tree: safe headers, readable body text, files, attached mail.

Mail arrives from every client ever written, and some of it is broken: unknown or wrong
charsets, raw 8-bit headers, truncated base64. Every function here degrades to "what
could be read" instead of raising, because intake must quarantine and explain a bad
message, never crash on it. Attached `message/rfc822` parts are kept apart: they are
forwarded originals, read by `forwards.py` as messages of their own.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import re
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage, Message

from mail.parsing.htmltext import html_to_text

MAX_TEXT = 500_000  # characters read from one text part: far beyond any complaint
MAX_DEPTH = 40  # MIME nesting; real clients stay under ten, hostile mail overflows the stack
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MAILTO = re.compile(r"\[mailto:([^\]\s]+)\]", re.I)
# WHATWG practice: mail labelled Latin-1 or ASCII is usually Windows-1252 (curly quotes).
_CHARSET_ALIASES = {"iso-8859-1": "cp1252", "latin-1": "cp1252", "latin1": "cp1252"}


def clean(text: str) -> str:
    """Text safe to store and print: raw 8-bit bytes recovered as UTF-8, controls dropped."""
    if any("\udc80" <= c <= "\udcff" for c in text):
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    text = text.encode("utf-8", "replace").decode("utf-8")  # any other lone surrogate
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


class UnreadableMessage(ValueError):
    """The message cannot be read at all; the text says why, for the clerk."""


def parse_bytes(raw: bytes) -> EmailMessage:
    """The message tree. The stdlib parser is lenient (it records defects rather than
    raising) except on absurd nesting, which is refused here before anything walks it."""
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
    except RecursionError:
        raise UnreadableMessage("its MIME parts are nested too deeply") from None
    assert isinstance(msg, EmailMessage)
    if _depth(msg) > MAX_DEPTH:
        raise UnreadableMessage(f"its MIME parts are nested more than {MAX_DEPTH} deep")
    return msg


def _depth(msg: Message) -> int:
    deepest, stack = 0, [(msg, 1)]
    while stack:
        part, level = stack.pop()
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:
            stack.extend((kid, level + 1) for kid in _children(part))
    return deepest


def header_text(msg: Message, name: str) -> str:
    """One header's decoded, unfolded value, or "" when absent."""
    try:
        value = msg.get(name)
        text = "" if value is None else str(value)
    except Exception:  # the header model failed on a malformed value; use the raw text
        text = next((str(v) for k, v in msg.raw_items() if k.lower() == name.lower()), "")
    return re.sub(r"\s*\n\s*", " ", clean(text)).strip()


def split_address(value: str) -> tuple[str | None, str | None]:
    """(display name, lower-cased address) of a From-style value; either may be None.

    Also reads Outlook's `Name [mailto:addr]` and a bare name without an address, which
    Exchange prints for colleagues inside the same organisation.
    """
    value = _MAILTO.sub(r"<\1>", clean(value)).strip()
    name, addr = email.utils.parseaddr(value)
    if "@" not in addr:
        bare = value.strip(" \"'")
        return (bare or None), None
    return (name.strip(" \"'") or None), addr.strip().lower()


def header_address(msg: Message, name: str) -> tuple[str | None, str | None]:
    return split_address(header_text(msg, name))


def message_ids(msg: Message, *names: str) -> list[str]:
    """Message ids (without angle brackets, lower-cased) named in the given headers."""
    ids: list[str] = []
    for name in names:
        ids += [i.lower() for i in re.findall(r"<([^<>\s]+)>", header_text(msg, name))]
    return ids


def _payload(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # a transfer encoding the stdlib chokes on
        data = None
    if isinstance(data, bytes):
        return data
    raw = part.get_payload()
    return raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""


def _decode(data: bytes, charset: str | None) -> str:
    for candidate in (charset, "utf-8"):
        if not candidate:
            continue
        try:
            return data.decode(_CHARSET_ALIASES.get(candidate.lower(), candidate))
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("cp1252", "replace")


def _unflow(text: str, delsp: bool) -> str:
    """RFC 3676 format=flowed: a line ending in a space continues on the next."""
    out: list[str] = []
    carry = ""
    for line in text.split("\n"):
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if line.endswith(" ") and line != "-- ":
            carry += line[:-1] if delsp else line
            continue
        out.append(carry + line)
        carry = ""
    if carry:
        out.append(carry)
    return "\n".join(out)


def part_text(part: Message) -> str:
    """A text part's content as plain text (HTML converted), never raising."""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    text = clean(_decode(_payload(part), charset)[:MAX_TEXT])
    subtype = part.get_content_subtype()
    if subtype == "html":
        return html_to_text(text)
    if str(part.get_param("format", "")).lower() == "flowed":
        return _unflow(text, str(part.get_param("delsp", "")).lower() == "yes")
    return text


def _is_attachment(part: Message) -> bool:
    return part.get_content_disposition() == "attachment" or filename(part) is not None


def _children(part: Message) -> list[Message]:
    payload = part.get_payload()
    return [p for p in payload if isinstance(p, Message)] if isinstance(payload, list) else []


def body_text(msg: Message) -> str:
    """The text the sender wrote in this message, not descending into attached mail.

    In multipart/alternative the plain part is preferred (it keeps the clients' forward
    header layout), HTML when plain is empty; mixed parts are read in order, which is how
    Apple Mail splits one body around an inline photo.
    """
    return _text_of(msg, top=True)


def _text_of(part: Message, *, top: bool = False) -> str:
    if part.get_content_type() == "message/rfc822":
        return ""  # a forwarded original: read as a message of its own
    if part.get_content_maintype() == "multipart":
        kids = _children(part)
        if part.get_content_subtype() == "alternative":
            texts = [(k.get_content_type(), _text_of(k)) for k in kids]
            plain = [t for c, t in texts if c == "text/plain" and t.strip()]
            other = [t for c, t in texts if c != "text/plain" and t.strip()]
            return (plain or other or [""])[0]
        return "\n\n".join(t for t in (_text_of(k) for k in kids) if t.strip())
    if not top and _is_attachment(part):
        return ""
    if part.get_content_maintype() == "text" and part.get_content_subtype() in ("plain", "html"):
        return part_text(part)
    return ""


def filename(part: Message) -> str | None:
    try:
        name = part.get_filename()
    except Exception:
        return None
    if not name:
        return None
    return clean(name).strip() or None


@dataclass(frozen=True)
class FilePart:
    name: str
    content_type: str
    part: Message

    def data(self) -> bytes:
        return _payload(self.part)


def files(msg: Message) -> list[FilePart]:
    """Every named file the message carries, at any depth, inside attached mail too."""
    found = []
    for part in msg.walk():
        if part.is_multipart() or part.get_content_maintype() == "message":
            continue
        name = filename(part)
        if name:
            found.append(FilePart(name, part.get_content_type(), part))
    return found


def attached_messages(msg: Message) -> Iterator[EmailMessage]:
    """The `message/rfc822` parts of this message (not those nested inside them)."""
    for kid in _children(msg):
        if kid.get_content_type() == "message/rfc822":
            inner = _children(kid)
            if inner and isinstance(inner[0], EmailMessage):
                yield inner[0]
        elif kid.get_content_maintype() == "multipart":
            yield from attached_messages(kid)
