"""The steps after the report: the referral (§11), the final determination and the
council's decision (§12, §14). Each step is its command, its row (`@step`) and its
handler, one above the other (`cases.handlers`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from cases.acts import against_mayor, count, meeting_for, motion_data, set_aside, unable_to_act
from cases.calendar import fmt_day
from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.directory import BOARD, COUNCIL, OFFICE
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
from cases.history import Event, EventKind
from cases.meetings import Action, Body, Meeting
from cases.motions import Motion
from cases.readings import AmendedSection, ReferralWait, ReferredOpportunity, describe
from cases.stages import BEFORE_DETERMINATION, REFERRED_STAGES, Stage
from cases.tally import Tally, Vote, council_tally, eligible_on_council

# the commands, and the penalty a decision names (`RecordCouncilDecision.penalties`)
__all__ = ["ExtendCouncilDecision", "Penalty", "RecordCouncilDecision", "RecordCouncilVote",
           "RecordDetermination", "RecordExaminerConflict", "RecordMayorVote", "Refer",
           "RequestBoardHearing", "RequestCouncilExtension"]


@dataclass(frozen=True)
class RequestBoardHearing(OfficialsRequest):
    """§11: an official found sufficient against asks that the board, not an examiner,
    hear the matter (the city's reading `board_hearing` says when one asking is enough)."""

    # the official asking (each has their own request)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    # the day the city received it (their letter's, say)
    on: date | None = field(default=None, metadata=THE_DAY)


# the official's own request (§11): they make it signed in, or the clerk records it from
# their letter; never the board, the forum it asks for (issue 38, C)
@step("board-hearing", "record the respondent's request to be heard by the board",
      EventKind.BOARD_HEARING_REQUESTED,
      frozenset({Stage.HEARING_CONCLUDED, Stage.REPORTED, Stage.REPORT_DELIVERED,
                 Stage.REFERRED, Stage.DETERMINED}), OFFICE,
      "§11", respondent_asks="ask to be heard by the ethics board instead of a hearings examiner",
      askers=Askers(lambda case: case.found_sufficient, (
          "The board found the complaint insufficient as to {who}: that finding is final "
          "(§8), the matter is not heard as to {who}, and there is nothing to ask the ethics "
          "board to hear (§11).")))
def board_hearing(s: StepContext, cmd: RequestBoardHearing) -> Event:
    """§11: the official asking to be heard by the board; only one the matter goes on
    against (found sufficient, once the report is in) has the choice, and keeps it until
    their matter is determined: a referral to an examiner does not cut it off, it lapses
    (for them, and for whoever the city's reading `board_hearing` sends along)."""
    case = s.case
    party = s.party(cmd.respondent, "asks to be heard by the board", "§11")
    RequestBoardHearing.step.check_asker(case, party)
    if party in case.board_requests:
        raise ProcedureError(f"{party}'s request to be heard by the board is already "
                             f"recorded on {case.number}.")
    on = s.day(cmd.on)
    found = case.findings.get(party)
    if found is not None:
        late = (f" The request, received {fmt_day(on)}, came before that determination "
                f"({fmt_day(found.on)}) and was taken down only now: tell the city attorney, "
                "who may have the determination set aside." if found.on and on <= found.on
                else "")
        raise ProcedureError(f"The determination as to {party} is already recorded (§11, "
                             "§12): the forum cannot be chosen after the matter was heard."
                             + late)
    waited = case.referral_of(party)
    if (waited is not None and not waited.board
            and s.readings.referral_wait is ReferralWait.UNTIL_REFERRED):
        raise ProcedureError(
            f"{party}'s matter is already referred to the hearings examiner {waited.to}: by "
            f"the city's reading, {describe(s.readings.referral_wait)}.")
    reading = s.readings.board_hearing
    lapsing = sorted(p for p, r in case.referrals.items() if not r.board
                     and p not in case.findings and case.board_hears(p, reading, [party]))
    return s.event(EventKind.BOARD_HEARING_REQUESTED, respondent=party, on=on.isoformat(),
                   **s.said_by(cmd, party, "§11"),
                   **({"withdraws": lapsing, "reading": describe(reading),
                       "wait": describe(s.readings.referral_wait),
                       "lapsed_to": sorted({case.referrals[p].to for p in lapsing})}
                      if lapsing else {}))


@dataclass(frozen=True)
class Refer(Command):
    # None: to the ethics board at the respondent's request
    examiner: str | None = field(metadata=asks("The hearings examiner (the next in rotation)"))
    on: date | None = field(default=None, metadata=THE_DAY)
    # the official whose matter it refers (each has their own forum, §11); None: every
    # official not yet referred whose matter goes there
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


# again once the examiner it went to withdrew, conflicted (`council.refer`); after one
# official's determination, another's matter may still wait for its referral
@step("refer", "refer the matter", EventKind.REFERRED,
      frozenset({Stage.REPORT_DELIVERED, Stage.REFERRED, Stage.DETERMINED}), BOARD, "§11",
      label="Refer (§11)")
def refer(s: StepContext, cmd: Refer) -> Event:
    """§11: each official's matter to the forum that is theirs: the examiner in rotation,
    unless they asked for the board (as the city's reading `board_hearing` reads a
    request by one of several)."""
    case, reading = s.case, s.readings.board_hearing
    if not case.report_sufficient:
        raise ProcedureError(f"{case.number} was found insufficient: it is not referred (§8, "
                             "§11). Close the case instead.")
    if cmd.examiner is not None and cmd.examiner in case.conflicted_examiners:
        raise ProcedureError(f"{cmd.examiner} is conflicted on {case.number} "
                             f"({case.conflicted_examiners[cmd.examiner]}): the referral goes "
                             "to the next examiner in rotation (§11).")
    waiting = case.to_refer
    if cmd.respondent is not None:
        party = s.party(cmd.respondent, "the referral is about", "§11")
        done = case.referral_of(party)
        if done is not None or party in case.findings or party not in case.found_sufficient:
            raise ProcedureError(f"{party}'s matter is not waiting for a referral (§11): "
                                 + (f"it is referred to {done.to}. If the examiner cannot "
                                    "hear it, record their conflict: they withdraw, and it "
                                    "is referred again." if done else
                                    "the board found the complaint insufficient as to them, "
                                    "or their determination is in."))
        waiting = (party,)
    if not waiting:
        referred = "; ".join(f"{p} to {r.to}" for p, r in case.referrals.items())
        raise ProcedureError(f"{case.number} is referred already as to each official ({referred})."
                             " If the examiner cannot hear it, record their conflict: they "
                             "withdraw, and the matter is referred again (§11).")
    to_board = cmd.examiner is None
    going = tuple(p for p in waiting if case.board_hears(p, reading) is to_board)
    if not going:
        asked = (f" ({' and '.join(case.board_requests)} asked; {describe(reading)})"
                 if case.board_requests else "")
        raise ProcedureError(
            (f"{' and '.join(waiting)} asked to be heard by the ethics board (§11): refer the "
             f"matter to the board, not to an examiner ({describe(reading)}).")
            if not to_board else
            (f"The matter as to {' and '.join(waiting)} goes to the next hearings examiner in "
             f"rotation unless the official complained against asks for the board (§11)"
             f"{asked}."))
    # the examiner is one person, not a governing body: the city's reading says what notice
    # their hearing gets, and the referral says it (§13; RCW 42.30.020)
    extra = {"notice_reading": describe(s.readings.examiner_notice)} if cmd.examiner else {}
    return s.event(EventKind.REFERRED, to=cmd.examiner or "board",
                   on=s.day(cmd.on).isoformat(), respondents=list(going),
                   reading=describe(reading), **extra)


@dataclass(frozen=True)
class RecordExaminerConflict(Command):
    """§11: a hearings examiner cannot hear the case (a tie to a party, a prior role): the
    rotation skips them on it; if the matter was referred to them, they withdraw and it
    is referred again, to the next examiner in rotation."""

    examiner: str = field(metadata=asks("The examiner (their email)", word="@EXAMINER"))
    reason: str = field(metadata=asks("Reason", long=True))


# until every official's determination: one determined leaves the other's matter open
@step("examiner-conflict", "record that a hearings examiner is conflicted on the case",
      EventKind.EXAMINER_CONFLICTED, BEFORE_DETERMINATION | {Stage.DETERMINED},
      BOARD | OFFICE, "§11")
def examiner_conflict(s: StepContext, cmd: RecordExaminerConflict) -> Event:
    """§11: the examiner is skipped on this case; where an official's matter not yet
    determined is referred to them, they withdraw from it (each official's own referral,
    wherever the other's went)."""
    examiner = cmd.examiner.strip().lower()
    if not cmd.reason.strip():
        raise ProcedureError("Say why the examiner is conflicted (a tie to a party, a prior "
                             "role in the matter): it is kept in the case's history.")
    if examiner in s.case.conflicted_examiners:
        raise ProcedureError(f"{examiner} is already recorded as conflicted on "
                             f"{s.case.number}.")
    if set(s.case.findings) >= set(s.case.found_sufficient):
        raise ProcedureError(f"Every official's matter in {s.case.number} is determined (§11, "
                             "§12): no examiner is left to hear it.")
    withdraws = sorted(p for p, r in s.case.referrals.items()
                       if r.to.lower() == examiner and p not in s.case.findings)
    return s.event(EventKind.EXAMINER_CONFLICTED, examiner=examiner,
                   reason=cmd.reason.strip()[:500], withdrew=bool(withdraws),
                   **({"withdraws": withdraws} if withdraws else {}))


def _board_if_referred_to_it(cmd: RecordDetermination, case: Case) -> Body | None:
    """§11, §12: the board's determination is its act; the examiner's is one person's.
    Whose it is follows the official's own referral."""
    parties = case.parties()
    party = cmd.respondent or (parties[0] if len(parties) == 1 else None)
    named = next((p for p in parties if party and p.lower() == party.strip().lower()), None)
    referral = case.referral_of(named) if named else None
    if referral is not None:
        return Body.BOARD if referral.board else None
    return Body.BOARD if case.referred_to == "board" else None


@dataclass(frozen=True)
class RecordDetermination(Command):
    """§11, §12: the examiner's determination as received, or the board's, made by motion
    at its meeting after the matter was referred to it."""

    violation: bool = field(metadata=asks(
        "The final determination (§12)", yes_no=("A violation", "No violation")))
    sections: tuple[str, ...] = field(default=(), metadata=asks("Sections found violated"))
    # the day the council received the determination
    on: date | None = field(default=None, metadata=THE_DAY)
    # the board's, when the matter was referred to it
    motion: Motion | None = field(default=None, metadata=THE_MOTION)
    # the official it is about (each has their own)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


# as to each official in turn
@step("determination", "record the final determination", EventKind.DETERMINATION_RECEIVED,
      REFERRED_STAGES, BOARD | OFFICE, "§11, §12",
      body=_board_if_referred_to_it, agenda=Action.DETERMINATION)
def determination(s: StepContext, cmd: RecordDetermination) -> Event:
    """§11, §12: the determination as to one official; each has their own."""
    party = s.party(cmd.respondent, "the determination is about", "§12")
    if party not in s.case.found_sufficient:
        raise ProcedureError(f"The board found the complaint insufficient as to {party} "
                             f"(§7): that finding is final and binding (§8), and no hearing or "
                             "determination follows as to them (§11).")
    if party in s.case.findings:
        raise ProcedureError(f"The determination as to {party} in {s.case.number} is already "
                             "recorded. If a date was mistyped, correct it.")
    referral = s.case.referral_of(party)
    if referral is None:
        raise ProcedureError(f"{party}'s matter is not referred for hearing (§11): no "
                             f"determination as to them can be made until it is (the "
                             f"examiner it went to may have withdrawn). Refer it first.")
    if s.case.council_decided_at is not None:
        raise ProcedureError(f"The council has decided {s.case.number}: no determination "
                             "follows its decision (§12).")
    if referral.board:
        _opportunity_at_its_hearing(s, party)
    unalleged = [x for x in cmd.sections if x not in s.case.alleged_sections]
    if unalleged:
        raise ProcedureError(f"{', '.join(unalleged)} was not alleged in the complaint or an "
                             "amendment; findings and penalties may rest only on alleged "
                             "violations (§12).")
    _found_sufficient(s, cmd.sections)
    # who made it: the examiner or the board the official's matter was referred to
    # the board's names the reading its §9 opportunity was judged by
    read = {"opportunity": describe(s.readings.referred_opportunity)} if referral.board else {}
    return s.event(EventKind.DETERMINATION_RECEIVED, violation=cmd.violation,
                   sections=list(cmd.sections), on=s.day(cmd.on).isoformat(),
                   respondent=party, by=referral.to, **read)


def _opportunity_at_its_hearing(s: StepContext, party: str) -> None:
    """§9: no report by the board unless the official had the opportunity to present at a
    hearing before it; by the city's reading `referred_opportunity`, the board's
    determination of a matter referred to it needs one at its §11 hearing of that matter."""
    reading = s.readings.referred_opportunity
    if reading is not ReferredOpportunity.AT_ITS_HEARING or party in s.case.heard_referred:
        return
    raise ProcedureError(
        f"The board cannot determine the matter as to {party} yet: no report by the board "
        f"unless the official had an opportunity to present at a hearing before it (§9), and "
        f"{party} is not recorded heard at the board's hearing of their matter. Record it "
        f"(`heard`, at a session of that hearing; `presented: no` if they did not take the "
        f"opportunity), then the determination. The city's reading: {describe(reading)}.")


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


# the official's own request (§12): they make it signed in, or the clerk records it from
# their letter; never the council, whose time it extends (issue 38, C)
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


def _found_sufficient(s: StepContext, sections: Iterable[str]) -> None:
    """By the city's reading `amended_section` (default), nothing rests on a section added
    after the sufficiency report: the board did not find it sufficient."""
    if s.readings.amended_section is not AmendedSection.NOT_YET_SUFFICIENT:
        return
    found = s.case.amendments_found
    late = [x for x in sections if x in s.case.amended_after_report and not found.get(x)]
    if any(x in found for x in late):
        raise ProcedureError(f"The board found {', '.join(x for x in late if x in found)}, "
                             "added by amendment after its report, insufficient (§5, §8): no "
                             "determination or penalty rests on it.")
    if late:
        raise ProcedureError(
            f"{', '.join(late)} was added by amendment after the sufficiency report: by the "
            f"city's reading ({describe(s.readings.amended_section)}) it is not yet found "
            "sufficient, and no determination or penalty rests on it until the board finds "
            "it sufficient by motion at its meeting (amendment-sufficiency).")


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
    _found_sufficient(s, [p.section])
    if finding.sections and p.section not in finding.sections:
        raise ProcedureError(f"The determination as to {party} found a violation of "
                             f"{', '.join(finding.sections)}, not of {p.section}: a penalty "
                             "rests only on a violation found (§12).")
    return party
