"""Calendar answers for the demo, shaped as Outlook sends them (tests/data/calendar_replies
has the three clients' shapes): a `multipart/alternative` with the iCalendar REPLY as a
`text/calendar; method=REPLY` part, mailed by the member to the intake mailbox."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from icalendar import Calendar, Event, vCalAddress

from cases.directory import Person
from notices.render import mailbox


def calendar_answer(*, uid: str, sequence: int, member: Person, partstat: str,
                    organizer: str, summary: str, at: datetime) -> bytes:
    event = Event.new(uid=uid, sequence=sequence, stamp=at.astimezone(UTC), summary=summary,
                      organizer=vCalAddress.new(f"mailto:{organizer}"),
                      attendees=[vCalAddress.new(f"mailto:{member.email}", cn=member.name,
                                                 partstat=partstat)])
    cal = Calendar.new(method="REPLY", prodid="Microsoft Exchange Server 2010",
                       subcomponents=[event])
    cal.pop("UID", None)
    word = {"ACCEPTED": "Accepted", "DECLINED": "Declined", "TENTATIVE": "Tentative"}[partstat]
    msg = EmailMessage()
    msg["From"] = mailbox(member.name, member.email)
    msg["To"] = organizer
    msg["Subject"] = f"{word}: {summary}"
    msg["Date"] = format_datetime(at)
    msg["Message-ID"] = make_msgid(domain=member.email.rpartition("@")[2])
    msg["Content-Class"] = "urn:content-classes:calendarmessage"
    msg.set_content("")
    msg.add_alternative(bytes(cal.to_ical()).decode(), subtype="calendar",
                        params={"method": "REPLY"})
    return msg.as_bytes()
