"""The steps of the case file's retention (RCW 40.14; `cases.retention`): the legal hold
placed and lifted, destruction requested and approved. Each step is its command, its row
(`@step`), its handler and its effect (`@effect`), one above the other (`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from cases.calendar import fmt_day
from cases.case_state import CaseState
from cases.directory import ATTORNEY, OFFICE, RECORDS
from cases.effects import effect
from cases.errors import ProcedureError
from cases.handlers import Command, StepContext, asks, step
from cases.history import Event, EventKind
from cases.recorded import LegalHold
from cases.retention import certificate, check_destroyable, period_of
from cases.stages import (
    Stage,
)

__all__ = ["ApproveDestruction", "LiftLegalHold", "PlaceLegalHold", "RequestDestruction"]


def _not_destroyed(s: StepContext, what: str) -> None:
    if s.case.destroyed is not None:
        raise ProcedureError(f"Cannot {what} on {s.case.number}: its case file was destroyed "
                             "(the certificate is the last entry of its history).")


@dataclass(frozen=True)
class PlaceLegalHold(Command):
    """A legal hold on a case file (RCW 40.14; issue 27): litigation, an audit or an
    investigation needs it kept; while it stands nothing of it may be destroyed. One
    active hold per case."""

    reason: str = field(metadata=asks(
        "Reason (the suit, the claim, the request it preserves the records for)", long=True,
        example="Doe v. City of Riverton, filed in superior court"))


# the city attorney places and lifts a legal hold: litigation, a claim or an
# investigation the city must preserve evidence for is the attorney's to judge; in
# any stage, since the duty to preserve can arise before closure
@step("hold place", "place a legal hold on the case file", EventKind.LEGAL_HOLD_PLACED,
      frozenset(Stage), ATTORNEY, "RCW 40.14")
def place_hold(s: StepContext, cmd: PlaceLegalHold) -> Event:
    _not_destroyed(s, "place a legal hold")
    if not cmd.reason.strip():
        raise ProcedureError("Say why the case file must be kept (the litigation, audit or "
                             "investigation): a legal hold is recorded with its reason.")
    held = s.case.legal_hold
    if held is not None:
        raise ProcedureError(
            f"{s.case.number} already has a legal hold, placed by {held.placed_by} on "
            f"{fmt_day(s.calendar.local_date(held.placed_at))} ({held.reason}): one hold "
            "stands at a time. Lift it first to place another with a new reason.")
    return s.event(EventKind.LEGAL_HOLD_PLACED, reason=cmd.reason.strip(), by=s.actor)


@effect(EventKind.LEGAL_HOLD_PLACED)
def legal_hold_placed(case: CaseState, e: Event, on: date | None) -> None:
    case.legal_hold = LegalHold(str(e.data["reason"]), e.actor, e.at)


@dataclass(frozen=True)
class LiftLegalHold(Command):
    """The case file's legal hold lifted: what needed it kept is over."""

    reason: str = field(default="", metadata=asks("Reason", long=True))


@step("hold lift", "lift the legal hold on the case file", EventKind.LEGAL_HOLD_LIFTED,
      frozenset(Stage), ATTORNEY, "RCW 40.14")
def lift_hold(s: StepContext, cmd: LiftLegalHold) -> Event:
    _not_destroyed(s, "lift a legal hold")
    held = s.case.legal_hold
    if held is None:
        raise ProcedureError(f"{s.case.number} has no legal hold to lift: "
                             "`ethicsbot retention` lists the holds of the cases due for "
                             "review.")
    return s.event(EventKind.LEGAL_HOLD_LIFTED, reason=cmd.reason.strip(), by=s.actor,
                   placed_by=held.placed_by, hold=held.reason)


@effect(EventKind.LEGAL_HOLD_LIFTED)
def legal_hold_lifted(case: CaseState, e: Event, on: date | None) -> None:
    case.legal_hold = None


@dataclass(frozen=True)
class RequestDestruction(Command):
    """The clerk asks the records officer to approve destroying a closed case file whose
    retention period has ended (RCW 40.14). `category` and `years` are the city's
    retention setting (the directory's `retention:`), filled in, never typed
    (`cases.derived`; `years` 0: the city set none)."""

    category: str = field(default="", metadata=asks(
        "The retention schedule's category (the city's setting)"))
    years: int = field(default=0, metadata=asks("Years the category is kept (the city's setting)"))


# the clerk, who keeps the case file, requests; the records officer approves, never
# their own request (`retention.approve_destruction`)
@step("destroy request", "request the destruction of the case file",
      EventKind.DESTRUCTION_REQUESTED, frozenset({Stage.CLOSED}), OFFICE, "RCW 40.14.070")
def request_destruction(s: StepContext, cmd: RequestDestruction) -> Event:
    period = period_of(cmd.category, cmd.years)
    ends = check_destroyable(s.case, period, s.today, s.calendar,
                             "request the destruction of")
    assert period is not None
    if s.case.destruction_request is not None:
        by, at = s.case.destruction_request
        raise ProcedureError(f"The destruction of {s.case.number} was already requested by "
                             f"{by} on {fmt_day(s.calendar.local_date(at))}: it awaits the "
                             "records officer's approval.")
    return s.event(EventKind.DESTRUCTION_REQUESTED, category=period.category,
                   years=period.years, retention_ended=ends.isoformat())


@effect(EventKind.DESTRUCTION_REQUESTED)
def destruction_requested(case: CaseState, e: Event, on: date | None) -> None:
    case.destruction_request = (e.actor, e.at)


@dataclass(frozen=True)
class ApproveDestruction(Command):
    """The records officer approves the destruction someone else requested: the case's
    content is destroyed and the certificate is the history's entry (RCW 40.14).
    `category` and `years` as for `RequestDestruction`."""

    category: str = field(default="", metadata=asks(
        "The retention schedule's category (the city's setting)"))
    years: int = field(default=0, metadata=asks("Years the category is kept (the city's setting)"))


@step("destroy approve", "approve the destruction of the case file", EventKind.RECORDS_DESTROYED,
      frozenset({Stage.CLOSED}), RECORDS, "RCW 40.14.070")
def approve_destruction(s: StepContext, cmd: ApproveDestruction) -> Event:
    period = period_of(cmd.category, cmd.years)
    if s.case.destroyed is None and s.case.destruction_request is None:
        raise ProcedureError(f"Nobody has requested the destruction of {s.case.number}: the "
                             "clerk requests it (`destroy request`), then the records "
                             "officer approves.")
    ends = check_destroyable(s.case, period, s.today, s.calendar, "destroy")
    assert period is not None and s.case.destruction_request is not None
    by = s.case.destruction_request[0]
    if by.strip().lower() == s.actor.strip().lower():
        raise ProcedureError(f"You requested the destruction of {s.case.number} and may not "
                             "approve it too: destruction takes two people, the records "
                             "officer approving someone else's request (RCW 40.14).")
    return s.event(EventKind.RECORDS_DESTROYED,
                   **certificate(s.case, period, ends=ends, at=s.at, approved_by=s.actor,
                                 calendar=s.calendar))


@effect(EventKind.RECORDS_DESTROYED)
def records_destroyed(case: CaseState, e: Event, on: date | None) -> None:
    """The certificate: the case stays closed, with nothing but its number, the certificate
    and the moments of its entries."""
    case.destroyed, case.destruction_request = dict(e.data), None
    case.stage, case.closed_at = Stage.CLOSED, datetime.fromisoformat(e.data["closed_at"])
