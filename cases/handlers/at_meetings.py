"""The steps that record what happens at a meeting once called (RCW 42.30): who is present
(the roll call) and who steps aside from the case (a recusal), the board's votes on
sufficiency in open session and its determination (§7), an invitee's answer to the
invitation, and the approval of the minutes (RCW 42.30.035). Calling and holding the
meeting is the part before, `cases.handlers.meetings`. Each step is its command, its row
(`@step`), its handler and its effect (`@effect`), one above the other (`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from cases.acts import meeting_for, set_aside, unable_to_act, why_unable
from cases.case import Case
from cases.case_state import CaseState
from cases.directory import BOARD
from cases.effects import changes_nothing, effect
from cases.errors import ProcedureError
from cases.handlers import (
    THE_BOARD,
    THE_COUNCIL,
    THE_MAYOR,
    THE_MEETING,
    THE_MOTION,
    THE_OFFICIAL,
    Command,
    StepContext,
    asks,
    step,
)
from cases.history import Event, EventKind
from cases.meeting_checks import AFTER_CLOSURE, MEETING_ROLES, numbered, under_way
from cases.meetings import ALL, BODY_NAME, Action, Answer, Body, Meeting
from cases.motions import Motion
from cases.stages import AT_HEARING, OPEN_STAGES
from cases.tally import Vote, eligible_on_board, sufficiency_tally

__all__ = ["ApproveMinutes", "RecordBoardDetermination", "RecordBoardVote", "RecordMeetingReply",
           "RecordRecusal", "RecordRollCall"]


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


changes_nothing(EventKind.BOARD_VOTE_RECORDED, why="the case's meetings take it in")


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


changes_nothing(EventKind.BOARD_DETERMINED, why="the case's meetings take it in")


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
      AFTER_CLOSURE, MEETING_ROLES, "RCW 42.30; RCW 35A.12.120")
def roll_call(s: StepContext, cmd: RecordRollCall) -> Event:
    """Who was present at a meeting that has begun; members of its body only."""
    m = under_way(s, cmd.meeting, s.at)
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


changes_nothing(EventKind.ROLL_CALL_RECORDED, why="the case's meetings take it in")


@dataclass(frozen=True)
class RecordRecusal(Command):
    """A member of the board or the council steps aside from the case, with the reason
    (a relative, a business tie, the member filed the complaint): they vote on nothing in
    it and are not counted towards its quorum."""

    member: str = field(metadata=asks("The member recusing", word="@MEMBER"))
    reason: str = field(metadata=asks("Reason", long=True))
    board: frozenset[str] = field(metadata=THE_BOARD)
    council: frozenset[str] = field(metadata=THE_COUNCIL)


@step("recuse", "record a member's recusal", EventKind.MEMBER_RECUSED, OPEN_STAGES, MEETING_ROLES,
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


@effect(EventKind.MEMBER_RECUSED)
def member_recused(case: CaseState, e: Event, on: date | None) -> None:
    case.recusals[str(e.data["member"]).lower()] = str(e.data["reason"])


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
    attendee: str = field(metadata=asks("Who answered the invitation",
                                        example="gpruitt@city.test"))
    answer: Answer = field(metadata=asks("Their answer"))
    # the invitation's SEQUENCE the answer was given to
    sequence: int = field(metadata=asks("The invitation's SEQUENCE it answers"))


@step("meeting-reply", "record an answer to a meeting's invitation",
      EventKind.MEETING_REPLY_RECORDED, AFTER_CLOSURE, frozenset(), "RCW 42.30")
def reply(s: StepContext, cmd: RecordMeetingReply) -> Event:
    m = numbered(s, cmd.meeting)
    if not 0 <= cmd.sequence <= m.sequence:
        raise ProcedureError(f"Meeting {m.number}'s invitation has had no version "
                             f"{cmd.sequence}; the answer is not recorded.")
    return s.event(EventKind.MEETING_REPLY_RECORDED, meeting=m.number,
                   attendee=cmd.attendee.strip().lower(), answer=cmd.answer.value,
                   sequence=cmd.sequence)


changes_nothing(EventKind.MEETING_REPLY_RECORDED, why="the case's meetings take it in")


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
      AFTER_CLOSURE, MEETING_ROLES, "RCW 42.30.035", body=_minutes_body, agenda=Action.MINUTES)
def approve_minutes(s: StepContext, cmd: ApproveMinutes) -> Event:
    of = numbered(s, cmd.meeting)
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


changes_nothing(EventKind.MINUTES_APPROVED, why="the case's meetings take it in")
