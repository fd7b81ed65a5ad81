"""Recognise a calendar answer (an iTIP REPLY, RFC 5546 §3.2.3) to a meeting's invitation.

Members answer EthicsBot's invitations with Accept, Decline or Tentative; their calendar
sends the answer to the organizer, which is the intake mailbox. Such a message is never a
complaint and never noise for the clerk: intake records the answer against its meeting
and member (`mail.intake`) and files the message.

What is read, and its bounds: the message's own parts, never a forwarded message inside
it (a bounce carries our own REQUEST, a forward someone else's); the first few
`text/calendar` parts (then `.ics` attachments) of at most `MAX_ICS` characters each;
`METHOD:REPLY`, one VEVENT's UID and SEQUENCE, and the ATTENDEE's PARTSTAT. Outlook,
Google Calendar and Thunderbird all send the iCalendar object as a part of its own
(tests/data/calendar_replies/README.md says where each shape comes from), so the subject
("Accepted: ...") is not needed and not trusted.

Whose answer it is: the attendee named in the REPLY, who must also be the message's
sender (`From`); `mail.intake` refuses an answer given for someone else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage, Message

from icalendar import Calendar

from mail.parsing import headers, mime

MAX_ICS = 64_000  # characters: a real REPLY is a few kilobytes, with its time zones
MAX_PARTS = 4  # calendar parts looked at
_UID = re.compile(r"^(eth-\d{4}-\d{4,6})-(.+)@([^@\s]+)$", re.I)


@dataclass(frozen=True)
class CalendarReply:
    uid: str
    attendee: str  # the address answering, lower-cased
    partstat: str  # ACCEPTED, DECLINED, TENTATIVE, DELEGATED, ...
    sequence: int  # the invitation's SEQUENCE answered
    sender: str | None  # the message's From address, lower-cased


def read_reply(msg: Message) -> CalendarReply | None:
    """The calendar answer `msg` carries, or None when it carries none."""
    sender = headers.header_address(msg, "From")[1]
    for part in _calendar_parts(msg):
        found = _reply_in(mime.part_text(part)[:MAX_ICS + 1], sender)
        if found is not None:
            return found
    return None


def _calendar_parts(msg: Message) -> list[Message]:
    """The message's own text/calendar parts, then its .ics files, in order."""
    inline: list[Message] = []
    files: list[Message] = []
    stack: list[Message] = [msg]
    seen = 0
    while stack and seen < 200:  # the limits of `mime` bound the tree; this, the walk
        part = stack.pop(0)
        seen += 1
        ctype = part.get_content_type()
        if ctype.startswith("message/"):
            continue  # a forwarded or bounced message is not this sender's answer
        if part.is_multipart():
            stack[:0] = list(part.iter_parts()) if isinstance(part, EmailMessage) else []
        elif ctype == "text/calendar":
            inline.append(part)
        elif ctype in ("application/ics", "application/octet-stream") and (
                (part.get_filename() or "").lower().endswith(".ics")):
            files.append(part)
    return (inline + files)[:MAX_PARTS]


def _reply_in(text: str, sender: str | None) -> CalendarReply | None:
    if len(text) > MAX_ICS or "BEGIN:VCALENDAR" not in text.upper():
        return None
    try:
        cal = Calendar.from_ical(text)
    except Exception:  # not iCalendar after all: no answer here (never a crash)
        return None
    if str(cal.get("METHOD", "")).strip().upper() != "REPLY":
        return None
    for event in cal.walk("VEVENT")[:1]:
        uid = str(event.get("UID", "")).strip()
        attendees = event.get("ATTENDEE")
        listed = attendees if isinstance(attendees, list) else [attendees] if attendees else []
        answers = [(_address(a), str(a.params.get("PARTSTAT", "")).upper()) for a in listed]
        answers = [(who, stat) for who, stat in answers if who and stat]
        if not uid or not answers:
            return None
        mine = [x for x in answers if x[0] == sender] or answers
        try:
            sequence = int(str(event.get("SEQUENCE", 0)))
        except ValueError:
            sequence = 0
        return CalendarReply(uid, mine[0][0], mine[0][1], sequence, sender)
    return None


def _address(value: object) -> str:
    text = str(value).strip()
    return text[7:].strip().lower() if text.lower().startswith("mailto:") else ""


def ours(uid: str, domains: tuple[str, ...]) -> tuple[str, str] | None:
    """(case number, purpose) of a UID EthicsBot gave ("eth-2026-0003-meeting-1@ethicsbot.
    city.test" -> ("ETH-2026-0003", "meeting-1")), None for anyone else's."""
    m = _UID.match(uid.strip())
    if m is None or m[3].lower() not in {d.lower() for d in domains}:
        return None
    return m[1].upper(), m[2].lower()
