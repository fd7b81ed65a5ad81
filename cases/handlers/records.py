"""Handlers that keep the record straight: amendments (§5), corrections, closure and the
correspondence filed with a case."""

from __future__ import annotations

from cases import commands as c
from cases.errors import ProcedureError
from cases.events import Event, EventKind
from cases.handlers import StepContext
from cases.stages import Stage


def amend(s: StepContext, cmd: c.AmendComplaint) -> Event:
    if not cmd.authorized_by.strip():
        raise ProcedureError("An amendment must be authorised by the decision-maker (§5).")
    return s.event(EventKind.COMPLAINT_AMENDED, authorized_by=cmd.authorized_by,
                   added_sections=list(cmd.added_sections), text=cmd.text)


def correct_receipt(s: StepContext, cmd: c.CorrectReceipt) -> Event:
    if cmd.received_at.tzinfo is None:
        raise ProcedureError("Give the corrected receipt time with its time zone.")
    if not cmd.reason.strip():
        raise ProcedureError("Say why the receipt time is corrected: it moves every deadline.")
    return s.event(EventKind.RECEIPT_CORRECTED, old=s.case.received_at.isoformat(),
                   new=cmd.received_at.isoformat(), reason=cmd.reason)


def close(s: StepContext, cmd: c.CloseCase) -> Event:
    case = s.case
    if case.stage is Stage.REPORT_DELIVERED and case.report_sufficient:
        raise ProcedureError(f"{case.number} was found sufficient: refer it for hearing (§11) "
                             "before closing.")
    if case.stage is Stage.DETERMINED and case.violation_found:
        raise ProcedureError(f"A violation was found in {case.number}: the council must decide "
                             "(§12) before the case closes.")
    return s.event(EventKind.CASE_CLOSED, reason=cmd.reason)


def correspondence(s: StepContext, cmd: c.FileCorrespondence) -> Event:
    return s.event(EventKind.CORRESPONDENCE_FILED, sender=cmd.sender, subject=cmd.subject,
                   message_id=cmd.message_id)
