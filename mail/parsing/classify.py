"""Decide what must not open a case, with one reason per message.

Precedence (intake corpus README): `bounce`, then `auto_reply`, then `not_a_complaint`
(replies to EthicsBot's own mail, its own mail looping back, spam and bulk mail, mail
with no complaint in it), then `sender_not_allowed` (§1: complaints go to the mayor or
the city administrator, whose offices forward them). Machine-generated mail is rejected
even when an allowed forwarder's mailbox sent it, since an out-of-office reply to the
bot's acknowledgement must not open a second case.

The patterns that tell a machine's mail are `mail.parsing.machine`'s, what a report says
of the mail it reports on `mail.parsing.reports`'s; this module decides. Intake and the
forwards' reader import screening's names from here, those two modules' included
(`GLANCE_TEXT`, `machine_author`, `recipient_in`, `report_fields`, `reported_message`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message

from cases.directory import Directory
from mail.parsing import headers, mime
from mail.parsing.city import forwarder_domains
from mail.parsing.machine import GLANCE_TEXT, machine_author, machine_kind, notification_bounced
from mail.parsing.reports import (
    bounced_recipient,
    ours,
    recipient_in,
    report_fields,
    reported_message,
)
from mail.parsing.sections import find_sections

__all__ = ["CASE_TAG", "GLANCE_TEXT", "KINDS", "Rejection", "case_tag", "default_own_domains",
           "machine_author", "machine_generated", "mentions_complaint", "not_for_intake",
           "recipient_in", "report_fields", "reported_message"]

CASE_TAG = re.compile(r"\bETH-(\d{4})-(\d{4})\b", re.I)
# in English, and in Spanish and French as the city's residents also write (issue 40): a
# complaint "contra la concejala Ortiz" that cites no section is still one
_COMPLAINT_WORDS = re.compile(
    r"complain|ethic|violat|conflict of interest|misconduct|allegation|grievance|brib|"
    r"kickback|favou?ritism|nepotism|self-dealing|corrupt|misuse|abuse of|recus|"
    r"quej|denunci|étic|viol[aóe]|conflicto de inter|soborn|malversa|abuso de|abstener|"
    r"abstuvo|plainte|éthique|conflit d.intér|pot-de-vin|népotisme", re.I
)


# What a machine message is, for the clerk (`Rejection.kind`); the reason stays the
# schema's: `bounce` when it reports mail not delivered, else `auto_reply`.
KINDS = {
    "delivery_status": "a delivery failure report",
    "provider_notification": "a mail provider's notification",
    "feedback_report": "an abuse or feedback report (ARF)",
    "dmarc_report": "a DMARC aggregate report",
    "list_notice": "a mailing-list manager's notice",
    "read_receipt": "a read receipt",
    "out_of_office": "an out-of-office reply",
    "auto_reply": "an automatic reply",
}


@dataclass(frozen=True)
class Rejection:
    reason: str  # "bounce" | "auto_reply" | "not_a_complaint" | "sender_not_allowed"
    detail: str  # one sentence for the clerk
    kind: str | None = None  # for machine mail: a key of KINDS
    recipient: str | None = None  # for a bounce: whom the mail did not reach, if it says


def default_own_domains(directory: Directory) -> tuple[str, ...]:
    """EthicsBot's Message-IDs are `<...@ethicsbot.DOMAIN>` for each forwarder domain.

    The outgoing mailer makes its ids with `make_msgid(domain="ethicsbot." + domain)`, so
    without configuration replies are recognised by that host, e.g. `ethicsbot.city.test`.
    """
    return tuple(f"ethicsbot.{d}" for d in forwarder_domains(directory))


def case_tag(msg: Message, own_domains: tuple[str, ...]) -> str | None:
    """The case a message refers to: a subject tag, or a reply to (or a bounce of) our mail."""
    for candidate in (msg, *mime.attached_messages(msg)):
        m = CASE_TAG.search(headers.header_text(candidate, "Subject"))
        if m:
            return f"ETH-{m[1]}-{m[2]}"
        for ref in headers.message_ids(candidate, "In-Reply-To", "References", "Message-ID"):
            m = CASE_TAG.match(ref)
            if m and ours(ref, own_domains):
                return f"ETH-{m[1]}-{m[2]}"
    return None


def machine_generated(msg: Message, *, read_body: bool = True) -> Rejection | None:
    """Machine-made mail, named for what it is: a bounce (RFC 3464 or an MTA's own words),
    a provider's JSON notification, an ARF or DMARC report, a list manager's notice, a
    read receipt (RFC 8098), an out-of-office or other automatic reply (RFC 3834 and the
    headers and localised subjects servers actually send). Reads the header block, and of
    the body (when `msg` has one) only the first text part's first `GLANCE_TEXT`.

    `read_body=False` leaves out what only a body's words say (a provider's JSON, an SMTP
    status beside "could not be delivered"): for a forwarder's mail, where those words are
    far likelier a resident quoting the bounce they got than a machine writing from the
    mayor's office, and a complaint held as a bounce would miss its §2 notices. The
    message's structure (a delivery-status or feedback part) still counts."""
    sender = headers.header_text(msg, "From") or "an unknown sender"
    kind = machine_kind(msg, read_body)
    if kind is None:
        return None
    reason = "bounce" if kind == "delivery_status" else "auto_reply"
    if kind == "provider_notification" and notification_bounced(msg):
        reason = "bounce"
    what = KINDS[kind]
    if reason == "bounce":
        to = bounced_recipient(msg)
        return Rejection("bounce", f"{what[0].upper()}{what[1:]} from {sender}: one of our "
                         "messages could not be delivered"
                         + (f" to {to}" if to else "") + "; nothing to file.", kind,
                         recipient=to)
    return Rejection("auto_reply", f"{what[0].upper()}{what[1:]} from {sender}; "
                     "machine-generated mail never opens a case.", kind)


def not_for_intake(msg: Message, own_domains: tuple[str, ...], tag: str | None) -> Rejection | None:
    """Our own mail, replies to it, and spam or bulk mail: not new complaints."""
    sender = headers.header_text(msg, "From") or "an unknown sender"
    refs = headers.message_ids(msg, "In-Reply-To", "References")
    if any(ours(i, own_domains) for i in headers.message_ids(msg, "Message-ID")):
        return Rejection("not_a_complaint", f"EthicsBot's own message from {sender} came back "
                                            "to the intake mailbox.")
    tagged = bool(CASE_TAG.search(headers.header_text(msg, "Subject")))
    if tagged or any(ours(i, own_domains) for i in refs):
        about = f" about case {tag}" if tag else ""
        return Rejection("not_a_complaint", f"A reply from {sender} to EthicsBot's mail{about}, "
                                            "not a new complaint; file it with the case.")
    spam = headers.header_text(msg, "X-Spam-Flag").lower() == "yes" or headers.header_text(
        msg, "X-Spam-Status").lower().startswith("yes")
    if spam or headers.header_text(msg, "Precedence").lower() in ("bulk", "junk", "list"):
        return Rejection("not_a_complaint", f"Spam or bulk mail from {sender}.")
    return None


def mentions_complaint(texts: Iterable[str], section_pattern: str | None) -> bool:
    """Does the text read like an ethics complaint at all (words, or a cited section)?"""
    texts = list(texts)
    return any(_COMPLAINT_WORDS.search(t) for t in texts) or bool(
        find_sections(texts, section_pattern))
