"""Handlers from receipt to the written report: §2 notices, the sufficiency hearing (§7,
§9), continuances (§7), the report and its delivery (§7, §10)."""

from __future__ import annotations

from datetime import date

from cases import commands as c
from cases.calendar import fmt_day, fmt_moment
from cases.deadlines import MAX_CONTINUANCE_DAYS, DeadlineKey
from cases.errors import ProcedureError
from cases.handlers import StepContext
from cases.handlers.meetings import report_findings
from cases.history import Event, EventKind
from cases.links import report_link
from cases.meetings import Body
from cases.readings import ContinuanceCap, RemoteNotice, describe


def notice(s: StepContext, cmd: c.RecordNoticeServed) -> Event:
    """A §2 act, when and how it was really done (a phone call on time, typed in later, is
    on time); the official informed named, as each is owed their own notice."""
    data: dict[str, str] = {"notice": cmd.notice.value}
    if cmd.notice is c.Section2Act.RESPONDENT_INFORMED:
        data["respondent"] = s.party(cmd.respondent, "was informed", "§2")
        data.update(_how_the_official_was_told(s, cmd))
    if cmd.given_at is not None:
        if cmd.given_at.tzinfo is None:
            raise ProcedureError("Give the time the notice was given with its time zone.")
        if not s.case.received_at <= cmd.given_at <= s.at:
            raise ProcedureError(
                f"The notice cannot have been given {fmt_moment(s.calendar.local(cmd.given_at))}"
                f": that is before the complaint was received "
                f"({fmt_moment(s.calendar.local(s.case.received_at))}) or after now. Give the "
                "time it was given.")
        data["given_at"] = cmd.given_at.isoformat()
    if cmd.how is not None:
        data["how"] = cmd.how.value
    if cmd.to.strip():
        data["to"] = cmd.to.strip()[:320]
    return s.event(EventKind.NOTICE_SERVED, **data)


def bounced(s: StepContext, cmd: c.RecordNoticeBounced) -> Event:
    """A §2 notice that came back: for the official's notice, `recipient` must be one of
    the officials complained against (each is informed in their own right)."""
    recipient = cmd.recipient.strip().lower()
    if not recipient:
        raise ProcedureError("Say to whom the notice that bounced was sent.")
    data: dict[str, str] = {"notice": cmd.notice.value, "recipient": recipient,
                            "reason": " ".join(cmd.reason.split())[:500]}
    if cmd.notice is c.Section2Act.RESPONDENT_INFORMED:
        data["respondent"] = s.party(recipient, "was sent the notice that bounced", "§2")
    if cmd.message_id:
        data["message_id"] = cmd.message_id[:500]
    return s.event(EventKind.NOTICE_BOUNCED, **data)


def _how_the_official_was_told(s: StepContext, cmd: c.RecordNoticeServed) -> dict[str, str]:
    """§2 accepts voicemail, email or the like "if actual notice is not immediately
    practicable": whether such a notice informs the official by itself is the city's
    reading (`remote_notice`), which the entry names; why actual notice was not
    practicable is kept when given, and required when the reading asks for it."""
    why = " ".join(cmd.impracticable.split())[:500]
    reading = s.readings.remote_notice
    if reading is RemoteNotice.IF_IMPRACTICABLE and (cmd.how is None or (
            cmd.how in c.REMOTE and not why)):
        raise ProcedureError(
            "Say how the official was told and, for voicemail, email or a letter, why actual "
            "notice was not immediately practicable (add `because …`): by the city's "
            f"reading, {describe(reading)}. Actual notice (in person, or a call that reached "
            "them) needs no reason.")
    out = {"impracticable": why} if why else {}
    if cmd.how in c.REMOTE:
        out["reading"] = reading.value
    return out


def board_received(s: StepContext, cmd: c.RecordBoardReceived) -> Event:
    return s.event(EventKind.NOTICE_SERVED, notice=c.Section2Act.SUBMITTED_TO_BOARD.value)


def registered(s: StepContext, cmd: c.RecordRegisteredMail) -> Event:
    if not cmd.tracking_number.strip():
        raise ProcedureError("Give the registered-mail tracking number: it is the proof (§2).")
    party = s.party(cmd.respondent, "was sent the copy", "§2")
    return s.event(EventKind.REGISTERED_MAIL_SENT, tracking_number=cmd.tracking_number.strip(),
                   on=s.day(cmd.on).isoformat(), respondent=party)


def return_receipt(s: StepContext, cmd: c.RecordReturnReceipt) -> Event:
    """The registered copy's return receipt, kept with its day: after the copy was mailed,
    never before, and never a day to come."""
    party = s.party(cmd.respondent, "signed the return receipt", "§2")
    sent = s.case.mailed.get(party)
    if sent is None:
        raise ProcedureError(f"No registered-mail copy to {party} is recorded in "
                             f"{s.case.number}: record it first (`registered-mail`), then "
                             "its return receipt (§2).")
    mailed_on = sent[1] or s.calendar.local_date(sent[0])
    day = s.day(cmd.on)
    if day < mailed_on:
        raise ProcedureError(f"The return receipt cannot be signed {fmt_day(day)}: the copy "
                             f"was mailed {fmt_day(mailed_on)}. Give the date on the card.")
    return s.event(EventKind.RETURN_RECEIPT_RECORDED, on=day.isoformat(), respondent=party)


def session_day(s: StepContext, on: date | None, what: str) -> date:
    """The day of `what` (a step of the hearing): one on which a noticed session of the
    board's hearing was held (RCW 42.30.077, .080); a hearing runs over its sessions."""
    day = s.day(on)
    sessions = [m for m in s.case.meetings.all if m.body is Body.BOARD and not m.cancelled]
    if not any(m.day == day and not m.recorded_late and m.starts_at <= s.at
               for m in sessions):
        held = ", ".join(f"{fmt_day(m.day)} (meeting {m.number}"
                         f"{', recorded after the fact' if m.recorded_late else ''})"
                         for m in sessions) or "none"
        raise ProcedureError(
            f"Cannot record that {what} on {fmt_day(day)}: the board held no noticed session "
            f"of the hearing of {s.case.number} that day (sessions: {held}). The hearing "
            "takes place at a noticed meeting; schedule a session (it is noticed and "
            "posted), or correct the day.")
    return day


def begin(s: StepContext, cmd: c.BeginHearing) -> Event:
    return s.event(EventKind.HEARING_BEGUN,
                   on=session_day(s, cmd.on, "the hearing began").isoformat())


def heard(s: StepContext, cmd: c.RecordRespondentHeard) -> Event:
    party = s.party(cmd.respondent, "was heard", "§9")
    return s.event(EventKind.RESPONDENT_HEARD, presented=cmd.presented,
                   on=session_day(s, cmd.on, f"{party} was heard").isoformat(),
                   respondent=party)


def conclude(s: StepContext, cmd: c.ConcludeHearing) -> Event:
    return s.event(EventKind.HEARING_CONCLUDED,
                   on=session_day(s, cmd.on, "the hearing concluded").isoformat())


def apply_continuance(s: StepContext, cmd: c.ApplyForContinuance) -> Event:
    case, applied = s.case, s.day(cmd.on)
    if case.pending_continuance is not None:
        raise ProcedureError(f"{case.number} already has a continuance application awaiting the "
                             "council's decision. Record that decision first.")
    decided = [x.decided for x in case.continuances if x.decided is not None]
    if decided and applied < max(decided):
        raise ProcedureError(
            f"The application ({fmt_day(applied)}) cannot be dated before the council decided "
            f"the previous one ({fmt_day(max(decided))}): the days paused would count twice "
            "(§7).")
    conclude = next(d for d in case.deadlines(s.calendar, now=s.at)
                    if d.key is DeadlineKey.HEARING_CONCLUDE)
    # The day of the application decides, as for every step dated `on`: an application made
    # in time and recorded later still tolls; one made after the last day cannot revive it.
    if conclude.due is not None and applied > s.calendar.local_date(conclude.due):
        raise ProcedureError(
            f"Too late to toll {case.number}: the hearing had to conclude by "
            f"{fmt_day(s.calendar.local_date(conclude.due))} (§7), and a "
            "continuance cannot revive a deadline that has passed.")
    if not cmd.reason.strip():
        raise ProcedureError("State the demonstrable and compelling reason for the continuance "
                             "(§7): the council may grant one only for such a reason.")
    return s.event(EventKind.CONTINUANCE_APPLIED, on=applied.isoformat(), reason=cmd.reason)


def decide_continuance(s: StepContext, cmd: c.DecideContinuance) -> Event:
    pending = s.case.pending_continuance
    if pending is None:
        raise ProcedureError(f"{s.case.number} has no continuance application to decide.")
    if not 0 <= cmd.granted_days <= MAX_CONTINUANCE_DAYS:
        raise ProcedureError(f"A continuance may not exceed {MAX_CONTINUANCE_DAYS} days (§7); "
                             f"{cmd.granted_days} were asked. Enter 0 to record a denial.")
    if s.readings.continuance_cap is ContinuanceCap.IN_TOTAL:
        before = sum(x.granted_days for x in s.case.continuances if not x.pending)
        if cmd.granted_days > MAX_CONTINUANCE_DAYS - before:
            raise ProcedureError(
                f"Continuances may not exceed {MAX_CONTINUANCE_DAYS} days in total, as the "
                f"city reads §7: {before} days were granted before, so at most "
                f"{max(0, MAX_CONTINUANCE_DAYS - before)} may be granted now; "
                f"{cmd.granted_days} were asked. Enter 0 to record a denial.")
    decided = s.day(cmd.on)
    if decided < pending.applied:
        raise ProcedureError(f"The council's decision ({fmt_day(decided)}) cannot come before "
                             f"the application ({fmt_day(pending.applied)}).")
    return s.event(EventKind.CONTINUANCE_DECIDED, on=decided.isoformat(),
                   granted_days=cmd.granted_days)


def request_extension(s: StepContext, cmd: c.RequestReportExtension) -> Event:
    if s.case.pending_report_extension is not None:
        raise ProcedureError("A request for a longer time for the report is already pending.")
    if cmd.days <= 0:
        raise ProcedureError("Ask for a positive number of days.")
    day = s.day(cmd.on)
    s.not_revived(DeadlineKey.REPORT_DELIVERY, day, "ask for a longer time for the report",
                  "§10")
    return s.event(EventKind.REPORT_EXTENSION_REQUESTED, requested_by=cmd.requested_by.value,
                   days=cmd.days, on=day.isoformat())


def decide_extension(s: StepContext, cmd: c.DecideReportExtension) -> Event:
    pending = s.case.pending_report_extension
    if pending is None:
        raise ProcedureError("There is no request for a longer time for the report to decide.")
    day = s.day(cmd.on)
    if cmd.approved:
        s.not_revived(DeadlineKey.REPORT_DELIVERY, day, "approve a longer time for the report",
                      "§10")
    return s.event(EventKind.REPORT_EXTENSION_DECIDED, approved=cmd.approved,
                   on=day.isoformat())


def issue_report(s: StepContext, cmd: c.IssueReport) -> Event:
    waiting = s.case.not_yet_heard
    if waiting:
        raise ProcedureError(
            f"No report may be issued for {s.case.number} until every official complained "
            "against has had an opportunity to present at a hearing (§9); still waiting: "
            f"{' and '.join(waiting)}. Record that each was heard (or given the "
            "opportunity) first.")
    findings = report_findings(s, cmd.sufficient)
    return s.event(EventKind.REPORT_ISSUED, sufficient=any(findings.values()),
                   findings=findings, summary=cmd.summary, on=s.day(cmd.on).isoformat(),
                   report_file=report_link(cmd.report_file, http=s.http_links))


def deliver(s: StepContext, cmd: c.DeliverReport) -> Event:
    return s.event(EventKind.REPORT_DELIVERED, on=s.day(cmd.on).isoformat())
