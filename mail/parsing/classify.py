"""Decide what must not open a case, with one reason per message.

Precedence (intake corpus README): `bounce`, then `auto_reply`, then `not_a_complaint`
(replies to EthicsBot's own mail, its own mail looping back, spam and bulk mail, mail
with no complaint in it), then `sender_not_allowed` (§1: complaints go to the mayor or
the city administrator, whose offices forward them). Machine-generated mail is rejected
even when an allowed forwarder's mailbox sent it, since an out-of-office reply to the
bot's acknowledgement must not open a second case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message

from cases.directory import Directory
from mail.parsing import headers, mime
from mail.parsing.city import forwarder_domains, in_domains
from mail.parsing.sections import find_sections

CASE_TAG = re.compile(r"\bETH-(\d{4})-(\d{4})\b", re.I)
_BOUNCE_SUBJECT = re.compile(
    r"^\s*(?:undeliverable|undelivered mail|undeliverable mail|delivery status notification"
    r"|mail delivery failed|returned mail|delivery failure|failure notice|non-?delivery)",
    re.I,
)
_AUTO_SUBJECT = re.compile(
    r"^\s*(?:automatic reply|auto(?:matic)?[- ]?(?:reply|response)|out of (?:the )?office"
    r"|abwesenheitsnotiz|réponse automatique|respuesta automática)\b",
    re.I,
)
_COMPLAINT_WORDS = re.compile(
    r"complain|ethic|violat|conflict of interest|misconduct|allegation|grievance|brib|"
    r"kickback|favou?ritism|nepotism|self-dealing|corrupt|misuse|abuse of|recus", re.I
)


@dataclass(frozen=True)
class Rejection:
    reason: str  # "bounce" | "auto_reply" | "not_a_complaint" | "sender_not_allowed"
    detail: str  # one sentence for the clerk


def default_own_domains(directory: Directory) -> tuple[str, ...]:
    """EthicsBot's Message-IDs are `<...@ethicsbot.DOMAIN>` for each forwarder domain.

    The outgoing mailer makes its ids with `make_msgid(domain="ethicsbot." + domain)`, so
    without configuration replies are recognised by that host, e.g. `ethicsbot.city.test`.
    """
    return tuple(f"ethicsbot.{d}" for d in forwarder_domains(directory))


def _ours(message_id: str, own_domains: tuple[str, ...]) -> bool:
    return in_domains(message_id.strip("<>"), own_domains)


def case_tag(msg: Message, own_domains: tuple[str, ...]) -> str | None:
    """The case a message refers to: a subject tag, or a reply to (or a bounce of) our mail."""
    for candidate in (msg, *mime.attached_messages(msg)):
        m = CASE_TAG.search(headers.header_text(candidate, "Subject"))
        if m:
            return f"ETH-{m[1]}-{m[2]}"
        for ref in headers.message_ids(candidate, "In-Reply-To", "References", "Message-ID"):
            m = CASE_TAG.match(ref)
            if m and _ours(ref, own_domains):
                return f"ETH-{m[1]}-{m[2]}"
    return None


def machine_generated(msg: Message) -> Rejection | None:
    """A bounce or an automatic reply (RFC 3834 and the headers Exchange actually sends)."""
    sender = headers.header_text(msg, "From") or "an unknown sender"
    ctype = msg.get_content_type()
    report = str(msg.get_param("report-type", "")).lower() if ctype == "multipart/report" else ""
    parts = {p.get_content_type() for p in msg.walk()}
    local = (headers.header_address(msg, "From")[1] or "").split("@")[0]
    if (report == "delivery-status" or "message/delivery-status" in parts
            or local in ("mailer-daemon", "postmaster")
            or headers.header_text(msg, "X-Failed-Recipients")
            or _BOUNCE_SUBJECT.match(headers.header_text(msg, "Subject"))):
        return Rejection("bounce", f"A delivery failure report from {sender}: one of our "
                                   "messages could not be delivered; nothing to file.")
    auto = headers.header_text(msg, "Auto-Submitted").split(";")[0].strip().lower()
    flagged = [h for h in ("X-Autoreply", "X-Autorespond", "X-Autoresponder")
               if headers.header_text(msg, h).lower() not in ("", "no")]
    precedence = headers.header_text(msg, "Precedence").lower()
    if ((auto and auto != "no") or flagged or precedence == "auto_reply" or report
            or _AUTO_SUBJECT.match(headers.header_text(msg, "Subject"))):
        how = f"Auto-Submitted: {auto}" if auto and auto != "no" else (
            flagged[0] if flagged else "an automatic-reply subject or report")
        return Rejection("auto_reply", f"An automatic reply ({how}) from {sender}; "
                                       "machine-generated mail never opens a case.")
    return None


def not_for_intake(msg: Message, own_domains: tuple[str, ...], tag: str | None) -> Rejection | None:
    """Our own mail, replies to it, and spam or bulk mail: not new complaints."""
    sender = headers.header_text(msg, "From") or "an unknown sender"
    refs = headers.message_ids(msg, "In-Reply-To", "References")
    if any(_ours(i, own_domains) for i in headers.message_ids(msg, "Message-ID")):
        return Rejection("not_a_complaint", f"EthicsBot's own message from {sender} came back "
                                            "to the intake mailbox.")
    tagged = bool(CASE_TAG.search(headers.header_text(msg, "Subject")))
    if tagged or any(_ours(i, own_domains) for i in refs):
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
