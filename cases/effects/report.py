"""The effects of the written report's entries (its time, §10; its issue, §7, §9; its
delivery, §10), as `cases.handlers.report` records them."""

from __future__ import annotations

from datetime import date

from cases.case_state import CaseState
from cases.effects.effect import Effect
from cases.history import Event, EventKind
from cases.recorded import ReportExtension, Requester

__all__ = ["EFFECTS"]


def report_extension_requested(case: CaseState, e: Event, on: date | None) -> None:
    case.report_extensions.append(ReportExtension(
        Requester(e.data["requested_by"]), int(e.data["days"]), requested_on=on))


def report_extension_decided(case: CaseState, e: Event, on: date | None) -> None:
    ext = case.report_extensions[-1]
    ext.approved, ext.decided_on = bool(e.data["approved"]), on


def report_issued(case: CaseState, e: Event, on: date | None) -> None:
    # before each official was named, one finding stood for all of them
    found = e.data.get("findings") or {p: e.data["sufficient"] for p in case.parties()}
    case.report_findings = {p: bool(v) for p, v in found.items()}
    case.report_issued_on = on


def report_delivered(case: CaseState, e: Event, on: date | None) -> None:
    case.report_delivered_at, case.report_delivered_on = e.at, on


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.REPORT_EXTENSION_REQUESTED: report_extension_requested,
    _K.REPORT_EXTENSION_DECIDED: report_extension_decided,
    _K.REPORT_ISSUED: report_issued,
    _K.REPORT_DELIVERED: report_delivered,
}
