"""Handlers of the case file's retention (RCW 40.14; `cases.retention`): the legal hold
placed and lifted, destruction requested and approved."""

from __future__ import annotations

from cases import commands as c
from cases.calendar import fmt_day
from cases.errors import ProcedureError
from cases.handlers import StepContext
from cases.history import Event, EventKind
from cases.retention import certificate, check_destroyable, period_of


def _not_destroyed(s: StepContext, what: str) -> None:
    if s.case.destroyed is not None:
        raise ProcedureError(f"Cannot {what} on {s.case.number}: its case file was destroyed "
                             "(the certificate is the last entry of its history).")


def place_hold(s: StepContext, cmd: c.PlaceLegalHold) -> Event:
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


def lift_hold(s: StepContext, cmd: c.LiftLegalHold) -> Event:
    _not_destroyed(s, "lift a legal hold")
    held = s.case.legal_hold
    if held is None:
        raise ProcedureError(f"{s.case.number} has no legal hold to lift: "
                             "`ethicsbot retention` lists the holds of the cases due for "
                             "review.")
    return s.event(EventKind.LEGAL_HOLD_LIFTED, reason=cmd.reason.strip(), by=s.actor,
                   placed_by=held.placed_by, hold=held.reason)


def request_destruction(s: StepContext, cmd: c.RequestDestruction) -> Event:
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


def approve_destruction(s: StepContext, cmd: c.ApproveDestruction) -> Event:
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
