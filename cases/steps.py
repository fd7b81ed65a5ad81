"""The one table of the procedure's steps: what each is, where it may be taken, where it
leads and who may take it.

For each step: its stable id (`StepId`: Slack's subcommand words, a web form's name), its
name as a person reads it ("schedule the hearing", completing "Cannot ..." and "Only ...
may ..."), the stages it is allowed in, the stage it leads to (None: the stage stays),
the roles that may take it, its command class and its handler. `cases.procedure.handle`
refuses what the table does not allow and `Case.apply` takes the next stage from it;
Slack's usage, help, role checks and buttons, the web and the CLI all read it. Nothing
else lists the steps.

A step recorded by EthicsBot itself (a §2 notice once delivered, correspondence filed by
intake) is checked by the table's stages like any other; `roles` says who else may.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cases import commands as c
from cases.deadlines import DeadlineKey
from cases.directory import ATTORNEY, BOARD, COUNCIL, OFFICE, Role
from cases.events import Event, EventKind
from cases.handlers import StepContext, council, hearing, meetings, records
from cases.meetings import Body
from cases.stages import OPEN_STAGES, Stage

Handler = Callable[[StepContext, Any], Event]


class StepId(StrEnum):
    """Stable ids of the steps; the words typed after `/ethics` where Slack types them."""

    NOTICE = "notice"
    BOARD_RECEIVED = "board-received"
    REGISTERED_MAIL = "registered-mail"
    SCHEDULE = "schedule"
    BEGIN = "begin"
    HEARD = "heard"
    CONCLUDED = "concluded"
    CONTINUANCE_APPLY = "continuance apply"
    CONTINUANCE_DECIDE = "continuance decide"
    REPORT = "report"
    DELIVER = "deliver"
    EXTENSION_REQUEST = "extension request"
    EXTENSION_DECIDE = "extension decide"
    BOARD_HEARING = "board-hearing"
    REFER = "refer"
    DETERMINATION = "determination"
    COUNCIL_EXTENSION = "council-extension"
    VOTE = "vote"
    MAYOR_VOTE = "mayor-vote"
    DECIDE = "decide"
    AMEND = "amend"
    CORRECT_RECEIPT = "correct-receipt"
    CORRECT_DATE = "correct-date"
    CLOSE = "close"
    VOID = "void"
    DISCLOSURE_REQUEST = "disclosure-request"
    RELEASE = "release"
    CORRESPONDENCE = "correspondence"
    # meetings (cases.meetings, RCW 42.30)
    DELIBERATION = "deliberation"
    CANCEL_MEETING = "cancel-meeting"
    OPEN_SESSION = "open-session"
    SESSION_START = "session start"
    SESSION_EXTEND = "session extend"
    SESSION_END = "session end"
    BOARD_VOTE = "board-vote"
    BOARD_DETERMINATION = "board-determination"
    MEETING_REPLY = "meeting-reply"


@dataclass(frozen=True)
class StepRule:
    id: StepId
    name: str  # "schedule the hearing"
    command: type[c.Command]
    handler: Handler
    records: EventKind  # the event the step records
    allowed_in: frozenset[Stage]
    leads_to: Stage | None  # None: the stage does not change
    roles: frozenset[Role]  # who may take it; empty: EthicsBot alone
    section: str  # the ordinance's section, for help and refusals
    stayed: bool = False  # refused while a continuance application is pending (§7)
    label: str | None = None  # a button's words, for a step that needs only the case
    meets: DeadlineKey | None = None  # the deadline the step meets, if any
    # final action of this body: taken in open session only, refused while its executive
    # session is under way (RCW 42.30.060, 42.30.110(1)(f))
    final_action: Body | None = None
    # the notices the case still owes from earlier steps are cancelled, not sent (a void
    # case was opened by mistake: nothing it owed is owed any more); those the step itself
    # owes (the invites' cancellations) go
    cancels_notices: bool = False


_S = Stage
_BEFORE_CONCLUSION = frozenset({_S.RECEIVED, _S.HEARING_SCHEDULED, _S.HEARING_BEGUN})
_AFTER_CONCLUSION = frozenset({_S.HEARING_CONCLUDED, _S.REPORTED})
_BEFORE_DETERMINATION = OPEN_STAGES - {_S.DETERMINED, _S.COUNCIL_DECIDED}
_AT_HEARING = frozenset({_S.HEARING_BEGUN, _S.HEARING_CONCLUDED})
_MEETING_ROLES = BOARD | COUNCIL | OFFICE  # the presiding officers and the clerk
_K, _E = DeadlineKey, EventKind

STEPS: tuple[StepRule, ...] = (
    StepRule(StepId.NOTICE, "record a §2 notice", c.RecordNoticeServed, hearing.notice,
             _E.NOTICE_SERVED, OPEN_STAGES, None, OFFICE, "§2"),
    StepRule(StepId.BOARD_RECEIVED, "record that the board received the complaint",
             c.RecordBoardReceived, hearing.board_received, _E.NOTICE_SERVED, OPEN_STAGES,
             None, BOARD, "§2", label="Board received it"),
    StepRule(StepId.REGISTERED_MAIL, "record registered mail", c.RecordRegisteredMail,
             hearing.registered, _E.REGISTERED_MAIL_SENT, OPEN_STAGES, None, OFFICE, "§2",
             meets=_K.REGISTERED_MAIL),
    StepRule(StepId.SCHEDULE, "schedule the hearing", c.ScheduleHearing,
             meetings.schedule_hearing,
             _E.HEARING_SCHEDULED, frozenset({_S.RECEIVED, _S.HEARING_SCHEDULED}),
             _S.HEARING_SCHEDULED, BOARD, "§7, §13", stayed=True),
    StepRule(StepId.BEGIN, "begin the hearing", c.BeginHearing, hearing.begin,
             _E.HEARING_BEGUN, frozenset({_S.HEARING_SCHEDULED}), _S.HEARING_BEGUN, BOARD,
             "§7", stayed=True, label="Hearing began", meets=_K.HEARING_BEGIN),
    # after the conclusion too, dated on a day of the hearing (`cases.order`): a board that
    # forgot to record it is not locked out of its report (§9)
    StepRule(StepId.HEARD, "record that the respondent was heard", c.RecordRespondentHeard,
             hearing.heard, _E.RESPONDENT_HEARD,
             frozenset({_S.HEARING_BEGUN, _S.HEARING_CONCLUDED}), None, BOARD, "§9",
             stayed=True, label="Respondent heard"),
    StepRule(StepId.CONCLUDED, "conclude the hearing", c.ConcludeHearing,
             hearing.conclude, _E.HEARING_CONCLUDED, frozenset({_S.HEARING_BEGUN}),
             _S.HEARING_CONCLUDED, BOARD, "§7", stayed=True, label="Hearing concluded",
             meets=_K.HEARING_CONCLUDE),
    StepRule(StepId.CONTINUANCE_APPLY, "apply for a continuance", c.ApplyForContinuance,
             hearing.apply_continuance, _E.CONTINUANCE_APPLIED, _BEFORE_CONCLUSION, None,
             BOARD, "§7"),
    StepRule(StepId.CONTINUANCE_DECIDE, "record the council's decision on a continuance",
             c.DecideContinuance, hearing.decide_continuance, _E.CONTINUANCE_DECIDED,
             _BEFORE_CONCLUSION, None, COUNCIL, "§7"),
    StepRule(StepId.EXTENSION_REQUEST, "request a longer time for the report",
             c.RequestReportExtension, hearing.request_extension,
             _E.REPORT_EXTENSION_REQUESTED, _AFTER_CONCLUSION, None, BOARD | OFFICE, "§10"),
    StepRule(StepId.EXTENSION_DECIDE, "decide a request for a longer time for the report",
             c.DecideReportExtension, hearing.decide_extension, _E.REPORT_EXTENSION_DECIDED,
             _AFTER_CONCLUSION, None, BOARD | COUNCIL, "§10"),
    StepRule(StepId.REPORT, "issue the written report", c.IssueReport, hearing.issue_report,
             _E.REPORT_ISSUED, frozenset({_S.HEARING_CONCLUDED}), _S.REPORTED, BOARD,
             "§7, §9"),
    StepRule(StepId.DELIVER, "deliver the written report", c.DeliverReport, hearing.deliver,
             _E.REPORT_DELIVERED, frozenset({_S.REPORTED}), _S.REPORT_DELIVERED, BOARD,
             "§10", label="Report delivered", meets=_K.REPORT_DELIVERY),
    StepRule(StepId.BOARD_HEARING, "record the respondent's request to be heard by the board",
             c.RequestBoardHearing, council.board_hearing, _E.BOARD_HEARING_REQUESTED,
             frozenset({_S.HEARING_CONCLUDED, _S.REPORTED, _S.REPORT_DELIVERED}), None,
             BOARD | OFFICE, "§11"),
    StepRule(StepId.REFER, "refer the matter", c.Refer, council.refer, _E.REFERRED,
             frozenset({_S.REPORT_DELIVERED}), _S.REFERRED, BOARD, "§11", label="Refer (§11)"),
    StepRule(StepId.DETERMINATION, "record the final determination", c.RecordDetermination,
             council.determination, _E.DETERMINATION_RECEIVED, frozenset({_S.REFERRED}),
             _S.DETERMINED, BOARD | OFFICE, "§12"),
    StepRule(StepId.COUNCIL_EXTENSION, "extend the council's decision time",
             c.ExtendCouncilDecision, council.extend_council, _E.COUNCIL_DECISION_EXTENDED,
             frozenset({_S.DETERMINED}), None, COUNCIL, "§12"),
    # each member enters their own vote; the mayor's office records the roll call
    # (`cases.access.check_hands`)
    StepRule(StepId.VOTE, "record a council vote", c.RecordCouncilVote, council.vote,
             _E.COUNCIL_VOTE_RECORDED, frozenset({_S.DETERMINED}), None, COUNCIL | OFFICE,
             "§12, §14", final_action=Body.COUNCIL),
    StepRule(StepId.MAYOR_VOTE, "record the mayor's tie-breaking vote", c.RecordMayorVote,
             council.mayor_vote, _E.MAYOR_VOTE_RECORDED, frozenset({_S.DETERMINED}), None,
             OFFICE, "§14", final_action=Body.COUNCIL),
    StepRule(StepId.DECIDE, "record the council's decision", c.RecordCouncilDecision,
             council.decide, _E.COUNCIL_DECIDED, frozenset({_S.DETERMINED}),
             _S.COUNCIL_DECIDED, COUNCIL | OFFICE, "§12, §14", meets=_K.COUNCIL_DECISION,
             final_action=Body.COUNCIL),
    StepRule(StepId.AMEND, "amend the complaint", c.AmendComplaint, records.amend,
             _E.COMPLAINT_AMENDED, _BEFORE_DETERMINATION, None, BOARD, "§5"),
    StepRule(StepId.CORRECT_RECEIPT, "correct the receipt time", c.CorrectReceipt,
             records.correct_receipt, _E.RECEIPT_CORRECTED, OPEN_STAGES, None, OFFICE, "§2"),
    StepRule(StepId.CORRECT_DATE, "correct the date of an earlier step", c.CorrectStepDate,
             records.correct_date, _E.STEP_DATE_CORRECTED, OPEN_STAGES | {_S.CLOSED}, None,
             OFFICE | BOARD, "§7–§12"),
    StepRule(StepId.CLOSE, "close the case", c.CloseCase, records.close, _E.CASE_CLOSED,
             frozenset({_S.REPORT_DELIVERED, _S.DETERMINED, _S.COUNCIL_DECIDED}), _S.CLOSED,
             BOARD | OFFICE, "§6, §8, §12"),
    StepRule(StepId.VOID, "void the case", c.VoidCase, records.void, _E.CASE_VOIDED,
             OPEN_STAGES, _S.VOID, OFFICE, "§1, §2", cancels_notices=True),
    StepRule(StepId.DISCLOSURE_REQUEST, "record a public disclosure request",
             c.RecordDisclosureRequest, records.disclosure_request, _E.DISCLOSURE_REQUESTED,
             frozenset(Stage), None, ATTORNEY, "§6; RCW 42.56"),
    StepRule(StepId.RELEASE, "record the answer to a disclosure request", c.ReleaseRecords,
             records.release, _E.RECORDS_RELEASED, frozenset(Stage), None, ATTORNEY,
             "§6, §13; RCW 42.56.520", meets=_K.DISCLOSURE_RESPONSE),
    StepRule(StepId.CORRESPONDENCE, "file correspondence", c.FileCorrespondence,
             records.correspondence, _E.CORRESPONDENCE_FILED, frozenset(Stage), None,
             frozenset(), "§6"),
    # -- meetings: the board's hearing and the council's deliberation (RCW 42.30) --------
    StepRule(StepId.DELIBERATION, "schedule the council's deliberation",
             c.ScheduleDeliberation, meetings.schedule_deliberation, _E.DELIBERATION_SCHEDULED,
             frozenset({_S.DETERMINED}), None, COUNCIL | OFFICE, "§12, §14"),
    StepRule(StepId.CANCEL_MEETING, "cancel a meeting", c.CancelMeeting, meetings.cancel,
             _E.MEETING_CANCELLED, OPEN_STAGES, None, _MEETING_ROLES, "RCW 42.30.080"),
    StepRule(StepId.OPEN_SESSION, "record the respondent's request for an open session",
             c.RequestOpenSession, meetings.open_session, _E.OPEN_SESSION_REQUESTED,
             OPEN_STAGES, None, _MEETING_ROLES, "§13, §14"),
    StepRule(StepId.SESSION_START, "record the start of an executive session",
             c.StartExecutiveSession, meetings.session_start, _E.EXECUTIVE_SESSION_STARTED,
             OPEN_STAGES, None, _MEETING_ROLES, "§13, §14; RCW 42.30.110"),
    StepRule(StepId.SESSION_EXTEND, "record an extension of the executive session",
             c.ExtendExecutiveSession, meetings.session_extend, _E.EXECUTIVE_SESSION_EXTENDED,
             OPEN_STAGES, None, _MEETING_ROLES, "RCW 42.30.110(2)"),
    StepRule(StepId.SESSION_END, "record the end of the executive session",
             c.EndExecutiveSession, meetings.session_end, _E.EXECUTIVE_SESSION_ENDED,
             OPEN_STAGES, None, _MEETING_ROLES, "RCW 42.30.110(2)"),
    StepRule(StepId.BOARD_VOTE, "record a board member's vote on sufficiency",
             c.RecordBoardVote, meetings.board_vote, _E.BOARD_VOTE_RECORDED, _AT_HEARING, None,
             BOARD, "§7", final_action=Body.BOARD),
    StepRule(StepId.BOARD_DETERMINATION, "record the board's determination of sufficiency",
             c.RecordBoardDetermination, meetings.board_determination, _E.BOARD_DETERMINED,
             _AT_HEARING, None, BOARD, "§7", final_action=Body.BOARD),
    StepRule(StepId.MEETING_REPLY, "record an answer to a meeting's invitation",
             c.RecordMeetingReply, meetings.reply, _E.MEETING_REPLY_RECORDED, OPEN_STAGES,
             None, frozenset(), "RCW 42.30"),
)

BY_ID: dict[StepId, StepRule] = {s.id: s for s in STEPS}
BY_COMMAND: dict[type[c.Command], StepRule] = {s.command: s for s in STEPS}


def _leads_to() -> dict[EventKind, Stage]:
    """The stage each recorded event leads to; steps recording one event must agree."""
    found: dict[EventKind, set[Stage | None]] = {}
    for s in STEPS:
        found.setdefault(s.records, set()).add(s.leads_to)
    assert all(len(v) == 1 for v in found.values()), found
    return {k: stage for k, v in found.items() for stage in v if stage is not None}


LEADS_TO: dict[EventKind, Stage] = _leads_to()
assert len(BY_ID) == len(BY_COMMAND) == len(STEPS)  # one command, one step, one id


def rule_for(cmd: c.Command) -> StepRule:
    return BY_COMMAND[type(cmd)]


def meeting(key: DeadlineKey) -> StepRule | None:
    """The step that meets deadline `key`, if a person records it."""
    return next((s for s in STEPS if s.meets is key), None)
