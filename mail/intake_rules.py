"""What intake does with a message it has read: an ordered table of rules, the first that
hits decides.

The shape is Mailman 3's built-in chain: each rule is a small named function over what is
known of the message, each row says the action its hit leads to, and one loop
(`first_hit`) reads the table in order. Precedence is therefore the table's order, written
down once, and not an accident of nested ifs: an out-of-office reply to one of our
notices names the notice's case, but `machine_generated` stands above
`reply_to_our_mail`, so it is held for the clerk rather than filed as the official's
answer. The last row always hits: nothing leaves intake unaccounted for (never lose).

What a message *is* (a bounce, a reply, a complaint, too big) is decided once, when it is
read (`mail.parsing`); the rules here only read that verdict (`IntakeResult`) and the
three facts that cost a query, asked only when a rule reaches them (`Facts`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from mail.parsing import IntakeResult

MACHINE_REASONS = ("bounce", "auto_reply")


class Facts(Protocol):
    """What the rules read about one message. The three methods each cost a query, so a
    rule asks only when the rows above it have not decided."""

    @property
    def result(self) -> IntakeResult: ...

    def taken_in_before(self) -> bool:
        """The same message (Message-ID, else the same bytes) has an intake record."""
        ...

    def over_daily_cap(self) -> bool:
        """Its forwarder sent more than the daily cap within the day before its Date."""
        ...

    def reports_on_our_notice(self) -> bool:
        """The report it carries names one of a case's notices that we sent."""
        ...


class Action(StrEnum):
    """What a hit leads to; `mail.intake` has one handler per action."""

    DROP_DUPLICATE = "drop as a duplicate"  # nothing new happens; the first record stands
    RECORD_ANSWER = "record the answer against its meeting"
    HOLD_AS_LOOP = "quarantine as a possible mail loop"
    OPEN_CASE = "open a case"
    FILE_REPORT = "file the report with its notice's case"
    FILE_CORRESPONDENCE = "file to its case as correspondence"
    QUARANTINE = "quarantine with the reason read"


def duplicate(f: Facts) -> bool:
    """Taken in before: a crash between commit and the move out of the inbox, or the same
    forward twice. Checked first, so a message never opens two cases."""
    return f.taken_in_before()


def calendar_answer(f: Facts) -> bool:
    """A member's answer to a meeting invitation (even one marked automatic)."""
    return f.result.calendar_reply is not None


def mail_loop(f: Facts) -> bool:
    """A complaint from a forwarder who sent more than the daily cap: a forwarding loop or
    a flood is held, not docketed. Above `complaint`, which it would otherwise be."""
    r = f.result
    return r.accepted and r.filing is not None and bool(r.forwarded_by) and f.over_daily_cap()


def complaint(f: Facts) -> bool:
    """Read as a complaint with a filing."""
    return f.result.accepted and f.result.filing is not None


def report_on_our_notice(f: Facts) -> bool:
    """A bounce or read receipt naming one of our notices: evidence for its case, never
    held (the clerk is alerted by the handler when a notice failed)."""
    return f.result.reports_on is not None and f.reports_on_our_notice()


def over_limit(f: Facts) -> bool:
    """Too big or too costly to read: past a limit of `MailLimits` (the reason names it)."""
    return f.result.reject_reason == "over_limit"


def machine_generated(f: Facts) -> bool:
    """A bounce, auto-reply, ARF or DMARC report, read receipt, a carrier's SMS-gateway
    bounce... as the reading decided it once. Above `reply_to_our_mail`: a machine's answer
    to our notice is no one's correspondence."""
    return f.result.reject_reason in MACHINE_REASONS


def sender_not_allowed(f: Facts) -> bool:
    """A complaint from someone who is no allowed forwarder, or a forwarder's mail the
    city's server does not vouch for."""
    return f.result.reject_reason == "sender_not_allowed"


def reply_to_our_mail(f: Facts) -> bool:
    """Not a complaint, but names one of our cases (its subject's tag, or a reply to our
    Message-ID): filed to that case."""
    return not f.result.accepted and f.result.case_tag is not None


def anything_else(f: Facts) -> bool:
    """The last row: whatever no rule above took is held for the clerk."""
    return True


@dataclass(frozen=True)
class Rule:
    name: str
    check: Callable[[Facts], bool]
    action: Action


def _rule(check: Callable[[Facts], bool], action: Action) -> Rule:
    return Rule(check.__name__, check, action)


# The order is the precedence; docs/install.md shows this table and a test keeps them equal.
RULES: tuple[Rule, ...] = (
    _rule(duplicate, Action.DROP_DUPLICATE),
    _rule(calendar_answer, Action.RECORD_ANSWER),
    _rule(mail_loop, Action.HOLD_AS_LOOP),
    _rule(complaint, Action.OPEN_CASE),
    _rule(report_on_our_notice, Action.FILE_REPORT),
    _rule(over_limit, Action.QUARANTINE),
    _rule(machine_generated, Action.QUARANTINE),
    _rule(sender_not_allowed, Action.QUARANTINE),
    _rule(reply_to_our_mail, Action.FILE_CORRESPONDENCE),
    _rule(anything_else, Action.QUARANTINE),
)


def first_hit(facts: Facts, rules: tuple[Rule, ...] = RULES) -> Rule:
    """The first rule of `rules` that hits `facts`; the table ends in one that always does."""
    return next(rule for rule in rules if rule.check(facts))
