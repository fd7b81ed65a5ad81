"""The steps of the board's written report: a longer time for it (§10), its issue setting
forth the board's determination as to each official (§7, §9) and its delivery (§10). The
hearing before it is the part before, `cases.handlers.sufficiency`. Each step is its
command, its row (`@step`), its handler and its effect (`@effect`), one above the other
(`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from cases.calendar import fmt_day
from cases.case import Case, Requester
from cases.case_state import CaseState
from cases.deadlines import DeadlineKey
from cases.directory import BOARD, COUNCIL, OFFICE
from cases.effects import effect
from cases.errors import ProcedureError
from cases.handlers import (
    THE_DAY,
    THE_MOTION,
    THE_OFFICIAL,
    Command,
    OfficialsRequest,
    StepContext,
    asks,
    step,
)
from cases.history import Event, EventKind
from cases.links import report_link
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.recorded import ReportExtension
from cases.stages import AFTER_CONCLUSION, Stage

__all__ = ["DecideReportExtension", "DeliverReport", "IssueReport", "RequestReportExtension"]


def _board_if_it_asks(cmd: RequestReportExtension, _case: Case) -> Body | None:
    """§10: the board asks for a longer time by motion; the respondent's request is theirs."""
    return Body.BOARD if cmd.requested_by is Requester.BOARD else None


@dataclass(frozen=True)
class RequestReportExtension(OfficialsRequest):
    """§10: the respondent asks (themselves, or recorded by the clerk from their letter or
    email: never by the board, which approves their request), or the board asks by motion
    (the council approves the board's)."""

    requested_by: Requester = field(metadata=asks("Requested by (§10)"))
    days: int = field(metadata=asks("Days"))
    on: date | None = field(default=None, metadata=THE_DAY)
    # the board's, when the board asks
    motion: Motion | None = field(default=None, metadata=THE_MOTION)
    # the official asking, when one does (None: the only one)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("extension request", "request a longer time for the report",
      EventKind.REPORT_EXTENSION_REQUESTED, AFTER_CONCLUSION, BOARD | OFFICE, "§10",
      body=_board_if_it_asks, agenda=Action.REPORT_EXTENSION,
      respondent_asks="ask for a longer time for the written report",
      alone=OFFICE)
def request_extension(s: StepContext, cmd: RequestReportExtension) -> Event:
    if s.case.pending_report_extension is not None:
        raise ProcedureError("A request for a longer time for the report is already pending.")
    if cmd.days <= 0:
        raise ProcedureError("Ask for a positive number of days.")
    party = None
    if cmd.requested_by is Requester.RESPONDENT:
        party = s.party(cmd.respondent, "asks for a longer time for the report", "§10")
    elif cmd.respondent is not None:
        raise ProcedureError("The board asks for a longer time by motion, for the report as "
                             "a whole (§10): name no official.")
    day = s.day(cmd.on)
    s.not_revived(DeadlineKey.REPORT_DELIVERY, day, "ask for a longer time for the report",
                  "§10")
    said = {} if party is None else {"respondent": party, **s.said_by(cmd, party, "§10")}
    return s.event(EventKind.REPORT_EXTENSION_REQUESTED, requested_by=cmd.requested_by.value,
                   days=cmd.days, on=day.isoformat(), **said)


@effect(EventKind.REPORT_EXTENSION_REQUESTED)
def report_extension_requested(case: CaseState, e: Event, on: date | None) -> None:
    case.report_extensions.append(ReportExtension(
        Requester(e.data["requested_by"]), int(e.data["days"]), requested_on=on))


def _who_approves(_cmd: DecideReportExtension, case: Case) -> Body | None:
    """§10: the board approves the respondent's request, the council the board's."""
    pending = case.pending_report_extension
    board_asked = pending is not None and pending.requested_by is Requester.BOARD
    return Body.COUNCIL if board_asked else Body.BOARD


@dataclass(frozen=True)
class DecideReportExtension(Command):
    """§10: the board approves the respondent's request, the council the board's, each by
    motion at its meeting (which body: the request says, `_who_approves`)."""

    approved: bool = field(metadata=asks("Decision", yes_no=("Approved", "Denied")))
    on: date | None = field(default=None, metadata=THE_DAY)
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


@step("extension decide", "decide a request for a longer time for the report",
      EventKind.REPORT_EXTENSION_DECIDED, AFTER_CONCLUSION, BOARD | COUNCIL | OFFICE, "§10",
      body=_who_approves, agenda=Action.REPORT_EXTENSION)
def decide_extension(s: StepContext, cmd: DecideReportExtension) -> Event:
    pending = s.case.pending_report_extension
    if pending is None:
        raise ProcedureError("There is no request for a longer time for the report to decide.")
    day = s.day(cmd.on)
    if cmd.approved:
        s.not_revived(DeadlineKey.REPORT_DELIVERY, day, "approve a longer time for the report",
                      "§10")
    return s.event(EventKind.REPORT_EXTENSION_DECIDED, approved=cmd.approved,
                   on=day.isoformat())


@effect(EventKind.REPORT_EXTENSION_DECIDED)
def report_extension_decided(case: CaseState, e: Event, on: date | None) -> None:
    ext = case.report_extensions[-1]
    ext.approved, ext.decided_on = bool(e.data["approved"]), on


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
class IssueReport(Command):
    """§7, §9: the written report, setting forth the board's determination as to each
    official; `sufficient`, when given, must be what the board found as to every one."""

    sufficient: bool | None = field(default=None, metadata=asks(
        "The board's finding (§7)", yes_no=("Sufficient", "Insufficient")))
    summary: str = field(default="", metadata=asks("Summary of the report", long=True))
    on: date | None = field(default=None, metadata=THE_DAY)
    # where the written report is kept (a Slack file id, a URL)
    report_file: str | None = field(default=None, metadata=asks(
        "Where the written report is kept (a link)"))


@step("report", "issue the written report", EventKind.REPORT_ISSUED,
      frozenset({Stage.HEARING_CONCLUDED}), BOARD, "§7, §9", stayed=True)
def issue_report(s: StepContext, cmd: IssueReport) -> Event:
    waiting = s.case.not_yet_heard
    if waiting:
        raise ProcedureError(
            f"No report may be issued for {s.case.number} until every official complained "
            "against has had an opportunity to present at a hearing (§9); still waiting: "
            f"{' and '.join(waiting)}. Record that each was heard (or given the "
            "opportunity) first.")
    findings = report_findings(s, cmd.sufficient)
    return s.event(EventKind.REPORT_ISSUED, sufficient=any(findings.values()),
                   findings=findings, summary=cmd.summary, on=s.day(cmd.on).isoformat(),
                   report_file=report_link(cmd.report_file, http=s.http_links))


@effect(EventKind.REPORT_ISSUED)
def report_issued(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was named, one finding stood for all of them
    found = e.data.get("findings") or {p: e.data["sufficient"] for p in case.parties()}
    case.report_findings = {p: bool(v) for p, v in found.items()}
    case.report_issued_on = on


@dataclass(frozen=True)
class DeliverReport(Command):
    """§10: the report delivered to the council, each official and the complainant. It
    goes now, by EthicsBot's email; delivered on an earlier day, it went another way
    (`how`), and `evidence` says what shows it (a receipt, the sent message)."""

    on: date | None = field(default=None, metadata=THE_DAY)
    how: str = field(default="", metadata=asks("How it was given"))
    evidence: str = field(default="", metadata=asks(
        "What shows it (a receipt, the sent message, the letter's file)"))


@step("deliver", "deliver the written report", EventKind.REPORT_DELIVERED,
      frozenset({Stage.REPORTED}), BOARD, "§10", label="Report delivered")
def deliver(s: StepContext, cmd: DeliverReport) -> Event:
    """A delivery dated before today was not the email recording it sends: it stands only
    with how it was made and what shows it (issue 38, C: who says it happened)."""
    day = s.day(cmd.on)
    how, evidence = " ".join(cmd.how.split())[:200], " ".join(cmd.evidence.split())[:500]
    if day < s.today and not (how and evidence):
        raise ProcedureError(
            f"The report goes to the council, each official and the complainant now, by "
            f"email, when this is recorded: a delivery on {fmt_day(day)} was made another "
            "way. Say how it was delivered (by hand, by mail, by the clerk's email) and what "
            "shows it (the receipt, the sent message), or leave the day out (§10).")
    return s.event(EventKind.REPORT_DELIVERED, on=day.isoformat(),
                   **({"how": how, "evidence": evidence} if day < s.today else {}))


@effect(EventKind.REPORT_DELIVERED)
def report_delivered(case: CaseState, e: Event, on: date | None) -> None:
    case.report_delivered_at, case.report_delivered_on = e.at, on
