"""Read one message from the intake mailbox into a filing, or say why it is not one.

The steps follow the corpus README's precedence: machine mail (bounce, auto-reply), then
what is not a new complaint (our own mail and replies to it, spam, mail with no complaint
in it), then who sent it (only the allowed forwarders), and only then the complaint
itself. Receipt is the earliest date of the complainant's own messages inside the
forwards (§2's clocks run from it), else the message's own Date.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime
from email.message import Message
from zoneinfo import ZoneInfo

from cases.directory import Directory
from cases.filing import Element, Filing
from mail.calendar_replies import read_reply
from mail.parsing import mime
from mail.parsing.authres import forwarder_authenticated
from mail.parsing.city import forwarders
from mail.parsing.classify import (
    Rejection,
    case_tag,
    default_own_domains,
    machine_generated,
    mentions_complaint,
    not_for_intake,
)
from mail.parsing.complainant import identify
from mail.parsing.complaint import gather
from mail.parsing.dates import parse_date, to_local_if_utc
from mail.parsing.elements import build_filing
from mail.parsing.forwards import thread_of
from mail.parsing.result import IntakeResult

log = logging.getLogger(__name__)


def parse_message(raw: bytes, *, directory: Directory, timezone: ZoneInfo,
                  own_domains: tuple[str, ...] = (), section_pattern: str | None = None,
                  trusted_authserv: str | None = None) -> IntakeResult:
    """Read `raw` (an RFC 5322 message) as a forwarded ethics complaint; never raises on
    bad input.

    `own_domains`: hosts of EthicsBot's own Message-IDs, to recognise replies to its mail
    (default: `ethicsbot.<domain>` for each forwarder's domain). `section_pattern`: regex
    of a section number (default `2.94.NNN`; see `sections.section_pattern`).
    `trusted_authserv`: when set, a forwarder's mail must pass DMARC/DKIM according to the
    Authentication-Results header that server added (`authres`).
    """
    if section_pattern is not None:
        re.compile(section_pattern)  # a bad pattern is the caller's error: raise it now
    domains = own_domains or default_own_domains(directory)
    try:
        return _read(raw, directory, timezone, domains, section_pattern, trusted_authserv)
    except Exception as e:  # last resort, so one unreadable message never stops intake
        log.error("intake could not read a message (%s)", type(e).__name__)
        log.debug("intake could not read a message", exc_info=True)  # may quote its text
        return _rejected("not_a_complaint", datetime.now(timezone),
                         "The message could not be read (an internal error was logged); "
                         "a person needs to look at it.")


def _read(raw: bytes, directory: Directory, tz: ZoneInfo, own_domains: tuple[str, ...],
          section_pattern: str | None, trusted_authserv: str | None) -> IntakeResult:
    if not raw.strip():
        return _rejected("not_a_complaint", datetime.now(tz), "The message is empty.")
    try:
        msg = mime.parse_bytes(raw)
    except mime.UnreadableMessage as exc:
        return _rejected("not_a_complaint", datetime.now(tz), f"The message cannot be read: "
                         f"{exc}.")
    own_date = _own_date(msg, tz)
    tag = case_tag(msg, own_domains)
    message_id = mime.header_text(msg, "Message-ID") or None
    reply = read_reply(msg)  # before the machine-mail checks: some calendars mark answers
    if reply is not None and not (trusted_authserv and forwarder_authenticated(
            msg, trusted_authserv, reply.sender or "")):
        return IntakeResult(False, "not_a_complaint", own_date, None, None, message_id, tag,
                            f"A calendar answer ({reply.partstat.lower()}) from "
                            f"{reply.attendee}.", calendar_reply=reply)
    rejection = machine_generated(msg) or not_for_intake(msg, own_domains, tag)
    sender = mime.header_address(msg, "From")[1]
    if rejection is None and sender is None:
        rejection = Rejection("not_a_complaint", "The message has no readable From address.")
    if rejection is not None:
        return _rejected(rejection.reason, own_date, rejection.detail, message_id, tag)
    assert sender is not None
    thread = thread_of(msg, tz)
    if sender not in forwarders(directory):
        texts = [mime.header_text(msg, "Subject"), *(s.text for s in thread)]
        if not mentions_complaint(texts, section_pattern):
            return _rejected("not_a_complaint", own_date, f"Mail from {sender} that is not "
                             "an ethics complaint.", message_id, tag)
        return _rejected("sender_not_allowed", own_date, f"A complaint sent by {sender}, who "
                         "is not an allowed forwarder; it must come through "
                         f"{', '.join(directory.forwarders) or 'the mayor'}.", message_id, tag)
    if trusted_authserv and (why := forwarder_authenticated(msg, trusted_authserv, sender)):
        return _rejected("sender_not_allowed", own_date, f"Mail that claims to come from "
                         f"{sender}, but {why}.", message_id, tag)
    material = gather(msg, thread, directory, own_domains)
    if not mentions_complaint([*material.subjects, *material.texts], section_pattern):
        return _rejected("not_a_complaint", own_date, f"Mail from {sender} with no complaint "
                         "in it (correspondence?).", message_id, tag)
    received = to_local_if_utc(material.received_at or own_date, tz)
    identity = identify(material,
                        is_city_name=lambda name: bool(directory.match_respondents(name)))
    filing = build_filing(material, identity, directory=directory, received_at=received,
                          forwarded_by=sender, section_pattern=section_pattern)
    notes = "".join(f"; note: {n}" for n in material.notes)
    return IntakeResult(True, None, received, sender, filing, message_id, tag,
                        _summary(filing) + notes + ".")


def _own_date(msg: Message, tz: ZoneInfo) -> datetime:
    """The message's Date, else when our server received it, else now."""
    found = parse_date(mime.header_text(msg, "Date"), tz)
    if found is None:
        received = mime.header_text(msg, "Received")
        found = parse_date(received.rsplit(";", 1)[-1], tz) if ";" in received else None
    return to_local_if_utc(found or datetime.now(tz), tz)


def _summary(filing: Filing) -> str:
    who = filing.complainant.name or filing.complainant.email or "an unnamed complainant"
    against = ", ".join(filing.respondents) or "an official not found in the directory"
    missing = ", ".join(e.value for e in Element if e in filing.missing) or "nothing"
    return (f"Complaint by {who} against {against}, received "
            f"{filing.received_at:%Y-%m-%d %H:%M %z} via {filing.forwarded_by}; "
            f"missing: {missing}")


def _rejected(reason: str, when: datetime, detail: str, message_id: str | None = None,
              tag: str | None = None) -> IntakeResult:
    return IntakeResult(False, reason, when, None, None, message_id, tag, detail)


@dataclass(frozen=True)
class ParseRules:
    """Everything `parse_message` needs besides the bytes, as one value: intake, the CLI
    and the read-ahead process (which receives it pickled) all read mail the same way."""

    directory: Directory
    timezone: ZoneInfo
    own_domains: tuple[str, ...] = ()
    trusted_authserv: str | None = None

    def parse(self, raw: bytes) -> IntakeResult:
        return parse_message(raw, directory=self.directory, timezone=self.timezone,
                             own_domains=self.own_domains,
                             trusted_authserv=self.trusted_authserv)
