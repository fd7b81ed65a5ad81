"""Each procedural step as an `/ethics` subcommand: its usage, an example, and how its
words become a `cases.commands` command. Who may take it is `bot.access.STEP_ROLES`;
whether the case allows it now is `cases.procedure`'s (through `take_step`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time

from sqlalchemy.orm import Session

from bot.access import BOARD, COUNCIL
from bot.commands.args import Words, sections, slack_link
from bot.ids import Step
from bot.service import StepRun
from cases import commands as c
from cases.case import Case
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.meetings import Body, MeetingKind
from cases.rotation import referral
from cases.tally import Vote
from storage import rotation

Build = Callable[[Case, Session], c.Command]
Make = Callable[[Words, Directory], "c.Command | Build"]
_SLACK_FILE = re.compile(r"F[A-Z0-9]{6,}")


@dataclass(frozen=True)
class Spec:
    step: Step
    usage: str
    example: str
    what: str  # "schedule the hearing": completes "Only the board may ..."
    make: Make  # the command, or a function making it from the stored case
    after: Callable[[Session, c.Command], None] | None = None

    def run(self, words: Words, directory: Directory) -> StepRun:
        made = self.make(words, directory)
        words.done()
        build: Build = made if callable(made) else (lambda _case, _session: made)
        return StepRun(self.step, self.what, build, self.after)


def _report(w: Words, _d: Directory) -> c.IssueReport:
    sufficient = bool(w.choice("the finding", {"sufficient": True, "insufficient": False}))
    ref = slack_link(w.next("the report's Slack file id or link"))
    if not (_SLACK_FILE.fullmatch(ref) or ref.startswith("https://")):
        raise ProcedureError(f"{ref!r} is neither a Slack file id (F0123ABCD) nor a link to "
                             "the file: upload the written report to Slack and give its link.")
    return c.IssueReport(sufficient=sufficient, report_file=ref, summary=w.rest())


def _heard(w: Words, _d: Directory) -> c.RecordRespondentHeard:
    presented = True
    if w.peek() and not w.at_day():
        presented = bool(w.choice("whether they presented",
                                  {"presented": True, "declined": False}))
    return c.RecordRespondentHeard(presented, w.optional_day())


def _determination(w: Words, _d: Directory) -> c.RecordDetermination:
    violation = bool(w.choice("the finding", {"violation": True, "no-violation": False}))
    found: list[str] = []
    while w.peek() and not w.at_day():
        found += sections(w.next("a section"))
    return c.RecordDetermination(violation, tuple(found), w.optional_day())


def _extension_decision(approved: bool) -> Make:
    def make(w: Words, _d: Directory) -> c.DecideReportExtension:
        # §10: the board decides the official's request, the council the board's
        council = w.caller.has(COUNCIL) and not w.caller.has(BOARD)
        return c.DecideReportExtension(approved=approved, decider_is_council=council)
    return make


def _refer(w: Words, directory: Directory) -> Build:
    to_board = bool(w.choice("where", {"board": True, "examiner": False})) if w.peek() else False
    roster = [p.email for p in directory.examiners]

    def build(case: Case, session: Session) -> c.Command:
        return referral(case, roster, last_assigned=rotation.last_assigned(session=session),
                        to_board=to_board)
    return build


def _record_rotation(session: Session, cmd: c.Command) -> None:
    if isinstance(cmd, c.Refer) and cmd.examiner:
        rotation.record_assigned(session=session, examiner=cmd.examiner)


def _vote(w: Words, directory: Directory) -> c.RecordCouncilVote:
    vote = Vote(str(w.choice("your vote", {v.value: v.value for v in Vote})))
    return c.RecordCouncilVote(member=w.caller.who, vote=vote,
                               council=frozenset(p.email for p in directory.council))


def _decide(w: Words, directory: Directory) -> c.RecordCouncilDecision:
    mayor_vote = None
    if (w.peek() or "").lower() in ("mayor-yes", "mayor-no"):
        mayor_vote = Vote.YES if w.next("the mayor's vote").lower() == "mayor-yes" else Vote.NO
    penalties = []
    for part in filter(None, (p.strip() for p in w.rest().split(";"))):
        section, _, action = part.partition(":")
        if not action.strip():
            raise ProcedureError(f"Write each penalty as SECTION: action, separated by ';' "
                                 f"({part!r} has no action).")
        penalties.append(c.Penalty(section.strip(), action.strip()))
    return c.RecordCouncilDecision(
        council=frozenset(p.email for p in directory.council), mayor=directory.mayor.email,
        mayor_vote=mayor_vote, penalties=tuple(penalties))


_CALL = "CASE DATE START [END] regular|special PLACE [LINK] [emergency: REASON]"
_BODIES: dict[str, bool | str] = {b.value: b.value for b in Body}
_VIA: dict[str, bool | str] = {"mail": "mail", "email": "email", "slack": "slack",
                               "paper": "paper", "in-person": "in person", "phone": "phone"}
_VOTES: dict[str, bool | str] = {v.value: v.value for v in Vote}
_TIME = re.compile(r"\d{1,2}:\d{2}")


def _call(w: Words, kind: type[c.CallMeeting]) -> c.CallMeeting:
    """`DATE START [END] regular|special PLACE [LINK] [emergency: REASON]`: the place is
    what is left once a link (a word starting https://) and the emergency are taken out."""
    starts = w.moment("the meeting date")
    ends = None
    if _TIME.fullmatch(w.peek() or ""):
        ends = datetime.combine(starts.date(), _time(w, "the expected end"), tzinfo=starts.tzinfo)
    meeting_kind = MeetingKind(str(w.choice("the kind of meeting", {
        "regular": "regular", "special": "special"})))
    text, _, emergency = w.rest().partition("emergency:")
    words = text.split()
    links = [slack_link(x) for x in words if slack_link(x).startswith("https://")]
    place = " ".join(x for x in words if not slack_link(x).startswith("https://"))
    return kind(starts, place, meeting_kind, ends_at=ends, remote_link=links[0] if links else None,
                emergency=emergency.strip() if _ else None)


def _time(w: Words, what: str) -> time:
    word = w.next(what)
    try:
        return time.fromisoformat(word if len(word) == 5 else f"0{word}")
    except ValueError:
        raise ProcedureError(f"{word!r} is not a time like 19:30. Type: `/ethics {w.usage}`") \
            from None


def _clock(w: Words, what: str) -> datetime:
    """A time today in the city (`19:30`), or a date and a time (`2026-12-10 19:30`)."""
    if w.at_day():
        day = w.day(what)
    elif w.now is not None:
        day = w.calendar.local_date(w.now)
    else:
        raise ProcedureError(f"Give {what} with its date (like 2026-12-10 19:30).")
    return datetime.combine(day, _time(w, what), tzinfo=w.calendar.tz)


def _meeting_number(w: Words) -> int | None:
    return w.number("the meeting number") if (w.peek() or "").isdigit() else None


_NOTICES: dict[str, bool | str] = {
    "respondent": c.NoticeKind.RESPONDENT_INFORMED, "council": c.NoticeKind.COUNCIL_INFORMED,
    "board": c.NoticeKind.SUBMITTED_TO_BOARD}
_REQUESTERS: dict[str, bool | str] = {r.value: r.value for r in c.Requester}
_S = Step
SPECS: tuple[Spec, ...] = (
    Spec(_S.NOTICE, "notice CASE respondent|council|board", "notice ETH-2026-0007 council",
         "record a §2 notice", lambda w, _: c.RecordNoticeServed(
             c.NoticeKind(str(w.choice("who was told", _NOTICES))))),
    Spec(_S.REGISTERED_MAIL, "registered-mail CASE TRACKING [DATE]",
         "registered-mail ETH-2026-0007 RE123456789US", "record registered mail",
         lambda w, _: c.RecordRegisteredMail(w.next("the tracking number"), w.optional_day())),
    Spec(_S.BOARD_RECEIVED, "board-received CASE", "board-received ETH-2026-0007",
         "record that the board received the complaint",
         lambda w, _: c.RecordBoardReceived()),
    Spec(_S.SCHEDULE, f"schedule {_CALL}",
         "schedule ETH-2026-0007 2026-12-10 18:00 20:00 special Council Chambers",
         "schedule the hearing", lambda w, _: _call(w, c.ScheduleHearing)),
    Spec(_S.BEGIN, "begin CASE [DATE]", "begin ETH-2026-0007", "record that the hearing began",
         lambda w, _: c.BeginHearing(w.optional_day())),
    Spec(_S.HEARD, "heard CASE [presented|declined] [DATE]", "heard ETH-2026-0007 presented",
         "record that the respondent was heard", _heard),
    Spec(_S.CONCLUDED, "concluded CASE [DATE]", "concluded ETH-2026-0007",
         "record that the hearing concluded", lambda w, _: c.ConcludeHearing(w.optional_day())),
    Spec(_S.CONTINUANCE_APPLY, "continuance apply CASE REASON",
         "continuance apply ETH-2026-0007 the respondent is in hospital until Dec 20",
         "apply for a continuance", lambda w, _: c.ApplyForContinuance(w.rest())),
    Spec(_S.CONTINUANCE_GRANT, "continuance grant CASE DAYS [DATE]",
         "continuance grant ETH-2026-0007 7", "grant a continuance",
         lambda w, _: c.DecideContinuance(w.number("the days granted"), w.optional_day())),
    Spec(_S.CONTINUANCE_DENY, "continuance deny CASE [DATE]", "continuance deny ETH-2026-0007",
         "deny a continuance", lambda w, _: c.DecideContinuance(0, w.optional_day())),
    Spec(_S.REPORT, "report CASE sufficient|insufficient FILE [SUMMARY]",
         "report ETH-2026-0007 sufficient F0123ABCD prima facie showing of 2.94.030",
         "issue the written report", _report),
    Spec(_S.DELIVER, "deliver CASE [DATE]", "deliver ETH-2026-0007",
         "record the report's delivery", lambda w, _: c.DeliverReport(w.optional_day())),
    Spec(_S.EXTENSION_REQUEST, "extension request CASE DAYS respondent|board",
         "extension request ETH-2026-0007 5 respondent", "request a longer time for the report",
         lambda w, _: c.RequestReportExtension(days=w.number("the days"), requested_by=(
             c.Requester(str(w.choice("who asks", _REQUESTERS)))))),
    Spec(_S.EXTENSION_APPROVE, "extension approve CASE", "extension approve ETH-2026-0007",
         "approve a longer time for the report", _extension_decision(True)),
    Spec(_S.EXTENSION_DENY, "extension deny CASE", "extension deny ETH-2026-0007",
         "deny a longer time for the report", _extension_decision(False)),
    Spec(_S.BOARD_HEARING, "board-hearing CASE", "board-hearing ETH-2026-0007",
         "record the respondent's request to be heard by the board",
         lambda w, _: c.RequestBoardHearing()),
    Spec(_S.REFER, "refer CASE [board]", "refer ETH-2026-0007", "refer the matter", _refer,
         after=_record_rotation),
    Spec(_S.DETERMINATION, "determination CASE violation|no-violation [SECTIONS] [DATE]",
         "determination ETH-2026-0007 violation 2.94.030", "record the final determination",
         _determination),
    Spec(_S.COUNCIL_EXTENSION, "council-extension CASE DAYS", "council-extension ETH-2026-0007 7",
         "extend the council's decision time",
         lambda w, _: c.ExtendCouncilDecision(w.number("the days"))),
    Spec(_S.VOTE, "vote CASE yes|no|abstain", "vote ETH-2026-0007 yes", "record a council vote",
         _vote),
    Spec(_S.DECIDE, "decide CASE [mayor-yes|mayor-no] [SECTION: PENALTY; ...]",
         "decide ETH-2026-0007 2.94.030: written reprimand", "record the council's decision",
         _decide),
    Spec(_S.AMEND, "amend CASE SECTIONS [TEXT]", "amend ETH-2026-0007 2.94.040 also used staff",
         "amend the complaint", lambda w, _: c.AmendComplaint(
             authorized_by=w.caller.who, added_sections=sections(w.next("the added sections")),
             text=w.rest())),
    Spec(_S.CLOSE, "close CASE [REASON]", "close ETH-2026-0007 found insufficient",
         "close the case", lambda w, _: c.CloseCase(reason=w.rest())),
    # -- meetings (RCW 42.30) ------------------------------------------------------------
    Spec(_S.DELIBERATION, f"deliberation {_CALL}",
         "deliberation ETH-2026-0007 2027-02-16 19:00 regular Council Chambers",
         "schedule the council's deliberation", lambda w, _: _call(w, c.ScheduleDeliberation)),
    Spec(_S.CANCEL_MEETING, "cancel-meeting CASE [MEETING] REASON",
         "cancel-meeting ETH-2026-0007 the chamber is closed for repairs", "cancel a meeting",
         lambda w, _: c.CancelMeeting(meeting=_meeting_number(w), reason=w.rest())),
    Spec(_S.OPEN_SESSION, "open-session CASE board|council mail|email|slack|paper|in-person|"
         "phone [DATE]", "open-session ETH-2026-0007 board paper",
         "record the respondent's request for an open session",
         lambda w, _: c.RequestOpenSession(
             body=Body(str(w.choice("whose proceedings", _BODIES))),
             via=str(w.choice("how the request came", _VIA)), on=w.optional_day())),
    Spec(_S.SESSION_START, "session start CASE UNTIL [STARTED]",
         "session start ETH-2026-0007 19:30", "record the start of an executive session",
         lambda w, _: c.StartExecutiveSession(
             ends_at=_clock(w, "the announced end"),
             started_at=_clock(w, "the start") if w.peek() else None)),
    Spec(_S.SESSION_EXTEND, "session extend CASE UNTIL", "session extend ETH-2026-0007 20:00",
         "record an extension of the executive session",
         lambda w, _: c.ExtendExecutiveSession(until=_clock(w, "the new end"))),
    Spec(_S.SESSION_END, "session end CASE [ENDED]", "session end ETH-2026-0007",
         "record the end of the executive session",
         lambda w, _: c.EndExecutiveSession(
             ended_at=_clock(w, "the end") if w.peek() else None)),
    Spec(_S.BOARD_VOTE, "board-vote CASE yes|no|abstain", "board-vote ETH-2026-0007 yes",
         "record your vote on sufficiency (yes: sufficient)", lambda w, d: c.RecordBoardVote(
             member=w.caller.who, vote=Vote(str(w.choice("your vote", _VOTES))),
             board=frozenset(p.email for p in d.board))),
    Spec(_S.BOARD_DETERMINATION, "board-determination CASE",
         "board-determination ETH-2026-0007", "record the board's determination of sufficiency",
         lambda w, d: c.RecordBoardDetermination(board=frozenset(p.email for p in d.board))),
)
BY_STEP = {s.step: s for s in SPECS}
