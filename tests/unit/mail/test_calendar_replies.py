"""Recognising a calendar answer (iTIP REPLY): the three clients' shapes, and what is not
one (our own REQUEST, a bounce carrying it, a forward, broken or oversized iCalendar)."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from mail.parsing import ParseRules
from mail.parsing.calendar_replies import MAX_ICS, ours, read_reply
from mail.parsing.mime import parse_bytes
from tests.unit.cases.riverton import CALENDAR, DIRECTORY

DATA = Path(__file__).resolve().parents[2] / "data" / "calendar_replies"
UID = "eth-2026-0001-meeting-1@ethicsbot.city.test"
RULES = ParseRules(DIRECTORY, CALENDAR.tz, ("ethicsbot.city.test",))


@pytest.mark.parametrize(("name", "who", "answer"), [
    ("outlook-accepted.eml", "hpark@city.test", "ACCEPTED"),
    ("google-declined.eml", "vosei@city.test", "DECLINED"),
    ("thunderbird-tentative.eml", "dbrooks@city.test", "TENTATIVE")])
def test_each_clients_answer_is_read_and_never_a_complaint(name: str, who: str,
                                                            answer: str) -> None:
    raw = (DATA / name).read_bytes()
    reply = read_reply(parse_bytes(raw))
    assert reply is not None and (reply.uid, reply.attendee, reply.partstat, reply.sequence,
                                  reply.sender) == (UID, who, answer, 0, who)
    result = RULES.parse(raw)
    assert not result.accepted and result.filing is None
    assert result.calendar_reply == reply


def ics(method: str, body: str = "") -> str:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nMETHOD:" + method +
            "\r\nBEGIN:VEVENT\r\nUID:" + UID + "\r\nDTSTAMP:20261201T000000Z\r\n"
            "ATTENDEE;PARTSTAT=ACCEPTED:mailto:hpark@city.test\r\n" + body +
            "END:VEVENT\r\nEND:VCALENDAR\r\n")


def answering() -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "hpark@city.test"
    msg["Subject"] = "Accepted: ETH-2026-0001"
    msg.set_content("see attached")
    return msg


def message(calendar: str, *, wrap_as_forward: bool = False) -> EmailMessage:
    msg = answering()
    msg.add_alternative(calendar, subtype="calendar", params={"method": "REPLY"})
    if not wrap_as_forward:
        return msg
    outer = EmailMessage()
    outer["From"] = "mayor@city.test"
    outer.set_content("forwarding")
    outer.add_attachment(msg)  # message/rfc822: someone else's answer, not the sender's
    return outer


@pytest.mark.parametrize("calendar", [
    ics("REQUEST"),  # our own invitation, or a bounce quoting it
    ics("REPLY").replace("ATTENDEE;PARTSTAT=ACCEPTED:mailto:hpark@city.test\r\n", ""),
    "BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nthis is not iCalendar",
    ics("REPLY", "DESCRIPTION:" + "x" * MAX_ICS + "\r\n"),  # oversized: not read
])
def test_what_is_not_an_answer(calendar: str) -> None:
    assert read_reply(message(calendar)) is None


def test_an_answer_inside_a_forwarded_message_is_not_the_senders() -> None:
    assert read_reply(message(ics("REPLY"))) is not None
    assert read_reply(message(ics("REPLY"), wrap_as_forward=True)) is None


def test_only_uids_ethicsbot_gave_are_ours() -> None:
    assert ours(UID, ("ethicsbot.city.test",)) == ("ETH-2026-0001", "meeting-1")
    assert ours("eth-2026-0001-sufficiency-window@ethicsbot.city.test",
                ("ethicsbot.city.test",)) == ("ETH-2026-0001", "sufficiency-window")
    assert ours(UID.replace("city.test", "elsewhere.example"), ("ethicsbot.city.test",)) is None
    assert ours("040000008200E00074C5B7101A82E008@outlook.com", ("ethicsbot.city.test",)) is None


def with_headers(raw: bytes, *lines: str) -> bytes:
    return "".join(f"{line}\r\n" for line in lines).encode() + raw


def test_the_header_block_is_screened_first_and_an_automatic_answer_still_counts() -> None:
    outlook = (DATA / "outlook-accepted.eml").read_bytes()
    # a calendar declining for someone away marks its answer as automatic: still an answer
    automatic = RULES.parse(with_headers(outlook, "Auto-Submitted: auto-generated"))
    assert automatic.calendar_reply is not None and automatic.reject_reason == "not_a_complaint"
    # a bounce is a bounce, whatever calendar part it carries
    bounce = RULES.parse(with_headers(outlook, "X-Failed-Recipients: hpark@city.test"))
    assert bounce.reject_reason == "bounce" and bounce.calendar_reply is None


def test_an_answer_is_looked_for_only_within_the_glance() -> None:
    msg = message(ics("REPLY"))
    assert RULES.parse(msg.as_bytes()).calendar_reply is not None
    padded = answering()
    for n in range(60):  # more parts than a glance reads before the calendar's
        padded.add_attachment(f"part {n}", filename=f"note-{n}.txt")
    padded.add_attachment(ics("REPLY").encode(), maintype="text", subtype="calendar",
                          params={"method": "REPLY"})
    result = RULES.parse(padded.as_bytes())
    assert result.calendar_reply is None and not result.accepted
    far = message(ics("REPLY").replace("BEGIN:VEVENT", "X-PAD:" + "x" * 70_000 +
                                       "\r\nBEGIN:VEVENT"))
    assert RULES.parse(far.as_bytes()).calendar_reply is None  # past the first 64 KB
