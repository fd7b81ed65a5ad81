"""A message as intake keeps it, and what intake answers: the outcome of taking one in
(`Outcome`, `IntakeOutcome`), what it needs from the composition root (`IntakeContext`),
the message stored byte for byte with its outcome (`Message.store`), a message held for
the clerk (`quarantine`) and the step taken as a case is opened (`take_then`).

Its own module because taking a message in (`mail.intake`), filing what a message says
of mail already sent (`mail.intake_reports`) and the clerk's decisions on a held message
(`mail.held`) all keep and answer a message so; `mail.intake` gives these names to its
users.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.handlers import Command
from cases.notices import NoticeType, clerks
from cases.ports import Clock
from cases.services import take_step
from mail.parsing import IntakeResult, ParseRules, intake_json
from storage.uow import SqlUnitOfWork

__all__ = ["DAILY_CAP_PER_SENDER", "IntakeContext", "IntakeOutcome", "Message", "Outcome",
           "quarantine", "take_then"]

DAILY_CAP_PER_SENDER = 40  # a forwarding loop or flood is quarantined, not docketed


class Outcome(StrEnum):
    OPENED = "opened"  # a new case
    DUPLICATE = "duplicate"  # taken in before; nothing new happened
    CORRESPONDENCE = "correspondence"  # a reply to our notice, filed to its case
    CALENDAR_REPLY = "calendar_reply"  # an answer to a meeting's invitation, recorded
    QUARANTINED = "quarantined"  # kept for the clerk, who is told
    NOT_A_COMPLAINT = "not_a_complaint"  # held, and the clerk found it is none: kept


@dataclass(frozen=True)
class IntakeOutcome:
    outcome: Outcome
    case_number: str | None
    detail: str


@dataclass(frozen=True)
class IntakeContext:
    """What intake needs from the composition root."""

    uow: Callable[[], SqlUnitOfWork]
    directory: Directory
    calendar: CityCalendar
    clock: Clock
    rules: ParseRules  # how mail is read: the same in the listener's read-ahead process
    daily_cap: int = DAILY_CAP_PER_SENDER
    slack_alerts: bool = False  # alert the clerk about a bounced notice by Slack DM too


@dataclass(frozen=True)
class Message:
    raw: bytes
    content_hash: str
    source: str
    result: IntakeResult
    at: datetime
    sent_at: datetime  # the message's own Date, else `at`

    def store(self, uow: SqlUnitOfWork, outcome: Outcome, *, case_number: str | None = None,
              reason: str | None = None) -> int:
        """Keep the message with its outcome; its intake record's id."""
        row = uow.cases.row(case_number) if case_number else None
        return uow.filings.add(
            case_id=row.id if row else None, source=self.source,
            message_id=self.result.message_id, content_hash=self.content_hash,
            sender=self.result.forwarded_by, outcome=outcome.value, reason=reason,
            raw=self.raw, parsed=intake_json(self.result), at=self.at, sent_at=self.sent_at)



def take_then(uow: SqlUnitOfWork, ctx: IntakeContext, number: str,
            then: tuple[Command, str] | None) -> None:
    """The step the clerk takes as they file a complaint (`ethicsbot file --withhold`),
    recorded in the transaction that opens the case: the §2 notices are sent after it,
    so they go as it leaves them (the complainant withheld from the official and the
    council, `cases.protection`). Refused, nothing is opened."""
    if then is not None:
        cmd, actor = then
        take_step(uow, number, cmd, directory=ctx.directory, calendar=ctx.calendar,
                  clock=ctx.clock, actor=actor)



def quarantine(uow: SqlUnitOfWork, ctx: IntakeContext, msg: Message,
                reason: str) -> IntakeOutcome:
    filing_id = msg.store(uow, Outcome.QUARANTINED, reason=reason)
    for clerk in clerks(ctx.directory):
        uow.outbox.add_clerk_alert(filing_id=filing_id, notice_type=NoticeType.QUARANTINE_ALERT,
                                   recipient=clerk)
    return IntakeOutcome(Outcome.QUARANTINED, None, reason)

