"""The effects of the referral part's entries (§11: the forum each official's matter goes
to, an examiner's conflict, the final determination as to each official), as
`cases.handlers.referral` records them."""

from __future__ import annotations

from datetime import date

from cases.case_state import CaseState
from cases.effects.effect import Effect
from cases.history import Event, EventKind
from cases.recorded import Finding, Referral
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


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.BOARD_HEARING_REQUESTED: board_hearing_requested,
    _K.REFERRED: referred,
    _K.EXAMINER_CONFLICTED: examiner_conflicted,
    _K.DETERMINATION_RECEIVED: determination_received,
}
