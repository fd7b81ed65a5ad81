"""The hash chains in the database (issue 27; the hashing itself is `cases.chain`).

Each event row carries its hash; `cases.head` the last one. The repository hashes the
events it saves and, when the transaction commits, `append`s one docket-chain entry per
case whose head moved (`storage.repository`). `append` takes the docket head row's lock
(`SELECT ... FOR UPDATE` on PostgreSQL; SQLite's transactions hold the database's write
lock from their BEGIN IMMEDIATE), so entries are appended one at a time whatever the
number of web replicas and workers. Taken last, at commit, after every case's own row
lock: writers lock in one order and the lock is held only for the commit.

`verify` recomputes both chains and names each break (`cases.chain.Break`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from sqlalchemy import Text, cast, select
from sqlalchemy.orm import Session

from cases.chain import (
    EMPTY,
    Break,
    DocketEntry,
    Entry,
    Head,
    Listed,
    cut_off,
    docket_hash,
    verify_case,
    verify_docket,
)
from storage.models import CaseRow, DocketChainRow, DocketHeadRow, EventRow

HEAD_ROW = 1


def _head_row(session: Session, *, lock: bool) -> DocketHeadRow:
    q = select(DocketHeadRow).where(DocketHeadRow.id == HEAD_ROW)
    if lock:
        q = q.with_for_update()
    row = session.scalars(q).one_or_none()
    if row is None:  # the migration writes it; a database made otherwise gets it here
        row = DocketHeadRow(id=HEAD_ROW, count=EMPTY.count, hash=EMPTY.hash)
        session.add(row)
        session.flush()
    return row


def append(session: Session, *, kind: str, at: datetime, case: str, seq: int, head: str,
           detail: Mapping[str, Any] | None = None) -> Head:
    """Append one entry to the docket chain, in `session`'s transaction; the new head."""
    top = _head_row(session, lock=True)
    entry = DocketEntry(top.count + 1, kind, at, case, seq, head, dict(detail or {}))
    digest = docket_hash(entry, top.hash)
    session.add(DocketChainRow(position=entry.position, kind=kind, at=at, case_number=case,
                               seq=seq, head=head, detail=dict(entry.detail), hash=digest))
    top.count, top.hash = entry.position, digest
    session.flush()
    return Head(top.count, top.hash)


def docket_head(session: Session) -> Head:
    """The docket chain's head as the head row keeps it (`ethicsbot verify --head`)."""
    row = session.get(DocketHeadRow, HEAD_ROW)
    return Head(row.count, row.hash) if row is not None else EMPTY


def case_head(session: Session, number: str) -> Head | None:
    """Case `number`'s head as stored with it: how many events, the last one's hash."""
    row = session.execute(select(CaseRow.event_count, CaseRow.head)
                          .where(CaseRow.number == number)).one_or_none()
    if row is None:
        return None
    return Head(row.event_count, row.head or EMPTY.hash)


def head_at(session: Session, number: str, seq: int) -> Head:
    """Case `number`'s chain as it stood at event `seq`: `seq + 1` entries, that one's hash."""
    digest = session.scalars(select(EventRow.hash).join(CaseRow, CaseRow.id == EventRow.case_id)
                             .where(CaseRow.number == number, EventRow.seq == seq)).one()
    return Head(seq + 1, digest)


def record_export(session: Session, *, number: str, what: str, digest: str, by: str,
                  at: datetime) -> Head:
    """An export of case `number`'s record (`what`, its bytes' SHA-256 `digest`, made for
    `by`) as a docket-chain entry naming the case head it was made from."""
    head = case_head(session, number) or EMPTY
    return append(session, kind="export", at=at, case=number, seq=head.count - 1,
                  head=head.hash, detail={"what": what, "sha256": digest, "by": by})


@dataclass
class Report:
    """What `verify` found: the breaks (the first of each chain), how much it read."""

    breaks: list[Break] = field(default_factory=list)
    cases: int = 0
    entries: int = 0
    docket: Head = EMPTY

    @property
    def verified(self) -> bool:
        return not self.breaks


def _docket_rows(session: Session) -> Iterator[DocketEntry]:
    """The whole docket chain in position order, streamed through the session's
    connection (plain rows, not the ORM's: a big docket has millions of entries, each read
    once). `detail` is read as text, and decoded only when it is not the "{}" of nearly
    every entry."""
    t = DocketChainRow
    q = (select(t.position, t.kind, t.at, t.case_number, t.seq, t.head, cast(t.detail, Text),
                t.hash)
         .order_by(t.position).execution_options(yield_per=5000))
    for position, kind, at, case, seq, head, detail, digest in session.connection().execute(q):
        if isinstance(detail, str):
            detail = {} if detail == "{}" else json.loads(detail)
        yield DocketEntry(position, kind, at, case, seq, head, detail, digest)


def _recorded(session: Session, number: str) -> dict[int, str]:
    """The heads the docket chain recorded for case `number`: seq -> hash (by its index;
    only the two columns compared)."""
    t = DocketChainRow
    q = (select(t.seq, t.head).where(t.case_number == number, t.seq >= 0)
         .order_by(t.position))
    return {seq: head for seq, head in session.connection().execute(q)}


def _events(session: Session, case_id: int) -> Iterator[Entry]:
    q = (select(EventRow.seq, EventRow.kind, EventRow.at, EventRow.actor, EventRow.data,
                EventRow.hash).where(EventRow.case_id == case_id).order_by(EventRow.seq)
         .execution_options(yield_per=1000))
    for seq, kind, at, actor, data, digest in session.connection().execute(q):
        yield Entry(seq, kind, at, actor, data, digest)


@dataclass(frozen=True)
class DocketCheck:
    """The docket chain recomputed: where it ends, its first break (its head row compared
    with its end too), the cases it names."""

    head: Head
    broken: Break | None
    seen: frozenset[str]


def check_docket(session: Session) -> DocketCheck:
    """The half of `verify` that reads the whole docket chain once, in position order:
    `ethicsbot verify` runs it in a process of its own beside `check_cases` on a big
    docket (each half reads millions of rows)."""
    seen: set[str] = set()
    head, broken = verify_docket(_docket_seen(session, seen), as_stored=True)
    if broken is None:
        kept = docket_head(session)
        if kept != head:
            broken = Break(None, None, (
                f"entries cut off the end: the head row names entry {kept.count}, the chain "
                f"ends at {head.count}") if kept.count > head.count else (
                f"the head row ({kept}) is not the chain's end ({head})"))
    return DocketCheck(head, broken, frozenset(seen))


def check_cases(session: Session, number: str | None = None,
                part: tuple[int, int] = (0, 1)) -> Report:
    """The other half: every case's history (or case `number`'s alone) recomputed, one
    case at a time (its events streamed), and compared with the heads the docket chain
    recorded for it, read in the same session as its events. `part` (k, n): only every
    n-th case from the k-th, in number order (n processes share the cases; `joined`)."""
    report = Report()
    k, n = part
    for case_id, case in _stored(session, number)[k::n]:
        recorded = _recorded(session, case)
        counted = _Counted(_events(session, case_id))
        ends, broken = verify_case(case, counted, recorded,
                                   partial(_certificate, session, case_id), as_stored=True)
        report.cases += 1
        report.entries += counted.n
        broken = broken or cut_off(case, ends, recorded)
        if broken is not None:
            report.breaks.append(broken)
    return report


def _stored(session: Session, number: str | None) -> list[tuple[int, str]]:
    q = select(CaseRow.id, CaseRow.number).order_by(CaseRow.number)
    if number is not None:
        q = q.where(CaseRow.number == number)
    return [(case_id, case) for case_id, case in session.execute(q)]


def joined(parts: list[Report]) -> Report:
    """The cases' checks made in parts (`check_cases`'s `part`) as one: each case's break
    in the order of the cases' numbers, as one check over them all would give them."""
    return Report(sorted((b for p in parts for b in p.breaks), key=lambda b: b.case or ""),
                  sum(p.cases for p in parts), sum(p.entries for p in parts))


def combine(docket: DocketCheck, cases: Report, session: Session,
            number: str | None = None) -> Report:
    """One report of both halves: the docket chain's break first, then each case's, then
    the cases the docket chain names that the database does not have. A name `seen` in
    another session (another process, maybe a later snapshot) counts only if this
    session's docket chain names it too: a case opened in between is not missing."""
    report = Report([*([docket.broken] if docket.broken else []), *cases.breaks],
                    cases.cases, cases.entries, docket.head)
    have = {case for _, case in _stored(session, number)}
    missing = sorted(c for c in docket.seen - have if number is None or c == number)
    report.breaks += [Break(c, None, "case missing: the docket chain records it, the "
                            "database has no such case") for c in missing
                      if session.scalar(select(DocketChainRow.position)
                                        .where(DocketChainRow.case_number == c).limit(1))]
    return report


def verify(session: Session, number: str | None = None) -> Report:
    """Recompute the docket chain and every case's history (or case `number`'s alone),
    and compare each history with the heads the docket chain recorded for it."""
    return combine(check_docket(session), check_cases(session, number), session, number)


def _certificate(session: Session, case_id: int, seq: int) -> Listed:
    """The entries the certificate of destruction at `seq` lists (none: no certificate
    there, and a destroyed entry naming it does not verify)."""
    from cases.retention import CERTIFICATE, destroyed_entries

    data = session.scalar(select(EventRow.data).where(
        EventRow.case_id == case_id, EventRow.seq == seq, EventRow.kind == CERTIFICATE.value))
    return destroyed_entries(data) if isinstance(data, dict) else {}


def _docket_seen(session: Session, seen: set[str]) -> Iterator[DocketEntry]:
    for e in _docket_rows(session):
        seen.add(e.case)
        yield e


class _Counted:
    def __init__(self, entries: Iterator[Entry]) -> None:
        self.entries, self.n = entries, 0

    def __iter__(self) -> Iterator[Entry]:
        for e in self.entries:
            self.n += 1
            yield e


def contains(session: Session, head: Head) -> Break | None:
    """Whether the docket chain still holds `head` (one an operator kept off the machine):
    its entry at that position has that hash. A chain rewritten from an earlier entry on,
    or cut short of it, does not."""
    if head.count == 0:
        return None
    stored = session.scalar(select(DocketChainRow.hash)
                            .where(DocketChainRow.position == head.count))
    if stored is None:
        return Break(None, None, f"the head kept ({head}) is gone: the chain has no entry "
                     f"{head.count} (cut off the end)")
    if stored != head.hash:
        return Break(None, None, f"the head kept ({head}) is not in the chain: entry "
                     f"{head.count} is now {stored[:12]}… (the chain was rewritten)")
    return None
