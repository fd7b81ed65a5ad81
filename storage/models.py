"""The database tables. The case's event history is the truth; `cases` and `deadlines`
are snapshots of it kept for queries (the docket, reminders), rewritten on every change.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from cases.notices import dispatch_rank
from storage.db import UTCDateTime

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy's documented class attribute
        datetime: UTCDateTime, dict[str, Any]: JSON, list[Any]: JSON}


class CaseNumber(Base):
    """The last case number given out each year (ETH-YYYY-NNNN)."""

    __tablename__ = "case_numbers"
    year: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    last: Mapped[int] = mapped_column(default=0)


class CaseRow(Base):
    __tablename__ = "cases"
    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    stage: Mapped[str] = mapped_column(String(40))
    confidential: Mapped[bool]
    received_at: Mapped[datetime]
    respondents: Mapped[list[Any]]
    # members who recused on the case: walled off from it (`cases.access.case_access`)
    walled: Mapped[list[Any]] = mapped_column(default=list, server_default="[]")
    next_due: Mapped[datetime | None] = mapped_column(index=True)
    next_due_key: Mapped[str | None] = mapped_column(String(40))
    tolled: Mapped[bool] = mapped_column(default=False)
    event_count: Mapped[int] = mapped_column(default=0)
    updated_at: Mapped[datetime]
    # the calendar and readings its deadlines were computed under
    # (`cases.services.calendar_in_force`); None: unknown, taken as those in force
    computed_under: Mapped[str | None] = mapped_column(String(64))
    # the hash of its last event (`cases.chain`; the GENESIS hash before the first):
    # `event_count` entries lead to it
    head: Mapped[str | None] = mapped_column(String(64))


class CaseSearchRow(Base):
    """What each level of access may find a case by (`cases.search.searchable`): one row
    per level, rewritten with the case, read by the docket's search (a LIKE over `text`,
    the reader's level picked in the statement, `storage.queries`)."""

    __tablename__ = "case_search"
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    access: Mapped[str] = mapped_column(String(20), primary_key=True)
    text: Mapped[str] = mapped_column(Text)


class EventRow(Base):
    """Append-only history: what happened, when, and who recorded it."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("case_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), index=True)
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(40))
    at: Mapped[datetime]
    actor: Mapped[str] = mapped_column(String(320))
    data: Mapped[dict[str, Any]]
    # SHA-256 of this entry chained to the one before (`cases.chain.entry_hash`)
    hash: Mapped[str] = mapped_column(String(64))


class DocketChainRow(Base):
    """The docket-wide chain (`cases.chain.DocketEntry`): each new head of a case's history
    (`kind` "events", one per saved batch) and each export of its record (`kind`
    "export"), chained by `hash` to the entry before, so that a case deleted or a history
    cut short is found. Written only by `storage.chain.append`, under `DocketHeadRow`'s
    lock."""

    __tablename__ = "docket_chain"
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(10))
    at: Mapped[datetime]
    case_number: Mapped[str] = mapped_column(String(20), index=True)
    seq: Mapped[int]
    head: Mapped[str] = mapped_column(String(64))
    detail: Mapped[dict[str, Any]]
    hash: Mapped[str] = mapped_column(String(64))


class DocketHeadRow(Base):
    """The one row (`id` 1) naming the docket chain's last entry: locked by every writer
    of the chain, so that entries are appended one at a time on every backend."""

    __tablename__ = "docket_head"
    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    count: Mapped[int]
    hash: Mapped[str] = mapped_column(String(64))


class DeadlineRow(Base):
    __tablename__ = "deadlines"
    # the at-risk sweep's way in (`storage.risk.at_risk`): the deadlines still running
    # (or missed) by due time, not every deadline ever computed
    __table_args__ = (Index("ix_deadlines_status_due", "status", "due"),)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    # whose deadline, where each official has their own (§12's seven days); "" for the
    # case's own (`cases.deadline_values.Deadline.official`; 0015)
    official: Mapped[str] = mapped_column(String(320), primary_key=True, default="",
                                          server_default="")
    due: Mapped[datetime | None] = mapped_column(index=True)
    status: Mapped[str] = mapped_column(String(20))
    responsible: Mapped[str] = mapped_column(String(40))
    basis: Mapped[str] = mapped_column(Text)
    # where the city's reading changes the date: the reading used, and the other's date
    reading: Mapped[str | None] = mapped_column(Text)
    other_reading: Mapped[str | None] = mapped_column(Text)
    other_due: Mapped[datetime | None]
    # the next moment the reminder scheduler must look at this deadline: set to the time
    # of writing whenever the row is (re)written, then by the scheduler to its next
    # reminder moment, NULL when none is left (storage/reminders.py)
    remind_at: Mapped[datetime | None] = mapped_column(index=True)


class FilingRow(Base):
    """Every message or form taken in, exactly as received: the board needs the
    complaint as filed, and a refused message is kept, never lost."""

    __tablename__ = "filings"
    # The flood check counts one sender's filings sent within a day: with sent_at in the
    # index that is an index range, not a walk over every filing (and its raw bytes).
    __table_args__ = (Index("ix_filings_sender_sent_at", "sender", "sent_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[int | None] = mapped_column(ForeignKey("cases.id"), index=True)
    source: Mapped[str] = mapped_column(String(20))  # imap, maildir, slack, cli
    message_id: Mapped[str | None] = mapped_column(String(998), index=True)
    content_hash: Mapped[str] = mapped_column(String(64), unique=True)
    sender: Mapped[str | None] = mapped_column(String(320))
    outcome: Mapped[str] = mapped_column(String(20))  # opened, quarantined, correspondence
    reason: Mapped[str | None] = mapped_column(Text)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    parsed: Mapped[dict[str, Any] | None]
    taken_at: Mapped[datetime]
    # when the message says it was sent (its Date), else when it was taken in: a backlog
    # read after an outage is judged by when it was sent, not by when we caught up
    sent_at: Mapped[datetime]


def _rank(context: Any) -> int:
    """Every row's rank from its type, however it is inserted (one row or many)."""
    return dispatch_rank(context.get_current_parameters()["notice_type"])


PENDING_STATUTORY = "status = 'pending' AND deadline_key IS NOT NULL"
FAILING_STATUTORY = PENDING_STATUTORY + " AND last_error IS NOT NULL"


class OutboxRow(Base):
    """A notice owed, written in the same transaction as the step that owes it. A notice
    about a case has `case_id`; an alert to the clerk about a refused message, `filing_id`."""

    __tablename__ = "outbox"
    __table_args__ = (
        UniqueConstraint("case_id", "notice_type", "recipient_email", "channel", "slot",
                         "generation"),
        Index("ix_outbox_status_next", "status", "next_attempt_at"),
        # the claim's order, id last: rows due at one moment are read in order, not
        # sorted (`storage.outbox.claim_due`; 0014)
        Index("ix_outbox_status_rank_next_id", "status", "rank", "next_attempt_at", "id"),
        # a case's rows in the order they were owed: its first notice (the thread's root,
        # read for every notice sent) is the index's first entry, whatever the planner
        # knows of the table (without statistics PostgreSQL read the whole outbox by
        # primary key to find a new case's first row: 280 ms a notice; 0014)
        Index("ix_outbox_case_id_id", "case_id", "id"),
        # the statutory notices still pending, by the deadline they serve, and those of
        # them that failed an attempt, by when they were owed: what the at-risk sweep
        # reads (`storage.risk.at_risk`), never the whole outbox
        Index("ix_outbox_pending_deadline", "case_id", "deadline_key", "created_at",
              sqlite_where=text(PENDING_STATUTORY), postgresql_where=text(PENDING_STATUTORY)),
        Index("ix_outbox_failing_created", "created_at",
              sqlite_where=text(FAILING_STATUTORY), postgresql_where=text(FAILING_STATUTORY)),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[int | None] = mapped_column(ForeignKey("cases.id"))  # indexed with id
    filing_id: Mapped[int | None] = mapped_column(ForeignKey("filings.id"))  # clerk alerts
    notice_type: Mapped[str] = mapped_column(String(40))
    recipient_email: Mapped[str] = mapped_column(String(320))
    recipient_name: Mapped[str] = mapped_column(String(200))
    deadline_key: Mapped[str | None] = mapped_column(String(40))
    generation: Mapped[int] = mapped_column(default=0)
    channel: Mapped[str] = mapped_column(String(10), default="email")  # email or slack
    slot: Mapped[str] = mapped_column(String(80), default="")  # a reminder's moment, e.g.
    # "hearing_begin:before-3d"; empty for notices, which are owed once per step
    message_id: Mapped[str] = mapped_column(String(998), unique=True)
    # pending, sent, failed, or cancelled (its case was voided before it went: kept, never
    # sent, with when and why)
    status: Mapped[str] = mapped_column(String(20), default="pending")
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime]
    # what is due goes in this order (`cases.notices.dispatch_rank`): invites last
    rank: Mapped[int] = mapped_column(default=_rank, server_default="0")
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
    cancelled_at: Mapped[datetime | None]
    cancel_reason: Mapped[str | None] = mapped_column(Text)


class AlertedRow(Base):
    """A statutory deadline whose notices were at risk, and the clerk told so in a digest
    (`mail.alerts`): once per case, deadline and reason (undelivered, deadline near),
    however many sweeps see it. `digest` is the digest that told them (its outbox rows'
    generation; 0: a per-case alert from before digests)."""

    __tablename__ = "alerted"
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    deadline_key: Mapped[str] = mapped_column(String(40), primary_key=True)
    reason: Mapped[str] = mapped_column(String(20), primary_key=True)
    digest: Mapped[int] = mapped_column(index=True)
    due: Mapped[datetime | None]  # as it stood when alerted: the digest lists soonest first
    at: Mapped[datetime]


class DeliveryRow(Base):
    """One delivery attempt: the proof of notice (time, recipient, Message-ID, reply)."""

    __tablename__ = "deliveries"
    id: Mapped[int] = mapped_column(primary_key=True)
    outbox_id: Mapped[int] = mapped_column(ForeignKey("outbox.id"), index=True)
    attempted_at: Mapped[datetime]
    recipient: Mapped[str] = mapped_column(String(320))
    message_id: Mapped[str] = mapped_column(String(998))
    outcome: Mapped[str] = mapped_column(String(20))  # sent, temporary, permanent
    server_reply: Mapped[str] = mapped_column(Text)


class AccessLogRow(Base):
    """§6: every lookup of a case is written down (who, when, through what)."""

    __tablename__ = "access_log"
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(index=True)
    who: Mapped[str] = mapped_column(String(320))
    case_number: Mapped[str | None] = mapped_column(String(20), index=True)
    action: Mapped[str] = mapped_column(String(80))
    channel: Mapped[str] = mapped_column(String(40))
    allowed: Mapped[bool] = mapped_column(default=True)


class IntakeCursor(Base):
    """Where intake left off in a mailbox: UIDVALIDITY and the last UID handled."""

    __tablename__ = "intake_cursors"
    mailbox: Mapped[str] = mapped_column(String(400), primary_key=True)
    uidvalidity: Mapped[int] = mapped_column(Integer)
    last_uid: Mapped[int] = mapped_column(Integer, default=0)


class RotationRow(Base):
    """§11: the examiner last assigned, so the rotation continues across cases."""

    __tablename__ = "rotation"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    last_assigned: Mapped[str | None] = mapped_column(String(320))


class StateRow(Base):
    """Small named facts the application keeps between runs (e.g. the calendar in force)."""

    __tablename__ = "app_state"
    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class WebTokenRow(Base):
    """A secret handed to a browser or a mailbox, kept only as its SHA-256 (`digest`): a
    sign-in link (`link`), a signed-in session (`session`), a calendar subscription
    (`feed`) or an identity-provider round trip (`oidc`). Rows are never reused: a used
    link, a revoked session or feed keeps its row, so who signed in when stays on record.

    `email` is the directory address it belongs to (for a link, the address as typed, kept
    to rate-limit even unknown ones); `client` the network address that asked; `data` what
    the kind needs (a session's CSRF token; an undelivered link's URL, wiped once used or
    expired; an OIDC round trip's nonce and PKCE verifier)."""

    __tablename__ = "web_tokens"
    __table_args__ = (Index("ix_web_tokens_kind_email_created", "kind", "email", "created_at"),
                      Index("ix_web_tokens_kind_client_created", "kind", "client",
                            "created_at"))
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    email: Mapped[str] = mapped_column(String(320))
    client: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime | None]
    last_seen_at: Mapped[datetime | None]
    used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
    via: Mapped[str] = mapped_column(String(20), default="")  # a session: link or oidc
    data: Mapped[dict[str, Any]]


class MeetingRow(Base):
    """A case's meetings as they now stand (`cases.meetings`): a snapshot of its history,
    rewritten with the case like `deadlines`, for the chair's App Home, the web and the
    quorum look. `quorum_look_at` is when the scheduler next looks whether enough members
    accepted (NULL: no look is due); `answers` are the invitees' current answers; `flags`
    how many flags for the city attorney the meeting carries (`Meeting.irregular`), so the
    docket shows a case's without replaying it."""

    __tablename__ = "meetings"
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    body: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(20))
    starts_at: Mapped[datetime] = mapped_column(index=True)
    ends_at: Mapped[datetime]
    place: Mapped[str] = mapped_column(Text)
    remote_link: Mapped[str | None] = mapped_column(Text)
    open_to_public: Mapped[bool] = mapped_column(default=False)
    recorded_late: Mapped[bool] = mapped_column(default=False)
    cancelled: Mapped[str | None] = mapped_column(Text)
    tentative: Mapped[str | None] = mapped_column(Text)
    sequence: Mapped[int] = mapped_column(default=0)
    answers: Mapped[dict[str, Any]]
    quorum_look_at: Mapped[datetime | None] = mapped_column(index=True)
    flags: Mapped[int] = mapped_column(default=0, server_default="0")


class MailOutageRow(Base):
    """An episode of outgoing mail failing (`mail.mail_down`): since when, why, and when
    the clerk was told and when it was cleared. The worker writes it; the web docket and
    `ethicsbot status`, perhaps other processes, read it. An episode cleared before
    anyone was told is deleted: only the outages the clerk heard of are kept."""

    __tablename__ = "mail_outages"
    id: Mapped[int] = mapped_column(primary_key=True)
    since: Mapped[datetime]  # the first failed round of the episode
    cause: Mapped[str] = mapped_column(String(200))  # the kind of failure, no host
    told_at: Mapped[datetime | None]  # failing for the threshold: the clerk was told
    cleared_at: Mapped[datetime | None]  # a message went out again
