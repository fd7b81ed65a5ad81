"""What the reminder scheduler reads and writes: open deadlines and owed reminders.

A reminder is an outbox row (notice_type "reminder", slot "<deadline>:<moment>", one per
person and channel), so it gets the notices' retries and proof, and the unique key on the
outbox makes owing the same reminder twice impossible, across restarts and workers.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from cases.deadlines import DeadlineKey, Responsible, Status
from cases.directory import Person
from cases.notices import NoticeType
from storage.models import CaseRow, DeadlineRow, OutboxRow

REMINDER = NoticeType.REMINDER.value


@dataclass(frozen=True)
class OpenDeadline:
    number: str
    case_id: int
    received_at: datetime
    respondents: tuple[str, ...]
    key: DeadlineKey
    due: datetime  # the moment reminders follow: the earlier reading's date, if two differ
    status: Status
    responsible: Responsible


def remindable_deadlines(*, session: Session, numbers: Iterable[str] | None = None
                   ) -> list[OpenDeadline]:
    """Deadlines with a due date that are not yet done: on cases under review (not closed,
    not void), and the answer to a disclosure request on any case. Where the city's
    reading and the other give different dates, reminders follow the earlier."""
    q = (select(CaseRow.number, CaseRow.id, CaseRow.received_at, CaseRow.respondents,
                DeadlineRow.key, DeadlineRow.due, DeadlineRow.status, DeadlineRow.responsible,
                DeadlineRow.other_due)
         .join(DeadlineRow, DeadlineRow.case_id == CaseRow.id)
         .where(CaseRow.stage.not_in(("closed", "void"))
                | (DeadlineRow.key == DeadlineKey.DISCLOSURE_RESPONSE.value),
                DeadlineRow.due.is_not(None),
                DeadlineRow.status.in_([Status.OPEN.value, Status.MISSED.value]),
                DeadlineRow.responsible != Responsible.INTAKE.value))
    if numbers is not None:
        q = q.where(CaseRow.number.in_(list(numbers)))
    return [OpenDeadline(r[0], r[1], r[2], tuple(r[3] or ()), DeadlineKey(r[4]),
                         min(r[5], r[8]) if r[8] is not None else r[5],
                         Status(r[6]), Responsible(r[7]))
            for r in session.execute(q) if r[5] is not None]


def sent_slots(*, session: Session, case_ids: Iterable[int] | None = None
               ) -> dict[tuple[int, str], set[str]]:
    """(case id, deadline key) -> the reminder moments already owed."""
    q = select(OutboxRow.case_id, OutboxRow.slot).where(OutboxRow.notice_type == REMINDER)
    if case_ids is not None:
        q = q.where(OutboxRow.case_id.in_(list(case_ids)))
    out: dict[tuple[int, str], set[str]] = defaultdict(set)
    for case_id, slot in session.execute(q):
        key, _, moment = slot.partition(":")
        if case_id is not None:
            out[(case_id, key)].add(moment)
    return out


def changed_since(*, session: Session, since: datetime) -> list[tuple[str, datetime]]:
    return [(n, t) for n, t in session.execute(
        select(CaseRow.number, CaseRow.updated_at).where(CaseRow.updated_at >= since))]


def owe_reminder(*, session: Session, case_id: int, number: str, key: DeadlineKey, moment: str,
                 person: Person, channel: str, at: datetime, msgid_domain: str) -> None:
    """Owe one reminder; owing it again is a no-op (the outbox's unique key)."""
    values = dict(
        case_id=case_id, notice_type=REMINDER, recipient_email=person.email.lower(),
        recipient_name=person.name, deadline_key=key.value, generation=0, channel=channel,
        slot=f"{key.value}:{moment}", status="pending", attempts=0, next_attempt_at=at,
        created_at=at,
        message_id=f"<{number.lower()}.reminder.{key.value}.{moment}.{channel}."
                   f"{secrets.token_hex(4)}@{msgid_domain}>")
    dialect = session.get_bind().dialect.name
    ins = postgresql.insert if dialect == "postgresql" else sqlite.insert
    session.execute(ins(OutboxRow).values(**values).on_conflict_do_nothing())
