"""The read side of the public records request log (`cases.disclosure.log_entry`): every
case with a disclosure request, rebuilt from its history, and the delivery record of each
letter the requests owed (the outbox row owed by the letter's history entry)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cases.case import Case
from cases.disclosure import log_entry
from cases.history import Event, EventKind
from cases.notices import NoticeType, owing_event_index
from storage.models import CaseRow, EventRow, OutboxRow

_LETTERS = (NoticeType.DISCLOSURE_LETTER.value, NoticeType.THIRD_PARTY_NOTICE.value)


def _delivery(row: OutboxRow) -> str:
    if row.status == "sent" and row.sent_at is not None:
        return (f"sent to {row.recipient_email} at {row.sent_at.isoformat()} "
                f"(Message-ID {row.message_id})")
    if row.status == "cancelled":
        return f"cancelled: {row.cancel_reason}"
    return f"{row.status} to {row.recipient_email} ({row.attempts} attempts)" + (
        f": {row.last_error}" if row.last_error else "")


def request_log(session: Session, number: str | None = None) -> list[dict[str, Any]]:
    """Every request's log line, by case and request number (one case with `number`)."""
    q = (select(CaseRow.id, CaseRow.number).where(CaseRow.id.in_(
        select(EventRow.case_id).where(EventRow.kind == EventKind.DISCLOSURE_REQUESTED.value)))
        .order_by(CaseRow.number))
    if number is not None:
        q = q.where(CaseRow.number == number)
    out: list[dict[str, Any]] = []
    for case_id, case_number in session.execute(q).all():
        events = session.scalars(select(EventRow).where(EventRow.case_id == case_id)
                                 .order_by(EventRow.seq)).all()
        case = Case.replay(case_number, [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                         for e in events])
        delivered: dict[int, list[str]] = {}
        for row in session.scalars(select(OutboxRow).where(
                OutboxRow.case_id == case_id, OutboxRow.notice_type.in_(_LETTERS))
                .order_by(OutboxRow.id)):
            delivered.setdefault(owing_event_index(row.generation), []).append(_delivery(row))
        words = {i: "; ".join(d) for i, d in delivered.items()}
        out += [log_entry(case_number, i, x, words)
                for i, x in enumerate(case.disclosure_requests, start=1)]
    return out
