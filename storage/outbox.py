"""The outbox: notices owed, stored with the step that owes them; the dispatcher sends.

The Message-ID is chosen when the notice is owed and stored before any attempt, so a
crash between sending and recording cannot produce a second, different message: a retry
re-sends the same Message-ID, which recipients' mail systems recognise.

One module of some 480 lines, on purpose: every read and write of the outbox the
dispatcher's protocol rests on (owe, claim under a lease, record each attempt, mark sent
or failed, reclaim an expired lease, wake the dispatcher after a commit) is here, so that
protocol's invariants are read in one place. What is at risk among the pending notices,
and the clerk's digests, are `storage.risk`'s.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    ColumnElement,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session, sessionmaker

from cases.directory import Person
from cases.notices import ALERTS, NoticeType, OwedNotice, channel_of
from cases.ports import Clock
from storage.models import (
    PENDING_STATUTORY,
    CaseRow,
    DeliveryRow,
    OutboxRow,
)
from storage.repository import SqlCaseRepository


# what one attempt to send a notice came to, as the outbox records it (the transports in
# `mail.transport` answer with it; the App Home's and Slack's sends too)
class Outcome(StrEnum):
    SENT = "sent"  # accepted by the server (or written to the outbox folder)
    TEMPORARY = "temporary"  # 4xx, connection lost, timeout: try again later
    PERMANENT = "permanent"  # 5xx: retrying will not help


@dataclass(frozen=True)
class SendResult:
    outcome: Outcome
    reply: str

OWES_MAIL = "owes_mail"  # a session's mark: it wrote notices, its commit owes mail
_KEPT = 2000  # how much of a server's reply, or of an error, a delivery record keeps


class SqlOutbox:
    def __init__(self, session: Session, cases: SqlCaseRepository, *, clock: Clock,
                 msgid_domain: str) -> None:
        self.session, self.cases, self.clock = session, cases, clock
        self.msgid_domain = msgid_domain
        self._owed: dict[int, set[tuple[str, str, int, str]]] = {}
        self._pending: list[dict[str, Any]] = []
        event.listen(session, "do_orm_execute", self._write_pending)
        event.listen(session, "before_commit", self._write_pending)

    def _write_pending(self, *_: object) -> None:
        """Write the notices owed so far in one multi-row INSERT, before anything else is
        read in this transaction and before it commits. As ORM objects each row was an
        INSERT of its own (SQLite cannot return a multi-row INSERT's ids in order), which
        was more than half of opening a case (issue 3's backlog benchmark)."""
        if self._pending:
            rows, self._pending = self._pending, []
            self.session.connection().execute(insert(OutboxRow), rows)
            self.session.info[OWES_MAIL] = True  # wakes the dispatcher after the commit

    def add(self, notice: OwedNotice) -> None:
        """Owe `notice` once per (case, type, recipient, generation, slot)."""
        case = self.cases.row(notice.case_number)
        if case is None:
            raise LookupError(f"no stored case {notice.case_number} to owe a notice on")
        if case.id is None:
            self.session.flush()
        key = (notice.type.value, notice.recipient.email.lower(), notice.generation,
               notice.slot)
        owed = self._owed_on(case.id)
        if key in owed:
            return
        owed.add(key)
        self._owe(case_id=case.id, filing_id=None, notice_type=notice.type.value,
                  recipient=notice.recipient,
                  deadline_key=notice.deadline.value if notice.deadline else None,
                  generation=notice.generation,
                  message_id=notice_message_id(notice, self.msgid_domain),
                  channel=channel_of(notice.type), slot=notice.slot,
                  not_before=notice.not_before)

    def _owed_on(self, case_id: int) -> set[tuple[str, str, int, str]]:
        """The (type, recipient, generation) already owed on a case: read once per unit of
        work and kept current by `add`, every case notice being written through it. (A
        query per notice made opening a case cost ~40% of intake; issue 3's backlog goal.)"""
        owed = self._owed.get(case_id)
        if owed is None:
            rows = self.session.execute(select(
                OutboxRow.notice_type, OutboxRow.recipient_email, OutboxRow.generation,
                OutboxRow.slot).where(OutboxRow.case_id == case_id))
            owed = self._owed[case_id] = {(t, e, g, s) for t, e, g, s in rows}
        return owed

    def cancel_pending(self, number: str, *, reason: str) -> int:
        """Cancel every notice, reminder and alert on case `number` still unsent: the
        rows stay (status `cancelled`, when, why) and the dispatcher skips them. A row
        being sent this moment may still go out; it is then recorded as sent
        (`mail.dispatch.record_attempt`)."""
        case = self.cases.row(number)
        if case is None:
            raise LookupError(f"no stored case {number} to cancel notices on")
        result = self.session.execute(
            update(OutboxRow).where(OutboxRow.case_id == case.id,
                                    OutboxRow.status == "pending")
            .values(status="cancelled", cancelled_at=self.clock(), cancel_reason=reason)
            .execution_options(synchronize_session=False))
        return int(getattr(result, "rowcount", 0) or 0)

    def release_held(self, number: str, types: Iterable[NoticeType]) -> int:
        """Make the notices of `types` on case `number` that wait for a later moment and
        were never tried due now, and wake the dispatcher (`cases.protection_hold`)."""
        case = self.cases.row(number)
        if case is None:
            raise LookupError(f"no stored case {number} to release notices on")
        self._write_pending()
        now = self.clock()
        result = self.session.execute(
            update(OutboxRow).where(OutboxRow.case_id == case.id,
                                    OutboxRow.status == "pending", OutboxRow.attempts == 0,
                                    OutboxRow.next_attempt_at > now,
                                    OutboxRow.notice_type.in_([t.value for t in types]))
            .values(next_attempt_at=now).execution_options(synchronize_session=False))
        self.session.info[OWES_MAIL] = True
        return int(getattr(result, "rowcount", 0) or 0)

    def ever_sent(self, number: str) -> set[tuple[str, str, str]]:
        """(type, slot, recipient) of each notice on case `number` delivered at least once."""
        case = self.cases.row(number)
        if case is None:
            return set()
        rows = self.session.execute(select(
            OutboxRow.notice_type, OutboxRow.slot, OutboxRow.recipient_email).distinct()
            .where(OutboxRow.case_id == case.id, OutboxRow.status == "sent"))
        return {(t, s, e) for t, s, e in rows}

    def add_clerk_alert(self, *, filing_id: int, notice_type: NoticeType,
                        recipient: Person) -> None:
        """Tell the clerk about a message that opened no case (quarantined, flood, ...)."""
        self._owe(case_id=None, filing_id=filing_id, notice_type=notice_type.value,
                  recipient=recipient, deadline_key=None, generation=0,
                  message_id=f"<filing-{filing_id}.{notice_type}."
                             f"{secrets.token_hex(6)}@{self.msgid_domain}>")

    def add_alert(self, *, case_id: int, number: str, notice_type: NoticeType,
                  recipient: Person, generation: int, slot: str, channel: str) -> bool:
        """Owe an alert to the clerk on one channel, once (see `owe_alert`)."""
        return owe_alert(session=self.session, case_id=case_id, number=number,
                         notice_type=notice_type, recipient=recipient, generation=generation,
                         slot=slot, channel=channel, at=self.clock(),
                         msgid_domain=self.msgid_domain)

    def add_sign_in_link(self, *, link_id: int, recipient: Person) -> None:
        """Mail a person the sign-in link stored as `web_tokens` row `link_id`."""
        self._owe(case_id=None, filing_id=None, notice_type=NoticeType.SIGN_IN_LINK.value,
                  recipient=recipient, deadline_key=None, generation=link_id,
                  message_id=f"<sign-in-{link_id}.{secrets.token_hex(6)}@{self.msgid_domain}>")

    def _owe(self, *, case_id: int | None, filing_id: int | None, notice_type: str,
             recipient: Person, deadline_key: str | None, generation: int,
             message_id: str, channel: str = "email", slot: str = "",
             not_before: datetime | None = None) -> None:
        now: datetime = self.clock()
        self._pending.append({
            "case_id": case_id, "filing_id": filing_id, "notice_type": notice_type,
            "recipient_email": recipient.email.lower(), "recipient_name": recipient.name,
            "deadline_key": deadline_key, "generation": generation, "channel": channel,
            "slot": slot, "message_id": message_id, "status": "pending", "attempts": 0,
            "next_attempt_at": max(now, not_before) if not_before else now,
            "created_at": now})


def notice_message_id(notice: OwedNotice, domain: str) -> str:
    """`<eth-2026-0007.complaint_to_council.0.9f2c…@ethicsbot.city.test>`: the case number
    inside lets intake file a reply to its case; the random part keeps it unique."""
    slot = f"{notice.slot.replace(':', '-')}." if notice.slot else ""  # ':' is no atext
    return (f"<{notice.case_number.lower()}.{notice.type.value}.{slot}{notice.generation}."
            f"{secrets.token_hex(6)}@{domain}>")


def reclaim_leases(session: Session, *, now: datetime) -> int:
    """Make every notice claimed but never recorded due now; how many there were.

    Only the worker that has just taken the lock calls this: it is the only sender, so a
    claim it finds was made by a worker that died or lost the lock, and waiting out the
    lease would hold a statutory notice back for minutes. A claimed row is one with more
    attempts than recorded deliveries (a backoff after a failure is not a claim and is
    left alone); its attempts go back to the recorded count, and it takes its place in
    the queue again as of when it was owed, ahead of whatever was owed after it.
    """
    recorded = (select(func.count()).select_from(DeliveryRow)
                .where(DeliveryRow.outbox_id == OutboxRow.id).scalar_subquery())
    result = session.execute(
        update(OutboxRow)
        .where(OutboxRow.status == "pending", OutboxRow.next_attempt_at > now,
               OutboxRow.attempts > recorded)
        .values(next_attempt_at=OutboxRow.created_at, attempts=recorded)
        .execution_options(synchronize_session=False))
    return int(getattr(result, "rowcount", 0) or 0)


# the notices with a deadline key that serve no deadline of their own
NOT_STATUTORY = tuple(sorted([NoticeType.REMINDER.value, *(t.value for t in ALERTS)]))


def statutory() -> ColumnElement[bool]:
    """A notice the ordinance requires: it serves a statutory deadline (a reminder or an
    alert to the clerk serves none of its own)."""
    return OutboxRow.deadline_key.is_not(None) & OutboxRow.notice_type.not_in(NOT_STATUTORY)


def owe_alert(*, session: Session, case_id: int, number: str, notice_type: NoticeType,
              recipient: Person, generation: int, slot: str, channel: str, at: datetime,
              msgid_domain: str) -> bool:
    """Owe one alert to the clerk on one channel; owing it again is a no-op (the outbox's
    unique key: case, type, recipient, channel, slot, generation). True if it is new."""
    values = dict(
        case_id=case_id, filing_id=None, notice_type=notice_type.value,
        recipient_email=recipient.email.lower(), recipient_name=recipient.name,
        deadline_key=None, generation=generation, channel=channel, slot=slot,
        status="pending", attempts=0, next_attempt_at=at, created_at=at,
        message_id=f"<{number.lower()}.{notice_type.value}.{generation}.{slot or 'once'}."
                   f"{channel}.{secrets.token_hex(4)}@{msgid_domain}>")
    from sqlalchemy.dialects import postgresql, sqlite

    dialect = session.get_bind().dialect.name
    ins = postgresql.insert if dialect == "postgresql" else sqlite.insert
    # RETURNING, not rowcount: an ORM session's INSERT reports a rowcount of -1 here
    added = session.execute(ins(OutboxRow).values(**values).on_conflict_do_nothing()
                            .returning(OutboxRow.id)).first()
    return added is not None


@dataclass(frozen=True)
class DeliveryFigures:
    """The outbox at a glance, for `ethicsbot status`, `/readyz` and the worker's log."""

    pending: int  # every notice, reminder and alert still to be sent
    overdue: int  # statutory notices still unsent longer than the alert threshold
    failed: int  # statutory notices that failed for good: a person must deliver them
    cancelled: int = 0  # never sent because their case was voided (kept, with the reason)

    def as_json(self) -> dict[str, int]:
        return {"pending": self.pending, "overdue": self.overdue, "failed": self.failed,
                "cancelled": self.cancelled}


def delivery_figures(session: Session, *, now: datetime,
                     overdue_after: timedelta) -> DeliveryFigures:
    counts = session.execute(select(
        func.count().filter(OutboxRow.status == "pending"),
        func.count().filter(OutboxRow.status == "pending", statutory(),
                            OutboxRow.created_at <= now - overdue_after),
        func.count().filter(OutboxRow.status == "failed", statutory()),
        func.count().filter(OutboxRow.status == "cancelled"))).one()
    return DeliveryFigures(*(int(c or 0) for c in counts))


def claim_due(session: Session, *, now: datetime, batch: int, lease: timedelta
              ) -> list[tuple[int, str]]:
    """Lease up to `batch` notices due by `now` (skipping rows another worker holds); their
    ids and channels. A claim counts as an attempt until its delivery is recorded.

    Both ends of the queue (issue 39): up to half the batch, sent first, is the
    statutory notices (those serving a deadline) of the newest cases, so a complaint
    that comes in behind tens of thousands of queued notices, or behind the reminders a
    sweep just owed on old cases, has its §2 notices out in the next round rather than
    an hour later; the rest is the longest waiting, invites after the rest
    (`OutboxRow.rank`), so a backlog drains in the order it was owed. The newest cases
    are read off the cases' primary key and their rows off `outbox.case_id`'s index, the
    longest waiting off `ix_outbox_status_rank_next_id` in its order (rows queued at one
    moment were sorted by id for every claim before it ended with the id: 110-380 ms a
    round at 190,000 such rows on PostgreSQL): never the whole queue."""
    due = select(OutboxRow).where(OutboxRow.status == "pending", OutboxRow.next_attempt_at <= now)
    newest_cases = select(CaseRow.id).order_by(CaseRow.id.desc()).limit(batch // 2)
    newest = session.scalars(
        due.where(OutboxRow.case_id.in_(newest_cases.scalar_subquery()),
                  OutboxRow.deadline_key.is_not(None))
        .order_by(OutboxRow.case_id.desc(), OutboxRow.rank, OutboxRow.id)
        .limit(batch // 2).with_for_update(skip_locked=True)).all() if batch > 1 else []
    oldest = session.scalars(
        due.where(OutboxRow.id.not_in([r.id for r in newest]))
        .order_by(OutboxRow.rank, OutboxRow.next_attempt_at, OutboxRow.id)
        .limit(batch - len(newest)).with_for_update(skip_locked=True)).all()
    rows = [*newest, *oldest]
    for r in rows:
        r.next_attempt_at, r.attempts = now + lease, r.attempts + 1
    return [(r.id, r.channel) for r in rows]


def newest_case_owed(session: Session, *, now: datetime) -> int | None:
    """The newest case with a statutory notice due and unclaimed (a complaint just in),
    read off the index of pending statutory notices (`ix_outbox_pending_deadline`)."""
    return session.scalars(select(OutboxRow.case_id).where(
        text(PENDING_STATUTORY), OutboxRow.next_attempt_at <= now,
        OutboxRow.case_id.is_not(None)).order_by(OutboxRow.case_id.desc()).limit(1)).first()


def release_claims(session: Session, ids: list[int], *, now: datetime) -> None:
    """Give back notices claimed but not attempted: due again at `now`."""
    session.execute(update(OutboxRow).where(OutboxRow.id.in_(ids), OutboxRow.status == "pending")
                    .values(next_attempt_at=now, attempts=OutboxRow.attempts - 1))


def resume_waiting(session: Session, *, now: datetime, error_prefix: str) -> int:
    """Make every pending notice whose last error starts with `error_prefix` due `now`;
    how many there were."""
    result = session.execute(
        update(OutboxRow)
        .where(OutboxRow.status == "pending", OutboxRow.next_attempt_at > now,
               OutboxRow.last_error.startswith(error_prefix))
        .values(next_attempt_at=now).execution_options(synchronize_session=False))
    return int(getattr(result, "rowcount", 0) or 0)


def recipients(session: Session, *, case_id: int, notice_type: str) -> tuple[set[str], set[str]]:
    """Who a case owes `notice_type` to, and to whom it was sent."""
    owed = select(OutboxRow.recipient_email).where(
        OutboxRow.case_id == case_id, OutboxRow.notice_type == notice_type)
    return set(session.scalars(owed)), set(session.scalars(owed.where(OutboxRow.status == "sent")))


@dataclass(frozen=True)
class Notice:
    """One notice in the outbox as mail reads it (to render it, to record an attempt, to
    file a bounce), read in its transaction: mail changes a notice only through the
    functions below, so the table's shape stays in storage/."""

    id: int
    case_id: int | None
    filing_id: int | None  # a clerk's alert about a message intake held
    notice_type: str
    recipient_name: str
    recipient_email: str
    deadline_key: str | None
    generation: int
    channel: str
    slot: str
    message_id: str
    status: str
    attempts: int
    created_at: datetime
    last_error: str | None

    @property
    def addressed(self) -> str:
        """The recipient as a mail header names them: `Name <address>`."""
        return f"{self.recipient_name} <{self.recipient_email}>"


_NOTICE_COLUMNS = tuple(f.name for f in fields(Notice))


def _notice(row: OutboxRow) -> Notice:
    return Notice(**{name: getattr(row, name) for name in _NOTICE_COLUMNS})


def notice(session: Session, row_id: int) -> Notice | None:
    """Outbox row `row_id` (the dispatcher's claimed row, an alert's failed notice)."""
    row = session.get(OutboxRow, row_id)
    return _notice(row) if row is not None else None


def latest_generation(session: Session, *, case_id: int, notice_type: str, recipient: str
                      ) -> Notice | None:
    """The newest generation of `notice_type` owed to `recipient` on a case."""
    row = session.scalars(select(OutboxRow).where(
        OutboxRow.case_id == case_id, OutboxRow.notice_type == notice_type,
        OutboxRow.recipient_email == recipient.strip().lower())
        .order_by(OutboxRow.generation.desc()).limit(1)).first()
    return _notice(row) if row is not None else None


def by_message_id(session: Session, message_id: str) -> Notice | None:
    """The notice sent with `message_id` (no brackets; as written, or lowercased as our
    own ids are made), if it is ours. Looked up by the unique index, never lower() of
    the column: anyone can mail a bounce naming any id, and each must cost an index
    probe, not a scan of the whole outbox."""
    bare = message_id.strip("<>")[:998]
    row = session.scalars(select(OutboxRow).where(
        OutboxRow.message_id.in_({f"<{bare}>", f"<{bare.lower()}>"}))).first()
    return _notice(row) if row is not None else None


def record_delivery(session: Session, row_id: int, *, at: datetime, outcome: str,
                    reply: str) -> None:
    """One attempt to deliver notice `row_id` (or a bounce reporting one failed): the
    `deliveries` row that is the proof of notice, with what the server said."""
    row = _loaded(session, row_id)
    session.add(DeliveryRow(outbox_id=row.id, attempted_at=at, recipient=row.recipient_email,
                            message_id=row.message_id, outcome=outcome,
                            server_reply=reply[:_KEPT]))


def mark_sent(session: Session, row_id: int, *, at: datetime) -> None:
    """Notice `row_id` was delivered at `at` (one cancelled while on its way too: it went
    all the same, and its reason to cancel stays)."""
    row = _loaded(session, row_id)
    row.status, row.sent_at, row.last_error = "sent", at, None


def mark_failed(session: Session, row_id: int, *, error: str) -> None:
    """Notice `row_id` will not be delivered (refused for good, bounced): a person must
    deliver it, and the caller alerts the clerk."""
    row = _loaded(session, row_id)
    row.status, row.last_error = "failed", error[:_KEPT]


def note_error(session: Session, row_id: int, *, error: str,
               retry_at: datetime | None = None) -> None:
    """What went wrong with notice `row_id`'s last attempt; `retry_at`, when it is due
    again (a temporary failure's backoff)."""
    row = _loaded(session, row_id)
    row.last_error = error[:_KEPT]
    if retry_at is not None:
        row.next_attempt_at = retry_at


def _loaded(session: Session, row_id: int) -> OutboxRow:
    """The row the caller has read in this transaction, from the session's identity map
    (no query): a change to it is written at the transaction's next flush, with the
    rest."""
    row = session.get(OutboxRow, row_id)
    assert row is not None  # read in this transaction, and outbox rows are never deleted
    return row


def on_mail_owed(factory: sessionmaker[Any], owed: Callable[[], object]
                 ) -> Callable[[], None]:
    """Call `owed` after any commit of `factory`'s sessions that wrote a notice to the
    outbox (`SqlOutbox` marks the session as it writes them; a row added as an object
    marks it at the flush), and not after a rollback; returns what removes the hooks."""
    def flushed(session: Session, _ctx: object) -> None:
        if any(isinstance(o, OutboxRow) for o in session.new):
            session.info[OWES_MAIL] = True

    def committed(session: Session) -> None:
        if session.info.pop(OWES_MAIL, False):
            owed()

    def rolled_back(session: Session) -> None:
        session.info.pop(OWES_MAIL, None)

    hooks = (("after_flush", flushed), ("after_commit", committed),
             ("after_rollback", rolled_back))
    for name, fn in hooks:
        event.listen(factory, name, fn)

    def unhook() -> None:
        for name, fn in hooks:
            event.remove(factory, name, fn)
    return unhook


def thread_root(session: Session, case_id: int) -> str | None:
    """The Message-ID of a case's first notice: every later one replies to it."""
    return session.scalars(select(OutboxRow.message_id).where(OutboxRow.case_id == case_id)
                           .order_by(OutboxRow.id).limit(1)).first()


def last_reply(session: Session, outbox_id: int) -> str | None:
    """What the mail server said to a notice's last delivery attempt."""
    return session.scalars(select(DeliveryRow.server_reply).where(
        DeliveryRow.outbox_id == outbox_id).order_by(DeliveryRow.id.desc()).limit(1)).first()


def unsent(session: Session, *, case_id: int | None, deadline_key: str) -> list[Notice]:
    """A case's notices for a deadline not yet sent, oldest first."""
    return [_notice(row) for row in session.scalars(select(OutboxRow).where(
        OutboxRow.case_id == case_id, OutboxRow.deadline_key == deadline_key,
        OutboxRow.status != "sent").order_by(OutboxRow.id))]


def invited(session: Session, *, recipient: str, types: Iterable[NoticeType]
            ) -> list[tuple[str, str, str]]:
    """(case number, notice type, slot) of each invite owed to `recipient` on a case still
    open, sorted."""
    rows = session.execute(select(CaseRow.number, OutboxRow.notice_type, OutboxRow.slot)
                           .distinct().join(CaseRow, CaseRow.id == OutboxRow.case_id)
                           .where(OutboxRow.recipient_email == recipient.lower(),
                                  OutboxRow.notice_type.in_([t.value for t in types]),
                                  CaseRow.stage.notin_(("closed", "void"))))
    return sorted((n, k, s) for n, k, s in rows)
