"""Taking one message in: open exactly one case, file a reply to its case, record a
member's answer to a meeting's invitation (`record_answer`), or quarantine.

Whatever the source (IMAP, the Maildir of the embedded defaults, `ethicsbot file`), a
message goes through `take_in`, which stores it byte for byte with its outcome in the
same transaction as the case it opens. The caller moves the message out of the inbox
only after `take_in` returned, so a crash at any point leaves it to be taken in again,
and the Message-ID / content-hash check then recognises it: never two cases, never none.

What a message is kept as and answers (`Outcome`, `IntakeOutcome`, `IntakeContext`) is
`mail.intake_record`'s, filing a report or a calendar answer `mail.intake_reports`', the
clerk's decisions on a held message `mail.held`'s; their users import them from here.
"""

from __future__ import annotations

import email.utils
import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from cases.commands import FileCorrespondence
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.services import file_complaint, take_step
from mail.held import HeldDecisions, dismiss_held, open_held
from mail.intake_record import (
    DAILY_CAP_PER_SENDER,
    IntakeContext,
    IntakeOutcome,
    Message,
    Outcome,
    quarantine,
    take_then,
)
from mail.intake_reports import delivery_report, record_answer
from mail.intake_rules import Action, first_hit
from mail.parsing import IntakeResult
from mail.parsing.structure import read_header
from storage import outbox
from storage.uow import SqlUnitOfWork

__all__ = ["DAILY_CAP_PER_SENDER", "HeldDecisions", "IntakeContext", "IntakeOutcome",
           "Outcome", "dismiss_held", "open_held", "take_in"]


def take_in(raw: bytes, ctx: IntakeContext, *, source: str,
            received_at: datetime | None = None,
            parsed: IntakeResult | None = None,
            then: tuple[Command, str] | None = None) -> IntakeOutcome:
    """Take one message in. `received_at` overrides the parsed receipt (paper filings).

    `parsed` is `ctx.rules.parse(raw)`, when the caller has read the message already (the
    IMAP listener reads a backlog ahead in a second process: parsing is half the cost).

    `then`: a step and who takes it, on the case the message opens, in the transaction
    that opens it (`take_then`).
    """
    content_hash = hashlib.sha256(raw).hexdigest()
    result = parsed or ctx.rules.parse(raw)
    with ctx.uow() as uow:
        now = ctx.clock()
        msg = Message(raw, content_hash, source, result, now, _sent_at(raw, ctx, now))
        outcome = _decide(_Screened(uow, ctx, msg, received_at))
        if outcome.outcome is Outcome.DUPLICATE:
            return outcome  # nothing to commit
        if outcome.outcome is Outcome.OPENED and outcome.case_number:
            take_then(uow, ctx, outcome.case_number, then)
        uow.commit()
        return outcome



@dataclass
class _Screened:
    """One message before `RULES` (`intake_rules.Facts`): its reading, and the three facts
    that cost a query, each asked at most once and kept for the action's handler."""

    uow: SqlUnitOfWork
    ctx: IntakeContext
    msg: Message
    received_at: datetime | None

    @property
    def result(self) -> IntakeResult:
        return self.msg.result

    @functools.cached_property
    def earlier(self) -> tuple[str, str | None] | None:
        """The same message's earlier intake record: its outcome and case number."""
        row = self.uow.filings.find(message_id=self.result.message_id,
                                    content_hash=self.msg.content_hash)
        return None if row is None else (row.outcome, self.uow.filings.case_number(row))

    @functools.cached_property
    def notice(self) -> outbox.Notice | None:
        """The notice on a case whose Message-ID a bounce or read receipt names."""
        if self.result.reports_on is None:
            return None
        row = outbox.by_message_id(self.uow.session, self.result.reports_on)
        return row if row is not None and row.case_id is not None else None

    def taken_in_before(self) -> bool:
        return self.earlier is not None

    def over_daily_cap(self) -> bool:
        sender, sent = self.result.forwarded_by, self.msg.sent_at
        return bool(sender) and self.uow.filings.count_from(
            sender or "", sent_after=sent - timedelta(days=1),
            sent_until=sent) >= self.ctx.daily_cap

    def reports_on_our_notice(self) -> bool:
        return self.notice is not None


def _decide(s: _Screened) -> IntakeOutcome:
    """The first of `RULES` that hits decides; its action's handler does it."""
    return _ACTIONS[first_hit(s).action](s)


def _duplicate(s: _Screened) -> IntakeOutcome:
    assert s.earlier is not None
    outcome, number = s.earlier
    return IntakeOutcome(Outcome.DUPLICATE, number, f"already taken in ({outcome}"
                         + (f", case {number})" if number else ")"))


def _record_answer(s: _Screened) -> IntakeOutcome:
    assert s.result.calendar_reply is not None
    return record_answer(s.uow, s.ctx, s.msg, s.result.calendar_reply)


def _hold_as_loop(s: _Screened) -> IntakeOutcome:
    return quarantine(s.uow, s.ctx, s.msg, f"more than {s.ctx.daily_cap} messages sent by "
                       f"{s.result.forwarded_by} within a day: held as a possible mail loop")


def _open_case(s: _Screened) -> IntakeOutcome:
    uow, ctx, result = s.uow, s.ctx, s.result
    assert result.filing is not None
    filing = result.filing if s.received_at is None else replace(
        result.filing, received_at=s.received_at)
    case = file_complaint(uow, filing, directory=ctx.directory, calendar=ctx.calendar,
                          clock=ctx.clock, actor=result.forwarded_by or s.msg.source)
    s.msg.store(uow, Outcome.OPENED, case_number=case.number)
    return IntakeOutcome(Outcome.OPENED, case.number, f"opened {case.number}")


def _file_report(s: _Screened) -> IntakeOutcome:
    assert s.notice is not None
    return delivery_report(s.uow, s.ctx, s.msg, s.notice)


def _file_correspondence(s: _Screened) -> IntakeOutcome:
    uow, ctx, msg, result = s.uow, s.ctx, s.msg, s.result
    number = result.case_tag
    assert number is not None
    try:
        take_step(uow, number, FileCorrespondence(
            sender=read_header(msg.raw, "From", 320, ctx.rules.limits),
            subject=read_header(msg.raw, "Subject", 500, ctx.rules.limits),
            message_id=result.message_id),
            directory=ctx.directory, calendar=ctx.calendar, clock=ctx.clock,
            actor="ethicsbot")
    except ProcedureError:
        return quarantine(uow, ctx, msg, f"a reply to {number}, which does not exist")
    msg.store(uow, Outcome.CORRESPONDENCE, case_number=number, reason=result.detail)
    return IntakeOutcome(Outcome.CORRESPONDENCE, number, f"filed to {number}")


def _held(s: _Screened) -> IntakeOutcome:
    return quarantine(s.uow, s.ctx, s.msg, s.result.detail or str(s.result.reject_reason))


_ACTIONS: dict[Action, Callable[[_Screened], IntakeOutcome]] = {
    Action.DROP_DUPLICATE: _duplicate,
    Action.RECORD_ANSWER: _record_answer,
    Action.HOLD_AS_LOOP: _hold_as_loop,
    Action.OPEN_CASE: _open_case,
    Action.FILE_REPORT: _file_report,
    Action.FILE_CORRESPONDENCE: _file_correspondence,
    Action.QUARANTINE: _held,
}


def _sent_at(raw: bytes, ctx: IntakeContext, fallback: datetime) -> datetime:
    """The message's Date (a zone-less one read in city time), else `fallback`."""
    try:
        sent = email.utils.parsedate_to_datetime(read_header(raw, "Date", 200, ctx.rules.limits))
    except (TypeError, ValueError, IndexError, OverflowError):
        return fallback
    return sent if sent.tzinfo else sent.replace(tzinfo=ctx.calendar.tz)
