"""What tells mail a machine wrote, and which kind of machine: the subjects, senders,
headers, parts and body phrases of bounces, out-of-office and other automatic replies,
feedback and DMARC reports, list managers' notices and providers' JSON notifications.

Its own module because it is the knowledge of what mail systems write (most of it
patterns gathered from real mail), apart from the decision made with it
(`mail.parsing.classify`: what must not open a case, and why) and from what a report says
of the mail it reports on (`mail.parsing.reports`).
"""

from __future__ import annotations

import json
import re
from email.message import Message
from typing import Any

from mail.parsing import headers, mime

__all__ = ["GLANCE_TEXT", "first_text", "machine_author", "machine_kind",
           "notification_bounced", "own_part_types"]

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
_LIST_MANAGERS = re.compile(r"(?:-owner|-bounces|-request|-admin|\+owners)$|^(?:listserv|sympa"
                            r"|majordomo|mailman|ecartis|lyris)$", re.I)
_NOTIFICATION_KEYS = ("notificationType", "eventType", "event", "RecordType", "Type")
# SES's and Postmark's event keys, quoted plainly or escaped inside SNS's "Message" string
_PROVIDER_EVENT = re.compile(r'\\?"(?P<key>notificationType|eventType|RecordType)\\?"\s*:\s*'
                             r'\\?"(?P<value>[A-Za-z]{1,40})\\?"')
_BOUNCED = re.compile(r"bounce|fail|dropped|undeliver|reject", re.I)
GLANCE_TEXT = 16 * 1024  # what is read of a body to say it is a machine's


def machine_kind(msg: Message, read_body: bool = True) -> str | None:
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
    body = first_text(msg) if read_body else ""
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


def first_text(msg: Message) -> str:
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


def notification_bounced(msg: Message) -> bool:
    found = _notification(first_text(msg)) or {}
    event = " ".join(str(found.get(k, "")) for k in _NOTIFICATION_KEYS)
    return bool(_BOUNCED.search(event))
