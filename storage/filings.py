"""Every message taken in, kept byte for byte with what became of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from storage.models import CaseRow, FilingRow


class SqlFilings:
    def __init__(self, session: Session) -> None:
        self.session = session

    def find(self, *, message_id: str | None, content_hash: str) -> FilingRow | None:
        """The same message taken in before: same Message-ID, else same bytes."""
        cond = FilingRow.content_hash == content_hash
        if message_id:
            cond = or_(cond, FilingRow.message_id == message_id)
        return self.session.scalars(select(FilingRow).where(cond).limit(1)).first()

    def get(self, filing_id: int) -> FilingRow | None:
        return self.session.get(FilingRow, filing_id)

    def case_number(self, filing: FilingRow) -> str | None:
        if filing.case_id is None:
            return None
        q = select(CaseRow.number).where(CaseRow.id == filing.case_id)
        return self.session.scalars(q).one()

    def count_from(self, sender: str, *, sent_after: datetime, sent_until: datetime) -> int:
        """How many messages this forwarder sent in the window (flood protection)."""
        return self.session.scalar(select(func.count()).select_from(FilingRow).where(
            FilingRow.sender == sender, FilingRow.sent_at > sent_after,
            FilingRow.sent_at <= sent_until)) or 0

    def add(self, *, case_id: int | None, source: str, message_id: str | None,
            content_hash: str, sender: str | None, outcome: str, reason: str | None,
            raw: bytes, parsed: dict[str, Any] | None, at: datetime,
            sent_at: datetime) -> int:
        """Keep a message taken in with its outcome; its id (flushed now: a clerk's alert
        about a held message names it)."""
        row = FilingRow(case_id=case_id, source=source, message_id=message_id,
                        content_hash=content_hash, sender=sender, outcome=outcome,
                        reason=reason, raw=raw, parsed=parsed, taken_at=at,
                        sent_at=sent_at)
        self.session.add(row)
        self.session.flush()
        return row.id

    def record_decision(self, filing_id: int, *, outcome: str, reason: str,
                        case_id: int | None = None) -> None:
        """A clerk's decision on a message intake held: its new outcome, the reason that
        now says who decided, and the case it opened, if it opened one. The row is the
        one `get` read in this transaction; it is written at the next flush."""
        row = self.session.get(FilingRow, filing_id)
        assert row is not None  # read by `get` in this transaction; filings are kept
        if case_id is not None:
            row.case_id = case_id
        row.outcome, row.reason = outcome, reason


def opened_complaint(session: Session, case_id: int) -> bytes | None:
    """The message that opened a case, as received."""
    return session.scalars(select(FilingRow.raw).where(
        FilingRow.case_id == case_id, FilingRow.outcome == "opened")
        .order_by(FilingRow.id).limit(1)).first()


def original(session: Session, *, number: str, filing_id: int) -> bytes | None:
    """A filing of case `number` as received; None if the case has no such filing."""
    return session.scalar(select(FilingRow.raw).join(CaseRow, CaseRow.id == FilingRow.case_id)
                          .where(FilingRow.id == filing_id, CaseRow.number == number))


def of_case(session: Session, number: str) -> list[tuple[int, str, bytes]]:
    """(id, source, bytes) of every filing of case `number`, in the order taken in."""
    rows = session.execute(select(FilingRow.id, FilingRow.source, FilingRow.raw)
                           .join(CaseRow, CaseRow.id == FilingRow.case_id)
                           .where(CaseRow.number == number).order_by(FilingRow.id))
    return [(i, source, raw) for i, source, raw in rows]


HELD = "quarantined"  # the outcome of a message intake holds for the clerk (mail.intake)


def held(session: Session, *, limit: int = 500) -> list[Any]:
    """The messages intake holds for the clerk's review, newest first: id, when taken
    in, by what way, from whom, why, and the size (never the bytes: a list is cheap)."""
    return list(session.execute(
        select(FilingRow.id, FilingRow.taken_at, FilingRow.source, FilingRow.sender,
               FilingRow.reason, func.length(FilingRow.raw).label("size"))
        .where(FilingRow.outcome == HELD, FilingRow.case_id.is_(None))
        .order_by(FilingRow.id.desc()).limit(limit)))


@dataclass(frozen=True)
class HeldMessage:
    """One message intake holds, as the clerk reviews it: the bytes as received."""

    id: int
    taken_at: datetime
    source: str
    sender: str | None
    reason: str | None
    raw: bytes


def held_message(session: Session, filing_id: int) -> HeldMessage | None:
    """One held message, bytes and all; None if `filing_id` is not one held."""
    row = session.scalars(select(FilingRow).where(
        FilingRow.id == filing_id, FilingRow.outcome == HELD,
        FilingRow.case_id.is_(None))).first()
    return None if row is None else HeldMessage(row.id, row.taken_at, row.source, row.sender,
                                                row.reason, row.raw)
