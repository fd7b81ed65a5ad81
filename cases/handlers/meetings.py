"""The steps that call and hold a meeting (RCW 42.30): calling (or moving) the board's
meeting on the case and the council's, cancelling a meeting, the respondent's request for
an open session, and the executive session's start, extension and end. The rules they
apply are `cases.open_meetings`' and `cases.meeting_calls`'; what is recorded at a meeting
once called (its roll call, the board's vote, the minutes) is the next part's,
`cases.handlers.at_meetings`. Each step is its command, its row (`@step`) and its handler,
one above the other (`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from cases.calendar import fmt_moment
from cases.case import Requester
from cases.directory import BOARD, COUNCIL, OFFICE
from cases.effects import changes_nothing
from cases.errors import ProcedureError
from cases.handlers import (
    THE_DAY,
    THE_MEETING,
    THE_OFFICIAL,
    Command,
    OfficialsRequest,
    StepContext,
    asks,
    step,
)

# the council's votes (`cases.handlers.council`) check a member present as the board's do
from cases.handlers.at_meetings import check_present as check_present
from cases.history import Event, EventKind
from cases.meeting_calls import CallMeeting, call_meeting, closed_but_minutes, only_minutes_left
from cases.meeting_checks import (
    AFTER_CLOSURE,
    MEETING_ROLES,
    moment,
    not_after_now,
    numbered,
    under_way,
)
from cases.meetings import OPEN_SECTION, PROCEEDING_NAME, Body, Meeting, Proceeding
from cases.open_meetings import announcement
from cases.readings import describe
from cases.stages import OPEN_STAGES, Stage

__all__ = ["CancelMeeting", "EndExecutiveSession", "ExtendExecutiveSession", "RequestOpenSession",
           "ScheduleBoardMeeting", "ScheduleDeliberation", "StartExecutiveSession"]


@dataclass(frozen=True)
class ScheduleBoardMeeting(CallMeeting, Command):
    """§7: the board's sufficiency hearing, a meeting of the board (one of its sessions;
    after a referral to the board, its §11 hearing)."""


# a board meeting on the case: the hearing, a further session it adjourns to, one on
# the report's time (§10), the board's §11 hearing once the matter is referred to it
# RCW 42.30.080(1): a special meeting is called by the presiding officer (the chair;
# the mayor presides over the council), whose call the clerk may record, or by a
# majority of the members (`cases.access.check_hands`, `cases.meeting_calls.check_called_by`)
@step("schedule", "schedule a meeting of the board on the case", EventKind.BOARD_MEETING_SCHEDULED,
      AFTER_CLOSURE, BOARD | OFFICE, "§7, §10, §11, §13", stayed=True)
def schedule_board_meeting(s: StepContext, cmd: ScheduleBoardMeeting) -> Event:
    """Once a determination is in, the board meets on an official's matter still to be
    referred or referred to it (§11: each official's own forum); once none is left, and
    once the case is closed, only to approve its meetings' minutes (RCW 42.30.035)."""
    case = s.case
    if case.stage in {Stage.DETERMINED, Stage.COUNCIL_DECIDED} and not (
            case.before_the_board or case.to_refer):
        only_minutes_left(s, Body.BOARD, (
            f"The board has no matter left before it on {case.number}: each official's "
            "matter referred to it is determined (§11, §12), and it has approved the minutes "
            "of each of its meetings on it (RCW 42.30.035). The council decides from here."))
    closed_but_minutes(s, Body.BOARD)
    return call_meeting(s, cmd, Body.BOARD, EventKind.BOARD_MEETING_SCHEDULED)


changes_nothing(EventKind.BOARD_MEETING_SCHEDULED, why="the case's meetings take it in")


@dataclass(frozen=True)
class ScheduleDeliberation(CallMeeting, Command):
    """A meeting of the council on the case: its deliberation on a final determination of
    violation (§12, §14), or its decision on the board's application for a continuance (§7)
    or for a longer time for the report (§10)."""


@step("deliberation", "schedule a meeting of the council on the case",
      EventKind.DELIBERATION_SCHEDULED, AFTER_CLOSURE, COUNCIL | OFFICE,
      "§7, §10, §12, §14")
def schedule_deliberation(s: StepContext, cmd: ScheduleDeliberation) -> Event:
    closed_but_minutes(s, Body.COUNCIL)
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
    return call_meeting(s, cmd, Body.COUNCIL, EventKind.DELIBERATION_SCHEDULED)


changes_nothing(EventKind.DELIBERATION_SCHEDULED, why="the case's meetings take it in")



@dataclass(frozen=True)
class CancelMeeting(Command):
    reason: str = field(metadata=asks("Reason", long=True, example=(
        "No quorum: three members are away")))
    meeting: int | None = field(default=None, metadata=asks(
        "Meeting number", word="MEETING", empty="the meeting of the case still to come"))


@step("cancel-meeting", "cancel a meeting", EventKind.MEETING_CANCELLED, AFTER_CLOSURE,
      MEETING_ROLES, "RCW 42.30.080")
def cancel(s: StepContext, cmd: CancelMeeting) -> Event:
    book = s.case.meetings
    if cmd.meeting is not None:
        m = numbered(s, cmd.meeting)
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


changes_nothing(EventKind.MEETING_CANCELLED, why="the case's meetings take it in")


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
      EventKind.OPEN_SESSION_REQUESTED, OPEN_STAGES, MEETING_ROLES, "§13, §14",
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


changes_nothing(EventKind.OPEN_SESSION_REQUESTED, why="the case's meetings take it in")


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
      EventKind.EXECUTIVE_SESSION_STARTED, OPEN_STAGES, MEETING_ROLES, "§13, §14; RCW 42.30.110")
def session_start(s: StepContext, cmd: StartExecutiveSession) -> Event:
    started = not_after_now(s, cmd.started_at or s.at, "executive session's start")
    m = under_way(s, cmd.meeting, started)
    about = _session_about(m, cmd.about)
    if m.in_session is not None:
        raise ProcedureError(f"An executive session of meeting {m.number} is already under way; "
                             "record its end first.")
    ends = s.calendar.local(moment(cmd.ends_at, "announced end"))
    if ends <= started:
        raise ProcedureError("Announce an end after the session's start (RCW 42.30.110(2)).")
    return s.event(EventKind.EXECUTIVE_SESSION_STARTED, meeting=m.number,
                   started_at=started.isoformat(), ends_at=ends.isoformat(),
                   about=sorted(about), announced=announcement(m, ends, s.calendar))


changes_nothing(EventKind.EXECUTIVE_SESSION_STARTED, why="the case's meetings take it in")


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
    candidates = ([numbered(s, number)] if number is not None
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
      EventKind.EXECUTIVE_SESSION_EXTENDED, OPEN_STAGES, MEETING_ROLES, "RCW 42.30.110(2)")
def session_extend(s: StepContext, cmd: ExtendExecutiveSession) -> Event:
    m = _in_session(s, cmd.meeting)
    session = m.in_session
    assert session is not None
    announced = not_after_now(s, cmd.announced_at or s.at, "extension's announcement")
    until = s.calendar.local(moment(cmd.until, "new end"))
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


changes_nothing(EventKind.EXECUTIVE_SESSION_EXTENDED, why="the case's meetings take it in")


@dataclass(frozen=True)
class EndExecutiveSession(Command):
    # None: now
    ended_at: datetime | None = field(default=None, metadata=asks(
        "When it ended, if not now (city time)"))
    meeting: int | None = field(default=None, metadata=THE_MEETING)


@step("session end", "record the end of the executive session", EventKind.EXECUTIVE_SESSION_ENDED,
      OPEN_STAGES, MEETING_ROLES, "RCW 42.30.110(2)")
def session_end(s: StepContext, cmd: EndExecutiveSession) -> Event:
    m = _in_session(s, cmd.meeting)
    session = m.in_session
    assert session is not None
    ended = not_after_now(s, cmd.ended_at or s.at, "executive session's end")
    if ended < session.started_at:
        raise ProcedureError(f"The session cannot end before it started "
                             f"({fmt_moment(s.calendar.local(session.started_at))}).")
    over = int((ended - session.ends_at).total_seconds() // 60)
    return s.event(EventKind.EXECUTIVE_SESSION_ENDED, meeting=m.number,
                   ended_at=ended.isoformat(), overran_minutes=max(over, 0))


changes_nothing(EventKind.EXECUTIVE_SESSION_ENDED, why="the case's meetings take it in")
