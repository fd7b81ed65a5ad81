"""The statutory notices at risk, and the clerk's digests of them (issue 39): what "at
risk" is, said once in SQL for the sweep and the docket (`RiskSql`), the sweep's read
(`at_risk`), and the digests' bookkeeping (`alerted`: told once per case, deadline and
reason). Its own module beside the outbox it reads: the outbox owes and sends notices;
this judges which of those still pending put a deadline at risk.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Integer,
    String,
    TextClause,
    bindparam,
    delete,
    exists,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.orm import Session

from cases.directory import Person
from cases.notices import NoticeType
from storage.db import UTCDateTime
from storage.models import (
    AlertedRow,
    CaseRow,
    OutboxRow,
)
from storage.outbox import NOT_STATUTORY, OWES_MAIL, statutory

__all__ = ["DEADLINE_NEAR", "UNDELIVERED", "AtRisk", "Digest", "DigestLine", "RiskSql",
           "at_risk", "digest", "forget_unowed", "last_digest", "owe_digest",
           "record_alerted", "unowed_alerted"]


@dataclass(frozen=True)
class AtRisk:
    """A statutory deadline with notices still pending for it, and why it is at risk
    (`DEADLINE_NEAR` or `UNDELIVERED`)."""

    case_id: int
    deadline_key: str
    due: datetime | None
    oldest: datetime  # when the oldest pending notice was owed
    pending: int
    failed: int  # how many of them have failed an attempt
    reason: str


# the deadlines whose notices can still be at risk; one met or moot needs no notice
_LIVE = ("open", "missed", "tolled")
DEADLINE_NEAR, UNDELIVERED = "deadline-near", "undelivered"  # why a deadline is at risk


@dataclass(frozen=True)
class RiskSql:
    """What "at risk" is, said once in SQL, for the two that judge it: the at-risk sweep
    (`at_risk`) and the docket's at-risk view (`storage.queries._at_risk`), so the
    digest's link lists exactly the cases the digest tells of. A pair of a deadline row
    (alias `d`) and one of its case's notices for that key (alias `o`) is at risk when
    the deadline is still running (`live`), the notice is a statutory one still pending
    (`pending`), and (`notice`) the deadline is due by `:near_by` with the notice failed
    or owed by `:just_owed_since` (owed later and not tried, it is going out now), or the
    notice failed and was owed by `:failed_since` (`RiskWindow.params` gives the three).

    Text, not SQLAlchemy expressions: the sweep's statement is written by hand (it names
    SQLite's indexes and join order, which SQLAlchemy cannot say), and the literals
    ('pending', the notice types) are what lets both databases match the outbox's
    partial indexes; the docket puts the same text into its statement (`clause`), joining
    `d` and `o` itself (`its_notice` in SQLAlchemy's words, so it knows the tables)."""

    d: str = "d"
    o: str = "o"

    @property
    def live(self) -> str:
        return f"{self.d}.status IN ({', '.join(f'{s!r}' for s in _LIVE)})"

    @property
    def pending(self) -> str:
        not_statutory = ", ".join(f"'{t}'" for t in NOT_STATUTORY)
        return (f"{self.o}.status = 'pending' AND {self.o}.deadline_key IS NOT NULL "
                f"AND {self.o}.notice_type NOT IN ({not_statutory})")

    @property
    def failed(self) -> str:
        return f"{self.o}.last_error IS NOT NULL"

    @property
    def near(self) -> str:
        return f"{self.d}.due <= :near_by"

    @property
    def failing(self) -> str:  # failed, and owed long enough ago to be undelivered
        return f"{self.failed} AND {self.o}.created_at <= :failed_since"

    @property
    def its_notice(self) -> str:
        return f"{self.o}.case_id = {self.d}.case_id AND {self.o}.deadline_key = {self.d}.key"

    @property
    def notice(self) -> str:
        return (f"(({self.near} AND ({self.failed} OR "
                f"{self.o}.created_at <= :just_owed_since)) OR ({self.failing}))")

    def clause(self, *parts: str) -> TextClause:
        """`parts` joined by AND, as a clause for a SQLAlchemy statement, with the moments
        it compares typed (stored as UTC on SQLite)."""
        return _with_moments(" AND ".join(f"({p})" for p in parts))


_RISK_MOMENTS = ("near_by", "just_owed_since", "failed_since")  # `RiskWindow.params`


def _with_moments(sql: str) -> TextClause:
    """`sql` as a statement's text, the moments it compares with typed."""
    return text(sql).bindparams(*(bindparam(name, type_=UTCDateTime())
                                  for name in _RISK_MOMENTS if f":{name}" in sql))


def at_risk(session: Session, *, near_by: datetime, just_owed_since: datetime,
            failed_since: datetime) -> list[AtRisk]:
    """The statutory deadlines whose pending notices are at risk now (`RiskSql`, the
    docket's at-risk view's condition too), one line per case and deadline key, that the
    clerk was not yet told of for that reason (`alerted`): `DEADLINE_NEAR` when one of
    the key's lines still running is due by `near_by`, else `UNDELIVERED`. Read by
    index: the deadlines still running by due time (`ix_deadlines_status_due`), their
    pending notices (`ix_outbox_pending_deadline`), the failing ones by when they were
    owed (`ix_outbox_failing_created`), never the whole outbox; a sweep that finds
    nothing new reads little. On SQLite, which keeps no statistics, the indexes and the
    order are named (`INDEXED BY`, `CROSS JOIN`)."""
    sqlite = session.get_bind().dialect.name == "sqlite"
    r = RiskSql()

    def by(index: str) -> str:
        return f" INDEXED BY {index}" if sqlite else ""

    join = "CROSS JOIN" if sqlite else "JOIN"
    told = ("NOT EXISTS (SELECT 1 FROM alerted AS a WHERE a.case_id = d.case_id "
            "AND a.deadline_key = d.key AND a.reason = '{}')")
    # one line per case and deadline key: where each official has their own deadline
    # under one key (§12), the notices serve them all (an outbox row names no official),
    # so the soonest due stands for them and each notice is counted once; the key is at
    # risk when one of its pairs is (`RiskSql.notice`)
    columns = ("d.case_id, d.key, MIN(d.due) AS due, MIN(o.created_at) AS oldest, "
               "COUNT(DISTINCT o.id) AS pending, "
               f"COUNT(DISTINCT CASE WHEN {r.failed} THEN o.id END) AS failed")
    judged = (f"GROUP BY d.case_id, d.key "
              f"HAVING MAX(CASE WHEN {r.notice} THEN 1 ELSE 0 END) = 1")
    near = (f"SELECT {columns}, '{DEADLINE_NEAR}' AS reason "
            f"FROM deadlines AS d{by('ix_deadlines_status_due')} "
            f"{join} outbox AS o{by('ix_outbox_pending_deadline')} ON {r.its_notice} "
            f"WHERE {r.live} AND {r.near} AND {told.format(DEADLINE_NEAR)} "
            f"AND {r.pending} {judged}")
    # a key none of whose lines is near: one near line makes the key near (above)
    none_near = RiskSql(d="n")
    undelivered = (
        f"SELECT {columns}, '{UNDELIVERED}' AS reason FROM (SELECT DISTINCT f.case_id, "
        f"f.deadline_key FROM outbox AS f{by('ix_outbox_failing_created')} "
        f"WHERE {RiskSql(o='f').pending} AND {RiskSql(o='f').failing}) AS failing "
        f"{join} deadlines AS d ON d.case_id = failing.case_id "
        f"AND d.key = failing.deadline_key "
        f"{join} outbox AS o{by('ix_outbox_pending_deadline')} ON {r.its_notice} "
        f"WHERE {r.live} AND {told.format(UNDELIVERED)} AND {r.pending} "
        f"AND NOT EXISTS (SELECT 1 FROM deadlines AS n WHERE n.case_id = d.case_id "
        f"AND n.key = d.key AND {none_near.live} AND {none_near.near}) {judged}")
    typed: dict[str, Any] = {"case_id": Integer(), "key": String(), "due": UTCDateTime(),
             "oldest": UTCDateTime(), "pending": Integer(), "failed": Integer(),
             "reason": String()}
    values = {"near_by": near_by, "just_owed_since": just_owed_since,
              "failed_since": failed_since}
    found: list[Any] = []
    for sql in (near, undelivered):
        found += session.execute(_with_moments(sql).columns(**typed),
                                 {n: values[n] for n in _RISK_MOMENTS if f":{n}" in sql}).all()
    return [AtRisk(*row) for row in found]


def _is_digest() -> ColumnElement[bool]:
    """A digest's outbox rows: the clerk's deadline alert about no one case."""
    return (OutboxRow.case_id.is_(None)
            & (OutboxRow.notice_type == NoticeType.DEADLINE_ALERT.value))


def last_digest(session: Session) -> int:
    """The number of the last digest owed (0: none yet). Digests are numbered in order
    and owed after every deadline they tell of is recorded (`record_alerted`)."""
    return int(session.scalar(select(func.max(OutboxRow.generation)).where(_is_digest())) or 0)


def unowed_alerted(session: Session, *, after: int) -> bool:
    """Whether deadlines were recorded as told in a digest after `after` that was never
    owed (a sweep that stopped midway): those must be told again."""
    return session.scalar(select(AlertedRow.digest).where(AlertedRow.digest > after)
                          .limit(1)) is not None


def forget_unowed(session: Session, *, after: int) -> int:
    """Forget what digests after `after` recorded (never owed); how many deadlines."""
    result = session.execute(delete(AlertedRow).where(AlertedRow.digest > after))
    return int(getattr(result, "rowcount", 0) or 0)


def record_alerted(session: Session, rows: list[dict[str, Any]]) -> None:
    """Record deadlines as told (case_id, deadline_key, reason, digest, due, at); one told
    already stays as it was."""
    if not rows:
        return
    from sqlalchemy.dialects import postgresql, sqlite

    ins = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    session.execute(ins(AlertedRow).values(rows).on_conflict_do_nothing())


def owe_digest(session: Session, *, digest: int, recipient: Person, channel: str,
               at: datetime, msgid_domain: str) -> None:
    """Owe digest `digest` to one clerk on one channel (an outbox row about no one case:
    its generation is the digest's number, its slot "digest")."""
    session.execute(insert(OutboxRow).values(
        case_id=None, filing_id=None, notice_type=NoticeType.DEADLINE_ALERT.value,
        recipient_email=recipient.email.lower(), recipient_name=recipient.name,
        deadline_key=None, generation=digest, channel=channel, slot="digest",
        status="pending", attempts=0, next_attempt_at=at, created_at=at,
        message_id=f"<digest-{digest}.{NoticeType.DEADLINE_ALERT.value}.{channel}."
                   f"{secrets.token_hex(4)}@{msgid_domain}>"))
    session.info[OWES_MAIL] = True  # wakes the dispatcher after the commit


@dataclass(frozen=True)
class DigestLine:
    """One deadline a digest tells of, as it stands when the digest is read."""

    number: str
    deadline_key: str
    reason: str
    due: datetime | None
    unsent: int  # its statutory notices not delivered now (pending, or failed for good)
    last_error: str | None  # the last answer to one of them, if any failed


@dataclass(frozen=True)
class Digest:
    deadlines: int  # how many deadlines it tells of
    cases: int
    reasons: dict[str, int]  # deadlines by reason
    still_unsent: int  # of its deadlines, those with notices still not delivered now
    earlier: int  # deadlines told of in earlier digests with notices still not delivered
    lines: list[DigestLine]  # the soonest first, `listed` at most


def digest(session: Session, number: int, *, listed: int) -> Digest:
    """What digest `number` tells of, as it stands now (read when it is rendered): a
    deadline's notices still unsent are those pending or failed for good."""
    a = AlertedRow

    def unsent() -> ColumnElement[bool]:
        return ((OutboxRow.case_id == a.case_id) & (OutboxRow.deadline_key == a.deadline_key)
                & OutboxRow.status.in_(("pending", "failed")) & statutory())

    count = select(func.count()).select_from(OutboxRow).where(unsent()).scalar_subquery()
    last_error = (select(OutboxRow.last_error)
                  .where(unsent(), OutboxRow.last_error.is_not(None))
                  .order_by(OutboxRow.id.desc()).limit(1).scalar_subquery())
    rows = session.execute(
        select(CaseRow.number, a.deadline_key, a.reason, a.due, count, last_error)
        .join(CaseRow, CaseRow.id == a.case_id).where(a.digest == number)
        .order_by(a.due.is_(None), a.due, a.case_id, a.deadline_key).limit(listed)).all()
    reasons = {str(r): int(c) for r, c in session.execute(
        select(a.reason, func.count()).where(a.digest == number).group_by(a.reason))}
    cases, still = session.execute(select(
        func.count(a.case_id.distinct()),
        func.count().filter(exists().where(unsent()))).where(a.digest == number)).one()
    earlier = session.scalar(select(func.count()).where(a.digest < number,
                                                        exists().where(unsent())))
    return Digest(deadlines=sum(reasons.values()), cases=int(cases or 0), reasons=reasons,
                  still_unsent=int(still or 0), earlier=int(earlier or 0),
                  lines=[DigestLine(n, k, r, due, int(p or 0), e)
                         for n, k, r, due, p, e in rows])
