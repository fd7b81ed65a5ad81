"""What people ask the procedure to do: one imperative dataclass per step.

Dates named `on` are the city's local dates on which the step happened; None means "today"
by the clock of whoever records it. Emails identify people (the directory's key).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from cases.disclosure import AnswerKind, Redaction, Withholding
from cases.history import EventKind
from cases.meetings import Answer, EmergencyGround, MeetingKind, Proceeding
from cases.motions import Motion
from cases.protection import ProtectionBasis
from cases.public_records import PublicRecord
from cases.tally import Vote


class Section2Act(StrEnum):
    """The three acts §2 requires within 24 hours of receipt."""

    RESPONDENT_INFORMED = "respondent_informed"
    COUNCIL_INFORMED = "council_informed"
    SUBMITTED_TO_BOARD = "submitted_to_board"


class NoticeMethod(StrEnum):
    """How a §2 notice was given."""

    HAND = "hand"
    PHONE = "phone"  # a call that reached the person
    VOICEMAIL = "voicemail"
    EMAIL = "email"
    MAIL = "mail"


# "Voicemail, email or similar notification" (§2): not actual notice; the city's reading
# `remote_notice` says whether it informs the official by itself
REMOTE = frozenset({NoticeMethod.VOICEMAIL, NoticeMethod.EMAIL, NoticeMethod.MAIL})


class Requester(StrEnum):
    RESPONDENT = "respondent"  # approved by the board (§10)
    BOARD = "board"  # approved by the council (§10)


@dataclass(frozen=True)
class Command:
    """Base of every step."""


@dataclass(frozen=True)
class RecordNoticeServed(Command):
    """One §2 act done: for the official complained against, `respondent` names which
    (each is informed; None: the only one). `given_at`: when it was really given, if not
    when recorded (a phone call typed in later is on time if it was); `how` and `to`
    are kept as the proof; `impracticable`: why actual notice was not immediately
    practicable, when the official was told by voicemail or email (§2)."""

    notice: Section2Act
    respondent: str | None = None
    how: NoticeMethod | None = None
    given_at: datetime | None = None
    to: str = ""
    impracticable: str = ""


@dataclass(frozen=True)
class RecordNoticeBounced(Command):
    """A §2 notice EthicsBot delivered by email came back undelivered (a bounce reported
    after the server had accepted it): the act it served for `recipient` is undone, so
    `notice_24h` is open again (or missed) until the clerk records another notice. A
    notice the clerk recorded another way (phone, by hand) stands. Recorded by EthicsBot."""

    notice: Section2Act
    recipient: str
    reason: str = ""
    message_id: str | None = None


@dataclass(frozen=True)
class RecordReturnReceipt(Command):
    """§2: the return receipt of an official's registered-mail copy came back, signed
    `on` (the green card's date, the proof the copy was received); `respondent` names
    which official's (None: the only one)."""

    on: date
    respondent: str | None = None


@dataclass(frozen=True)
class RecordBoardReceived(Command):
    """§2: the board says it has the complaint (the mayor's office may record the same act
    from its side with `RecordNoticeServed`)."""


@dataclass(frozen=True)
class RecordRegisteredMail(Command):
    """§2: a copy to an official complained against by registered mail; `respondent`
    names which (each gets their own; None: the only one)."""

    tracking_number: str
    on: date | None = None
    respondent: str | None = None


@dataclass(frozen=True)
class CallMeeting:
    """What calling a meeting of a body for the case says (RCW 42.30): when, where, and
    what kind. Not a step itself: the board's hearing and the council's deliberation are.

    Scheduling the body's meeting again while it is still to come moves it; once it was
    cancelled, scheduling makes a new meeting. The session is executive unless the
    respondent asked for an open one (`RequestOpenSession`, §13, §14). A time already past
    records a meeting after the fact (nothing is sent for it)."""

    starts_at: datetime
    place: str
    kind: MeetingKind = MeetingKind.SPECIAL
    ends_at: datetime | None = None  # expected end; default two hours after the start
    remote_link: str | None = None  # where the public may attend remotely
    # RCW 42.30.080(4): the facts of the emergency, on one of the statute's grounds, that
    # make 24 hours' notice impractical (both, or neither)
    emergency: str | None = None
    emergency_ground: EmergencyGround | None = None
    # a further meeting (a session the hearing adjourns to, a meeting on other business of
    # the case) rather than moving the body's meeting still to come
    further: bool = False
    # RCW 42.30.080(1): a special meeting called by a majority of the body's members, not
    # its presiding officer: the members calling it (emails)
    called_by: tuple[str, ...] = ()
    members: frozenset[str] = frozenset()  # the body's members, from the directory


@dataclass(frozen=True)
class ScheduleBoardMeeting(CallMeeting, Command):
    """§7: the board's sufficiency hearing, a meeting of the board (one of its sessions;
    after a referral to the board, its §11 hearing)."""


@dataclass(frozen=True)
class BeginHearing(Command):
    on: date | None = None


@dataclass(frozen=True)
class RecordRespondentHeard(Command):
    """§9: a respondent had the opportunity to present; `presented` says if they did.
    `respondent` (their email) may be left out when the complaint names only one."""

    presented: bool = True
    on: date | None = None
    respondent: str | None = None


@dataclass(frozen=True)
class ConcludeHearing(Command):
    on: date | None = None


@dataclass(frozen=True)
class ApplyForContinuance(Command):
    """§7: the board applies, by motion at its meeting."""

    reason: str
    on: date | None = None
    motion: Motion | None = None


@dataclass(frozen=True)
class DecideContinuance(Command):
    """§7: the council decides the board's application, by motion at its meeting."""

    granted_days: int  # 0 = denied
    on: date | None = None
    motion: Motion | None = None


@dataclass(frozen=True)
class RequestReportExtension(Command):
    """§10: the respondent asks (recorded by the clerk), or the board asks by motion."""

    requested_by: Requester
    days: int
    on: date | None = None
    motion: Motion | None = None  # the board's, when the board asks


@dataclass(frozen=True)
class DecideReportExtension(Command):
    """§10: the board approves the respondent's request, the council the board's, each by
    motion at its meeting (which body: the request says, `cases.steps`)."""

    approved: bool
    on: date | None = None
    motion: Motion | None = None


@dataclass(frozen=True)
class IssueReport(Command):
    """§7, §9: the written report, setting forth the board's determination as to each
    official; `sufficient`, when given, must be what the board found as to every one."""

    sufficient: bool | None = None
    summary: str = ""
    on: date | None = None
    report_file: str | None = None  # where the written report is kept (a Slack file id, a URL)


@dataclass(frozen=True)
class DeliverReport(Command):
    on: date | None = None


@dataclass(frozen=True)
class RequestBoardHearing(Command):
    """§11: an official found sufficient against asks that the board, not an examiner,
    hear the matter (the city's reading `board_hearing` says when one asking is enough)."""

    respondent: str | None = None  # the official asking (each has their own request)


@dataclass(frozen=True)
class Refer(Command):
    examiner: str | None  # None: to the ethics board at the respondent's request
    on: date | None = None


@dataclass(frozen=True)
class DismissAsTimeBarred(Command):
    """§4: the board finds the information on the completed misconduct was reasonably
    available to the public on `public_since`, more than two years before the complaint
    was received, and dismisses it, by motion at its meeting; the case may then close."""

    public_since: date
    reason: str
    on: date | None = None
    motion: Motion | None = None


@dataclass(frozen=True)
class FindAmendmentSufficient(Command):
    """§5, §7: the board finds sections added by amendment after its sufficiency report
    sufficient or not, by motion at its meeting (by the city's reading `amended_section`,
    nothing rests on them until it does)."""

    amended_sections: tuple[str, ...]
    sufficient: bool
    on: date | None = None
    motion: Motion | None = None


@dataclass(frozen=True)
class RecordExaminerConflict(Command):
    """§11: a hearings examiner cannot hear the case (a tie to a party, a prior role): the
    rotation skips them on it; if the matter was referred to them, they withdraw and it
    is referred again, to the next examiner in rotation."""

    examiner: str
    reason: str


@dataclass(frozen=True)
class RecordDetermination(Command):
    """§11, §12: the examiner's determination as received, or the board's, made by motion
    at its meeting after the matter was referred to it."""

    violation: bool
    sections: tuple[str, ...] = ()
    on: date | None = None  # the day the council received the determination
    motion: Motion | None = None  # the board's, when the matter was referred to it
    respondent: str | None = None  # the official it is about (each has their own)


@dataclass(frozen=True)
class ExtendCouncilDecision(Command):
    """§12: an extension requested by the respondent and granted by the council, by
    motion at its meeting."""

    days: int
    on: date | None = None  # the day the council granted it
    motion: Motion | None = None


@dataclass(frozen=True)
class RequestCouncilExtension(Command):
    """§12: the respondent asks for more time for the council's decision; only such a
    request lets the council extend it."""

    days: int
    on: date | None = None  # the day the city received the request
    respondent: str | None = None  # the official asking (one a violation was found against)


@dataclass(frozen=True)
class RecordRollCall(Command):
    """Who was present at a meeting of the board or the council (RCW 42.30): the quorum,
    and who may vote on a motion, are counted from it. Recorded again as members arrive
    or leave; the latest stands."""

    present: tuple[str, ...]
    board: frozenset[str]  # the bodies' members, from the directory
    council: frozenset[str]
    mayor: str
    meeting: int | None = None  # None: the latest meeting of the case that has begun


@dataclass(frozen=True)
class RecordRecusal(Command):
    """A member of the board or the council steps aside from the case, with the reason
    (a relative, a business tie, the member filed the complaint): they vote on nothing in
    it and are not counted towards its quorum."""

    member: str
    reason: str
    board: frozenset[str]
    council: frozenset[str]


@dataclass(frozen=True)
class RecordCouncilVote(Command):
    """A council member's vote that the violations found against one official occurred
    and on the action as to them (§12, §14)."""

    member: str
    vote: Vote
    council: frozenset[str]
    respondent: str | None = None  # the official (None: the only one found to have violated)


@dataclass(frozen=True)
class Penalty:
    """A penalty the council imposes (§12): on `respondent` (None: the only official),
    for a violation of `section` found as to them."""

    section: str
    action: str
    respondent: str | None = None


@dataclass(frozen=True)
class RecordMayorVote(Command):
    """§14, RCW 35A.12.100: the mayor's vote on a tie, entered by the mayor or the clerk."""

    vote: Vote
    mayor: str  # the mayor's email (the action may be against the mayor)
    respondent: str | None = None  # the official the tied vote is about


@dataclass(frozen=True)
class RecordCouncilDecision(Command):
    """The council's decision as to one official a violation was found against (§12): its
    first majority vote, that the violations occurred, counted from the members' recorded
    votes (and the mayor's, on a tie); then, for any penalty, its second majority vote on
    the action (`action`, a motion at the same meeting)."""

    council: frozenset[str]
    mayor: str
    penalties: tuple[Penalty, ...] = ()
    on: date | None = None
    respondent: str | None = None  # the official (None: the only one found to have violated)
    action: Motion | None = None  # §12's second vote: on the penalties, by motion


@dataclass(frozen=True)
class AmendComplaint(Command):
    """§5: authorised by the decision-maker as justice requires."""

    authorized_by: str
    added_sections: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class NameRespondent(Command):
    """§2: the official a complaint is against, when intake matched no one in the city's
    directory (a misspelt name, a title only): named by the mayor's office, and owed the
    §2 notices then. The complaint's receipt stays the day the clock started.

    Either `official`, someone the directory lists, or a person it does not list (an
    official who left, one of another body): their `name` with their `email` (the §2
    notice goes there) and/or their postal `address` (the copy by registered mail, §2)."""

    official: str = ""  # their email in the city's directory; empty: the person below
    name: str = ""
    email: str = ""
    address: str = ""


@dataclass(frozen=True)
class CorrectReceipt(Command):
    received_at: datetime
    reason: str


@dataclass(frozen=True)
class CorrectStepDate(Command):
    """A clerk's typo in the day an earlier step happened, corrected as its own step: the
    entry `entry` of the case's history (its number as listed, #1 the complaint's
    receipt), else the latest step recording `kind` (for a hearing of several
    respondents, `respondent`'s). `kind` is named either way, so a mistyped number is
    caught rather than correcting another step."""

    kind: EventKind
    on: date
    reason: str
    respondent: str | None = None
    entry: int | None = None


@dataclass(frozen=True)
class CloseCase(Command):
    reason: str = ""


@dataclass(frozen=True)
class VoidCase(Command):
    """A case opened by mistake (spam past the screening, a duplicate): kept, never
    deleted, and no deadline runs on it any more."""

    reason: str
    duplicate_of: str | None = None


@dataclass(frozen=True)
class RecordDisclosureRequest(Command):
    """A public disclosure request filed with the city attorney (§6; RCW 42.56)."""

    requester: str
    on: date | None = None  # the day the city received it
    records: tuple[PublicRecord, ...] = ()  # what was asked for, if it names records
    what: str = ""  # the request in the requester's words (the log keeps its text)
    email: str = ""  # where its letters go; none: the city attorney posts them


@dataclass(frozen=True)
class PlaceLegalHold(Command):
    """A legal hold on a case file (RCW 40.14; issue 27): litigation, an audit or an
    investigation needs it kept; while it stands nothing of it may be destroyed. One
    active hold per case."""

    reason: str


@dataclass(frozen=True)
class LiftLegalHold(Command):
    """The case file's legal hold lifted: what needed it kept is over."""

    reason: str = ""


@dataclass(frozen=True)
class RequestDestruction(Command):
    """The clerk asks the records officer to approve destroying a closed case file whose
    retention period has ended (RCW 40.14). `category` and `years` are the city's
    retention setting (the directory's `retention:`), filled in, never typed
    (`cases.derived`; `years` 0: the city set none)."""

    category: str = ""
    years: int = 0


@dataclass(frozen=True)
class ApproveDestruction(Command):
    """The records officer approves the destruction someone else requested: the case's
    content is destroyed and the certificate is the history's entry (RCW 40.14).
    `category` and `years` as for `RequestDestruction`."""

    category: str = ""
    years: int = 0


@dataclass(frozen=True)
class AnswerDisclosure(Command):
    """A letter answering a disclosure request (RCW 42.56.520(1)): an acknowledgement with
    a reasonable estimate, a request to clarify (with one), a denial citing the exemption
    and how it applies, or the closing letter. Records go in instalments."""

    answer: AnswerKind
    text: str = ""  # the letter's own words: what to clarify, why the estimate, ...
    estimate: date | None = None  # the day the records (or the next answer) will be ready
    exemption: str = ""  # a denial: the law cited ("RCW 42.56.240(2)")
    explanation: str = ""  # ... and briefly how it applies (RCW 42.56.210(3))
    request: int | None = None  # which request (1 = the first); None: the oldest open one
    on: date | None = None


@dataclass(frozen=True)
class RecordClarification(Command):
    """The requester clarified: the city's wait on them ends (RCW 42.56.520(3))."""

    text: str = ""
    request: int | None = None
    on: date | None = None


@dataclass(frozen=True)
class PrepareInstalment(Command):
    """An instalment of records made ready for release (RCW 42.56.080(2)): the records,
    the text redacted from them and the records withheld, each with its exemption. A
    second person approves its release (`ReleaseRecords`)."""

    records: tuple[PublicRecord, ...] = ()
    redactions: tuple[Redaction, ...] = ()
    withheld: tuple[Withholding, ...] = ()
    final: bool = False  # the last one: its release closes the request
    request: int | None = None


@dataclass(frozen=True)
class ReleaseRecords(Command):
    """The prepared instalment approved and released by a second person: its letter and
    the released records go to the requester."""

    request: int | None = None
    on: date | None = None


@dataclass(frozen=True)
class NotifyThirdParty(Command):
    """A person the records concern told the day they will be released unless a court
    enjoins it (RCW 42.56.540)."""

    name: str
    email: str
    records: tuple[PublicRecord, ...]
    release_on: date
    request: int | None = None


@dataclass(frozen=True)
class FileCorrespondence(Command):
    """A reply to one of EthicsBot's notices: kept in the case's history, never a new case."""

    sender: str
    subject: str
    message_id: str | None = None


# -- meetings (cases.meetings, cases.open_meetings) -----------------------------------------

@dataclass(frozen=True)
class ScheduleDeliberation(CallMeeting, Command):
    """A meeting of the council on the case: its deliberation on a final determination of
    violation (§12, §14), or its decision on the board's application for a continuance (§7)
    or for a longer time for the report (§10)."""


@dataclass(frozen=True)
class CancelMeeting(Command):
    reason: str
    meeting: int | None = None  # None: the case's meeting still to come


@dataclass(frozen=True)
class RequestOpenSession(Command):
    """§13 (the board's and the examiner's proceedings), §14 (the council's deliberation):
    the person complained against asks that the proceedings be open to the public."""

    proceeding: Proceeding  # the board's, the examiner's (after the referral) or the council's
    via: str  # how the request came: mail, slack, paper, in person
    respondent: str | None = None  # their email; None when the complaint names one
    on: date | None = None  # the day the request was made


@dataclass(frozen=True)
class StartExecutiveSession(Command):
    """RCW 42.30.110(2): the presiding officer announced the purpose and the time the
    session will end (`ends_at`), and the body convened in executive session."""

    ends_at: datetime
    started_at: datetime | None = None  # None: now
    meeting: int | None = None  # None: the meeting under way


@dataclass(frozen=True)
class ExtendExecutiveSession(Command):
    """The presiding officer announced a later end, before the announced one passed."""

    until: datetime
    announced_at: datetime | None = None  # None: now
    meeting: int | None = None


@dataclass(frozen=True)
class EndExecutiveSession(Command):
    ended_at: datetime | None = None  # None: now
    meeting: int | None = None


@dataclass(frozen=True)
class RecordBoardVote(Command):
    """A board member's vote on sufficiency, cast in open session (yes: sufficient)."""

    member: str
    vote: Vote
    board: frozenset[str]
    meeting: int | None = None
    respondent: str | None = None  # the official the vote is about (each has their own)


@dataclass(frozen=True)
class RecordBoardDetermination(Command):
    """§7: the board's determination of sufficiency as to one official, counted from its
    members' votes on it."""

    board: frozenset[str]
    meeting: int | None = None
    respondent: str | None = None  # the official it is about (each has their own)


@dataclass(frozen=True)
class RecordMeetingReply(Command):
    """An invitee's answer to a meeting's invitation (an iTIP REPLY taken in by intake)."""

    meeting: int
    attendee: str
    answer: Answer
    sequence: int  # the invitation's SEQUENCE the answer was given to


@dataclass(frozen=True)
class WithholdComplainant(Command):
    """The complainant's identity and contact details withheld from the official
    complained against and the council, where the city's reading `complainant_protection`
    allows it (RCW 42.41.030, RCW 42.56.240(2); `cases.protection`): they get `summary`
    instead of the complaint, and the notice states the `basis`.

    `already_told`: who had been sent the complaint with the complainant named before
    this was recorded, filled in from the outbox, never typed (`cases.services`)."""

    basis: ProtectionBasis
    summary: str
    already_told: tuple[str, ...] = ()
