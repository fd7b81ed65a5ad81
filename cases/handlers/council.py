"""The council's part after a determination of violation (§12, §14): more time asked and
granted, each member's vote, the mayor's tie-break, the decision and its penalties.

Over 400 lines: each of its steps is its command, row, handler and effect, one above the
other (`cases.handlers`); split by line count, a step would be read in two modules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from cases.acts import against_mayor, count, meeting_for, motion_data, set_aside, unable_to_act
from cases.calendar import fmt_day
from cases.case import Case
from cases.case_state import CaseState
from cases.deadlines import DeadlineKey, Extension
from cases.directory import COUNCIL, OFFICE
from cases.effects import WAITS, changes_nothing, effect
from cases.errors import ProcedureError
from cases.handlers import (
    THE_COUNCIL,
    THE_DAY,
    THE_MAYOR,
    THE_MOTION,
    THE_OFFICIAL,
    Askers,
    Command,
    OfficialsRequest,
    StepContext,
    asks,
    step,
)
from cases.handlers.meetings import check_present
from cases.handlers.referral import sections_found_sufficient
from cases.history import Event, EventKind
from cases.meetings import ALL, Action, Body, Meeting
from cases.motions import Motion
from cases.readings import describe
from cases.recorded import CouncilExtensionRequest
from cases.stages import Stage
from cases.tally import Tally, Vote, council_tally, eligible_on_council

__all__ = ["ExtendCouncilDecision", "Penalty", "RecordCouncilDecision", "RecordCouncilVote",
           "RecordMayorVote", "RequestCouncilExtension"]  # the steps', and a decision's penalty


def _needs_violation(s: StepContext) -> None:
    if not s.case.violation_found:
        raise ProcedureError(f"The determination in {s.case.number} found no violation: the "
                             "council does not decide it (§12). Close the case.")


@dataclass(frozen=True)
class RequestCouncilExtension(OfficialsRequest):
    """§12: the respondent asks for more time for the council's decision; only such a
    request lets the council extend it."""

    days: int = field(metadata=asks("Days"))
    on: date | None = field(default=None, metadata=THE_DAY)  # the day the city received the request
    # the official asking (one a violation was found against)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


# the official's own (§12), signed in or taken down; never the council's, whose time it is
@step("council-extension request",
      "record the respondent's request for more time for the council's decision",
      EventKind.COUNCIL_EXTENSION_REQUESTED, frozenset({Stage.DETERMINED}), OFFICE,
      "§12", respondent_asks="ask the council for more time before it decides",
      askers=Askers(lambda case: case.violators if case.findings else case.parties(), (
          "No violation was found against {who}: the council decides nothing as to {who}, "
          "and only an official found to have violated the code may ask it for more time "
          "(§12).")))
def request_extension(s: StepContext, cmd: RequestCouncilExtension) -> Event:
    """§12: the respondent's request; only it lets the council extend its time."""
    _needs_violation(s)
    party = s.party(cmd.respondent, "asks for more time", "§12")
    RequestCouncilExtension.step.check_asker(s.case, party)
    if cmd.days <= 0:
        raise ProcedureError("Give the number of days the respondent asked for.")
    waiting = s.case.pending_council_extension_request_of(party)
    if waiting is not None:
        raise ProcedureError(f"{party}'s request of {fmt_day(waiting.on)} for more time "
                             "awaits the council's decision: record that first.")
    day = s.day(cmd.on)
    s.not_revived(DeadlineKey.COUNCIL_DECISION, day, "ask for more time for the council's "
                  f"decision as to {party}", "§12", party)
    return s.event(EventKind.COUNCIL_EXTENSION_REQUESTED, days=cmd.days, on=day.isoformat(),
                   respondent=party, **s.said_by(cmd, party, "§12"))


@effect(EventKind.COUNCIL_EXTENSION_REQUESTED)
def council_extension_requested(case: CaseState, e: Event, on: date | None) -> None:
    assert on is not None
    case.council_extension_requests.append(CouncilExtensionRequest(
        e.data.get("respondent"), int(e.data["days"]), on))


@dataclass(frozen=True)
class ExtendCouncilDecision(Command):
    """§12: an extension requested by the respondent and granted by the council, by
    motion at its meeting."""

    days: int = field(metadata=asks("Days"))
    on: date | None = field(default=None, metadata=THE_DAY)  # the day the council granted it
    motion: Motion | None = field(default=None, metadata=THE_MOTION)
    # whose request it grants (each official's time is their own); None: the only one
    # waiting
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("council-extension", "extend the council's decision time",
      EventKind.COUNCIL_DECISION_EXTENDED, frozenset({Stage.DETERMINED}), COUNCIL | OFFICE, "§12",
      body=Body.COUNCIL, agenda=Action.COUNCIL_EXTENSION)
def extend_council(s: StepContext, cmd: ExtendCouncilDecision) -> Event:
    _needs_violation(s)
    if cmd.days <= 0:
        raise ProcedureError("Grant a positive number of days.")
    waiting = s.case.pending_council_extension_requests
    if cmd.respondent is None and len({r.official for r in waiting}) > 1:
        raise ProcedureError(
            "Say whose request the council grants: "
            + " and ".join(f"{r.official} asked on {fmt_day(r.on)}" for r in waiting)
            + ", and each official's time is their own (§12).")
    asked = (waiting[0] if waiting else None) if cmd.respondent is None else (
        s.case.pending_council_extension_request_of(
            s.party(cmd.respondent, "the extension is for", "§12")))
    if asked is None:
        whose = f" by {cmd.respondent}" if cmd.respondent else ""
        raise ProcedureError(f"The council extends its time only when the respondent asks "
                             f"(§12), and no such request{whose} awaits it on "
                             f"{s.case.number}. Record the respondent's request first.")
    whose = f"{asked.official}'s" if asked.official else "the respondent's"
    if cmd.days > asked.days:
        raise ProcedureError(
            f"The council grants {whose} request (§12), and {asked.official or 'they'} asked "
            f"for {asked.days} days on {fmt_day(asked.on)}: it may grant up to {asked.days}, "
            f"not {cmd.days}. A longer time needs a request of its own.")
    day = s.day(cmd.on)
    s.not_revived(DeadlineKey.COUNCIL_DECISION, day, "extend the council's time to decide"
                  + (f" as to {asked.official}" if asked.official else ""), "§12",
                  asked.official or "")
    # the time moves for the official who asked, not for another found to have violated
    return s.event(EventKind.COUNCIL_DECISION_EXTENDED, days=cmd.days, on=day.isoformat(),
                   **({"respondent": asked.official} if asked.official else {}))


@effect(EventKind.COUNCIL_DECISION_EXTENDED)
def council_decision_extended(case: CaseState, e: Event, on: date | None) -> None:
    case.council_extensions.setdefault(str(e.data.get("respondent") or ALL), []).append(
        Extension(int(e.data["days"]), on))


def _before_the_council(s: StepContext, named: str | None) -> str:
    """The official a council vote or decision is about: one a violation was found against
    (§12), not yet decided as to; with only one such official, they need not be named."""
    _needs_violation(s)
    found = s.case.violators
    if named is None and len(found) == 1:
        party = found[0]
    else:
        party = s.party(named, "the council acts on", "§12")
    if party not in found:
        raise ProcedureError(f"No violation by {party} was found in {s.case.number}: the "
                             "council decides only as to an official a violation was found "
                             f"against (§12): {' and '.join(found)}.")
    if party in s.case.council_decided:
        raise ProcedureError(f"The council has decided {s.case.number} as to {party} already "
                             "(§12); if a date was mistyped, correct it.")
    return party


@dataclass(frozen=True)
class RecordCouncilVote(Command):
    """A council member's vote that the violations found against one official occurred
    and on the action as to them (§12, §14)."""

    member: str = field(metadata=asks("The council member whose vote this is (§14)",
                                      word="@MEMBER"))
    vote: Vote = field(metadata=asks("Your vote"))
    council: frozenset[str] = field(metadata=THE_COUNCIL)
    # the official (None: the only one found to have violated)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    # §12 "as to the violations": with a yes, the violations found that the member agrees
    # occurred (none named: every one the determination found)
    sections: tuple[str, ...] = field(default=(), metadata=asks(
        "With a yes: the violations you agree occurred (empty: every one found, §12)",
        word="SECTIONS"))


# each member enters their own vote; the mayor's office records the roll call
# (`cases.access.check_hands`)
@step("vote", "record a council vote", EventKind.COUNCIL_VOTE_RECORDED,
      frozenset({Stage.DETERMINED}), COUNCIL | OFFICE, "§12, §14", body=Body.COUNCIL,
      agenda=Action.COUNCIL_DECISION)
def vote(s: StepContext, cmd: RecordCouncilVote) -> Event:
    """A member's vote, an item of the minutes of the meeting under way: counted only by
    the decision taken at that meeting."""
    party = _before_the_council(s, cmd.respondent)
    eligible_on_council(cmd.member, council=cmd.council, respondents=frozenset(s.case.respondents))
    m = meeting_for(s.case, Body.COUNCIL, None, s.at, s.calendar)
    check_present(s.case, m, cmd.member)
    named = list(dict.fromkeys(x.strip() for x in cmd.sections if x.strip()))
    if named and cmd.vote is not Vote.YES:
        raise ProcedureError("Only a yes agrees that violations occurred (§12): name the "
                             "sections with a yes vote, or vote no or abstain without them.")
    found = _violations_found(s.case, party)
    other = [x for x in named if x not in found]
    if other:
        raise ProcedureError(f"{', '.join(other)} is not a violation found as to {party} "
                             f"(found: {', '.join(found)}): the council agrees only to "
                             "violations the determination found (§12).")
    return s.event(EventKind.COUNCIL_VOTE_RECORDED, member=cmd.member.strip().lower(),
                   vote=cmd.vote.value, respondent=party, meeting=m.number,
                   **({"sections": named} if named else {}))


changes_nothing(EventKind.COUNCIL_VOTE_RECORDED, why="the case's meetings take it in")


def _violations_found(case: Case, party: str) -> tuple[str, ...]:
    """The violations the determination found as to `party` (naming none: as alleged)."""
    return case.findings[party].sections or tuple(case.alleged_sections)


def _agreed(s: StepContext, m: Meeting, party: str, votes: dict[str, Vote],
            tally: Callable[[dict[str, Vote]], Tally]) -> list[str] | None:
    """§12 "as to the violations": the violations found as to `party` a majority agrees
    occurred, from the votes counted at meeting `m`, a member's yes naming the sections
    they agree to (one naming none agrees to all); None when no vote names any."""
    named: dict[str, tuple[str, ...]] = {}
    for e in s.case.history:
        if (e.kind is EventKind.COUNCIL_VOTE_RECORDED and e.data.get("meeting") in (m.number, None)
                and e.data.get("respondent") in (party, None)):
            named[str(e.data["member"])] = tuple(e.data.get("sections") or ())
    if not any(named.get(k) for k in votes):
        return None
    return [x for x in _violations_found(s.case, party)
            if tally({k: Vote.NO if v is Vote.YES and named.get(k) and x not in named[k]
                      else v for k, v in votes.items()}).carried]


def _council_votes(s: StepContext, party: str, what: str) -> tuple[Meeting, dict[str, Vote],
                                                                   list[str]]:
    """The council's meeting under way, the votes cast at it as to `party` to be counted
    (those of a member who has since recused are set aside: the sentences say so); refused
    while a member present who may act has not voted, since the council acts by the votes
    of the members present (RCW 42.30.060), and a vote of some of them is not its act."""
    m = meeting_for(s.case, Body.COUNCIL, None, s.at, s.calendar)
    votes, aside = set_aside(s.case, s.case.meetings.votes_at(m, party))
    present = m.roll_call.present if m.roll_call is not None else frozenset()
    silent = sorted(present - unable_to_act(s.case) - set(votes))
    if silent:
        raise ProcedureError(
            f"Cannot {what} as to {party} yet: {', '.join(silent)} "
            f"{'is' if len(silent) == 1 else 'are'} present at meeting {m.number} and "
            f"{'has' if len(silent) == 1 else 'have'} not voted. Record the vote of every "
            "member present (yes, no or abstain) at this meeting; votes cast at another "
            "meeting are not counted at this one.")
    return m, votes, aside


@dataclass(frozen=True)
class RecordMayorVote(Command):
    """§14, RCW 35A.12.100: the mayor's vote on a tie, entered by the mayor or the clerk."""

    vote: Vote = field(metadata=asks("The mayor's vote, to break a tie (§14)", only=("yes", "no")))
    # the mayor's email (the action may be against the mayor)
    mayor: str = field(metadata=THE_MAYOR)
    # the official the tied vote is about
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


@step("mayor-vote", "record the mayor's tie-breaking vote", EventKind.MAYOR_VOTE_RECORDED,
      frozenset({Stage.DETERMINED}), OFFICE, "§14", body=Body.COUNCIL,
      agenda=Action.COUNCIL_DECISION)
def mayor_vote(s: StepContext, cmd: RecordMayorVote) -> Event:
    """§14, RCW 35A.12.100: the mayor votes in the case of a tie, except if the action is
    against the mayor."""
    party = _before_the_council(s, cmd.respondent)
    case = s.case
    if cmd.vote is Vote.ABSTAIN:
        raise ProcedureError("The mayor breaks a tie with a vote, yes or no (§14, RCW "
                             "35A.12.100); an abstention breaks nothing.")
    if against_mayor(cmd.mayor, party, case):
        raise ProcedureError(f"The action in {case.number} as to {party} is against the "
                             "mayor, who does not vote on it, not even to break a tie (§14).")
    m, counted, _ = _council_votes(s, party, "record the mayor's tie-breaking vote")
    votes = counted.values()
    yes, no = sum(v is Vote.YES for v in votes), sum(v is Vote.NO for v in votes)
    if yes != no or yes == 0:
        raise ProcedureError(f"The mayor votes only to break a tie (§14, RCW 35A.12.100); the "
                             f"council's votes in {case.number} as to {party} stand "
                             f"{yes} yes, {no} no.")
    return s.event(EventKind.MAYOR_VOTE_RECORDED, vote=cmd.vote.value, mayor=cmd.mayor,
                   respondent=party, meeting=m.number)


changes_nothing(EventKind.MAYOR_VOTE_RECORDED, why="the case's meetings take it in")


@dataclass(frozen=True)
class Penalty:
    """A penalty the council imposes (§12): on `respondent` (None: the only official),
    for a violation of `section` found as to them."""

    section: str
    action: str
    respondent: str | None = None


@dataclass(frozen=True)
class RecordCouncilDecision(Command):
    """The council's decision as to one official a violation was found against (§12): its
    first majority vote, that the violations occurred, counted from the members' recorded
    votes (and the mayor's, on a tie); then, for any penalty, its second majority vote on
    the action (`action`, a motion at the same meeting)."""

    council: frozenset[str] = field(metadata=THE_COUNCIL)
    mayor: str = field(metadata=THE_MAYOR)
    penalties: tuple[Penalty, ...] = field(default=(), metadata=asks(
        "Penalties, one a line: SECTION: action[: the official's email] (§12)"))
    on: date | None = field(default=None, metadata=THE_DAY)
    # the official (None: the only one found to have violated)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    # §12's second vote: on the penalties, by motion
    action: Motion | None = field(default=None, metadata=asks(
        "The vote on the penalties, §12's second majority vote (needed with any penalty)"))


@step("decide", "record the council's decision", EventKind.COUNCIL_DECIDED,
      frozenset({Stage.DETERMINED}), COUNCIL | OFFICE, "§12, §14", body=Body.COUNCIL,
      agenda=Action.COUNCIL_DECISION)
def decide(s: StepContext, cmd: RecordCouncilDecision) -> Event:
    """§12, §14: the council's decision as to one official, from the votes on them."""
    party = _before_the_council(s, cmd.respondent)
    case = s.case
    majority = s.readings.council_majority
    m, votes, aside = _council_votes(s, party, "record the council's decision")

    def tally(counted: dict[str, Vote]) -> Tally:
        return council_tally(counted, council=cmd.council, respondents=unable_to_act(case),
                             mayor_vote=case.meetings.mayor_vote_at(m, party),
                             against_mayor=against_mayor(cmd.mayor, party, case),
                             majority=majority)

    result = tally(votes)
    bad = [p.section for p in cmd.penalties if p.section not in case.alleged_sections]
    if bad:
        raise ProcedureError(f"Penalties may only rest on violations alleged in the complaint "
                             f"or an amendment (§12); {', '.join(bad)} was not alleged.")
    if cmd.penalties and not result.carried:
        raise ProcedureError(f"No penalty can be imposed: {result.explanation}")
    agreed = _agreed(s, m, party, votes, tally)  # None: no vote named a section
    unagreed = [] if agreed is None else sorted({p.section for p in cmd.penalties}
                                                - set(agreed))
    if unagreed:
        raise ProcedureError(
            f"No penalty can rest on {', '.join(unagreed)} as to {party}: the council's "
            "majority did not agree that violation occurred (§12: the council acts \"as to "
            "the violations\" it agrees occurred); it agreed to "
            f"{', '.join(agreed or ()) or 'none of them'}.")
    proposed = [{"section": p.section, "action": p.action, "respondent": _found(s, p, party)}
                for p in cmd.penalties]
    action = _action_vote(s, cmd, m, party)
    imposed = proposed if action is None or action["carried"] else []
    extra = {} if action is None else {"action": action, "proposed": proposed}
    return s.event(EventKind.COUNCIL_DECIDED, carried=result.carried, yes=result.yes,
                   no=result.no, mayor_broke_tie=result.mayor_broke_tie,
                   explanation=" ".join([result.explanation, *aside]),
                   on=s.day(cmd.on).isoformat(), reading=describe(majority),
                   penalties=imposed, respondent=party, meeting=m.number,
                   votes=dict(sorted((k, v.value) for k, v in votes.items())),
                   **({"agreed": agreed} if agreed is not None else {}),
                   **extra)


@effect(EventKind.COUNCIL_DECIDED)
def council_decided(case: CaseState, e: Event, on: date | None) -> Literal[False] | None:
    """The council's decision as to one official (or, in an older history, all of them);
    the stage waits for its decision as to every official: each found sufficient against
    determined, each found to have violated decided."""
    d = e.data
    # before each official was named, one decision stood for all of them
    for party in [d["respondent"]] if d.get("respondent") else case.violators:
        case.council_decided.setdefault(party, (e.at, on))
    if not case.every_matter_decided():
        return WAITS
    case.council_decided_at, case.council_decided_on = e.at, on
    return None


def _action_vote(s: StepContext, cmd: RecordCouncilDecision, m: Meeting, party: str
                 ) -> dict[str, Any] | None:
    """§12's second majority vote: the council having agreed at meeting `m` that
    violations occurred, "then" the action it takes as to them, by motion at that same
    meeting (so checked as the decision is: noticed, under way, open, with a quorum). A
    penalty needs it; if it fails, the decision stands and no penalty is imposed."""
    if not cmd.penalties:
        if cmd.action is not None:
            raise ProcedureError("The vote on the action (§12) is on the penalties: name them, "
                                 "or record the decision without a vote on an action.")
        return None
    if cmd.action is None:
        raise ProcedureError(
            "§12 asks two majority votes: that the violations occurred (each member's vote, "
            "as entered), then on the action as to them. Give the council's vote on the "
            "penalties (`action: unanimous`, or each member present: `action: yes @A @B no "
            "@C`).")
    if cmd.action.meeting is not None and cmd.action.meeting != m.number:
        raise ProcedureError(
            f"The council votes on the action at the meeting where it agrees the violations "
            f"occurred, then (§12): meeting {m.number}, not meeting {cmd.action.meeting}. "
            "Record both votes at the one meeting.")
    if m.roll_call is None:
        raise ProcedureError(f"The council votes on the action at its meeting: record the roll "
                             f"call of meeting {m.number} first.")
    result = count(s.case, Body.COUNCIL, cmd.action, m.roll_call, readings=s.readings,
                   about=party)
    return motion_data(s.case, cmd.action, m, result, Body.COUNCIL, s.readings)


def _found(s: StepContext, p: Penalty, decided: str) -> str:
    """The official penalty `p` is imposed on: the one the decision is about, found to have
    violated its section (§12; a determination naming no section found the violations
    alleged)."""
    party = decided if p.respondent is None else s.party(
        p.respondent, f"the penalty under {p.section} is imposed on", "§12")
    if party != decided:
        raise ProcedureError(f"The council's decision as to {decided} imposes no penalty on "
                             f"{party}: each official has their own decision (§12); record "
                             f"the decision as to {party} on its own.")
    finding = s.case.findings[party]
    sections_found_sufficient(s, [p.section])
    if finding.sections and p.section not in finding.sections:
        raise ProcedureError(f"The determination as to {party} found a violation of "
                             f"{', '.join(finding.sections)}, not of {p.section}: a penalty "
                             "rests only on a violation found (§12).")
    return party
