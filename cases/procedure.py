"""The rules of each step: which stage allows it, what it requires, what it records.

`handle` is the single entry: it refuses a step the ordinance does not allow with a
`ProcedureError` a clerk can act on, or returns the event it recorded on the case.
The table `ALLOWED` is the state machine, written down; nothing outside it is allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from cases import commands as c
from cases.calendar import CityCalendar, fmt_day
from cases.case import Case, Stage
from cases.deadlines import MAX_CONTINUANCE_DAYS, DeadlineKey
from cases.errors import ProcedureError
from cases.events import Event, EventKind
from cases.filing import Filing, filing_to_data
from cases.tally import eligible_to_vote, tally

_BEFORE_CONCLUSION = frozenset({Stage.RECEIVED, Stage.HEARING_SCHEDULED, Stage.HEARING_BEGUN})
_OPEN = frozenset(Stage) - {Stage.CLOSED}
_BEFORE_DETERMINATION = frozenset(_OPEN - {Stage.DETERMINED, Stage.COUNCIL_DECIDED})

ALLOWED: dict[type[c.Command], frozenset[Stage]] = {
    c.RecordNoticeServed: _OPEN,
    c.RecordRegisteredMail: _OPEN,
    c.ScheduleHearing: frozenset({Stage.RECEIVED, Stage.HEARING_SCHEDULED}),
    c.BeginHearing: frozenset({Stage.HEARING_SCHEDULED}),
    c.RecordRespondentHeard: frozenset({Stage.HEARING_BEGUN}),
    c.ConcludeHearing: frozenset({Stage.HEARING_BEGUN}),
    c.ApplyForContinuance: _BEFORE_CONCLUSION,
    c.DecideContinuance: _BEFORE_CONCLUSION,
    c.RequestReportExtension: frozenset({Stage.HEARING_CONCLUDED, Stage.REPORTED}),
    c.DecideReportExtension: frozenset({Stage.HEARING_CONCLUDED, Stage.REPORTED}),
    c.IssueReport: frozenset({Stage.HEARING_CONCLUDED}),
    c.DeliverReport: frozenset({Stage.REPORTED}),
    c.RequestBoardHearing: frozenset({Stage.HEARING_CONCLUDED, Stage.REPORTED,
                                      Stage.REPORT_DELIVERED}),
    c.Refer: frozenset({Stage.REPORT_DELIVERED}),
    c.RecordDetermination: frozenset({Stage.REFERRED}),
    c.ExtendCouncilDecision: frozenset({Stage.DETERMINED}),
    c.RecordCouncilVote: frozenset({Stage.DETERMINED}),
    c.RecordCouncilDecision: frozenset({Stage.DETERMINED}),
    c.AmendComplaint: _BEFORE_DETERMINATION,
    c.CorrectReceipt: _OPEN,
    c.CloseCase: frozenset({Stage.REPORT_DELIVERED, Stage.DETERMINED, Stage.COUNCIL_DECIDED}),
    c.FileCorrespondence: frozenset(Stage),
}

_STAYED = (c.ScheduleHearing, c.BeginHearing, c.RecordRespondentHeard, c.ConcludeHearing)

STEP_NAMES: dict[type[c.Command], str] = {
    c.RecordNoticeServed: "record a §2 notice", c.RecordRegisteredMail: "record registered mail",
    c.ScheduleHearing: "schedule the hearing", c.BeginHearing: "begin the hearing",
    c.RecordRespondentHeard: "record that the respondent was heard",
    c.ConcludeHearing: "conclude the hearing", c.ApplyForContinuance: "apply for a continuance",
    c.DecideContinuance: "record the council's decision on a continuance",
    c.RequestReportExtension: "request a longer time for the report",
    c.DecideReportExtension: "decide a request for a longer time for the report",
    c.IssueReport: "issue the written report", c.DeliverReport: "deliver the written report",
    c.RequestBoardHearing: "record the respondent's request to be heard by the board",
    c.Refer: "refer the matter", c.RecordDetermination: "record the final determination",
    c.ExtendCouncilDecision: "extend the council's decision time",
    c.RecordCouncilVote: "record a council vote", c.RecordCouncilDecision: "record the decision",
    c.AmendComplaint: "amend the complaint", c.CorrectReceipt: "correct the receipt time",
    c.CloseCase: "close the case", c.FileCorrespondence: "file correspondence",
}


class Step:
    """What a handler needs besides the case: who, when, and the city's calendar."""

    def __init__(self, case: Case, at: datetime, actor: str, calendar: CityCalendar) -> None:
        self.case, self.at, self.actor, self.calendar = case, at, actor, calendar

    def day(self, on: date | None) -> date:
        today = self.calendar.local_date(self.at)
        if on is not None and on > today:
            raise ProcedureError(
                f"{fmt_day(on)} has not come yet (today is {fmt_day(today)} in the city): "
                "record a step on the day it happens, or after.")
        received = self.calendar.local_date(self.case.received_at)
        if on is not None and on < received:
            raise ProcedureError(
                f"{fmt_day(on)} is before the complaint was received ({fmt_day(received)}): "
                "no step of the procedure can come before it (§2).")
        return on or today

    def event(self, kind: EventKind, **data: Any) -> Event:
        return Event(kind, self.at, self.actor, data)


def open_case(*, number: str, filing: Filing, respondents: tuple[str, ...], at: datetime,
              actor: str, public_since: date | None = None) -> Case:
    """A new case from a filing: the first event of its history (§1, §2)."""
    first = Event(EventKind.COMPLAINT_RECEIVED, at, actor, {
        "filing": filing_to_data(filing), "respondents": list(respondents),
        "public_since": public_since.isoformat() if public_since else None})
    return Case.replay(number, [first])


def handle(case: Case, cmd: c.Command, *, at: datetime, actor: str,
           calendar: CityCalendar) -> Event:
    """Check `cmd` against the ordinance, record it on `case`, return the event."""
    kind = type(cmd)
    name = STEP_NAMES[kind]
    if case.stage not in ALLOWED[kind]:
        raise ProcedureError(_wrong_stage(case, name))
    if isinstance(cmd, _STAYED) and case.pending_continuance is not None:
        raise ProcedureError(
            f"Cannot {name} for {case.number}: the proceedings are stayed while the board's "
            f"application for a continuance (applied {fmt_day(case.pending_continuance.applied)})"
            " awaits the council's decision (§7). Record the council's decision first.")
    event = _HANDLERS[kind](Step(case, at, actor, calendar), cmd)
    case.apply(event)
    return event


def _wrong_stage(case: Case, name: str) -> str:
    return (f"Cannot {name} for {case.number} now: the case is at stage "
            f"'{case.stage.value.replace('_', ' ')}'. See `ethicsbot case {case.number}` "
            "for what comes next.")


# -- handlers, one per command ------------------------------------------------------------

def _notice(s: Step, cmd: c.RecordNoticeServed) -> Event:
    return s.event(EventKind.NOTICE_SERVED, notice=cmd.notice.value)


def _registered(s: Step, cmd: c.RecordRegisteredMail) -> Event:
    if not cmd.tracking_number.strip():
        raise ProcedureError("Give the registered-mail tracking number: it is the proof (§2).")
    return s.event(EventKind.REGISTERED_MAIL_SENT, tracking_number=cmd.tracking_number.strip(),
                   on=s.day(cmd.on).isoformat())


def _schedule(s: Step, cmd: c.ScheduleHearing) -> Event:
    if cmd.starts_at.tzinfo is None:
        raise ProcedureError("Give the hearing time with its time zone.")
    if not cmd.place.strip():
        raise ProcedureError("Say where the hearing will be held.")
    return s.event(EventKind.HEARING_SCHEDULED, starts_at=cmd.starts_at.isoformat(),
                   place=cmd.place.strip(), open_to_public=cmd.open_to_public)


def _begin(s: Step, cmd: c.BeginHearing) -> Event:
    return s.event(EventKind.HEARING_BEGUN, on=s.day(cmd.on).isoformat())


def _heard(s: Step, cmd: c.RecordRespondentHeard) -> Event:
    return s.event(EventKind.RESPONDENT_HEARD, presented=cmd.presented,
                   on=s.day(cmd.on).isoformat())


def _conclude(s: Step, cmd: c.ConcludeHearing) -> Event:
    return s.event(EventKind.HEARING_CONCLUDED, on=s.day(cmd.on).isoformat())


def _apply_continuance(s: Step, cmd: c.ApplyForContinuance) -> Event:
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


def _decide_continuance(s: Step, cmd: c.DecideContinuance) -> Event:
    pending = s.case.pending_continuance
    if pending is None:
        raise ProcedureError(f"{s.case.number} has no continuance application to decide.")
    if not 0 <= cmd.granted_days <= MAX_CONTINUANCE_DAYS:
        raise ProcedureError(f"A continuance may not exceed {MAX_CONTINUANCE_DAYS} days (§7); "
                             f"{cmd.granted_days} were asked. Enter 0 to record a denial.")
    decided = s.day(cmd.on)
    if decided < pending.applied:
        raise ProcedureError(f"The decision ({fmt_day(decided)}) cannot come before the "
                             f"application ({fmt_day(pending.applied)}).")
    return s.event(EventKind.CONTINUANCE_DECIDED, on=decided.isoformat(),
                   granted_days=cmd.granted_days)


def _request_ext(s: Step, cmd: c.RequestReportExtension) -> Event:
    if s.case.pending_report_extension is not None:
        raise ProcedureError("A request for a longer time for the report is already pending.")
    if cmd.days <= 0:
        raise ProcedureError("Ask for a positive number of days.")
    return s.event(EventKind.REPORT_EXTENSION_REQUESTED, requested_by=cmd.requested_by.value,
                   days=cmd.days)


def _decide_ext(s: Step, cmd: c.DecideReportExtension) -> Event:
    pending = s.case.pending_report_extension
    if pending is None:
        raise ProcedureError("There is no request for a longer time for the report to decide.")
    council_must = pending.requested_by is c.Requester.BOARD
    if council_must != cmd.decider_is_council:
        who = "the city council" if council_must else "the board"
        raise ProcedureError(f"A longer time requested by the {pending.requested_by.value} is "
                             f"approved by {who} (§10).")
    return s.event(EventKind.REPORT_EXTENSION_DECIDED, approved=cmd.approved)


def _issue_report(s: Step, cmd: c.IssueReport) -> Event:
    if not s.case.respondent_heard:
        raise ProcedureError(
            f"No report may be issued for {s.case.number} until the official complained "
            "against has had an opportunity to present at a hearing (§9). Record that the "
            "respondent was heard (or given the opportunity) first.")
    return s.event(EventKind.REPORT_ISSUED, sufficient=cmd.sufficient, summary=cmd.summary,
                   on=s.day(cmd.on).isoformat(), report_file=cmd.report_file)


def _deliver(s: Step, cmd: c.DeliverReport) -> Event:
    return s.event(EventKind.REPORT_DELIVERED, on=s.day(cmd.on).isoformat())


def _board_hearing(s: Step, cmd: c.RequestBoardHearing) -> Event:
    return s.event(EventKind.BOARD_HEARING_REQUESTED)


def _refer(s: Step, cmd: c.Refer) -> Event:
    case = s.case
    if not case.report_sufficient:
        raise ProcedureError(f"{case.number} was found insufficient: it is not referred (§8, "
                             "§11). Close the case instead.")
    if case.respondent_chose_board and cmd.examiner is not None:
        raise ProcedureError("The respondent asked to be heard by the ethics board (§11): "
                             "refer the matter to the board, not to an examiner.")
    if not case.respondent_chose_board and cmd.examiner is None:
        raise ProcedureError("The matter goes to the next hearings examiner in rotation unless "
                             "the respondent asks for the board (§11).")
    return s.event(EventKind.REFERRED, to=cmd.examiner or "board")


def _determination(s: Step, cmd: c.RecordDetermination) -> Event:
    unalleged = [x for x in cmd.sections if x not in s.case.alleged_sections]
    if unalleged:
        raise ProcedureError(f"{', '.join(unalleged)} was not alleged in the complaint or an "
                             "amendment; findings and penalties may rest only on alleged "
                             "violations (§12).")
    return s.event(EventKind.DETERMINATION_RECEIVED, violation=cmd.violation,
                   sections=list(cmd.sections), on=s.day(cmd.on).isoformat())


def _needs_violation(s: Step) -> None:
    if not s.case.violation_found:
        raise ProcedureError(f"The determination in {s.case.number} found no violation: the "
                             "council does not decide it (§12). Close the case.")


def _extend_council(s: Step, cmd: c.ExtendCouncilDecision) -> Event:
    _needs_violation(s)
    if cmd.days <= 0:
        raise ProcedureError("Grant a positive number of days.")
    return s.event(EventKind.COUNCIL_DECISION_EXTENDED, days=cmd.days)


def _vote(s: Step, cmd: c.RecordCouncilVote) -> Event:
    _needs_violation(s)
    eligible_to_vote(cmd.member, council=cmd.council, respondents=frozenset(s.case.respondents))
    return s.event(EventKind.COUNCIL_VOTE_RECORDED, member=cmd.member, vote=cmd.vote.value)


def _decide(s: Step, cmd: c.RecordCouncilDecision) -> Event:
    _needs_violation(s)
    case = s.case
    result = tally(case.council_votes, council=cmd.council,
                   respondents=frozenset(case.respondents), mayor_vote=cmd.mayor_vote,
                   against_mayor=cmd.mayor in case.respondents)
    bad = [p.section for p in cmd.penalties if p.section not in case.alleged_sections]
    if bad:
        raise ProcedureError(f"Penalties may only rest on violations alleged in the complaint "
                             f"or an amendment (§12); {', '.join(bad)} was not alleged.")
    if cmd.penalties and not result.carried:
        raise ProcedureError(f"No penalty can be imposed: {result.explanation}")
    return s.event(EventKind.COUNCIL_DECIDED, carried=result.carried, yes=result.yes,
                   no=result.no, mayor_broke_tie=result.mayor_broke_tie,
                   explanation=result.explanation, on=s.day(cmd.on).isoformat(),
                   penalties=[{"section": p.section, "action": p.action} for p in cmd.penalties])


def _amend(s: Step, cmd: c.AmendComplaint) -> Event:
    if not cmd.authorized_by.strip():
        raise ProcedureError("An amendment must be authorised by the decision-maker (§5).")
    return s.event(EventKind.COMPLAINT_AMENDED, authorized_by=cmd.authorized_by,
                   added_sections=list(cmd.added_sections), text=cmd.text)


def _correct_receipt(s: Step, cmd: c.CorrectReceipt) -> Event:
    if cmd.received_at.tzinfo is None:
        raise ProcedureError("Give the corrected receipt time with its time zone.")
    if not cmd.reason.strip():
        raise ProcedureError("Say why the receipt time is corrected: it moves every deadline.")
    return s.event(EventKind.RECEIPT_CORRECTED, old=s.case.received_at.isoformat(),
                   new=cmd.received_at.isoformat(), reason=cmd.reason)


def _close(s: Step, cmd: c.CloseCase) -> Event:
    case = s.case
    if case.stage is Stage.REPORT_DELIVERED and case.report_sufficient:
        raise ProcedureError(f"{case.number} was found sufficient: refer it for hearing (§11) "
                             "before closing.")
    if case.stage is Stage.DETERMINED and case.violation_found:
        raise ProcedureError(f"A violation was found in {case.number}: the council must decide "
                             "(§12) before the case closes.")
    return s.event(EventKind.CASE_CLOSED, reason=cmd.reason)


def _correspondence(s: Step, cmd: c.FileCorrespondence) -> Event:
    return s.event(EventKind.CORRESPONDENCE_FILED, sender=cmd.sender, subject=cmd.subject,
                   message_id=cmd.message_id)


_HANDLERS: dict[type[c.Command], Callable[[Step, Any], Event]] = {
    c.RecordNoticeServed: _notice, c.RecordRegisteredMail: _registered,
    c.ScheduleHearing: _schedule, c.BeginHearing: _begin, c.RecordRespondentHeard: _heard,
    c.ConcludeHearing: _conclude, c.ApplyForContinuance: _apply_continuance,
    c.DecideContinuance: _decide_continuance, c.RequestReportExtension: _request_ext,
    c.DecideReportExtension: _decide_ext, c.IssueReport: _issue_report,
    c.DeliverReport: _deliver, c.RequestBoardHearing: _board_hearing, c.Refer: _refer,
    c.RecordDetermination: _determination, c.ExtendCouncilDecision: _extend_council,
    c.RecordCouncilVote: _vote, c.RecordCouncilDecision: _decide, c.AmendComplaint: _amend,
    c.CorrectReceipt: _correct_receipt, c.CloseCase: _close,
    c.FileCorrespondence: _correspondence,
}
