"""What the reminder scheduler reads and writes: when to look next, the deadlines due a
look, and the reminders owed.

Each deadline row carries `remind_at`, the next moment the scheduler must look at it
(indexed). The repository sets it to the time of writing whenever it rewrites a case's
deadlines ("look at this one now"); the scheduler, having looked, sets it to the next
reminder moment `scheduler.plan` gives, or NULL when none is left. So the next moment
due anywhere is one indexed query (`next_moment`), and what is due is an index range
(`due_for_a_look`), whatever the size of the docket. Nothing is read by when it was
stamped: a change is found by the state it leaves, so a transaction that commits after
a later-stamped one is found all the same (no high-water mark to run ahead of commits).

A reminder is an outbox row (notice_type "reminder", slot "<deadline>:<moment>", or
"<deadline>@<official>:<moment>" for a deadline each official has their own of (§12), one
per person and channel), so it gets the notices' retries and proof, and the unique key on
the outbox makes owing the same reminder twice impossible, across restarts and workers.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from cases.deadlines import DeadlineKey
from cases.directory import Person
from cases.notices import NoticeType
from storage.calendar_state import stale_column
from storage.models import CaseRow, DeadlineRow, OutboxRow

REMINDER = NoticeType.REMINDER.value
# how much of the official's email a reminder's slot keeps (the outbox's slot is 80
# characters); a deadline is matched to its slot by this much (`reminder_slot`)
OFFICIAL_IN_SLOT = 48


def reminder_slot(key: str, official: str, moment: str) -> str:
    """A reminder's slot: the deadline (and whose, where each official has their own),
    and the moment ("council_decision@gpruitt@city.test:before-1d")."""
    return f"{key}@{official[:OFFICIAL_IN_SLOT]}:{moment}" if official else f"{key}:{moment}"


def slot_parts(slot: str) -> tuple[str, str, str]:
    """A reminder slot's deadline key, official (as far as the slot keeps it; "" for the
    case's own deadlines) and moment: `reminder_slot` read back."""
    head, _, moment = slot.rpartition(":")
    key, _, official = head.partition("@")
    return key, official, moment


def is_of(official: str, kept: str) -> bool:
    """Whether a deadline's `official` is the one a slot kept (`OFFICIAL_IN_SLOT`)."""
    return official[:OFFICIAL_IN_SLOT] == kept


@dataclass(frozen=True)
class DeadlineToLook:
    """A deadline whose `remind_at` has come, with what deciding its reminders needs.

    Raw stored values: the scheduler decides whether it is still remindable."""

    number: str
    case_id: int
    stage: str
    received_at: datetime
    respondents: tuple[str, ...]
    key: str
    due: datetime | None
    status: str
    responsible: str
    remind_at: datetime
    other_due: datetime | None = None  # the other reading's date, where it differs
    # computed under another calendar or readings than those in force: not reminded of
    # until recomputed (`storage.calendar_state`)
    stale: bool = False
    official: str = ""  # whose deadline, where each official has their own (§12)


def next_moment(*, session: Session) -> datetime | None:
    """The earliest moment any deadline is due a look (one index lookup)."""
    moment: datetime | None = session.scalar(select(func.min(DeadlineRow.remind_at)))
    return moment


def due_for_a_look(*, session: Session, now: datetime, limit: int) -> list[DeadlineToLook]:
    """Up to `limit` deadlines whose `remind_at` is at or before `now`, earliest first,
    their rows locked for this transaction; a row another transaction holds is skipped.

    Why lock at the read, and skip: the batch then writes (`look_again_at`) only rows it
    holds already, so it never waits for a row while holding others. A case's save (a
    recomputation, a step, the §2 notice served) deletes and rewrites all of that case's
    deadlines; the batch updated its 500 rows in `remind_at` order, across cases and
    keys, and on PostgreSQL the two, each holding a row the other wanted, ended in
    "deadlock detected" (issue 39: the reminders against the recomputation after a change
    of the city's file). A row skipped is being rewritten, and a rewritten deadline is
    due a look at once: the next pass sees it. SQLite has one writer and no row locks
    (nothing is rendered for them there)."""
    q = (select(CaseRow.number, CaseRow.id, CaseRow.stage, CaseRow.received_at,
                CaseRow.respondents, DeadlineRow.key, DeadlineRow.due, DeadlineRow.status,
                DeadlineRow.responsible, DeadlineRow.remind_at, DeadlineRow.other_due,
                stale_column(), DeadlineRow.official)
         .join(CaseRow, CaseRow.id == DeadlineRow.case_id)
         .where(DeadlineRow.remind_at <= now)
         # the index's own order, no tie-breaker: after an upgrade every open deadline
         # has the same moment, and sorting them all for each batch is the whole cost
         .order_by(DeadlineRow.remind_at)
         .limit(limit)
         .with_for_update(of=DeadlineRow, skip_locked=True, key_share=True))
    return [DeadlineToLook(r[0], r[1], r[2], r[3], tuple(r[4] or ()), r[5], r[6], r[7], r[8],
                           r[9], r[10], bool(r[11]), r[12]) for r in session.execute(q)]


def look_again_at(*, session: Session, moves: Sequence[tuple[DeadlineToLook, datetime | None]]
                  ) -> int:
    """Set each deadline's next look; returns how many rows were set.

    Only where the deadline is still as it was read (its due time and status): one
    rewritten meanwhile with another date (another process took a step) keeps its own
    `remind_at` and is looked at again. Found by primary key alone: `remind_at` is not
    compared, since after an upgrade it is one value shared by every open deadline, and
    `IS NOT DISTINCT FROM` on `due` keeps the planner on the key without statistics."""
    if not moves:
        return 0
    stmt = (update(DeadlineRow)
            .where(DeadlineRow.case_id == bindparam("b_case"),
                   DeadlineRow.key == bindparam("b_key"),
                   DeadlineRow.official == bindparam("b_official"),
                   DeadlineRow.due.is_not_distinct_from(bindparam("b_due")),
                   DeadlineRow.status == bindparam("b_status"))
            .values(remind_at=bindparam("b_next"))
            .execution_options(synchronize_session=False))
    params = [{"b_case": d.case_id, "b_key": d.key, "b_official": d.official, "b_due": d.due,
               "b_status": d.status, "b_next": nxt} for d, nxt in moves]
    result = session.connection().execute(stmt, params)
    return int(result.rowcount)


def sent_slots(*, session: Session, case_ids: Iterable[int] | None = None
               ) -> dict[tuple[int, str, str], set[str]]:
    """(case id, deadline key, official as the slot keeps it) -> the reminder moments
    already owed."""
    q = select(OutboxRow.case_id, OutboxRow.slot).where(OutboxRow.notice_type == REMINDER)
    if case_ids is not None:
        q = q.where(OutboxRow.case_id.in_(list(case_ids)))
    out: dict[tuple[int, str, str], set[str]] = defaultdict(set)
    for case_id, slot in session.execute(q):
        key, official, moment = slot_parts(slot)
        if case_id is not None:
            out[(case_id, key, official)].add(moment)
    return out


def reminder_row(*, case_id: int, number: str, key: DeadlineKey, moment: str, person: Person,
                 channel: str, at: datetime, msgid_domain: str, official: str = ""
                 ) -> dict[str, Any]:
    """One reminder owed, as an outbox row's values (for `owe_reminders`)."""
    return dict(
        case_id=case_id, notice_type=REMINDER, recipient_email=person.email.lower(),
        recipient_name=person.name, deadline_key=key.value, generation=0, channel=channel,
        slot=reminder_slot(key.value, official, moment), status="pending", attempts=0,
        next_attempt_at=at,
        created_at=at, filing_id=None, sent_at=None, last_error=None,
        message_id=f"<{number.lower()}.reminder.{key.value}.{moment}.{channel}."
                   f"{secrets.token_hex(4)}@{msgid_domain}>")


def owe_reminders(*, session: Session, rows: Sequence[dict[str, Any]]) -> None:
    """Owe these reminders in one statement; one owed before is skipped (the outbox's
    unique key), so owing the same reminder twice is impossible."""
    if not rows:
        return
    dialect = session.get_bind().dialect.name
    ins = postgresql.insert if dialect == "postgresql" else sqlite.insert
    table = cast(Table, OutboxRow.__table__)  # Core executemany: one round trip a batch
    session.connection().execute(ins(table).on_conflict_do_nothing(), list(rows))
