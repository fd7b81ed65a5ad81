"""Taking one message in: open exactly one case, file a reply to its case, record a
member's answer to a meeting's invitation (`_answer`), or quarantine.

Whatever the source (IMAP, the Maildir of the embedded defaults, `ethicsbot file`), a
message goes through `take_in`, which stores it byte for byte with its outcome in the
same transaction as the case it opens. The caller moves the message out of the inbox
only after `take_in` returned, so a crash at any point leaves it to be taken in again,
and the Message-ID / content-hash check then recognises it: never two cases, never none.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from cases.calendar import CityCalendar
from cases.commands import FileCorrespondence, RecordMeetingReply, RecordNoticeBounced
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.meetings import Answer
from cases.notices import ALERTS, SECTION_2, NoticeType, clerks, meeting_invitees, meeting_of
from cases.ports import Clock
from cases.services import file_complaint, take_step
from mail.alerts import alert_clerks
from mail.intake_rules import Action, first_hit
from mail.parsing import IntakeResult, ParseRules, intake_json
from mail.parsing.calendar_replies import CalendarReply, ours
from mail.parsing.classify import default_own_domains
from mail.parsing.structure import read_header
from storage import outbox
from storage.uow import SqlUnitOfWork

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
class _Message:
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


def take_in(raw: bytes, ctx: IntakeContext, *, source: str,
            received_at: datetime | None = None,
            parsed: IntakeResult | None = None,
            then: tuple[Command, str] | None = None) -> IntakeOutcome:
    """Take one message in. `received_at` overrides the parsed receipt (paper filings).

    `parsed` is `ctx.rules.parse(raw)`, when the caller has read the message already (the
    IMAP listener reads a backlog ahead in a second process: parsing is half the cost).

    `then`: a step and who takes it, on the case the message opens, in the transaction
    that opens it (`_opened`).
    """
    content_hash = hashlib.sha256(raw).hexdigest()
    result = parsed or ctx.rules.parse(raw)
    with ctx.uow() as uow:
        now = ctx.clock()
        msg = _Message(raw, content_hash, source, result, now, _sent_at(raw, ctx, now))
        outcome = _decide(_Screened(uow, ctx, msg, received_at))
        if outcome.outcome is Outcome.DUPLICATE:
            return outcome  # nothing to commit
        if outcome.outcome is Outcome.OPENED and outcome.case_number:
            _opened(uow, ctx, outcome.case_number, then)
        uow.commit()
        return outcome


def _opened(uow: SqlUnitOfWork, ctx: IntakeContext, number: str,
            then: tuple[Command, str] | None) -> None:
    """The step the clerk takes as they file a complaint (`ethicsbot file --withhold`),
    recorded in the transaction that opens the case: the §2 notices are sent after it,
    so they go as it leaves them (the complainant withheld from the official and the
    council, `cases.protection`). Refused, nothing is opened."""
    if then is not None:
        cmd, actor = then
        take_step(uow, number, cmd, directory=ctx.directory, calendar=ctx.calendar,
                  clock=ctx.clock, actor=actor)


def open_held(filing_id: int, ctx: IntakeContext, *, actor: str,
              received_at: datetime | None = None,
              then: Command | None = None) -> IntakeOutcome:
    """Open a case from a message intake held in quarantine, on a clerk's decision that it
    is a complaint after all (the alert says how). The message is read again with no
    screen refusing it (`deliberate`), its intake record is marked opened and names who
    decided; `received_at` overrides the receipt read from it; `then`, a step `actor`
    takes on the case as it is opened (`_opened`)."""
    with ctx.uow() as uow:
        row = uow.filings.get(filing_id)
        if row is None:
            return IntakeOutcome(Outcome.QUARANTINED, None,
                                 f"there is no intake record #{filing_id}")
        if row.outcome != Outcome.QUARANTINED.value or row.case_id is not None:
            number = uow.filings.case_number(row)
            return IntakeOutcome(Outcome.DUPLICATE, number, f"intake record #{filing_id} is "
                                 f"{row.outcome}" + (f" as {number}" if number else "")
                                 + ", not held")
        result = ctx.rules.parse(row.raw, deliberate=True)
        if result.filing is None:
            return IntakeOutcome(Outcome.QUARANTINED, None, f"intake record #{filing_id} "
                                 f"cannot be read as a complaint: {result.detail}")
        filing = result.filing if received_at is None else replace(
            result.filing, received_at=received_at)
        case = file_complaint(uow, filing, directory=ctx.directory, calendar=ctx.calendar,
                              clock=ctx.clock, actor=actor)
        opened = uow.cases.row(case.number)
        assert opened is not None  # file_complaint has just added it
        uow.filings.record_decision(
            filing_id, outcome=Outcome.OPENED.value, case_id=opened.id,
            reason=f"{row.reason or 'held'}; opened as {case.number} by {actor}")
        _opened(uow, ctx, case.number, None if then is None else (then, actor))
        uow.commit()
        return IntakeOutcome(Outcome.OPENED, case.number,
                             f"opened {case.number} from intake record #{filing_id}")


@dataclass(frozen=True)
class HeldDecisions:
    """`web.deps.HeldReview` over this module: the clerk's two answers to a held message."""

    ctx: IntakeContext

    def open(self, filing_id: int, actor: str) -> tuple[str | None, str]:
        done = open_held(filing_id, self.ctx, actor=actor)
        return (done.case_number if done.outcome is Outcome.OPENED else None), done.detail

    def dismiss(self, filing_id: int, actor: str) -> tuple[str | None, str]:
        return None, dismiss_held(filing_id, self.ctx, actor=actor).detail


def dismiss_held(filing_id: int, ctx: IntakeContext, *, actor: str) -> IntakeOutcome:
    """Mark a message intake held as reviewed and not a complaint, on a clerk's decision:
    it leaves the list of held messages and is kept, with who decided and when."""
    with ctx.uow() as uow:
        row = uow.filings.get(filing_id)
        if row is None or row.outcome != Outcome.QUARANTINED.value or row.case_id is not None:
            return IntakeOutcome(Outcome.DUPLICATE, None,
                                 f"intake record #{filing_id} is not a held message")
        uow.filings.record_decision(
            filing_id, outcome=Outcome.NOT_A_COMPLAINT.value,
            reason=(f"{row.reason or 'held'}; not a complaint, by {actor} at "
                    f"{ctx.clock().isoformat(timespec='seconds')}"))
        uow.commit()
        return IntakeOutcome(Outcome.NOT_A_COMPLAINT, None,
                             f"intake record #{filing_id} is not a complaint; kept")


@dataclass
class _Screened:
    """One message before `RULES` (`intake_rules.Facts`): its reading, and the three facts
    that cost a query, each asked at most once and kept for the action's handler."""

    uow: SqlUnitOfWork
    ctx: IntakeContext
    msg: _Message
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
    return _answer(s.uow, s.ctx, s.msg, s.result.calendar_reply)


def _hold_as_loop(s: _Screened) -> IntakeOutcome:
    return _quarantine(s.uow, s.ctx, s.msg, f"more than {s.ctx.daily_cap} messages sent by "
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
    return _delivery_report(s.uow, s.ctx, s.msg, s.notice)


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
        return _quarantine(uow, ctx, msg, f"a reply to {number}, which does not exist")
    msg.store(uow, Outcome.CORRESPONDENCE, case_number=number, reason=result.detail)
    return IntakeOutcome(Outcome.CORRESPONDENCE, number, f"filed to {number}")


def _held(s: _Screened) -> IntakeOutcome:
    return _quarantine(s.uow, s.ctx, s.msg, s.result.detail or str(s.result.reject_reason))


_ACTIONS: dict[Action, Callable[[_Screened], IntakeOutcome]] = {
    Action.DROP_DUPLICATE: _duplicate,
    Action.RECORD_ANSWER: _record_answer,
    Action.HOLD_AS_LOOP: _hold_as_loop,
    Action.OPEN_CASE: _open_case,
    Action.FILE_REPORT: _file_report,
    Action.FILE_CORRESPONDENCE: _file_correspondence,
    Action.QUARANTINE: _held,
}


def _delivery_report(uow: SqlUnitOfWork, ctx: IntakeContext, msg: _Message,
                     row: outbox.Notice) -> IntakeOutcome:
    """A bounce or a read receipt of one of a case's notices: filed with that case as
    evidence (never a case, never held). A bounce (a permanent failure: not a delay) of a
    notice that had been delivered marks it failed in the proof of notice; a §2 notice's
    act is undone for that recipient (`RecordNoticeBounced`), and the clerk is alerted
    with the time left."""
    result, now = msg.result, ctx.clock()
    number = uow.cases.number_of(row.case_id) if row.case_id is not None else None
    assert number is not None
    report = dict(result.report)
    notice = NoticeType(row.notice_type)
    to = row.addressed
    if result.reject_reason != "bounce":
        what = report.get("disposition") or "no disposition given"
        detail = (f"read receipt for {notice.value} to {to} (sent as {row.message_id}): "
                  f"{what}")
        _file(uow, ctx, number, msg, f"Read receipt: {notice.value} to {row.recipient_email}, "
              f"{what}")
        msg.store(uow, Outcome.CORRESPONDENCE, case_number=number, reason=detail)
        return IntakeOutcome(Outcome.CORRESPONDENCE, number, f"filed to {number}: {detail}")
    delayed = report.get("action", "").lower() == "delayed" or report.get(
        "status", "").startswith("4")
    why = report.get("diagnostic-code") or report.get("status") or result.detail
    detail = (f"{'delay report' if delayed else 'bounce'} of {notice.value} to {to} "
              f"(sent as {row.message_id}): {why}")
    _file(uow, ctx, number, msg, f"{'Delayed' if delayed else 'Bounced'}: {notice.value} to "
          f"{row.recipient_email}, {why}")
    if not delayed and row.status != "failed":
        outbox.record_delivery(uow.session, row.id, at=now, outcome="failed",
                               reply=f"bounce received (intake): {why}")
        outbox.mark_failed(uow.session, row.id, error=why)
        was_sent = row.status == "sent"
        act = SECTION_2.get(notice)
        if act is not None and was_sent:
            try:
                take_step(uow, number, RecordNoticeBounced(act, row.recipient_email, why,
                                                           row.message_id),
                          directory=ctx.directory, calendar=ctx.calendar, clock=ctx.clock,
                          actor="ethicsbot")
            except ProcedureError as e:  # closed meanwhile: the filing stays the proof
                detail += f"; not recorded against the §2 act: {e}"
        if notice not in ALERTS:
            alert_clerks(uow, ctx.directory, row.case_id or 0,
                         NoticeType.DELIVERY_FAILED_ALERT, row.id, slack=ctx.slack_alerts)
    msg.store(uow, Outcome.CORRESPONDENCE, case_number=number, reason=detail)
    return IntakeOutcome(Outcome.CORRESPONDENCE, number, f"filed to {number}: {detail}")


def _file(uow: SqlUnitOfWork, ctx: IntakeContext, number: str, msg: _Message,
          subject: str) -> None:
    """The report in the case's history, as correspondence naming the notice."""
    with contextlib.suppress(ProcedureError):  # a destroyed file: the record is kept
        take_step(uow, number, FileCorrespondence(
            sender=read_header(msg.raw, "From", 320, ctx.rules.limits), subject=subject[:500],
            message_id=msg.result.message_id),
            directory=ctx.directory, calendar=ctx.calendar, clock=ctx.clock, actor="ethicsbot")


def _answer(uow: SqlUnitOfWork, ctx: IntakeContext, msg: _Message,
            reply: CalendarReply) -> IntakeOutcome:
    """Record a member's answer to a meeting's invitation against that meeting; file the
    message with its case. Only an answer EthicsBot cannot place is held for the clerk."""
    domains = ctx.rules.own_domains or default_own_domains(ctx.directory)
    found = ours(reply.uid, domains)
    if found is None:
        return _quarantine(uow, ctx, msg, f"a calendar answer from {reply.attendee} to an "
                           "invitation EthicsBot did not send")
    number, purpose = found
    case = uow.cases.get(number)
    meeting = case.meetings.get(meeting_of(purpose) or 0) if case is not None else None
    if case is None or (meeting is None and meeting_of(purpose) is not None):
        return _quarantine(uow, ctx, msg, f"a calendar answer from {reply.attendee} to "
                           f"{reply.uid}, which is no meeting of a case")
    if meeting is None:  # a statutory window: it asks for no answer
        return _filed(uow, msg, number, f"{reply.attendee} answered the {purpose} entry, "
                      "which asks for no answer; nothing recorded")
    if reply.sender != reply.attendee:
        return _quarantine(uow, ctx, msg, f"a calendar answer for {reply.attendee} to meeting "
                           f"{meeting.number} of {number}, sent by {reply.sender or 'nobody'}")
    invited = {p.email.lower() for p in meeting_invitees(case, meeting, ctx.directory)}
    if reply.attendee not in invited:
        return _quarantine(uow, ctx, msg, f"a calendar answer from {reply.attendee}, who was "
                           f"not invited to meeting {meeting.number} of {number}")
    try:
        answer = Answer(reply.partstat.lower())
    except ValueError:
        return _filed(uow, msg, number, f"{reply.attendee} answered meeting "
                      f"{meeting.number} {reply.partstat}; only accepted, declined and "
                      "tentative are recorded")
    try:
        take_step(uow, number, RecordMeetingReply(meeting.number, reply.attendee, answer,
                                                  reply.sequence),
                  directory=ctx.directory, calendar=ctx.calendar, clock=ctx.clock,
                  actor="ethicsbot")
    except ProcedureError as e:
        return _filed(uow, msg, number, f"{reply.attendee}'s answer to meeting "
                      f"{meeting.number} was not recorded: {e}")
    return _filed(uow, msg, number, f"{reply.attendee} {answer.value} meeting "
                  f"{meeting.number} (invitation version {reply.sequence})")


def _filed(uow: SqlUnitOfWork, msg: _Message, number: str, detail: str) -> IntakeOutcome:
    msg.store(uow, Outcome.CALENDAR_REPLY, case_number=number, reason=detail)
    return IntakeOutcome(Outcome.CALENDAR_REPLY, number, detail)


def _quarantine(uow: SqlUnitOfWork, ctx: IntakeContext, msg: _Message,
                reason: str) -> IntakeOutcome:
    filing_id = msg.store(uow, Outcome.QUARANTINED, reason=reason)
    for clerk in clerks(ctx.directory):
        uow.outbox.add_clerk_alert(filing_id=filing_id, notice_type=NoticeType.QUARANTINE_ALERT,
                                   recipient=clerk)
    return IntakeOutcome(Outcome.QUARANTINED, None, reason)


def _sent_at(raw: bytes, ctx: IntakeContext, fallback: datetime) -> datetime:
    """The message's Date (a zone-less one read in city time), else `fallback`."""
    try:
        sent = email.utils.parsedate_to_datetime(read_header(raw, "Date", 200, ctx.rules.limits))
    except (TypeError, ValueError, IndexError, OverflowError):
        return fallback
    return sent if sent.tzinfo else sent.replace(tzinfo=ctx.calendar.tz)
