"""Filing what a message says of mail EthicsBot already sent: a bounce or a read receipt
of one of a case's notices (`delivery_report`: evidence in the proof of notice, a §2 act
undone for a bounced recipient, the clerk alerted) and a member's answer to a meeting's
invitation (`record_answer`).

Its own module because these are the two ways a message is filed against mail of ours
rather than as a complaint or a reply; `mail.intake` decides that a message is one
(`mail.intake_rules`) and hands it here.
"""

from __future__ import annotations

import contextlib

from cases.commands import FileCorrespondence, RecordMeetingReply, RecordNoticeBounced
from cases.errors import ProcedureError
from cases.meetings import Answer
from cases.notices import ALERTS, SECTION_2, NoticeType, meeting_invitees, meeting_of
from cases.services import take_step
from mail.alerts import alert_clerks
from mail.intake_record import IntakeContext, IntakeOutcome, Message, Outcome, quarantine
from mail.parsing.calendar_replies import CalendarReply, ours
from mail.parsing.classify import default_own_domains
from mail.parsing.structure import read_header
from storage import outbox
from storage.uow import SqlUnitOfWork

__all__ = ["delivery_report", "record_answer"]


def delivery_report(uow: SqlUnitOfWork, ctx: IntakeContext, msg: Message,
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


def _file(uow: SqlUnitOfWork, ctx: IntakeContext, number: str, msg: Message,
          subject: str) -> None:
    """The report in the case's history, as correspondence naming the notice."""
    with contextlib.suppress(ProcedureError):  # a destroyed file: the record is kept
        take_step(uow, number, FileCorrespondence(
            sender=read_header(msg.raw, "From", 320, ctx.rules.limits), subject=subject[:500],
            message_id=msg.result.message_id),
            directory=ctx.directory, calendar=ctx.calendar, clock=ctx.clock, actor="ethicsbot")


def record_answer(uow: SqlUnitOfWork, ctx: IntakeContext, msg: Message,
            reply: CalendarReply) -> IntakeOutcome:
    """Record a member's answer to a meeting's invitation against that meeting; file the
    message with its case. Only an answer EthicsBot cannot place is held for the clerk."""
    domains = ctx.rules.own_domains or default_own_domains(ctx.directory)
    found = ours(reply.uid, domains)
    if found is None:
        return quarantine(uow, ctx, msg, f"a calendar answer from {reply.attendee} to an "
                           "invitation EthicsBot did not send")
    number, purpose = found
    case = uow.cases.get(number)
    meeting = case.meetings.get(meeting_of(purpose) or 0) if case is not None else None
    if case is None or (meeting is None and meeting_of(purpose) is not None):
        return quarantine(uow, ctx, msg, f"a calendar answer from {reply.attendee} to "
                           f"{reply.uid}, which is no meeting of a case")
    if meeting is None:  # a statutory window: it asks for no answer
        return _filed(uow, msg, number, f"{reply.attendee} answered the {purpose} entry, "
                      "which asks for no answer; nothing recorded")
    if reply.sender != reply.attendee:
        return quarantine(uow, ctx, msg, f"a calendar answer for {reply.attendee} to meeting "
                           f"{meeting.number} of {number}, sent by {reply.sender or 'nobody'}")
    invited = {p.email.lower() for p in meeting_invitees(case, meeting, ctx.directory)}
    if reply.attendee not in invited:
        return quarantine(uow, ctx, msg, f"a calendar answer from {reply.attendee}, who was "
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


def _filed(uow: SqlUnitOfWork, msg: Message, number: str, detail: str) -> IntakeOutcome:
    msg.store(uow, Outcome.CALENDAR_REPLY, case_number=number, reason=detail)
    return IntakeOutcome(Outcome.CALENDAR_REPLY, number, detail)

