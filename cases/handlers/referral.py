"""The referral (§11): each official's choice of forum, the referral to the examiner in
rotation or the board, an examiner's conflict, and the final determination as to each
official by whoever the matter went to. Its own module beside `council` (§12, §14): the
forum and its determination are settled before the council has anything to decide.
Each step is its command, its row (`@step`) and its handler, one above the other
(`cases.handlers`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from cases.calendar import fmt_day
from cases.case import Case
from cases.case_state import CaseState
from cases.directory import BOARD, OFFICE
from cases.effects import effect
from cases.errors import ProcedureError
from cases.handlers import (
    THE_DAY,
    THE_MOTION,
    THE_OFFICIAL,
    Askers,
    Command,
    OfficialsRequest,
    StepContext,
    asks,
    step,
)
from cases.handlers.examiner import heard_before
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.readings import AmendedSection, ReferralWait, ReferredOpportunity, describe
from cases.recorded import Finding, Referral
from cases.stages import BEFORE_DETERMINATION, REFERRED_STAGES, Stage

__all__ = ["RecordDetermination", "RecordExaminerConflict", "Refer", "RequestBoardHearing"]



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


@effect(EventKind.BOARD_HEARING_REQUESTED)
def board_hearing_requested(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was named, one request stood for all of them
    d = e.data
    for party in [d["respondent"]] if d.get("respondent") else case.parties():
        if party not in case.board_requests:
            case.board_requests.append(party)
    for party in d.get("withdraws") or ():  # their examiner's referral lapses
        case.referrals.pop(str(party), None)


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


@effect(EventKind.REFERRED)
def referred(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was referred on their own, one referral was for all
    d = e.data
    for party in d.get("respondents") or [
            p for p in case.found_sufficient if p not in case.referrals]:
        case.referrals[str(party)] = Referral(str(d["to"]), e.at, on)


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


@effect(EventKind.EXAMINER_CONFLICTED)
def examiner_conflicted(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.conflicted_examiners[str(d["examiner"])] = str(d["reason"])
    if d.get("withdrew"):  # referred again, to the next in rotation
        gone = str(d["examiner"]).lower()
        for party in [p for p, r in case.referrals.items()
                      if r.to.lower() == gone and p not in case.findings]:
            del case.referrals[party]


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
    unheard = {} if referral.board else heard_before(s, party, s.day(cmd.on))
    unalleged = [x for x in cmd.sections if x not in s.case.alleged_sections]
    if unalleged:
        raise ProcedureError(f"{', '.join(unalleged)} was not alleged in the complaint or an "
                             "amendment; findings and penalties may rest only on alleged "
                             "violations (§12).")
    sections_found_sufficient(s, cmd.sections)
    # who made it: the examiner or the board the official's matter was referred to
    # the board's names the reading its §9 opportunity was judged by
    read = {"opportunity": describe(s.readings.referred_opportunity)} if referral.board else {}
    return s.event(EventKind.DETERMINATION_RECEIVED, violation=cmd.violation,
                   sections=list(cmd.sections), on=s.day(cmd.on).isoformat(),
                   respondent=party, by=referral.to, **read, **unheard)


@effect(EventKind.DETERMINATION_RECEIVED)
def determination_received(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was named, one determination stood for all of them
    d = e.data
    for party in [d["respondent"]] if d.get("respondent") else case.parties():
        case.findings[party] = Finding(bool(d["violation"]), tuple(d.get("sections") or ()), on)
    if case.council_decided and case.every_matter_decided():
        # the last matter's determination found no violation, the council having decided
        # every other: the council's part is complete
        case.council_decided_at, case.council_decided_on = max(
            case.council_decided.values(), key=lambda x: x[0])
        case.stage = Stage.COUNCIL_DECIDED


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


def sections_found_sufficient(s: StepContext, sections: Iterable[str]) -> None:
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
