"""The outcome of reading one message, and its JSON form (the intake corpus schema).

A rejected message keeps what the clerk needs to act on it (its Message-ID, the case it
refers to, one sentence of why); everything else stays empty, as in the corpus. Besides
the corpus's four reasons, `over_limit` says the message asked for more work than intake
allows (`limits`); `limit` then names the setting and its value.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cases.filing import Complainant, Element, Filing
from mail.parsing.calendar_replies import CalendarReply


@dataclass(frozen=True)
class IntakeResult:
    accepted: bool
    # "bounce" | "auto_reply" | "not_a_complaint" | "sender_not_allowed" | "over_limit"
    reject_reason: str | None
    received_at: datetime  # aware: the earliest time the city had the complaint
    forwarded_by: str | None
    filing: Filing | None  # when accepted
    message_id: str | None  # the outer message's Message-ID
    case_tag: str | None  # "ETH-2026-0007" when the message refers to one of our cases
    detail: str  # one sentence for the clerk: why rejected, or what was found
    limit: str | None = None  # "ETHICSBOT_MAIL_MAX_PARTS=200" when over a limit
    # an answer to one of EthicsBot's meeting invitations (recorded, never a case)
    calendar_reply: CalendarReply | None = None
    # what a refused machine message is (classify.KINDS): "delivery_status", "read_receipt"...
    kind: str | None = None
    # a bounce's or read receipt's: the Message-ID of EthicsBot's message it reports on
    # (lower case, no brackets) and its report fields (Final-Recipient, Status,
    # Diagnostic-Code, Disposition), so intake files it with that notice's case
    reports_on: str | None = None
    report: tuple[tuple[str, str], ...] = ()
    # a bounce's: the address it could not deliver to, where it names one
    recipient: str | None = None


def intake_json(result: IntakeResult) -> dict[str, Any]:
    """The corpus schema (corpus/intake/README.md) plus the matched respondents' names, the
    clerk's flags on the filing, for a refused machine message what it is, and for mail
    refused as `over_limit` the limit it passed (`ETHICSBOT_MAIL_MAX_PARTS=200`), and the
    language the complaint is written in (`cases.languages`)."""
    filing = result.filing
    who = filing.complainant if filing else Complainant()
    return {
        "accepted": result.accepted,
        "reject_reason": result.reject_reason,
        "received_at": result.received_at.isoformat(),
        "forwarded_by": result.forwarded_by,
        "complainant": {"name": who.name, "email": who.email, "phone": who.phone,
                        "address": who.address},
        "code_sections": list(filing.code_sections) if filing else [],
        "attachments": list(filing.attachments) if filing else [],
        "missing": [e.value for e in Element if filing and e in filing.missing],
        "respondents": list(filing.respondents) if filing else [],
        "flags": list(filing.flags) if filing else [],
        "kind": result.kind,
        "recipient": result.recipient,
        "limit": result.limit,
        "language": filing.language if filing else None,  # the complaint's ("es", "en")
    }
