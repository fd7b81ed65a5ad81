"""Walk a message's MIME tree: readable body text, files, attached mail.

Mail arrives from every client ever written, and some of it is broken: unknown or wrong
charsets, raw 8-bit headers, truncated base64. Every function here degrades to "what
could be read" instead of raising, because intake must quarantine and explain a bad
message, never crash on it. Attached `message/rfc822` parts are kept apart: they are
forwarded originals, read by `forwards.py` as messages of their own.

`parse_bytes` reads the message's shape first, within the limits (`structure`), and hands
the standard parser a skeleton without the larger bodies; `_payload` reads those from the
original bytes, so a 50 MB photo costs its own size once, not the parser's tenfold.
"""

from __future__ import annotations

import binascii
import email
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage, Message

from mail.parsing import structure
from mail.parsing.headers import capped_policy, clean, filename, is_attachment
from mail.parsing.htmltext import html_to_text
from mail.parsing.limits import MailLimits

MAX_TEXT = 500_000  # characters kept of one text part (its bytes are capped by the limits)
_CUT = "_ethicsbot_cut"  # attribute of a text part read only to MAX_TEXT characters
_ELIDED = "_ethicsbot_elided"  # attribute of a part whose body is read from the original
# WHATWG practice: mail labelled Latin-1 or ASCII is usually Windows-1252 (curly quotes).
_CHARSET_ALIASES = {"iso-8859-1": "cp1252", "latin-1": "cp1252", "latin1": "cp1252"}


class UnreadableMessage(ValueError):
    """The message cannot be read at all; the text says why, for the clerk."""


def parse_bytes(raw: bytes, limits: MailLimits | None = None) -> EmailMessage:
    """The message tree, within `limits` (raises `LimitExceeded` past one).

    The tree is parsed from a skeleton of the message (`structure.skeleton`); each body
    left out of it is found again by its marker header, which is then removed.
    """
    limits = limits or MailLimits()
    policy = capped_policy(limits.max_header_chars)
    found = structure.shape(raw, limits, policy)
    bones = structure.skeleton(raw, found)
    try:
        msg = email.message_from_bytes(bones.data, policy=policy)
    except RecursionError:  # the shape was within the limits; this is a parser quirk
        raise UnreadableMessage("its MIME structure could not be parsed") from None
    assert isinstance(msg, EmailMessage)
    for part in msg.walk():
        spot = part.get(bones.marker)
        if spot is not None:
            del part[bones.marker]
            start, end = (int(n) for n in str(spot).split()[:2])
            setattr(part, _ELIDED, (raw, start, end))
    return msg


def _payload(part: Message) -> bytes:
    """The decoded body of a leaf part, read from the original bytes if it was left out."""
    elided = getattr(part, _ELIDED, None)
    if elided is not None:
        raw, start, end = elided
        encoding = part.get("Content-Transfer-Encoding")
        if str(encoding or "").strip().lower() == "base64":
            try:  # the common case (files), at C speed: line breaks are skipped
                return binascii.a2b_base64(raw[start:end])
            except binascii.Error:
                pass  # bad padding and such: the standard library's lenient reading
        stand_in = Message()  # decodes exactly as the part would have, from its own bytes
        stand_in.set_payload(raw[start:end].decode("ascii", "surrogateescape"))
        if encoding is not None:
            stand_in["Content-Transfer-Encoding"] = str(encoding)
        part = stand_in
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
        except (LookupError, UnicodeDecodeError, ValueError):  # ValueError: a NUL in the name
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


def was_cut(msg: Message) -> bool:
    """Whether a text part of `msg` was longer than MAX_TEXT characters, so what was read
    of it (the §1 elements, the complainant) stopped before its end."""
    return any(getattr(p, _CUT, False) for p in msg.walk())


def part_text(part: Message) -> str:
    """A text part's content as plain text (HTML converted), never raising."""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    decoded = _decode(_payload(part), charset)
    if len(decoded) > MAX_TEXT:
        setattr(part, _CUT, True)  # `was_cut` tells the clerk: the original is kept whole
    text = clean(decoded[:MAX_TEXT])
    subtype = part.get_content_subtype()
    if subtype == "html":
        return html_to_text(text)
    if str(part.get_param("format", "")).lower() == "flowed":
        return _unflow(text, str(part.get_param("delsp", "")).lower() == "yes")
    return text


def _children(part: Message) -> list[Message]:
    try:
        payload = part.get_payload()
    except (ValueError, LookupError):  # a leaf whose charset name cannot even be looked up
        return []
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
    if not top and is_attachment(part):
        return ""
    if part.get_content_maintype() == "text" and part.get_content_subtype() in ("plain", "html"):
        return part_text(part)
    return ""


@dataclass(frozen=True)
class FilePart:
    name: str
    content_type: str
    part: Message

    def data(self) -> bytes:
        return _payload(self.part)

    def encoded_size(self) -> int:
        """Its size as carried (base64 is a third larger), known without decoding it."""
        elided = getattr(self.part, _ELIDED, None)
        if elided is not None:
            return int(elided[2] - elided[1])
        payload = self.part.get_payload()
        return len(payload) if isinstance(payload, str | bytes) else 0


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
