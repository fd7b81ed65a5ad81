"""Calling a meeting of the board or the council on the case (RCW 42.30): what the call
says (`CallMeeting`, the fields of the board's and the council's scheduling steps), what it
must satisfy (the place, the time, the notice's lead time, a call by a majority of the
members, the confidential case's public text), and the entry it records.

Its own module because the board's hearing and the council's deliberation are called
alike: their two steps (`cases.handlers.meetings`) differ only in which body meets and on
what business, and share everything here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from cases.agenda import agenda_for
from cases.calendar import fmt_moment
from cases.errors import ProcedureError
from cases.handlers import StepContext, asks
from cases.history import Event, EventKind
from cases.links import web_link
from cases.meeting_checks import moment
from cases.meetings import (
    BODY_NAME,
    DEFAULT_LENGTH,
    Action,
    Body,
    EmergencyGround,
    Item,
    MeetingKind,
    Proceeding,
)
from cases.open_meetings import agenda_posted_late, check_lead_time, check_public_text
from cases.regular_meetings import check_regular
from cases.stages import Stage

__all__ = ["CallMeeting", "call_meeting", "check_called_by", "closed_but_minutes",
           "only_minutes_left"]


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


def closed_but_minutes(s: StepContext, body: Body) -> None:
    """A closed case brings a body to a meeting only to approve the minutes of one of its
    meetings that acted on it (RCW 42.30.035)."""
    if s.case.stage is Stage.CLOSED:
        only_minutes_left(s, body, (
            f"{s.case.number} is closed and {BODY_NAME[body]} has approved the minutes of "
            "each of its meetings on it: there is nothing left for it to meet on."))


def only_minutes_left(s: StepContext, body: Body, nothing_left: str) -> None:
    """A body with no business of the case left meets on it only to approve the minutes
    of one of its meetings that acted on it (RCW 42.30.035); `nothing_left` says why it
    may not meet when they are all approved. The minutes of a meeting held for that alone
    go with the body's other business, not the case's: no meeting follows for them."""
    if not [m for m in s.case.meetings.unapproved(body) if m.agenda != (Item(Action.MINUTES),)]:
        raise ProcedureError(nothing_left)


def call_meeting(s: StepContext, cmd: CallMeeting, body: Body, kind: EventKind) -> Event:
    noun = "hearing" if body is Body.BOARD else "deliberation"
    starts = s.calendar.local(moment(cmd.starts_at, f"{noun} time"))
    ends = s.calendar.local(moment(cmd.ends_at, f"{noun}'s expected end")) if cmd.ends_at \
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
    check_regular(cmd.kind, body, starts, s.regular, s.calendar)
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
