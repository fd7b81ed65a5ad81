"""The meeting steps: calling (or moving) the board's meeting on the case and the
council's, cancelling a meeting, the roll call and recusals, the respondent's request for
an open session, the executive session's start, extension and end, the board's vote in
open session and its determination, and an invitee's answer. The rules they apply are
`cases.open_meetings`'. Each step is its command, its row (`@step`) and its handler, one
above the other (`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from cases.acts import meeting_for, set_aside, unable_to_act, why_unable
from cases.agenda import agenda_for
from cases.calendar import fmt_moment
from cases.case import Case, Requester
from cases.directory import BOARD, COUNCIL, OFFICE
from cases.errors import ProcedureError
from cases.handlers import (
    THE_BOARD,
    THE_COUNCIL,
    THE_DAY,
    THE_MAYOR,
    THE_MEETING,
    THE_MOTION,
    THE_OFFICIAL,
    Command,
    OfficialsRequest,
    StepContext,
    asks,
    step,
)
from cases.history import Event, EventKind
from cases.links import web_link
from cases.meetings import (
    ALL,
    BODY_NAME,
    DEFAULT_LENGTH,
    OPEN_SECTION,
    PROCEEDING_NAME,
    Action,
    Answer,
    Body,
    EmergencyGround,
    Item,
    Meeting,
    MeetingKind,
    Proceeding,
)
from cases.motions import Motion
from cases.open_meetings import (
    agenda_posted_late,
    announcement,
    check_lead_time,
    check_public_text,
)
from cases.readings import describe
from cases.stages import (
    AT_HEARING,
    OPEN_STAGES,
    Stage,
)
from cases.tally import Vote, eligible_on_board, sufficiency_tally

__all__ = ["ApproveMinutes", "CancelMeeting", "EndExecutiveSession", "ExtendExecutiveSession",
           "RecordBoardDetermination", "RecordBoardVote", "RecordMeetingReply", "RecordRecusal",
           "RecordRollCall", "RequestOpenSession", "ScheduleBoardMeeting", "ScheduleDeliberation",
           "StartExecutiveSession"]

# a closed case's meetings: those called to approve minutes (`_closed_but_minutes`)
AFTER_CLOSURE = OPEN_STAGES | {Stage.CLOSED}


# who may record a meeting's steps: the presiding officers (the chair; the mayor presides
# over the council) and the clerk
_MEETING_ROLES = BOARD | COUNCIL | OFFICE


@dataclass(frozen=True)
class CallMeeting:
    """What calling a meeting of a body for the case says (RCW 42.30): when, where, and
    what kind. Not a step itself: the board's hearing and the council's deliberation are.

    Scheduling the body's meeting again while it is still to come moves it; once it was
    cancelled, scheduling makes a new meeting. The session is executive unless the
    respondent asked for an open one (`RequestOpenSession`, §13, §14). A time already past
    records a meeting after the fact (nothing is sent for it)."""

    starts_at: datetime = field(metadata=asks("Date and time (city time)"))
    place: str = field(metadata=asks("Place"))
    kind: MeetingKind = field(default=MeetingKind.SPECIAL, metadata=asks(
        "Kind of meeting (24 hours ahead: a special one's notice, RCW 42.30.080; a regular "
        "one's agenda, RCW 42.30.077)"))
    # expected end; default two hours after the start
    ends_at: datetime | None = field(default=None, metadata=asks("Expected end (city time)"))
    # where the public may attend remotely
    remote_link: str | None = field(default=None, metadata=asks(
        "Where the public may attend remotely"))
    # RCW 42.30.080(4): the facts of the emergency, on one of the statute's grounds, that
    # make 24 hours' notice impractical (both, or neither)
    emergency: str | None = field(default=None, metadata=asks(
        "Emergency (RCW 42.30.080(4)): the facts that make 24 hours' notice impractical"))
    emergency_ground: EmergencyGround | None = field(default=None, metadata=asks(
        "Emergency: the statute's ground (RCW 42.30.080(4))"))
    # a further meeting (a session the hearing adjourns to, a meeting on other business of
    # the case) rather than moving the body's meeting still to come
    further: bool = field(default=False, metadata=asks(
        "A further meeting, or the one still to come moved (RCW 42.30)", yes_no=("A further "
        "meeting (a session the hearing adjourns to, other business of the case)", "It moves "
        "the body's meeting still to come, if there is one")))
    # RCW 42.30.080(1): a special meeting called by a majority of the body's members, not
    # its presiding officer: the members calling it (emails)
    called_by: tuple[str, ...] = field(default=(), metadata=asks(
        "Called by a majority of the members, not the presiding officer (RCW 42.30.080(1)): the"
        " members calling it, by name or email, you among them"))
    # the body's members, from the directory
    members: frozenset[str] = field(default=frozenset(), metadata=asks(
        "The body's members (from the directory)"))
    # business to state in the notice that the case does not bring by itself (a §4
    # dismissal, a continuance the board may apply for): `cases.agenda.ADDABLE`; `only`:
    # that business alone, a further meeting that is no session of the hearing (the
    # board's meeting on its application for a continuance, say)
    # (left empty on a form: the case's business too, as a meeting usually is)
    only: bool | None = field(default=None, metadata=asks(
        "A meeting on the added business alone, not the case's other business",
        yes_no=("Only the business added", "The case's business too"),
        empty="the case's business too"))
    also: tuple[Action, ...] = field(default=(), metadata=asks(
        "Business the notice also states (RCW 42.30.080)"))


@dataclass(frozen=True)
class ScheduleBoardMeeting(CallMeeting, Command):
    """§7: the board's sufficiency hearing, a meeting of the board (one of its sessions;
    after a referral to the board, its §11 hearing)."""


# a board meeting on the case: the hearing, a further session it adjourns to, one on
# the report's time (§10), the board's §11 hearing once the matter is referred to it
# RCW 42.30.080(1): a special meeting is called by the presiding officer (the chair;
# the mayor presides over the council), whose call the clerk may record, or by a
# majority of the members (`cases.access.check_hands`, `meetings.check_called_by`)
@step("schedule", "schedule a meeting of the board on the case", EventKind.BOARD_MEETING_SCHEDULED,
      AFTER_CLOSURE, BOARD | OFFICE, "§7, §10, §11, §13", stayed=True)
def schedule_board_meeting(s: StepContext, cmd: ScheduleBoardMeeting) -> Event:
    """Once a determination is in, the board meets on an official's matter still to be
    referred or referred to it (§11: each official's own forum); once none is left, and
    once the case is closed, only to approve its meetings' minutes (RCW 42.30.035)."""
    case = s.case
    if case.stage in {Stage.DETERMINED, Stage.COUNCIL_DECIDED} and not (
            case.before_the_board or case.to_refer):
        _only_minutes_left(s, Body.BOARD, (
            f"The board has no matter left before it on {case.number}: each official's "
            "matter referred to it is determined (§11, §12), and it has approved the minutes "
            "of each of its meetings on it (RCW 42.30.035). The council decides from here."))
    _closed_but_minutes(s, Body.BOARD)
    return _call(s, cmd, Body.BOARD, EventKind.BOARD_MEETING_SCHEDULED)


@dataclass(frozen=True)
class ScheduleDeliberation(CallMeeting, Command):
    """A meeting of the council on the case: its deliberation on a final determination of
    violation (§12, §14), or its decision on the board's application for a continuance (§7)
    or for a longer time for the report (§10)."""


@step("deliberation", "schedule a meeting of the council on the case",
      EventKind.DELIBERATION_SCHEDULED, AFTER_CLOSURE, COUNCIL | OFFICE,
      "§7, §10, §12, §14")
def schedule_deliberation(s: StepContext, cmd: ScheduleDeliberation) -> Event:
    _closed_but_minutes(s, Body.COUNCIL)
    case = s.case
    extension = case.pending_report_extension
    business = (case.pending_continuance is not None
                or (extension is not None and extension.requested_by is Requester.BOARD)
                or case.violation_found or case.meetings.unapproved(Body.COUNCIL))
    if not business:
        raise ProcedureError(
            f"The council has no business on {case.number} to meet on: it meets on the "
            "board's application for a continuance (§7) or for a longer time for the report "
            "(§10), and on a final determination of violation (§12). "
            + ("The determination found no violation, so the council does not convene on "
               "it (§12)." if case.violation_found is False else "Record the application "
               "first."))
    return _call(s, cmd, Body.COUNCIL, EventKind.DELIBERATION_SCHEDULED)


def _moment(value: datetime, what: str) -> datetime:
    if value.tzinfo is None:
        raise ProcedureError(f"Give the {what} with its time zone.")
    return value


def _closed_but_minutes(s: StepContext, body: Body) -> None:
    """A closed case brings a body to a meeting only to approve the minutes of one of its
    meetings that acted on it (RCW 42.30.035)."""
    if s.case.stage is Stage.CLOSED:
        _only_minutes_left(s, body, (
            f"{s.case.number} is closed and {BODY_NAME[body]} has approved the minutes of "
            "each of its meetings on it: there is nothing left for it to meet on."))


def _only_minutes_left(s: StepContext, body: Body, nothing_left: str) -> None:
    """A body with no business of the case left meets on it only to approve the minutes
    of one of its meetings that acted on it (RCW 42.30.035); `nothing_left` says why it
    may not meet when they are all approved. The minutes of a meeting held for that alone
    go with the body's other business, not the case's: no meeting follows for them."""
    if not [m for m in s.case.meetings.unapproved(body) if m.agenda != (Item(Action.MINUTES),)]:
        raise ProcedureError(nothing_left)


def _call(s: StepContext, cmd: CallMeeting, body: Body, kind: EventKind) -> Event:
    noun = "hearing" if body is Body.BOARD else "deliberation"
    starts = s.calendar.local(_moment(cmd.starts_at, f"{noun} time"))
    ends = s.calendar.local(_moment(cmd.ends_at, f"{noun}'s expected end")) if cmd.ends_at \
        else starts + DEFAULT_LENGTH
    place = cmd.place.strip()
    if not place:
        raise ProcedureError(f"Say where the {noun} will be held: the notice and the posting "
                             "must state the place (RCW 42.30.080).")
    if ends <= starts:
        raise ProcedureError(f"The meeting cannot end ({fmt_moment(ends)}) before it starts "
                             f"({fmt_moment(starts)}).")
    if starts < s.case.received_at:
        raise ProcedureError(f"{fmt_moment(starts)} is before the complaint was received: no "
                             "meeting on it can come before (§2).")
    link = web_link(cmd.remote_link, "The remote link", http=s.http_links)
    called_by = check_called_by(cmd, body)
    emergency = cmd.emergency.strip() if cmd.emergency is not None else None
    check_lead_time(cmd.kind, starts, now=s.at, emergency=cmd.emergency, calendar=s.calendar,
                    regular_agenda=s.readings.regular_agenda, ground=cmd.emergency_ground)
    if emergency and cmd.emergency_ground is not None:  # the notice states both
        emergency = f"{cmd.emergency_ground.value}: {emergency}"
    if s.case.confidential:
        check_public_text({"place": place, "remote link": link, "emergency's reason": emergency},
                          _party_names(s))
    book = s.case.meetings
    if cmd.only and not cmd.also:
        raise ProcedureError("Say the business the meeting is called on alone (`also`): a "
                             "notice states what the body may take final action on "
                             "(RCW 42.30.080(3)).")
    ahead = None if cmd.further or cmd.only else book.to_come(body, s.at)
    moving = ahead is not None
    number = ahead.number if ahead is not None else len(book.all) + 1
    agenda = [item.data() for item in agenda_for(s.case, body, cmd.also, only=bool(cmd.only))]
    return s.event(kind, meeting=number, agenda=agenda, moved=moving, starts_at=starts.isoformat(),
                   ends_at=ends.isoformat(), place=place, remote_link=link,
                   meeting_kind=cmd.kind.value, late=starts <= s.at, emergency=emergency or None,
                   open_for=sorted(book.open_for(Proceeding.of(body))),
                   agenda_late=agenda_posted_late(cmd.kind, starts, now=s.at),
                   **({"called_by": called_by} if called_by else {}),
                   **({"only": True} if cmd.only else {}))


def check_called_by(cmd: CallMeeting, body: Body) -> list[str]:
    """RCW 42.30.080(1): a special meeting called by a majority of the body's members
    rather than its presiding officer; the members calling it, checked (none: the
    presiding officer's call)."""
    callers = sorted({x.strip().lower() for x in cmd.called_by if x.strip()})
    if not callers:
        return []
    if cmd.kind is not MeetingKind.SPECIAL:
        raise ProcedureError("A majority of the members calls a special meeting (RCW "
                             "42.30.080(1)); a regular meeting is held when the body's rules "
                             "set it, and its agenda is the presiding officer's.")
    members = {m.lower() for m in cmd.members}
    strangers = [x for x in callers if x not in members]
    if strangers:
        raise ProcedureError(f"{', '.join(strangers)} is not a member of {BODY_NAME[body]}: "
                             "only its members call its meeting (RCW 42.30.080(1)).")
    need = len(members) // 2 + 1
    if len(callers) < need:
        raise ProcedureError(f"{len(callers)} of the {len(members)} members of "
                             f"{BODY_NAME[body]} call the meeting: a special meeting is called "
                             f"by its presiding officer or by a majority of its members, "
                             f"{need} (RCW 42.30.080(1)).")
    return callers


def _party_names(s: StepContext) -> list[str]:
    complainant = s.case.filing.complainant.name
    return [*s.case.filing.respondents, *([complainant] if complainant else [])]


@dataclass(frozen=True)
class CancelMeeting(Command):
    reason: str = field(metadata=asks("Reason", long=True))
    meeting: int | None = field(default=None, metadata=asks(
        "Meeting number", word="MEETING", empty="the meeting of the case still to come"))


@step("cancel-meeting", "cancel a meeting", EventKind.MEETING_CANCELLED, AFTER_CLOSURE,
      _MEETING_ROLES, "RCW 42.30.080")
def cancel(s: StepContext, cmd: CancelMeeting) -> Event:
    book = s.case.meetings
    if cmd.meeting is not None:
        m = _numbered(s, cmd.meeting)
    else:
        ahead = [x for x in book.all if not x.cancelled and x.starts_at > s.at]
        if not ahead:
            raise ProcedureError(f"{s.case.number} has no meeting still to come to cancel.")
        m = ahead[-1]
    if m.cancelled:
        raise ProcedureError(f"Meeting {m.number} of {s.case.number} was already cancelled "
                             f"({m.cancelled}).")
    if m.starts_at <= s.at or m.sessions:
        began = fmt_moment(s.calendar.local(m.starts_at))
        raise ProcedureError(f"Meeting {m.number} began {began}: it cannot "
                             "be cancelled now. Record what happened at it instead.")
    if not cmd.reason.strip():
        raise ProcedureError("Say why the meeting is cancelled: the notice of cancellation and "
                             "the posting state it.")
    return s.event(EventKind.MEETING_CANCELLED, meeting=m.number, reason=cmd.reason.strip())


@dataclass(frozen=True)
class RequestOpenSession(OfficialsRequest):
    """§13 (the board's and the examiner's proceedings), §14 (the council's deliberation):
    the person complained against asks that the proceedings be open to the public."""

    # the board's, the examiner's (after the referral) or the council's
    proceeding: Proceeding = field(metadata=asks(
        "Whose proceeding the respondent asks to open (§13; the council's, §14)"))
    # their email; None when the complaint names one
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    on: date | None = field(default=None, metadata=THE_DAY)  # the day the request was made


@step("open-session", "record the respondent's request for an open session",
      EventKind.OPEN_SESSION_REQUESTED, OPEN_STAGES, _MEETING_ROLES, "§13, §14",
      respondent_asks="ask that the proceedings be open to the public")
def open_session(s: StepContext, cmd: RequestOpenSession) -> Event:
    """§13, §14: the person complained against asks that the proceeding be open. For the
    examiner's, only once the matter is referred to one (§11); the examiner is not a
    governing body, so the city's reading `examiner_notice` says what notice follows."""
    case, section = s.case, OPEN_SECTION[cmd.proceeding]
    parties = list(case.respondents)
    if cmd.respondent is None and len(parties) != 1:
        raise ProcedureError(f"Say which official asked: the complaint in {case.number} is "
                             f"against {' and '.join(parties) or 'nobody in the directory'}.")
    who = parties[0] if cmd.respondent is None else next(
        (p for p in parties if p.lower() == cmd.respondent.strip().lower()), None)
    if who is None:
        raise ProcedureError(f"Only the person complained against may ask for an open session "
                             f"({section}); {cmd.respondent} is not, in {case.number}.")
    if cmd.proceeding is Proceeding.EXAMINER:
        examiner = _referred_to_examiner(s, who)
    earlier = case.meetings.open_requests.get((cmd.proceeding, who))
    if earlier is not None:
        raise ProcedureError(f"{who} already asked for the open session on {earlier.on} "
                             f"({section}); {PROCEEDING_NAME[cmd.proceeding]} are open as to "
                             f"{who}'s matter.")
    extra = ({"examiner": examiner, "notice_reading": describe(
        s.readings.examiner_notice)} if cmd.proceeding is Proceeding.EXAMINER else {})
    on = s.day(cmd.on).isoformat()
    return s.event(EventKind.OPEN_SESSION_REQUESTED, body=cmd.proceeding.value, respondent=who,
                   on=on, **s.said_by(cmd, who, section), **extra)


def _referred_to_examiner(s: StepContext, who: str) -> str:
    """The examiner `who`'s matter is referred to (§11), or why there is none."""
    referral = s.case.referral_of(who)
    if (referral is not None and referral.board) or (
            referral is None and s.case.board_hears(who, s.readings.board_hearing)):
        raise ProcedureError(f"{who}'s matter is heard by the ethics board (§11): "
                             f"{s.case.number} has no examiner's proceeding as to them. Record "
                             "the request for the board's proceedings (board) instead.")
    if referral is None:
        raise ProcedureError(f"{s.case.number} has not been referred to a hearings examiner "
                             "(§11): take the request down once the referral is in the case "
                             "(file the letter or message as correspondence meanwhile), or "
                             "as the board's proceedings' (board) if it is about them.")
    return referral.to


def _numbered(s: StepContext, number: int) -> Meeting:
    m = s.case.meetings.get(number)
    if m is None:
        raise ProcedureError(f"{s.case.number} has no meeting {number}; `/ethics status "
                             f"{s.case.number}` lists its meetings.")
    return m


def _under_way(s: StepContext, number: int | None, at: datetime) -> Meeting:
    """Meeting `number`, else the latest one that had begun by `at`."""
    if number is not None:
        m = _numbered(s, number)
    else:
        begun = sorted((x for x in s.case.meetings.all if not x.cancelled and x.starts_at <= at),
                       key=lambda x: x.starts_at)
        if not begun:
            raise ProcedureError(f"No meeting of {s.case.number} had begun by "
                                 f"{fmt_moment(s.calendar.local(at))}: schedule the meeting "
                                 "(or record it after the fact) first.")
        m = begun[-1]
    if m.cancelled:
        raise ProcedureError(f"Meeting {m.number} of {s.case.number} was cancelled "
                             f"({m.cancelled}).")
    return m


def _not_after_now(s: StepContext, moment: datetime, what: str) -> datetime:
    if _moment(moment, what) > s.at:
        raise ProcedureError(f"The {what} ({fmt_moment(s.calendar.local(moment))}) has not "
                             "come yet: record it when it happens, or after.")
    return s.calendar.local(moment)


@dataclass(frozen=True)
class StartExecutiveSession(Command):
    """RCW 42.30.110(2): the presiding officer announced the purpose and the time the
    session will end (`ends_at`), and the body convened in executive session."""

    ends_at: datetime = field(metadata=asks("Expected end (city time)"))
    # None: now
    started_at: datetime | None = field(default=None, metadata=asks(
        "When it started, if not now (city time)"))
    meeting: int | None = field(default=None, metadata=THE_MEETING)  # None: the meeting under way
    # whose matters it evaluates (§13, §14: each official's own); empty: every official
    # before the meeting who has not asked for the open session
    about: tuple[str, ...] = field(default=(), metadata=asks(
        "The officials whose matters it evaluates (names or emails; empty: each one before the "
        "meeting who did not ask for an open session, §13, §14)"))


@step("session start", "record the start of an executive session",
      EventKind.EXECUTIVE_SESSION_STARTED, OPEN_STAGES, _MEETING_ROLES, "§13, §14; RCW 42.30.110")
def session_start(s: StepContext, cmd: StartExecutiveSession) -> Event:
    started = _not_after_now(s, cmd.started_at or s.at, "executive session's start")
    m = _under_way(s, cmd.meeting, started)
    about = _session_about(m, cmd.about)
    if m.in_session is not None:
        raise ProcedureError(f"An executive session of meeting {m.number} is already under way; "
                             "record its end first.")
    ends = s.calendar.local(_moment(cmd.ends_at, "announced end"))
    if ends <= started:
        raise ProcedureError("Announce an end after the session's start (RCW 42.30.110(2)).")
    return s.event(EventKind.EXECUTIVE_SESSION_STARTED, meeting=m.number,
                   started_at=started.isoformat(), ends_at=ends.isoformat(),
                   about=sorted(about), announced=announcement(m, ends, s.calendar))


def _session_about(m: Meeting, named: tuple[str, ...]) -> frozenset[str]:
    """Whose matters an executive session of `m` evaluates: those `named`, else every
    official before it who has not asked for the open session. None of them may be an
    official who asked (§13, §14: the request is each official's own)."""
    section = OPEN_SECTION[m.proceeding]
    if m.open_to_public:
        raise ProcedureError(f"Meeting {m.number} is open to the public at the request of the "
                             f"person complained against ({section}): it has no executive "
                             "session.")
    closed = m.closed_as_to
    wanted = {x.strip().lower() for x in named if x.strip()}
    about = frozenset(p for p in m.before if p.lower() in wanted) if wanted else closed
    unknown = wanted - {p.lower() for p in about}
    if unknown:
        raise ProcedureError(f"{', '.join(sorted(unknown))}: no matter of theirs is before "
                             f"meeting {m.number}; its executive session may be about "
                             f"{' and '.join(sorted(closed))}.")
    opened = sorted(about & m.open_for)
    if opened:
        raise ProcedureError(
            f"{' and '.join(opened)} asked that their matter be heard in open session "
            f"({section}): meeting {m.number} may not evaluate it in executive session. The "
            f"session may be about {' and '.join(sorted(closed))} (say `about:` with them).")
    return about


def _in_session(s: StepContext, number: int | None) -> Meeting:
    candidates = ([_numbered(s, number)] if number is not None
                  else [m for m in s.case.meetings.all if m.in_session is not None])
    found = [m for m in candidates if m.in_session is not None]
    if not found:
        raise ProcedureError(f"No executive session of {s.case.number} is under way: record its "
                             "start (with the announced end) first.")
    return found[-1]


@dataclass(frozen=True)
class ExtendExecutiveSession(Command):
    """The presiding officer announced a later end, before the announced one passed."""

    until: datetime = field(metadata=asks("The new end (city time)"))
    # None: now
    announced_at: datetime | None = field(default=None, metadata=asks(
        "When it was announced, if not now (city time)"))
    meeting: int | None = field(default=None, metadata=THE_MEETING)


@step("session extend", "record an extension of the executive session",
      EventKind.EXECUTIVE_SESSION_EXTENDED, OPEN_STAGES, _MEETING_ROLES, "RCW 42.30.110(2)")
def session_extend(s: StepContext, cmd: ExtendExecutiveSession) -> Event:
    m = _in_session(s, cmd.meeting)
    session = m.in_session
    assert session is not None
    announced = _not_after_now(s, cmd.announced_at or s.at, "extension's announcement")
    until = s.calendar.local(_moment(cmd.until, "new end"))
    if announced > session.ends_at:
        raise ProcedureError(
            "The executive session was announced to end "
            f"{fmt_moment(s.calendar.local(session.ends_at))}; an extension must be announced "
            "before that time (RCW 42.30.110(2)). Record the "
            "session's end; the body may convene again after a new announcement.")
    if until <= session.ends_at:
        raise ProcedureError(f"An extension sets a later end than the one announced "
                             f"({fmt_moment(s.calendar.local(session.ends_at))}).")
    return s.event(EventKind.EXECUTIVE_SESSION_EXTENDED, meeting=m.number,
                   until=until.isoformat(), announced_at=announced.isoformat())


@dataclass(frozen=True)
class EndExecutiveSession(Command):
    # None: now
    ended_at: datetime | None = field(default=None, metadata=asks(
        "When it ended, if not now (city time)"))
    meeting: int | None = field(default=None, metadata=THE_MEETING)


@step("session end", "record the end of the executive session", EventKind.EXECUTIVE_SESSION_ENDED,
      OPEN_STAGES, _MEETING_ROLES, "RCW 42.30.110(2)")
def session_end(s: StepContext, cmd: EndExecutiveSession) -> Event:
    m = _in_session(s, cmd.meeting)
    session = m.in_session
    assert session is not None
    ended = _not_after_now(s, cmd.ended_at or s.at, "executive session's end")
    if ended < session.started_at:
        raise ProcedureError(f"The session cannot end before it started "
                             f"({fmt_moment(s.calendar.local(session.started_at))}).")
    over = int((ended - session.ends_at).total_seconds() // 60)
    return s.event(EventKind.EXECUTIVE_SESSION_ENDED, meeting=m.number,
                   ended_at=ended.isoformat(), overran_minutes=max(over, 0))


def _board_meeting(s: StepContext, number: int | None, party: str) -> Meeting:
    m = meeting_for(s.case, Body.BOARD, number, s.at, s.calendar)
    if m.cancelled:
        raise ProcedureError(f"Meeting {m.number} of {s.case.number} was cancelled "
                             f"({m.cancelled}).")
    if m.body is not Body.BOARD:
        raise ProcedureError(f"Meeting {m.number} is the council's: the board votes on "
                             "sufficiency at its own hearing (§7).")
    done = m.determinations.get(party) or m.determinations.get(ALL)
    if done is not None:
        raise ProcedureError(f"The board's determination as to {party} was already counted "
                             f"at meeting {m.number}: {done.explanation}")
    return m


@dataclass(frozen=True)
class RecordBoardVote(Command):
    """A board member's vote on sufficiency, cast in open session (yes: sufficient)."""

    member: str = field(metadata=asks("The board member whose vote this is (§7)",
                                      word="@MEMBER"))
    vote: Vote = field(metadata=asks("Your vote"))
    board: frozenset[str] = field(metadata=THE_BOARD)
    meeting: int | None = field(default=None, metadata=THE_MEETING)
    # the official the vote is about (each has their own)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("board-vote", "record a board member's vote on sufficiency", EventKind.BOARD_VOTE_RECORDED,
      AT_HEARING, BOARD, "§7", body=Body.BOARD, stayed=True,
      agenda=Action.SUFFICIENCY)
def board_vote(s: StepContext, cmd: RecordBoardVote) -> Event:
    """A member's vote on sufficiency as to one official: the board finds the complaint
    sufficient or not as to each official it names (§7, §8)."""
    party = s.party(cmd.respondent, "the vote is about", "§7")
    m = _board_meeting(s, cmd.meeting, party)
    eligible_on_board(cmd.member, board=cmd.board, respondents=frozenset(s.case.respondents))
    check_present(s.case, m, cmd.member)
    return s.event(EventKind.BOARD_VOTE_RECORDED, meeting=m.number,
                   member=cmd.member.lower(), vote=cmd.vote.value, respondent=party)


@dataclass(frozen=True)
class RecordBoardDetermination(Command):
    """§7: the board's determination of sufficiency as to one official, counted from its
    members' votes on it."""

    board: frozenset[str] = field(metadata=THE_BOARD)
    meeting: int | None = field(default=None, metadata=THE_MEETING)
    # the official it is about (each has their own)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("board-determination", "record the board's determination of sufficiency",
      EventKind.BOARD_DETERMINED, AT_HEARING, BOARD, "§7", body=Body.BOARD, stayed=True,
      agenda=Action.SUFFICIENCY)
def board_determination(s: StepContext, cmd: RecordBoardDetermination) -> Event:
    """§7: the board's determination as to one official, counted from the votes cast on it
    at this meeting, once that official has had the opportunity to present (§9)."""
    party = s.party(cmd.respondent, "the determination is about", "§7")
    m = _board_meeting(s, cmd.meeting, party)
    if party in s.case.not_yet_heard:
        raise ProcedureError(
            f"The board determines sufficiency as to {party} only once they have had the "
            "opportunity to present (§9). Record that they were heard first.")
    votes, aside = set_aside(s.case, s.case.meetings.votes_at(m, party))
    result = sufficiency_tally(votes, board=cmd.board, respondents=unable_to_act(s.case))
    return s.event(EventKind.BOARD_DETERMINED, meeting=m.number, carried=result.carried,
                   yes=result.yes, no=result.no, abstained=result.abstained,
                   explanation=" ".join([result.explanation, *aside]), respondent=party)


def report_findings(s: StepContext, sufficient: bool | None) -> dict[str, bool]:
    """What the written report sets forth (§7): the board's determination as to each
    official, made by its vote at a meeting; not another one, and not before the vote."""
    found = {p: s.case.meetings.sufficiency(p) for p in s.case.parties()}
    missing = [p for p, t in found.items() if t is None]
    if missing:
        raise ProcedureError(
            f"The board has not determined the sufficiency of {s.case.number} as to "
            f"{' and '.join(missing)}: it does so by vote at its hearing, in open session, "
            "as to each official (§7; RCW 42.30.060). Record the roll call, the members' "
            "votes and the board's determination first; the written report then sets "
            "forth that finding.")
    findings = {p: t.carried for p, t in found.items() if t is not None}
    if sufficient is not None and set(findings.values()) != {sufficient}:
        said = "; ".join(f"{'sufficient' if t.carried else 'insufficient'}"
                         + (f" as to {p}" if len(found) > 1 else "") + " in open session "
                         f"({t.explanation})" for p, t in found.items() if t is not None)
        raise ProcedureError(f"The board determined the complaint {said}; the written report "
                             "sets forth that finding (§7)"
                             + (": leave out sufficient or insufficient, and the report "
                                "states each." if len(set(findings.values())) > 1 else "."))
    return findings


@dataclass(frozen=True)
class RecordRollCall(Command):
    """Who was present at a meeting of the board or the council (RCW 42.30): the quorum,
    and who may vote on a motion, are counted from it. Recorded again as members arrive
    or leave; the latest stands."""

    present: tuple[str, ...] = field(metadata=asks(
        "Members present (names or emails, separated by commas)"))
    board: frozenset[str] = field(metadata=THE_BOARD)  # the bodies' members, from the directory
    council: frozenset[str] = field(metadata=THE_COUNCIL)
    mayor: str = field(metadata=THE_MAYOR)
    meeting: int | None = field(default=None, metadata=asks(
        "Meeting number", word="MEETING", empty="the latest meeting of the case that has begun"))


@step("roll-call", "record the roll call of a meeting", EventKind.ROLL_CALL_RECORDED,
      AFTER_CLOSURE, _MEETING_ROLES, "RCW 42.30; RCW 35A.12.120")
def roll_call(s: StepContext, cmd: RecordRollCall) -> Event:
    """Who was present at a meeting that has begun; members of its body only."""
    m = _under_way(s, cmd.meeting, s.at)
    members = cmd.board if m.body is Body.BOARD else cmd.council
    known = {x.lower() for x in members}
    present = sorted({p.strip().lower() for p in cmd.present if p.strip()})
    if not present:
        raise ProcedureError("Name the members present: the roll call is what the quorum and "
                             "every vote at the meeting are counted from.")
    strangers = [p.strip() for p in cmd.present if p.strip() and p.strip().lower() not in known]
    if strangers:
        raise ProcedureError(f"{', '.join(strangers)} is not a member of "
                             f"{BODY_NAME[m.body]}: the roll call lists its members present.")
    return s.event(EventKind.ROLL_CALL_RECORDED, meeting=m.number, present=present,
                   members=sorted(known), mayor=cmd.mayor.strip().lower())


@dataclass(frozen=True)
class RecordRecusal(Command):
    """A member of the board or the council steps aside from the case, with the reason
    (a relative, a business tie, the member filed the complaint): they vote on nothing in
    it and are not counted towards its quorum."""

    member: str = field(metadata=asks("The member recusing", word="@MEMBER"))
    reason: str = field(metadata=asks("Reason", long=True))
    board: frozenset[str] = field(metadata=THE_BOARD)
    council: frozenset[str] = field(metadata=THE_COUNCIL)


@step("recuse", "record a member's recusal", EventKind.MEMBER_RECUSED, OPEN_STAGES, _MEETING_ROLES,
      "§6, §14")
def recuse(s: StepContext, cmd: RecordRecusal) -> Event:
    """A member steps aside from the case for a reason the record keeps (§14 applied to
    every conflict: a member does not act on a matter involving them)."""
    member = cmd.member.strip().lower()
    if member not in {x.lower() for x in (*cmd.board, *cmd.council)}:
        raise ProcedureError(f"{cmd.member} is not a member of the board or the council: "
                             "only a member who would act on the case recuses.")
    if member in {r.lower() for r in s.case.respondents}:
        raise ProcedureError(f"{cmd.member} is complained against in {s.case.number} and "
                             "takes no part in it already (§14).")
    if member in s.case.recusals:
        raise ProcedureError(f"{cmd.member} already recused on {s.case.number} "
                             f"({s.case.recusals[member]}).")
    if not cmd.reason.strip():
        raise ProcedureError("Say why the member recuses (a relative, a business tie, the "
                             "member filed the complaint): the record keeps the reason.")
    return s.event(EventKind.MEMBER_RECUSED, member=member, reason=cmd.reason.strip())


def check_present(case: Case, m: Meeting, member: str) -> None:
    """A member votes only when present at the meeting (its roll call) and able to act."""
    who = member.strip().lower()
    reason = why_unable(case, who)
    if reason is not None:
        raise ProcedureError(f"{member} {reason}: they do not vote on it.")
    if m.roll_call is None or who not in m.roll_call.present:
        raise ProcedureError(f"{member} is not on the roll call of meeting {m.number} as "
                             "present: only members present vote. Record the roll call "
                             "(with them present) first.")


@dataclass(frozen=True)
class RecordMeetingReply(Command):
    """An invitee's answer to a meeting's invitation (an iTIP REPLY taken in by intake)."""

    meeting: int = field(metadata=THE_MEETING)
    attendee: str = field(metadata=asks("Who answered the invitation"))
    answer: Answer = field(metadata=asks("Their answer"))
    # the invitation's SEQUENCE the answer was given to
    sequence: int = field(metadata=asks("The invitation's SEQUENCE it answers"))


@step("meeting-reply", "record an answer to a meeting's invitation",
      EventKind.MEETING_REPLY_RECORDED, AFTER_CLOSURE, frozenset(), "RCW 42.30")
def reply(s: StepContext, cmd: RecordMeetingReply) -> Event:
    m = _numbered(s, cmd.meeting)
    if not 0 <= cmd.sequence <= m.sequence:
        raise ProcedureError(f"Meeting {m.number}'s invitation has had no version "
                             f"{cmd.sequence}; the answer is not recorded.")
    return s.event(EventKind.MEETING_REPLY_RECORDED, meeting=m.number,
                   attendee=cmd.attendee.strip().lower(), answer=cmd.answer.value,
                   sequence=cmd.sequence)


def _minutes_body(cmd: ApproveMinutes, case: Case) -> Body | None:
    """The body whose meeting the minutes are of approves them (RCW 42.30.035)."""
    m = case.meetings.get(cmd.meeting)
    return m.body if m is not None else None


@dataclass(frozen=True)
class ApproveMinutes(Command):
    """RCW 42.30.035: the body approves the minutes of its meeting on the case, drawn from
    what was recorded at it (`cases.minutes`), with the clerk's corrections, by motion at
    that meeting or a later one of the body."""

    meeting: int = field(metadata=THE_MEETING)  # the meeting the minutes are of
    # the clerk's edits to the draft, as the body approves them
    corrections: str = field(default="", metadata=asks(
        "Corrections to the draft, as the body approves them", long=True))
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


@step("minutes approve", "approve the minutes of a meeting", EventKind.MINUTES_APPROVED,
      AFTER_CLOSURE, _MEETING_ROLES, "RCW 42.30.035", body=_minutes_body, agenda=Action.MINUTES)
def approve_minutes(s: StepContext, cmd: ApproveMinutes) -> Event:
    of = _numbered(s, cmd.meeting)
    if of.cancelled or of.roll_call is None:
        raise ProcedureError(f"Meeting {of.number} of {s.case.number} was "
                             + (f"cancelled ({of.cancelled})" if of.cancelled else
                                "not held (no roll call is recorded)")
                             + ": it has no minutes to approve.")
    if of.approved is not None:
        raise ProcedureError(f"The minutes of meeting {of.number} were approved at meeting "
                             f"{of.approved.at_meeting}; they stand as approved.")
    number = cmd.motion.meeting if cmd.motion is not None else None
    at = meeting_for(s.case, of.body, number, s.at, s.calendar)
    if at.starts_at < of.starts_at:
        raise ProcedureError(f"Meeting {at.number} came before meeting {of.number}: the body "
                             "approves a meeting's minutes at that meeting or a later one.")
    return s.event(EventKind.MINUTES_APPROVED, of=of.number, meeting=at.number,
                   corrections=cmd.corrections.strip()[:5000])
