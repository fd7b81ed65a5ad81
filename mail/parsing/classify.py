"""Decide what must not open a case, with one reason per message.

Precedence (intake corpus README): `bounce`, then `auto_reply`, then `not_a_complaint`
(replies to EthicsBot's own mail, its own mail looping back, spam and bulk mail, mail
with no complaint in it), then `sender_not_allowed` (§1: complaints go to the mayor or
the city administrator, whose offices forward them). Machine-generated mail is rejected
even when an allowed forwarder's mailbox sent it, since an out-of-office reply to the
bot's acknowledgement must not open a second case.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import Message
from typing import Any

from cases.directory import Directory
from mail.parsing import headers, mime
from mail.parsing.city import forwarder_domains, in_domains
from mail.parsing.sections import find_sections

CASE_TAG = re.compile(r"\bETH-(\d{4})-(\d{4})\b", re.I)
_BOUNCE_SUBJECT = re.compile(
    r"^\s*(?:undeliverable|undelivered mail|undeliverable mail|delivery status notification"
    r"|mail delivery failed|returned mail|delivery failure|failure notice|non-?delivery"
    r"|delayed mail|delivery delayed|unzustellbar|non remis|no se puede entregar|mail system error"
    r"|não entregue"
    # Japanese carriers' notices (ISO-2022-JP): delivery error, undelivered, send error,
    # "could not deliver / send", address unknown
    r"|.{0,40}?(?:配信エラー|配信不能|不達|送信エラー|エラーメール|配送エラー|配信できません"
    r"|送信できません|宛先不明|配信できませんでした|送信できませんでした))",
    re.I,
)
# Out-of-office subjects as the servers localise them; some send no header that says so.
# Japanese auto-responders put the marker in brackets ("【自動返信】", "[自動返信]").
_AWAY_SUBJECT = re.compile(
    r"^\s*[\[【]?(?:automatic reply|auto(?:matic)?[- ]?(?:reply|response|antwort)"
    r"|out[- ]of[- ](?:the[- ])?office|away from (?:the |my )?office|abwesenheitsnotiz"
    r"|automatische antwort|abwesend:|réponse automatique|absence:|respuesta automática"
    r"|fuera de la oficina|resposta automática|ausência:|risposta automatica|fuori sede"
    r"|fuori ufficio|automatisch antwoord|afwezig:|autosvar|automatisk svar|frånvaro"
    r"|automaattinen vastaus|odpowiedź automatyczna|automatyczna odpowiedź"
    r"|automatická odpověď|automatikus válasz|răspuns automat|αυτόματη απάντηση"
    r"|автоматический ответ|otomatik yanıt|自動応答|自動返信|不在通知|自动回复|自動回覆"
    r"|자동 회신)",
    re.I,
)
# Feedback loops that send no ARF part: Hotmail's JMRP, AOL's report with the mail attached
_FEEDBACK_SUBJECT = re.compile(
    r"^\s*(?:complaint about message from|email feedback report for ip)\b", re.I)
# An SMTP reply and enhanced status code ("550 5.1.1") beside words saying it failed:
# a bounce written as a plain message (a "Re:" bounce, an MTA with no report part).
_SMTP_STATUS = re.compile(r"\b[45]\d\d[ -]#?[45]\.\d{1,3}\.\d{1,3}\b|\(#[45]\.\d{1,3}\.\d{1,3}\)")
_FAILED_WORDS = re.compile(
    r"could not be delivered|couldn't be delivered|undeliverable|wasn't delivered|not delivered"
    r"|delivery (?:has )?failed|permanent (?:fatal )?error|user unknown|no mailbox|mailbox full"
    r"|送信に失敗|配信できません|お届けできません", re.I)
# What only a mail system writes, whole phrases no one quotes by chance: US carriers' SMS
# gateways (Verizon's vtext "Error: 550 - Requested action not taken: no such user here",
# its picture gateway "Message could not be delivered to mobile" / "No valid recipients
# for this MM"), KDDI's "Your mail sent on: ... Could not be delivered to: <a>" (Sisimai's
# Verizon and KDDI modules). Read in a stranger's body only, as the SMTP status is.
_MTA_PHRASES = re.compile(
    r"requested action not taken: no such user|message could not be delivered to mobile"
    r"|no valid recipients for this mm|^[ \t]*could not be delivered to: <"
    r"|^your mail (?:sent|attempted to be delivered) on: ", re.I | re.M)
# Mail systems' own mailboxes ("post_master" is Verizon's) and names, whoever forwards
# what they wrote
_DAEMONS = ("mailer-daemon", "postmaster", "post_master", "mail-daemon", "mailerdaemon")
_DAEMON_NAME = re.compile(r"^(?:mail delivery (?:system|subsystem|service)|mail administrator"
                          r"|microsoft outlook|postmaster|mailer-daemon)$", re.I)
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
_LIST_MANAGERS = re.compile(r"(?:-owner|-bounces|-request|-admin|\+owners)$|^(?:listserv|sympa"
                            r"|majordomo|mailman|ecartis|lyris)$", re.I)
_NOTIFICATION_KEYS = ("notificationType", "eventType", "event", "RecordType", "Type")
# SES's and Postmark's event keys, quoted plainly or escaped inside SNS's "Message" string
_PROVIDER_EVENT = re.compile(r'\\?"(?P<key>notificationType|eventType|RecordType)\\?"\s*:\s*'
                             r'\\?"(?P<value>[A-Za-z]{1,40})\\?"')
_BOUNCED = re.compile(r"bounce|fail|dropped|undeliver|reject", re.I)
GLANCE_TEXT = 16 * 1024  # what is read of a body to say it is a machine's
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
    kind = _machine_kind(msg, read_body)
    if kind is None:
        return None
    reason = "bounce" if kind == "delivery_status" else "auto_reply"
    if kind == "provider_notification" and _notification_bounced(msg):
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


def _machine_kind(msg: Message, read_body: bool = True) -> str | None:
    ctype = msg.get_content_type()
    report = str(msg.get_param("report-type", "")).lower() if ctype == "multipart/report" else ""
    parts = own_part_types(msg)
    name, address = headers.header_address(msg, "From")
    # the address's local part, else the first word of a bare name ("MAILER-DAEMON (Mail
    # Delivery System)" has no address at all)
    local = (address or "").split("@")[0] or next(iter((name or "").split()), "")
    subject = headers.header_text(msg, "Subject")
    if (report == "delivery-status" or "message/delivery-status" in parts
            or local.lower() in _DAEMONS
            or headers.header_text(msg, "X-Failed-Recipients")
            or _BOUNCE_SUBJECT.match(subject)):
        return "delivery_status"
    if report == "feedback-report" or "message/feedback-report" in parts or \
            _FEEDBACK_SUBJECT.match(subject):
        return "feedback_report"
    if report == "disposition-notification" or "message/disposition-notification" in parts:
        return "read_receipt"
    if re.match(r"^\s*report domain:.*\bsubmitter:", subject, re.I):
        return "dmarc_report"
    if _list_notice(msg, local):
        return "list_notice"
    body = _first_text(msg) if read_body else ""
    if _notification(body) is not None:
        return "provider_notification"
    if (_SMTP_STATUS.search(body) and _FAILED_WORDS.search(body)) or _MTA_PHRASES.search(body):
        return "delivery_status"
    auto = headers.header_text(msg, "Auto-Submitted").split(";")[0].strip().lower()
    flagged = [h for h in ("X-Autoreply", "X-Autorespond", "X-Autoresponder")
               if headers.header_text(msg, h).lower() not in ("", "no")]
    if _AWAY_SUBJECT.match(subject) or flagged:
        return "out_of_office"
    precedence = headers.header_text(msg, "Precedence").lower()
    if (auto and auto != "no") or precedence == "auto_reply" or report:
        return "auto_reply"
    return None


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
        return recipient_in(_first_text(msg))
    except Exception:  # an undecodable part says nothing
        return None


def recipient_in(text: str) -> str | None:
    """The first recipient a bounce's own words name (`_RECIPIENT_LINE`), lower case."""
    m = _RECIPIENT_LINE.search(text[:GLANCE_TEXT])
    return next((g.lower() for g in m.groups() if g), None) if m else None


def machine_author(name: str | None, address: str | None, subject: str) -> str | None:
    """What a message inside a forward is when a mail system wrote it (the office
    forwarding a failure notice it got): `delivery_status` for a mailer daemon or a
    postmaster, or for a bounce's subject from a machine's mailbox; `feedback_report` for
    a feedback loop's subject. None for a person's mail."""
    local = (address or "").split("@")[0].lower()
    if _FEEDBACK_SUBJECT.match(subject):
        return "feedback_report"
    if local in _DAEMONS or _DAEMON_NAME.match((name or "").strip(" \"'")):
        return "delivery_status"
    machine_box = re.search(r"daemon|postmaster|post_master|microsoftexchange|no-?reply", local)
    return "delivery_status" if machine_box and _BOUNCE_SUBJECT.match(subject) else None


def own_part_types(msg: Message, max_parts: int = 200) -> set[str]:
    """The content types of `msg`'s own parts, not of those inside mail it attaches: a
    delivery report inside an attached message is a bounce someone forwarded (the mayor
    forwarding the bounce that carries a resident's letter), not one sent to us. At most
    `max_parts` parts are looked at."""
    found: set[str] = set()
    stack, seen = [msg], 0
    while stack and seen < max_parts:
        part = stack.pop()
        seen += 1
        ctype = part.get_content_type()
        found.add(ctype)
        if part.is_multipart() and not ctype.startswith("message/"):
            payload = part.get_payload()
            stack.extend(p for p in payload if isinstance(p, Message))
    return found


def _list_notice(msg: Message, local: str) -> bool:
    """A list manager's own notice (held for moderation, rejected, confirm), not a post."""
    listed = any(headers.header_text(msg, h) for h in (
        "List-Id", "X-Mailman-Version", "X-Google-Group-Id", "X-Loop", "X-List-Administrivia"))
    return headers.header_text(msg, "X-List-Administrivia").lower() == "yes" or bool(
        _LIST_MANAGERS.search(local) and (listed or "+" not in local))


def _first_text(msg: Message) -> str:
    """The start of the body's JSON part, else of its first text part (empty for a header
    block alone); at most 20 parts are looked at."""
    first: Message | None = None
    for i, part in enumerate(msg.walk()):
        if i > 20:
            break
        ctype = part.get_content_type()
        if ctype == "application/json":
            first = part
            break
        if ctype == "text/plain" and first is None and not part.is_multipart():
            first = part
    try:
        return mime.part_text(first)[:GLANCE_TEXT] if first is not None else ""
    except Exception:  # an undecodable part says nothing
        return ""


def _notification(body: str) -> dict[str, Any] | None:
    """A provider's notification as JSON (Amazon SNS/SES, Mailgun, Postmark): the object
    naming the event, or None. Only a body that is JSON from its first character."""
    text = body.lstrip("\ufeff \t\r\n")  # a byte-order mark is no text
    if not text.startswith("{"):
        return None
    try:
        found = json.loads(text[:text.rfind("}") + 1])
    except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth
        return _cut_notification(text)
    if not isinstance(found, dict) or not any(k in found for k in _NOTIFICATION_KEYS):
        return None
    inner = found.get("Message")
    if found.get("Type") == "Notification" and isinstance(inner, str):
        return _notification(inner[:GLANCE_TEXT]) or found  # SNS wraps SES's event
    return found


def _cut_notification(text: str) -> dict[str, Any] | None:
    """The event a provider's JSON names when the JSON does not parse whole: SES with the
    original headers included runs past the `GLANCE_TEXT` read, and SNS carries SES's
    event as an escaped string (`\\"notificationType\\":\\"Complaint\\"`). Only the keys
    no one but a provider writes count; one linear scan of what was read."""
    found: dict[str, Any] = {}
    for m in _PROVIDER_EVENT.finditer(text[:GLANCE_TEXT]):
        found.setdefault(m["key"], m["value"])
    return found or None


def _notification_bounced(msg: Message) -> bool:
    found = _notification(_first_text(msg)) or {}
    event = " ".join(str(found.get(k, "")) for k in _NOTIFICATION_KEYS)
    return bool(_BOUNCED.search(event))


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
    return next((i for i in candidates if _ours(i, own_domains)), None)


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
