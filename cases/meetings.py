"""Meetings: the board's hearing (§7) and the council's deliberation (§12) as the public
meetings they are under the Open Public Meetings Act (RCW 42.30).

A case's meetings are rebuilt from its history like everything else (`Meetings.apply`,
called by `Case.apply`): scheduling one, moving it, cancelling it, the respondent's
request for an open session (§13, §14), a continuance that stays it (§7), the executive
session's start, extension and end (RCW 42.30.110(2)), the board members' votes in open
session, and each invitee's answer to the calendar invitation.

What EthicsBot sends for a meeting (invites, the special meeting notice, the posting)
shows the meeting *as it now stands*; each event that changes what it shows is a
revision, whose count is the invitation's SEQUENCE. A meeting cancelled stays cancelled:
scheduling again makes a new meeting with a new number, hence a new calendar UID (some
calendars refuse a cancelled UID coming back). The rules themselves (the 24-hour notice,
the agenda's words, the announcement, quorum) are in `cases.open_meetings`.

This module is the replay (`Meetings`); the words a meeting is described in
(`cases.meeting_terms`) and one meeting as it stands (`cases.meeting_record`) have modules
of their own, and are imported from here as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from cases.history import Event, EventKind
from cases.meeting_record import (
    Approval,
    ExecutiveSession,
    Meeting,
    OpenRequest,
    Reply,
    RollCall,
)
from cases.meeting_terms import (
    ALL,
    BODY_NAME,
    DEFAULT_LENGTH,
    OPEN_SECTION,
    PROCEEDING_NAME,
    Action,
    Answer,
    Body,
    Business,
    EmergencyGround,
    Item,
    MeetingKind,
    Proceeding,
)
from cases.tally import Tally, Vote

# the words of a meeting (`cases.meeting_terms`) and a meeting as it stands
# (`cases.meeting_record`) are imported from here, with the meetings they make up
__all__ = ["ALL", "BODY_NAME", "DEFAULT_LENGTH", "OPEN_SECTION", "PROCEEDING_NAME", "Action",
           "Answer", "Approval", "Body", "Business", "EmergencyGround", "ExecutiveSession",
           "Item", "Meeting", "MeetingKind", "Meetings", "OpenRequest", "Proceeding", "Reply",
           "RollCall"]


@dataclass
class Meetings:
    """A case's meetings and the open-session requests, rebuilt from its history."""

    all: list[Meeting] = field(default_factory=list)
    # §13, §14: each official's own request, by (proceeding, official)
    open_requests: dict[tuple[Proceeding, str], OpenRequest] = field(default_factory=dict)
    # the council's votes in a history stored before a vote named its meeting, and cast
    # when no meeting of the council had begun: counted at whichever meeting decides
    unplaced_votes: dict[str, dict[str, Vote]] = field(default_factory=dict)
    unplaced_mayor_votes: dict[str, Vote] = field(default_factory=dict)

    # -- questions --------------------------------------------------------------------

    def get(self, number: int) -> Meeting | None:
        return next((m for m in self.all if m.number == number), None)

    def current(self, body: Body) -> Meeting | None:
        """The body's latest meeting that was not cancelled."""
        return next((m for m in reversed(self.all) if m.body is body and not m.cancelled),
                    None)

    def to_come(self, body: Body, now: datetime) -> Meeting | None:
        """The body's meeting still to come (not cancelled, not begun): the one that
        scheduling the body's meeting again moves."""
        return next((m for m in reversed(self.all) if m.body is body and not m.cancelled
                     and not m.sessions and m.starts_at > now), None)

    def changed_by(self, index: int) -> list[Meeting]:
        """The meetings whose invitation, notice or posting event `index` changed."""
        return [m for m in self.all if index in m.revisions]

    def open_for(self, proceeding: Proceeding) -> frozenset[str]:
        """The officials who asked that `proceeding` be open to the public."""
        return frozenset(who for (p, who) in self.open_requests if p is proceeding)

    def irregularities(self) -> list[str]:
        """Every flag for the city attorney on the case's meetings (an act that may have
        broken RCW 42.30 or §13/§14), meeting by meeting: what a step raised is what it
        added here (`cases.services.Taken.flags`)."""
        return [flag for m in self.all for flag in m.irregular]

    def sufficiency(self, party: str) -> Tally | None:
        """The board's determination of sufficiency as to `party`, the last one counted
        (§7); one counted before each official was named stands for all of them."""
        found = [t for m in self.all for who, t in m.determinations.items()
                 if who in (party, ALL)]
        return found[-1] if found else None

    # -- replay -----------------------------------------------------------------------

    def apply(self, e: Event, index: int, business: Business | None = None,
              parties: tuple[str, ...] = ()) -> None:
        """Take event `e`, at position `index` of the history, into the meetings; a board
        meeting called is on `business` (the case says which, `Business.of`); the case's
        `parties` are before a meeting whose agenda names none."""
        if not e.kind.rule.meetings:
            return
        d: dict[str, Any] = e.data
        k = EventKind
        match e.kind:
            case k.BOARD_MEETING_SCHEDULED | k.DELIBERATION_SCHEDULED:
                self._scheduled(e, index, business, parties)
            case k.MEETING_CANCELLED:
                m = self._meeting(d)
                m.cancelled, m.tentative = str(d["reason"]), None
                m.revisions.append(index)
            case k.OPEN_SESSION_REQUESTED:  # "body" names the proceeding (stored so)
                proceeding, who = Proceeding(d["body"]), str(d["respondent"])
                self.open_requests.setdefault((proceeding, who), OpenRequest(
                    proceeding, who, str(d["via"]), date.fromisoformat(d["on"]), e.at))
                # the official's matter opens at every later meeting, the one under way
                # too: an executive session on it in progress ends when the request is
                # made, and none on it may start (§13, §14); the others' stay as they were
                self._held_closed(proceeding, who, date.fromisoformat(d["on"]), e.at)
                for m in self.all:
                    if (m.proceeding is proceeding and not m.cancelled
                            and (m.ends_at > e.at or m.in_session is not None)
                            and who not in m.open_for):
                        m.open_for = m.open_for | {who}
                        m.revisions.append(index)
                        if m.in_session is not None and m.in_session.concerns(who):
                            m.in_session.ended_at = e.at
            case k.CASE_VOIDED:  # opened by mistake: no meeting on it takes place
                for m in self.all:
                    if self._ahead(m, e.at):
                        m.cancelled, m.tentative = "the case was opened by mistake (void)", None
                        m.revisions.append(index)
            case k.CONTINUANCE_APPLIED:
                # §7: the proceedings are stayed; a hearing still to come may not take place
                for m in self.all:
                    if m.body is Body.BOARD and self._ahead(m, e.at):
                        m.tentative = (f"the proceedings are stayed (§7): the board applied "
                                       f"for a continuance on {d['on']}, and the council has "
                                       "not decided it")
                        m.revisions.append(index)
            case k.CONTINUANCE_DECIDED:
                decided = date.fromisoformat(d["on"])
                for m in self.all:
                    if m.tentative is None or m.cancelled:
                        continue
                    m.tentative = None
                    if m.day <= decided:  # it fell inside the stay: it cannot be held
                        m.cancelled = (f"the proceedings were stayed (§7) until the council "
                                       f"decided the continuance on {d['on']}")
                    m.revisions.append(index)
            case k.EXECUTIVE_SESSION_STARTED:
                self._meeting(d).sessions.append(ExecutiveSession(
                    datetime.fromisoformat(d["started_at"]), datetime.fromisoformat(d["ends_at"]),
                    about=frozenset(d.get("about") or ())))
            case k.EXECUTIVE_SESSION_EXTENDED:
                session = self._meeting(d).sessions[-1]
                session.ends_at = datetime.fromisoformat(d["until"])
                session.extensions.append(session.ends_at)
            case k.EXECUTIVE_SESSION_ENDED:
                self._meeting(d).sessions[-1].ended_at = datetime.fromisoformat(d["ended_at"])
            case k.BOARD_VOTE_RECORDED | k.COUNCIL_VOTE_RECORDED:
                held = self._held_at(e, Body.COUNCIL)
                votes = (held.votes if held else self.unplaced_votes).setdefault(
                    str(d.get("respondent") or ALL), {})
                votes[str(d["member"]).lower()] = Vote(d["vote"])
            case k.MAYOR_VOTE_RECORDED:
                held = self._held_at(e, Body.COUNCIL)
                (held.mayor_votes if held else self.unplaced_mayor_votes)[
                    str(d.get("respondent") or ALL)] = Vote(d["vote"])
            case k.BOARD_DETERMINED:
                m = self._meeting(d)
                who = str(d.get("respondent") or ALL)
                m.determinations[who] = Tally(
                    int(d["yes"]), int(d["no"]), int(d["abstained"]), False, bool(d["carried"]),
                    str(d["explanation"]))
                if who and not self._evaluated(who):
                    m.irregular.append(
                        f"The board determined the sufficiency as to {who} with no executive "
                        f"session on their matter recorded at its meetings on the case, and "
                        f"{who} had not asked for an open session: §13 has the board's "
                        "proceedings in executive session unless the person involved asks. "
                        "Record the session if one was held (session start and end, about "
                        "them); otherwise tell the city attorney.")
            case k.DETERMINATION_RECEIVED if d.get("by") == "board" and d.get("motion"):
                who = str(d.get("respondent") or ALL)
                if who and not self._evaluated(who, Business.REFERRED_HEARING):
                    self._meeting(d["motion"]).irregular.append(
                        f"The board determined the matter referred to it as to {who} with no "
                        "executive session on their matter recorded at its hearing of it, "
                        f"and {who} had not asked for an open session: §13 has the board's "
                        "proceedings in executive session unless the person involved asks. "
                        "Record the session if one was held (session start and end, about "
                        "them); otherwise tell the city attorney.")
            case k.ROLL_CALL_RECORDED:
                self._meeting(d).roll_call = RollCall(
                    frozenset(d["present"]), frozenset(d["members"]), str(d["mayor"]), e.at)
            case k.MINUTES_APPROVED:
                self._meeting({"meeting": d["of"]}).approved = Approval(
                    int(d["meeting"]), e.at, str(d.get("corrections") or ""), index)
            case k.MEETING_REPLY_RECORDED:
                self._meeting(d).replies[str(d["attendee"]).lower()] = Reply(
                    Answer(d["answer"]), int(d["sequence"]), e.at)

    def _held_closed(self, proceeding: Proceeding, who: str, on: date, at: datetime) -> None:
        """Flag each meeting already over when `who`'s request, which came `on` that day,
        was recorded, though it came before the meeting was held: the matter was heard
        closed that should have been open (§13, §14)."""
        for m in self.all:
            if (m.proceeding is proceeding and not m.cancelled and m.in_session is None
                    and m.ends_at <= at and m.day >= on and who in m.before
                    and who not in m.open_for and not m.recorded_late):
                held = any(s.concerns(who) for s in m.sessions)
                m.irregular.append(
                    f"{who} asked for an open session on {on.isoformat()} "
                    f"({OPEN_SECTION[proceeding]}), by the day of this meeting, but the "
                    f"request was recorded only after it was held"
                    + (", and it evaluated their matter in executive session" if held else "")
                    + ". Tell the city attorney: the matter may need to be heard again in "
                    "open session.")

    def _evaluated(self, who: str, business: Business | None = None) -> bool:
        """`who`'s matter was before the board in executive session at one of its meetings
        on the case (`business`: one on that business, the §11 hearing), or `who` asked
        that the board's proceedings be open (§13)."""
        return (who in self.open_for(Proceeding.BOARD)
                or any(s.concerns(who) and s.ended_at is not None
                       for m in self.all if m.body is Body.BOARD
                       and business in (None, m.business) for s in m.sessions))

    def _held_at(self, e: Event, body: Body) -> Meeting | None:
        """The meeting event `e` (a vote) was cast at: the one it names, else (a history
        stored before votes named their meeting) `body`'s latest begun by then, if any."""
        if e.data.get("meeting") is not None:
            return self._meeting(e.data)
        return self.held_by(body, e.at)

    def unapproved(self, body: Body) -> list[Meeting]:
        """`body`'s meetings held (their roll call taken) whose minutes it has not yet
        approved (RCW 42.30.035)."""
        return [m for m in self.all if m.body is body and m.roll_call is not None
                and not m.cancelled and m.approved is None]

    def held_by(self, body: Body, at: datetime) -> Meeting | None:
        """`body`'s latest meeting not cancelled that had begun by `at`."""
        begun = [m for m in self.all if m.body is body and not m.cancelled and m.starts_at <= at]
        return max(begun, key=lambda m: m.starts_at) if begun else None

    def votes_at(self, m: Meeting, party: str) -> dict[str, Vote]:
        """The votes cast at meeting `m` as to `party` (an entry naming nobody stood for
        all; one from before votes named their meeting, cast when none had begun, counts
        at the meeting that decides)."""
        unplaced = self.unplaced_votes if m.body is Body.COUNCIL else {}
        return {**unplaced.get(ALL, {}), **unplaced.get(party, {}),
                **m.votes.get(ALL, {}), **m.votes.get(party, {})}

    def mayor_vote_at(self, m: Meeting, party: str) -> Vote | None:
        """The mayor's tie-breaking vote at meeting `m` as to `party` (§14)."""
        return (m.mayor_votes.get(party) or m.mayor_votes.get(ALL)
                or self.unplaced_mayor_votes.get(party) or self.unplaced_mayor_votes.get(ALL))

    @staticmethod
    def _ahead(m: Meeting, at: datetime) -> bool:
        """Not cancelled and still to begin at `at`."""
        return not m.cancelled and m.starts_at > at and not m.sessions

    def _meeting(self, d: dict[str, Any]) -> Meeting:
        found = self.get(int(d["meeting"]))
        if found is None:  # only a corrupted history gets here: handlers check first
            raise ValueError(f"no meeting {d['meeting']} in this case")
        return found

    def _scheduled(self, e: Event, index: int, business: Business | None,
                   parties: tuple[str, ...]) -> None:
        d = e.data
        body = Body.COUNCIL if e.kind is EventKind.DELIBERATION_SCHEDULED else Body.BOARD
        starts = datetime.fromisoformat(d["starts_at"])
        number = d.get("meeting")
        if number is None:  # a history from before meetings: each one moved the hearing
            current = self.current(body)
            number = current.number if current and self._ahead(current, e.at) else (
                len(self.all) + 1)
        existing = self.get(int(number))
        place, link = str(d["place"]), d.get("remote_link")
        if existing is not None:  # moved: the same meeting, the same UID
            existing.starts_at, existing.place, existing.remote_link = starts, place, link
            existing.ends_at = datetime.fromisoformat(d["ends_at"]) if d.get("ends_at") else (
                starts + DEFAULT_LENGTH)
            existing.kind = MeetingKind(d.get("meeting_kind", existing.kind))
            existing.emergency = d.get("emergency")
            existing.agenda_late = bool(d.get("agenda_late", False))
            existing.agenda = _agenda(d)
            existing.before = _before(existing.agenda, parties)
            existing.revisions.append(index)
            existing.moved_at = existing.sequence
            return
        agenda = _agenda(d)
        before = _before(agenda, parties)
        # a history from before each official's request: open to the public stood for all
        asked = before if d.get("open_to_public") else frozenset(d.get("open_for") or ())
        self.all.append(Meeting(
            number=int(number), body=body, kind=MeetingKind(d.get("meeting_kind", "special")),
            starts_at=starts,
            ends_at=datetime.fromisoformat(d["ends_at"]) if d.get("ends_at") else (
                starts + DEFAULT_LENGTH),
            place=place, remote_link=link, scheduled_at=e.at,
            recorded_late=bool(d.get("late", False)), emergency=d.get("emergency"),
            open_for=asked | self.open_for(Proceeding.of(body)), before=before,
            revisions=[index], agenda_late=bool(d.get("agenda_late", False)),
            agenda=agenda,
            # a board meeting replayed without its case (a test of meetings alone): the §7
            business=(business or Business.SUFFICIENCY_HEARING) if body is Body.BOARD else None))


def _before(agenda: tuple[Item, ...] | None, parties: tuple[str, ...]) -> frozenset[str]:
    """The officials whose matters are before a meeting: those its agenda names, else
    (an agenda of no official's matter, or none stated) the case's parties."""
    named = frozenset(i.respondent for i in agenda or () if i.respondent)
    return named or frozenset(parties)


def _agenda(d: dict[str, Any]) -> tuple[Item, ...] | None:
    """A meeting's agenda as its scheduling entry states it."""
    return None if d.get("agenda") is None else tuple(Item.of(x) for x in d["agenda"])
