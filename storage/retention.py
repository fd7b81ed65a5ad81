"""Destroying a case file's content once the records officer approved it (RCW 40.14;
`cases.retention`, docs/records.md). Called by the repository in the transaction that
stores the certificate (`records_destroyed`), so the certificate and the destruction
commit together or not at all.

Destroyed: each earlier history entry's `data` (replaced by `cases.chain.destroyed_marker`),
the filings' bodies (the message as received, its parsed text and attachments, the
sender's address and any refusal reason), the case's meetings (place, link, answers) and
its notices still unsent (cancelled: they would quote the file). Kept: the case number,
the certificate, each entry's seq, kind, moment, actor and hash, the deadlines' dates,
the notice log (to whom, when, delivered: the proof of notice) and the access log. In
the notice log the complainant, a private person, stands as "the complainant" once the
file is destroyed: their name and address go with it (and the server's replies to mail
to them, which quote the address); the officials', members' and clerks' stay.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, delete, func, or_, select, update
from sqlalchemy.orm import Session

from cases.case import Case
from cases.chain import destroyed_marker
from cases.errors import ProcedureError
from cases.history import Event, EventKind
from cases.retention import destroyed_entries
from storage.models import CaseRow, DeliveryRow, EventRow, FilingRow, MeetingRow, OutboxRow


def destroy(session: Session, row: CaseRow, *, certificate_seq: int,
            certificate: dict[str, Any], at: datetime) -> None:
    """Destroy case `row`'s content under the certificate stored at `certificate_seq`.
    Refused (the transaction rolls back) if the stored history is not the one the
    certificate lists: a history that does not verify is not destroyed."""
    listed = destroyed_entries(certificate)
    stored = session.execute(select(EventRow.seq, EventRow.kind, EventRow.hash)
                             .where(EventRow.case_id == row.id, EventRow.seq < certificate_seq)
                             .order_by(EventRow.seq)).all()
    if {seq: (kind, digest) for seq, kind, digest in stored} != listed \
            or len(listed) != certificate_seq:
        raise ProcedureError(
            f"The stored history of {row.number} is not the one EthicsBot computes: run "
            f"`ethicsbot verify {row.number}`. Nothing was destroyed; a history that does "
            "not verify is kept as evidence.")
    _forget_complainant(session, row)
    session.execute(update(EventRow)
                    .where(EventRow.case_id == row.id, EventRow.seq < certificate_seq)
                    .values(data=destroyed_marker(certificate_seq)))
    session.execute(update(FilingRow).where(FilingRow.case_id == row.id)
                    .values(raw=b"", parsed=None, sender=None, reason=None))
    session.execute(delete(MeetingRow).where(MeetingRow.case_id == row.id))
    session.execute(update(OutboxRow)
                    .where(OutboxRow.case_id == row.id, OutboxRow.status == "pending")
                    .values(status="cancelled", cancelled_at=at,
                            cancel_reason="the case file was destroyed (RCW 40.14)"))
    row.respondents, row.walled = [], []
    session.flush()


COMPLAINANT = "complainant"  # who a notice went to, once the complainant's address is gone


def _forget_complainant(session: Session, row: CaseRow) -> None:
    """The complainant's name and address out of the notice log and its delivery record:
    who the notices went to stays ("the complainant"), when, and whether delivered."""
    first = session.scalar(select(EventRow.data).where(EventRow.case_id == row.id,
                                                       EventRow.seq == 0))
    who = ((first or {}).get("filing") or {}).get("complainant") or {}
    email = str(who.get("email") or "").strip().lower()
    if not email:
        return
    ids = list(session.scalars(select(OutboxRow.id).where(
        OutboxRow.case_id == row.id, func.lower(OutboxRow.recipient_email) == email)))
    if not ids:
        return
    session.execute(update(OutboxRow).where(OutboxRow.id.in_(ids)).values(
        recipient_email=COMPLAINANT, recipient_name="the complainant (destroyed, RCW 40.14)",
        last_error=None))
    session.execute(update(DeliveryRow).where(DeliveryRow.outbox_id.in_(ids)).values(
        recipient=COMPLAINANT, server_reply=""))


def closed_cases(session: Session) -> list[Case]:
    """Every closed case, rebuilt from its history (the review queue reads them)."""
    return _replayed(session, CaseRow.stage == "closed")


def queue_cases(session: Session) -> list[Case]:
    """The cases the web's retention queue reads (`web.retention`), rebuilt from their
    histories: every closed one (its period may have ended, its destruction may await
    approval) and every other that was ever put under a legal hold (one may stand in
    any stage)."""
    held = select(EventRow.case_id).where(EventRow.kind == EventKind.LEGAL_HOLD_PLACED.value)
    return _replayed(session, or_(CaseRow.stage == "closed", CaseRow.id.in_(held)))


def queue_case(session: Session, number: str) -> Case | None:
    """Case `number` rebuilt from its history, for its line of the retention queue (None:
    no such case)."""
    found = _replayed(session, CaseRow.number == number)
    return found[0] if found else None


def _replayed(session: Session, where: ColumnElement[bool]) -> list[Case]:
    rows = session.execute(select(CaseRow.id, CaseRow.number).where(where)
                           .order_by(CaseRow.number)).all()
    out = []
    for case_id, number in rows:
        events = session.scalars(select(EventRow).where(EventRow.case_id == case_id)
                                 .order_by(EventRow.seq)).all()
        out.append(Case.replay(number, [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                        for e in events]))
    return out
