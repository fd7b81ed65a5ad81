"""What intake reads of a message before it decides to read it whole: the glance at its
first `GLANCE_BYTES` (a few parts) that a stranger's mail gets, whether its body can say
more than its header block did, whether it names a calendar part, and its own date.

Its own module because these bound the work a stranger's message may cost (a stranger
cannot make intake work for them); `mail.parsing.intake` screens with them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from email.message import Message
from zoneinfo import ZoneInfo

from mail.parsing import headers, mime
from mail.parsing.dates import parse_date, to_local_if_utc
from mail.parsing.limits import LimitExceeded, MailLimits

__all__ = ["CALENDAR_PART", "GLANCE_BYTES", "GLANCE_PARTS", "glance_at", "more_to_screen",
           "own_date"]

GLANCE_BYTES = 64 * 1024  # what is read of a stranger's message
GLANCE_PARTS = 50
# a calendar part's own Content-Type (never encoded), or an .ics file's name
CALENDAR_PART = re.compile(rb"text/calendar|application/ics|\.ics\b", re.I)


def more_to_screen(msg: Message) -> bool:
    """Whether the body can say more than the headers did: a delivery report inside it,
    or attached mail (whose subject may name a case)."""
    return any(part.get_content_type() in ("message/delivery-status", "message/rfc822")
               for part in msg.walk())


def glance_at(raw: bytes, limits: MailLimits) -> Message | None:
    """The first `GLANCE_BYTES` of a message, parsed; None when even that is unreadable."""
    small = replace(limits, max_parts=min(limits.max_parts, GLANCE_PARTS),
                    max_header_bytes=max(limits.max_header_bytes, GLANCE_BYTES))
    try:
        return mime.parse_bytes(raw[:GLANCE_BYTES], small)
    except (LimitExceeded, mime.UnreadableMessage):
        return None


def own_date(msg: Message, tz: ZoneInfo) -> datetime:
    """The message's Date, else when our server received it, else now."""
    found = parse_date(headers.header_text(msg, "Date"), tz)
    if found is None:
        received = headers.header_text(msg, "Received")
        found = parse_date(received.rsplit(";", 1)[-1], tz) if ";" in received else None
    return to_local_if_utc(found or datetime.now(tz), tz)
