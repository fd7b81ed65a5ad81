"""Each procedural step as an `/ethics` subcommand: its usage, an example, and how its
words become a `cases.commands` command. Who may take it is `bot.access.STEP_ROLES`;
whether the case allows it now is `cases.procedure`'s (through `take_step`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from bot.access import BOARD, COUNCIL
from bot.commands.args import Words, sections, slack_link
from bot.ids import Step
from bot.service import StepRun
from cases import commands as c
from cases.case import Case
from cases.directory import Directory
from cases.errors import ProcedureError
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
    Spec(_S.SCHEDULE, "schedule CASE DATE TIME executive|open PLACE",
         "schedule ETH-2026-0007 2026-12-10 18:00 executive Council Chambers",
         "schedule the hearing", lambda w, _: c.ScheduleHearing(
             w.moment("the hearing date"), open_to_public=bool(w.choice(
                 "the session", {"executive": False, "open": True})), place=w.rest())),
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
)
BY_STEP = {s.step: s for s in SPECS}
