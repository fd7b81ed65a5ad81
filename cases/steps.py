"""The one table of the procedure's steps: what each is, where it may be taken, which
event it records and who may take it.

Each step is a member of `StepId` declared with its row (`StepRule`), so the ids and the
rows are one list: its stable id (Slack's subcommand words, a web form's name), its
name as a person reads it ("conclude the hearing", completing "Cannot ..." and "Only ...
may ..."), the stages it is allowed in, the event it records, the roles that may take it,
its command class and its handler. `cases.procedure.handle`
refuses what the table does not allow; what the step's event does to the case (the stage
it leads to, the deadline it meets) is the table of events' (`cases.history`);
Slack's usage, help, role checks and buttons, the web and the CLI all read it. Nothing
else lists the steps.

A step recorded by EthicsBot itself (a §2 notice once delivered, correspondence filed by
intake) is checked by the table's stages like any other; `roles` says who else may.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from cases import commands as c
from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.directory import ATTORNEY, BOARD, COUNCIL, OFFICE, RECORDS, Role
from cases.handlers import (
    StepContext,
    case_file,
    complainant,
    council,
    disclosures,
    meetings,
    retention,
    sufficiency,
)
from cases.history import Event, EventKind
from cases.meetings import Body
from cases.stages import BEFORE_CONCLUSION, OPEN_STAGES, Stage

Handler = Callable[[StepContext, Any], Event]


def _board_if_it_asks(cmd: Any, _case: Case) -> Body | None:
    """§10: the board asks for a longer time by motion; the respondent's request is theirs."""
    return Body.BOARD if cmd.requested_by is c.Requester.BOARD else None


def _who_approves(_cmd: Any, case: Case) -> Body | None:
    """§10: the board approves the respondent's request, the council the board's."""
    pending = case.pending_report_extension
    board_asked = pending is not None and pending.requested_by is c.Requester.BOARD
    return Body.COUNCIL if board_asked else Body.BOARD


def _board_if_referred_to_it(_cmd: Any, case: Case) -> Body | None:
    """§11, §12: the board's determination is its act; the examiner's is one person's."""
    return Body.BOARD if case.referred_to == "board" else None


Acts = Body | Callable[[Any, Case], Body | None] | None


@dataclass(frozen=True)
class StepRule:
    """A step's row; its `id` is the `StepId` member that carries it."""

    name: str  # "conclude the hearing"
    command: type[c.Command]
    handler: Handler
    event: EventKind  # the event the step records (what it does: `cases.history.EventKind`)
    allowed_in: frozenset[Stage]
    roles: frozenset[Role]  # who may take it; empty: EthicsBot alone
    section: str  # the ordinance's section, for help and refusals
    # the body whose act it is (or how the case says which): taken only at a noticed
    # meeting of that body, under way, in open session, with a quorum on its roll call
    # (`cases.motions`); a command with a `motion` carries the members' votes on it
    body: Acts = None
    stayed: bool = False  # refused while a continuance application is pending (§7)
    label: str | None = None  # a button's words, for a step that needs only the case
    # the notices the case still owes from earlier steps are cancelled, not sent (a void
    # case was opened by mistake: nothing it owed is owed any more); those the step itself
    # owes (the invites' cancellations) go
    cancels_notices: bool = False
    # the request in the words of the official complained against, when they may make it
    # themselves on their own case (their rights, §10-§14); None: they may not take it
    # (`cases.access.check_on_case`)
    respondent_asks: str | None = None
    # the member whose row this is: set once, as the enum makes the member (`StepId`)
    id: StepId = field(init=False)

    @property
    def leads_to(self) -> Stage | None:
        """The stage the step's event leads to (None: the stage stays)."""
        return self.event.rule.leads_to

    @property
    def meets(self) -> DeadlineKey | None:
        """The deadline the step's event meets, if any."""
        return self.event.rule.meets

    @property
    def slug(self) -> str:
        """The step's name in a link ("hearing-begun"): the web's form, a reminder's link."""
        return self.id.value.replace(" ", "-")

    @property
    def by_motion(self) -> bool:
        """The step's command carries a body's motion (each member's vote)."""
        return "motion" in {f.name for f in fields(self.command)}

    def acting_body(self, cmd: c.Command, case: Case) -> Body | None:
        """The body whose act `cmd` is on `case`, if any."""
        return self.body(cmd, case) if callable(self.body) else self.body


_S = Stage
_AFTER_CONCLUSION = frozenset({_S.HEARING_CONCLUDED, _S.REPORTED})
_BEFORE_DETERMINATION = OPEN_STAGES - {_S.DETERMINED, _S.COUNCIL_DECIDED}
_AT_HEARING = frozenset({_S.HEARING_BEGUN, _S.HEARING_CONCLUDED})
_BEFORE_BEGUN = frozenset({_S.RECEIVED, _S.HEARING_SCHEDULED})
_MEETING_ROLES = BOARD | COUNCIL | OFFICE  # the presiding officers and the clerk
_CHAIR = frozenset({Role.BOARD_CHAIR})
_E, _B, _C = EventKind, Body.BOARD, Body.COUNCIL
_R = StepRule


class StepId(StrEnum):
    """Each step: its stable id (the words typed after `/ethics` where Slack types them, a
    web form's name) and its row, `NAME = "words", _R(name, command, handler, event,
    allowed_in, roles, section, ...)` (`StepRule`'s fields, in order)."""

    rule: StepRule

    def __new__(cls, words: str, rule: StepRule) -> StepId:
        step = str.__new__(cls, words)
        step._value_ = words
        step.rule = rule
        object.__setattr__(rule, "id", step)  # frozen, but born without its id
        return step

    # -- §2: receipt and the notices ------------------------------------------------------
    NOTICE = "notice", _R("record a §2 notice", c.RecordNoticeServed, sufficiency.notice,
        _E.NOTICE_SERVED, OPEN_STAGES, OFFICE, "§2")
    BOARD_RECEIVED = "board-received", _R("record that the board received the complaint",
        c.RecordBoardReceived, sufficiency.board_received, _E.NOTICE_SERVED, OPEN_STAGES, BOARD,
        "§2", label="Board received it")
    # a bounce of a §2 notice delivered by email, recorded by intake (EthicsBot alone)
    NOTICE_BOUNCED = "notice-bounced", _R("record that a §2 notice bounced", c.RecordNoticeBounced,
        sufficiency.bounced, _E.NOTICE_BOUNCED, OPEN_STAGES, frozenset(), "§2")
    REGISTERED_MAIL = "registered-mail", _R("record registered mail", c.RecordRegisteredMail,
        sufficiency.registered, _E.REGISTERED_MAIL_SENT, OPEN_STAGES, OFFICE, "§2")
    RETURN_RECEIPT = "return-receipt", _R("record the registered mail's return receipt",
        c.RecordReturnReceipt, sufficiency.return_receipt, _E.RETURN_RECEIPT_RECORDED, OPEN_STAGES,
        OFFICE, "§2")
    # -- §7, §9: the sufficiency hearing ----------------------------------------------------
    # a board meeting on the case: the hearing, a further session it adjourns to, one on
    # the report's time (§10), the board's §11 hearing once the matter is referred to it
    # RCW 42.30.080(1): a special meeting is called by the presiding officer (the chair;
    # the mayor presides over the council), whose call the clerk may record, or by a
    # majority of the members (`cases.access.check_hands`, `meetings.check_called_by`)
    SCHEDULE = "schedule", _R(
        "schedule a meeting of the board on the case", c.ScheduleBoardMeeting,
        meetings.schedule_board_meeting, _E.BOARD_MEETING_SCHEDULED, _BEFORE_DETERMINATION,
        BOARD | OFFICE, "§7, §10, §11, §13", stayed=True)
    BEGIN = "begin", _R("begin the hearing", c.BeginHearing, sufficiency.begin, _E.HEARING_BEGUN,
        frozenset({_S.HEARING_SCHEDULED}), BOARD, "§7", stayed=True, label="Hearing began")
    # after the conclusion too, dated on a day of the hearing (`cases.order`): a board that
    # forgot to record it is not locked out of its report (§9)
    HEARD = "heard", _R("record that the respondent was heard", c.RecordRespondentHeard,
        sufficiency.heard, _E.RESPONDENT_HEARD, _AT_HEARING, BOARD, "§9", stayed=True,
        label="Respondent heard")
    CONCLUDED = "concluded", _R("conclude the hearing", c.ConcludeHearing, sufficiency.conclude,
        _E.HEARING_CONCLUDED, frozenset({_S.HEARING_BEGUN}), BOARD, "§7", stayed=True,
        label="Hearing concluded")
    CONTINUANCE_APPLY = "continuance apply", _R("apply for a continuance", c.ApplyForContinuance,
        sufficiency.apply_continuance, _E.CONTINUANCE_APPLIED, BEFORE_CONCLUSION, BOARD | OFFICE,
        "§7", body=_B)
    CONTINUANCE_DECIDE = "continuance decide", _R("record the council's decision on a continuance",
        c.DecideContinuance, sufficiency.decide_continuance, _E.CONTINUANCE_DECIDED,
        BEFORE_CONCLUSION, COUNCIL | OFFICE, "§7", body=_C)
    BOARD_VOTE = "board-vote", _R("record a board member's vote on sufficiency", c.RecordBoardVote,
        meetings.board_vote, _E.BOARD_VOTE_RECORDED, _AT_HEARING, BOARD, "§7", body=_B, stayed=True)
    BOARD_DETERMINATION = "board-determination", _R(
        "record the board's determination of sufficiency", c.RecordBoardDetermination,
        meetings.board_determination, _E.BOARD_DETERMINED, _AT_HEARING, BOARD, "§7", body=_B,
        stayed=True)
    # -- §7, §10: the written report ------------------------------------------------------
    EXTENSION_REQUEST = "extension request", _R("request a longer time for the report",
        c.RequestReportExtension, sufficiency.request_extension, _E.REPORT_EXTENSION_REQUESTED,
        _AFTER_CONCLUSION, BOARD | OFFICE, "§10", body=_board_if_it_asks,
        respondent_asks="ask for a longer time for the written report")
    EXTENSION_DECIDE = "extension decide", _R("decide a request for a longer time for the report",
        c.DecideReportExtension, sufficiency.decide_extension, _E.REPORT_EXTENSION_DECIDED,
        _AFTER_CONCLUSION, BOARD | COUNCIL | OFFICE, "§10", body=_who_approves)
    REPORT = "report", _R("issue the written report", c.IssueReport, sufficiency.issue_report,
        _E.REPORT_ISSUED, frozenset({_S.HEARING_CONCLUDED}), BOARD, "§7, §9", stayed=True)
    DELIVER = "deliver", _R("deliver the written report", c.DeliverReport, sufficiency.deliver,
        _E.REPORT_DELIVERED, frozenset({_S.REPORTED}), BOARD, "§10", label="Report delivered")
    # -- §11, §12, §14: referral, determination, the council's decision -------------------
    BOARD_HEARING = "board-hearing", _R("record the respondent's request to be heard by the board",
        c.RequestBoardHearing, council.board_hearing, _E.BOARD_HEARING_REQUESTED,
        frozenset({_S.HEARING_CONCLUDED, _S.REPORTED, _S.REPORT_DELIVERED}), BOARD | OFFICE, "§11",
        respondent_asks="ask to be heard by the ethics board instead of a hearings examiner")
    # again once the examiner it went to withdrew, conflicted (`council.refer`)
    REFER = "refer", _R("refer the matter", c.Refer, council.refer, _E.REFERRED,
        frozenset({_S.REPORT_DELIVERED, _S.REFERRED}), BOARD, "§11", label="Refer (§11)")
    EXAMINER_CONFLICT = "examiner-conflict", _R(
        "record that a hearings examiner is conflicted on the case", c.RecordExaminerConflict,
        council.examiner_conflict, _E.EXAMINER_CONFLICTED, _BEFORE_DETERMINATION, BOARD | OFFICE,
        "§11")
    # as to each official in turn
    DETERMINATION = "determination", _R("record the final determination", c.RecordDetermination,
        council.determination, _E.DETERMINATION_RECEIVED, frozenset({_S.REFERRED, _S.DETERMINED}),
        BOARD | OFFICE, "§11, §12", body=_board_if_referred_to_it)
    COUNCIL_EXTENSION_REQUEST = "council-extension request", _R(
        "record the respondent's request for more time for the council's decision",
        c.RequestCouncilExtension, council.request_extension, _E.COUNCIL_EXTENSION_REQUESTED,
        frozenset({_S.DETERMINED}), COUNCIL | OFFICE, "§12",
        respondent_asks="ask the council for more time before it decides")
    COUNCIL_EXTENSION = "council-extension", _R("extend the council's decision time",
        c.ExtendCouncilDecision, council.extend_council, _E.COUNCIL_DECISION_EXTENDED,
        frozenset({_S.DETERMINED}), COUNCIL | OFFICE, "§12", body=_C)
    # each member enters their own vote; the mayor's office records the roll call
    # (`cases.access.check_hands`)
    VOTE = "vote", _R("record a council vote", c.RecordCouncilVote, council.vote,
        _E.COUNCIL_VOTE_RECORDED, frozenset({_S.DETERMINED}), COUNCIL | OFFICE, "§12, §14", body=_C)
    MAYOR_VOTE = "mayor-vote", _R("record the mayor's tie-breaking vote", c.RecordMayorVote,
        council.mayor_vote, _E.MAYOR_VOTE_RECORDED, frozenset({_S.DETERMINED}), OFFICE, "§14",
        body=_C)
    DECIDE = "decide", _R("record the council's decision", c.RecordCouncilDecision, council.decide,
        _E.COUNCIL_DECIDED, frozenset({_S.DETERMINED}), COUNCIL | OFFICE, "§12, §14", body=_C)
    # -- the record ---------------------------------------------------------------------
    AMEND = "amend", _R("amend the complaint", c.AmendComplaint, case_file.amend,
        _E.COMPLAINT_AMENDED, _BEFORE_DETERMINATION, BOARD, "§5", stayed=True)
    AMENDMENT_SUFFICIENCY = "amendment-sufficiency", _R(
        "find sections added after the report sufficient", c.FindAmendmentSufficient,
        case_file.amendment_sufficiency, _E.AMENDMENT_FOUND,
        frozenset({_S.REPORTED, _S.REPORT_DELIVERED, _S.REFERRED, _S.DETERMINED}), BOARD | OFFICE,
        "§5, §7", body=_B, stayed=True)
    NAME_RESPONDENT = "name-respondent", _R("name the official complained against",
        c.NameRespondent, case_file.name_respondent, _E.RESPONDENT_NAMED, OPEN_STAGES, OFFICE, "§2")
    CORRECT_RECEIPT = "correct-receipt", _R("correct the receipt time", c.CorrectReceipt,
        case_file.correct_receipt, _E.RECEIPT_CORRECTED, OPEN_STAGES, OFFICE, "§2")
    CORRECT_DATE = "correct-date", _R("correct the date of an earlier step", c.CorrectStepDate,
        case_file.correct_date, _E.STEP_DATE_CORRECTED, OPEN_STAGES | {_S.CLOSED}, OFFICE | BOARD,
        "§7–§12")
    DISMISS = "dismiss", _R("dismiss the complaint as time-barred", c.DismissAsTimeBarred,
        case_file.dismiss, _E.COMPLAINT_DISMISSED, BEFORE_CONCLUSION, BOARD | OFFICE, "§4", body=_B,
        stayed=True)
    # early only once the complaint was dismissed as time-barred (`case_file.close`)
    CLOSE = "close", _R("close the case", c.CloseCase, case_file.close, _E.CASE_CLOSED,
        BEFORE_CONCLUSION | {_S.REPORT_DELIVERED, _S.DETERMINED, _S.COUNCIL_DECIDED},
        BOARD | OFFICE, "§4, §6, §8, §12")
    # only before the hearing begins: a case heard is decided, not voided
    VOID = "void", _R("void the case", c.VoidCase, case_file.void, _E.CASE_VOIDED, _BEFORE_BEGUN,
        OFFICE, "§1, §2", cancels_notices=True)
    # -- a disclosure request's file (RCW 42.56; cases.disclosure) ----------------------
    # §6 sends the request to the city attorney, who answers it; the clerk may prepare an
    # instalment and record a clarification; a second person (the attorney, the records
    # officer) approves each release, never the one who prepared it (`disclosures.release`)
    DISCLOSURE_REQUEST = "disclosure-request", _R("record a public disclosure request",
        c.RecordDisclosureRequest, disclosures.disclosure_request, _E.DISCLOSURE_REQUESTED,
        frozenset(Stage), ATTORNEY, "§6; RCW 42.56")
    DISCLOSURE_ANSWER = "disclosure-answer", _R("answer a disclosure request by letter",
        c.AnswerDisclosure, disclosures.answer, _E.DISCLOSURE_ANSWERED, frozenset(Stage), ATTORNEY,
        "§6; RCW 42.56.520")
    CLARIFIED = "disclosure-clarified", _R("record the requester's clarification",
        c.RecordClarification, disclosures.clarified, _E.DISCLOSURE_CLARIFIED, frozenset(Stage),
        ATTORNEY | OFFICE, "RCW 42.56.520(3)")
    THIRD_PARTY = "third-party", _R("notify a person the records concern", c.NotifyThirdParty,
        disclosures.third_party, _E.THIRD_PARTY_NOTIFIED, frozenset(Stage), ATTORNEY,
        "RCW 42.56.540")
    INSTALMENT = "instalment", _R("prepare an instalment of records", c.PrepareInstalment,
        disclosures.prepare, _E.INSTALMENT_PREPARED, frozenset(Stage), ATTORNEY | OFFICE | RECORDS,
        "§6, §13; RCW 42.56.080, 42.56.210(3)")
    RELEASE = "release", _R("approve and release the prepared instalment", c.ReleaseRecords,
        disclosures.release, _E.RECORDS_RELEASED, frozenset(Stage), ATTORNEY | RECORDS,
        "§6, §13; RCW 42.56.520")
    # -- retention (RCW 40.14; cases.retention) -----------------------------------------
    # the city attorney places and lifts a legal hold: litigation, a claim or an
    # investigation the city must preserve evidence for is the attorney's to judge; in
    # any stage, since the duty to preserve can arise before closure
    HOLD_PLACE = "hold place", _R("place a legal hold on the case file", c.PlaceLegalHold,
        retention.place_hold, _E.LEGAL_HOLD_PLACED, frozenset(Stage), ATTORNEY, "RCW 40.14")
    HOLD_LIFT = "hold lift", _R("lift the legal hold on the case file", c.LiftLegalHold,
        retention.lift_hold, _E.LEGAL_HOLD_LIFTED, frozenset(Stage), ATTORNEY, "RCW 40.14")
    # the clerk, who keeps the case file, requests; the records officer approves, never
    # their own request (`retention.approve_destruction`)
    DESTROY_REQUEST = "destroy request", _R("request the destruction of the case file",
        c.RequestDestruction, retention.request_destruction, _E.DESTRUCTION_REQUESTED,
        frozenset({_S.CLOSED}), OFFICE, "RCW 40.14.070")
    DESTROY_APPROVE = "destroy approve", _R("approve the destruction of the case file",
        c.ApproveDestruction, retention.approve_destruction, _E.RECORDS_DESTROYED,
        frozenset({_S.CLOSED}), RECORDS, "RCW 40.14.070")
    CORRESPONDENCE = "correspondence", _R("file correspondence", c.FileCorrespondence,
        case_file.correspondence, _E.CORRESPONDENCE_FILED, frozenset(Stage), frozenset(), "§6")
    # -- meetings: the board's hearing and the council's deliberation (RCW 42.30) --------
    DELIBERATION = "deliberation", _R("schedule a meeting of the council on the case",
        c.ScheduleDeliberation, meetings.schedule_deliberation, _E.DELIBERATION_SCHEDULED,
        OPEN_STAGES, COUNCIL | OFFICE, "§7, §10, §12, §14")
    CANCEL_MEETING = "cancel-meeting", _R("cancel a meeting", c.CancelMeeting, meetings.cancel,
        _E.MEETING_CANCELLED, OPEN_STAGES, _MEETING_ROLES, "RCW 42.30.080")
    ROLL_CALL = "roll-call", _R("record the roll call of a meeting", c.RecordRollCall,
        meetings.roll_call, _E.ROLL_CALL_RECORDED, OPEN_STAGES, _MEETING_ROLES,
        "RCW 42.30; RCW 35A.12.120")
    RECUSE = "recuse", _R("record a member's recusal", c.RecordRecusal, meetings.recuse,
        _E.MEMBER_RECUSED, OPEN_STAGES, _MEETING_ROLES, "§6, §14")
    OPEN_SESSION = "open-session", _R("record the respondent's request for an open session",
        c.RequestOpenSession, meetings.open_session, _E.OPEN_SESSION_REQUESTED, OPEN_STAGES,
        _MEETING_ROLES, "§13, §14",
        respondent_asks="ask that the proceedings be open to the public")
    SESSION_START = "session start", _R("record the start of an executive session",
        c.StartExecutiveSession, meetings.session_start, _E.EXECUTIVE_SESSION_STARTED, OPEN_STAGES,
        _MEETING_ROLES, "§13, §14; RCW 42.30.110")
    SESSION_EXTEND = "session extend", _R("record an extension of the executive session",
        c.ExtendExecutiveSession, meetings.session_extend, _E.EXECUTIVE_SESSION_EXTENDED,
        OPEN_STAGES, _MEETING_ROLES, "RCW 42.30.110(2)")
    SESSION_END = "session end", _R("record the end of the executive session",
        c.EndExecutiveSession, meetings.session_end, _E.EXECUTIVE_SESSION_ENDED, OPEN_STAGES,
        _MEETING_ROLES, "RCW 42.30.110(2)")
    MEETING_REPLY = "meeting-reply", _R("record an answer to a meeting's invitation",
        c.RecordMeetingReply, meetings.reply, _E.MEETING_REPLY_RECORDED, OPEN_STAGES, frozenset(),
        "RCW 42.30")
    # -- the complainant's protection (issue 27; cases.protection) -----------------------
    # the clerk, where the city's reading allows it, and only while the case is open: a
    # closed case's release is the disclosure request's (§6, §13)
    WITHHOLD_COMPLAINANT = "withhold-complainant", _R(
        "withhold the complainant's identity from the official and the council",
        c.WithholdComplainant, complainant.withhold, _E.COMPLAINANT_WITHHELD, OPEN_STAGES, OFFICE,
        "§2; RCW 42.41.030, RCW 42.56.240(2)")


STEPS: tuple[StepRule, ...] = tuple(s.rule for s in StepId)

BY_COMMAND: dict[type[c.Command], StepRule] = {s.command: s for s in STEPS}


def rule_for(cmd: c.Command) -> StepRule:
    return BY_COMMAND[type(cmd)]


def meeting(key: DeadlineKey) -> StepRule | None:
    """The step that meets deadline `key`, if a person records it."""
    return next((s for s in STEPS if s.meets is key), None)
