"""The effects of the council part's entries (§11-§14: the forum each official's matter
goes to, the determination, the council's time and decision), as `cases.handlers.council`
records them. The members' votes are items of the meeting they were cast at: the meetings
take them in (`cases.meetings`)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from cases.case_state import CaseState
from cases.deadlines import Extension
from cases.effects.effect import WAITS, Effect, nothing
from cases.history import Event, EventKind
from cases.meetings import ALL
from cases.recorded import CouncilExtensionRequest, Finding, Referral
from cases.stages import Stage

__all__ = ["EFFECTS"]


def board_hearing_requested(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was named, one request stood for all of them
    d = e.data
    for party in [d["respondent"]] if d.get("respondent") else case.parties():
        if party not in case.board_requests:
            case.board_requests.append(party)
    for party in d.get("withdraws") or ():  # their examiner's referral lapses
        case.referrals.pop(str(party), None)


def referred(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was referred on their own, one referral was for all
    d = e.data
    for party in d.get("respondents") or [
            p for p in case.found_sufficient if p not in case.referrals]:
        case.referrals[str(party)] = Referral(str(d["to"]), e.at, on)


def examiner_conflicted(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.conflicted_examiners[str(d["examiner"])] = str(d["reason"])
    if d.get("withdrew"):  # referred again, to the next in rotation
        gone = str(d["examiner"]).lower()
        for party in [p for p, r in case.referrals.items()
                      if r.to.lower() == gone and p not in case.findings]:
            del case.referrals[party]


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


def council_extension_requested(case: CaseState, e: Event, on: date | None) -> None:
    assert on is not None
    case.council_extension_requests.append(CouncilExtensionRequest(
        e.data.get("respondent"), int(e.data["days"]), on))


def council_decision_extended(case: CaseState, e: Event, on: date | None) -> None:
    case.council_extensions.setdefault(str(e.data.get("respondent") or ALL), []).append(
        Extension(int(e.data["days"]), on))


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


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.BOARD_HEARING_REQUESTED: board_hearing_requested,
    _K.REFERRED: referred,
    _K.EXAMINER_CONFLICTED: examiner_conflicted,
    _K.DETERMINATION_RECEIVED: determination_received,
    _K.COUNCIL_EXTENSION_REQUESTED: council_extension_requested,
    _K.COUNCIL_DECISION_EXTENDED: council_decision_extended,
    _K.COUNCIL_VOTE_RECORDED: nothing,  # the meeting's (`EventRule.meetings`)
    _K.MAYOR_VOTE_RECORDED: nothing,  # the meeting's
    _K.COUNCIL_DECIDED: council_decided,
}
