"""One meeting on a case as its history leaves it (`Meeting`), and what is kept of the
things recorded at it: its executive sessions, roll call, invitees' answers, the approval
of its minutes, and an official's request for an open session.

Its own module because a meeting is read everywhere (the notices, the minutes, the
motions, the surfaces) as it stands, while how it comes to stand so, event by event, is
`cases.meetings.Meetings.apply`'s: the values here are what that replay fills in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from cases.meeting_terms import Answer, Body, Business, Item, MeetingKind, Proceeding
from cases.tally import Tally, Vote

__all__ = ["Approval", "ExecutiveSession", "Meeting", "OpenRequest", "Reply", "RollCall"]


@dataclass(frozen=True)
class Reply:
    answer: Answer
    sequence: int  # the invitation's SEQUENCE the answer was given to
    at: datetime  # when it was recorded


@dataclass(frozen=True)
class Approval:
    """The body approved a meeting's minutes (RCW 42.30.035): at which meeting, when,
    with the clerk's corrections, covering the history up to entry `through`."""

    at_meeting: int
    at: datetime
    corrections: str
    through: int


@dataclass
class ExecutiveSession:
    """RCW 42.30.110(2): announced with its purpose and the time it will end; extended
    only by a new announcement; the public waits outside until it ends."""

    started_at: datetime
    ends_at: datetime  # as announced, or as last extended
    extensions: list[datetime] = field(default_factory=list)
    ended_at: datetime | None = None
    # whose matters it evaluates (§13, §14 give each official their own open session);
    # empty: every official before the meeting (a history from before sessions named them)
    about: frozenset[str] = frozenset()

    def concerns(self, official: str) -> bool:
        return not self.about or official in self.about


@dataclass(frozen=True)
class OpenRequest:
    """The respondent asked that the proceedings be open to the public (§13, §14)."""

    proceeding: Proceeding
    respondent: str
    via: str  # mail, slack, paper, in person
    on: date
    recorded_at: datetime


@dataclass(frozen=True)
class RollCall:
    """Who was present at a meeting (its roll call), and the body's members it was taken
    of: what a quorum and a motion are counted from (`cases.motions`)."""

    present: frozenset[str]
    members: frozenset[str]
    mayor: str  # the mayor's email: breaks a council tie unless the action is against them
    at: datetime


@dataclass
class Meeting:
    number: int  # 1, 2, ... within the case; part of the calendar UID
    body: Body
    kind: MeetingKind
    starts_at: datetime  # in the city's zone
    ends_at: datetime
    place: str
    remote_link: str | None
    scheduled_at: datetime  # when it was recorded
    recorded_late: bool  # recorded after it took place: nothing was sent for it
    emergency: str | None  # RCW 42.30.080(4): why the 24 hours' notice could not be given
    # §13/§14: the officials who asked that their matter be heard in open session; each
    # official's is their own, so a meeting may be open as to one and not the other
    open_for: frozenset[str]
    # the officials whose matters are before it (its agenda's, else the case's parties)
    before: frozenset[str]
    revisions: list[int]  # history indexes of the events that changed what it shows
    moved_at: int = 0  # the SEQUENCE at which its time or place last changed
    # a regular meeting's agenda item posted under 24 hours ahead (RCW 42.30.077), as the
    # city's `regular_agenda` reading allows
    agenda_late: bool = False
    tentative: str | None = None  # why it may not take place (a pending continuance, §7)
    cancelled: str | None = None  # why it was cancelled
    sessions: list[ExecutiveSession] = field(default_factory=list)
    replies: dict[str, Reply] = field(default_factory=dict)  # invitee email -> answer
    # the members' votes cast at this meeting as to each official (`ALL`: an entry from
    # before each was named): the board's on sufficiency (§7), the council's that the
    # violations found occurred (§12); a vote is an item of the minutes of the meeting it
    # was cast at, and counted only there
    votes: dict[str, dict[str, Vote]] = field(default_factory=dict)  # official -> member ->
    mayor_votes: dict[str, Vote] = field(default_factory=dict)  # official -> tie-break (§14)
    determinations: dict[str, Tally] = field(default_factory=dict)  # official -> the count
    roll_call: RollCall | None = None  # the latest recorded: members arrive and leave
    business: Business | None = None  # the board's: what it meets on (None: the council's)
    # what its notice states the body will take final action on (`cases.agenda`); None in
    # a history stored before notices stated their agenda
    agenda: tuple[Item, ...] | None = None
    approved: Approval | None = None  # its minutes, once the body approved them
    # what the record shows went wrong at it, for the docket and the city attorney: a
    # request for an open session recorded only after it was held; a determination with
    # no executive session on the matter (§13)
    irregular: list[str] = field(default_factory=list)

    @property
    def sequence(self) -> int:
        """The calendar invitation's SEQUENCE: revisions after the first."""
        return len(self.revisions) - 1

    @property
    def proceeding(self) -> Proceeding:
        return Proceeding.of(self.body)

    @property
    def open_to_public(self) -> bool:
        """Wholly open: every official whose matter is before it asked (§13, §14)."""
        return bool(self.before) and self.before <= self.open_for

    @property
    def executive(self) -> bool:
        """No official before it asked: the evaluation is in executive session."""
        return not self.open_for & self.before

    @property
    def closed_as_to(self) -> frozenset[str]:
        """The officials whose matters it may evaluate in executive session."""
        return self.before - self.open_for

    @property
    def in_session(self) -> ExecutiveSession | None:
        """The executive session under way (started, its end not recorded), if any."""
        last = self.sessions[-1] if self.sessions else None
        return last if last is not None and last.ended_at is None else None

    @property
    def day(self) -> date:
        """Its day in the city (stored in the city's zone)."""
        return self.starts_at.date()

    def answers(self) -> dict[str, Answer]:
        """Each invitee's answer to the meeting as it now is: an answer given before its
        time or place last moved no longer counts."""
        return {who: r.answer for who, r in self.replies.items() if r.sequence >= self.moved_at}

