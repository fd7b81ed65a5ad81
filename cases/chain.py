"""Tamper-evident history (issue 27): each case's events are chained by SHA-256, and a
docket-wide chain records every new head of every case (and every export of a case
record), so that an edited, reordered or deleted entry, a history cut short or a whole
case removed is found by recomputing the chains (`verify_case`, `verify_docket`).

Pure: plain values in, plain values out; storage keeps the hashes and walks the rows.

What is hashed is a canonical JSON text (`canonical`): keys sorted, no whitespace, UTF-8,
no NaN or infinity, datetimes as ISO 8601 in UTC with microseconds
(`2026-11-30T09:15:00.000000Z`). An event's entry is the object
`{"v": 1, "case", "seq", "kind", "at", "actor", "data", "prev"}`; a docket entry is
`{"v": 1, "position", "kind", "at", "case", "seq", "head", "detail", "prev"}`. The first
`prev` of each chain is `GENESIS` (64 zeros). docs/evidence.md says what this proves and
what it does not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

GENESIS = "0" * 64
VERSION = 1

# An entry whose content was destroyed under a certificate (`cases.retention`, RCW 40.14)
# keeps its seq, kind, moment, actor and stored hash; its `data` becomes this marker,
# naming the certificate's seq, which lists the hash each destroyed entry had
DESTROYED = "destroyed_by"


def destroyed_marker(certificate_seq: int) -> dict[str, Any]:
    return {DESTROYED: certificate_seq}


def is_destroyed(data: Mapping[str, Any]) -> bool:
    """Whether an entry's data is the marker its destroyed content left."""
    return set(data) == {DESTROYED} and isinstance(data[DESTROYED], int)


def iso_utc(at: datetime) -> str:
    """A moment as the chain writes it: UTC, microseconds, `Z` (refuses a naive one)."""
    if at.tzinfo is None:
        raise ValueError("a chained moment must be aware")
    # isoformat, not strftime: the same text for years 1000-9999, in half the time
    return at.astimezone(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


def canonical(value: Any, *, as_stored: bool = False) -> bytes:
    """The stable JSON text of `value` (what the database's JSON gives back: tuples are
    lists, keys are strings), the bytes that are hashed.

    `as_stored`: `value` is already what a JSON column gives back (every key a string),
    as when `ethicsbot verify` rereads the history: the round trip that makes it so is
    then skipped. Same bytes (for such a value the round trip changes nothing the sorted
    text shows), a third of the time, over millions of entries."""
    plain = value if as_stored else json.loads(
        json.dumps(value, allow_nan=False, default=_refuse))
    return _CANONICAL.encode(plain).encode("utf-8")


def _refuse(value: object) -> object:
    raise TypeError(f"not plain JSON: {type(value).__name__}")


# one encoder, made once: json.dumps with options builds a new one on every call
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False, default=_refuse)


def _sha(value: Any, as_stored: bool = False) -> str:
    return hashlib.sha256(canonical(value, as_stored=as_stored)).hexdigest()


@dataclass(frozen=True)
class Entry:
    """One event of a case as stored: its fields and the hash stored with it."""

    seq: int
    kind: str
    at: datetime
    actor: str
    data: Mapping[str, Any]
    hash: str | None = None  # as stored (None: not yet hashed)


def entry_hash(case: str, entry: Entry, prev: str, *, as_stored: bool = False) -> str:
    """The hash of `entry` of case `case` chained to `prev` (the previous entry's hash).
    `as_stored`: its data is as a JSON column gave it back (`canonical`)."""
    if as_stored and _plain(case, entry.kind, entry.actor, prev) and type(entry.seq) is int:
        # the canonical text written out, its keys in their sorted order: what `canonical`
        # makes of the same object (tests/unit/cases/test_chain.py), without building it
        return _sha_text(
            f'{{"actor":{_string(entry.actor)},"at":"{iso_utc(entry.at)}",'
            f'"case":{_string(case)},"data":{_CANONICAL.encode(dict(entry.data))},'
            f'"kind":{_string(entry.kind)},"prev":{_string(prev)},"seq":{entry.seq},'
            f'"v":{VERSION}}}')
    return _sha({"v": VERSION, "case": case, "seq": entry.seq, "kind": entry.kind,
                 "at": iso_utc(entry.at), "actor": entry.actor, "data": dict(entry.data),
                 "prev": prev}, as_stored)


_string = json.encoder.encode_basestring  # a JSON string as `_CANONICAL` writes it (UTF-8)


def _plain(a: object, b: object, c: object, d: object) -> bool:
    return type(a) is str and type(b) is str and type(c) is str and type(d) is str


def _sha_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chain(case: str, entries: Iterable[Entry], prev: str = GENESIS) -> list[str]:
    """The hashes of `entries` (in order), the first chained to `prev`."""
    hashes = []
    for e in entries:
        prev = entry_hash(case, e, prev)
        hashes.append(prev)
    return hashes


@dataclass(frozen=True)
class Head:
    """Where a chain ends: its last hash and how many entries lead to it (a case's last
    seq is `count - 1`)."""

    count: int
    hash: str

    def __str__(self) -> str:
        return f"{self.count}:{self.hash}"

    @classmethod
    def parse(cls, text: str) -> Head:
        """`COUNT:HASH`, as `ethicsbot verify --head` prints it."""
        count, sep, digest = text.strip().partition(":")
        digest = digest.lower()
        if (not sep or not count.isascii() or not count.isdigit() or len(count) > 12
                or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest)):
            raise ValueError(f"not a head (COUNT:HASH, 64 hex digits): {text[:100]!r}")
        return cls(int(count), digest)


EMPTY = Head(0, GENESIS)


@dataclass(frozen=True)
class Break:
    """The first entry that does not match: where (`case`, `seq`; `seq` None for the
    case as a whole, `case` None for the docket chain itself) and what differs."""

    case: str | None
    seq: int | None
    what: str

    def __str__(self) -> str:
        where = self.case or "docket chain"
        if self.seq is not None:
            where += f" #{self.seq}"
        return f"{where}: {self.what}"


@dataclass(frozen=True)
class DocketEntry:
    """One entry of the docket chain: a case's new head (`kind` "events": its history now
    ends at `seq` with `head`), or an export of its record made from that head (`kind`
    "export", `detail` says what and its SHA-256)."""

    position: int  # 1, 2, 3, ...
    kind: str
    at: datetime
    case: str
    seq: int
    head: str
    detail: Mapping[str, Any] = field(default_factory=dict)
    hash: str | None = None  # as stored


def docket_hash(e: DocketEntry, prev: str, *, as_stored: bool = False) -> str:
    if (as_stored and _plain(e.kind, e.case, e.head, prev) and type(e.position) is int
            and type(e.seq) is int):  # as in `entry_hash`
        return _sha_text(
            f'{{"at":"{iso_utc(e.at)}","case":{_string(e.case)},'
            f'"detail":{_CANONICAL.encode(dict(e.detail))},"head":{_string(e.head)},'
            f'"kind":{_string(e.kind)},"position":{e.position},"prev":{_string(prev)},'
            f'"seq":{e.seq},"v":{VERSION}}}')
    return _sha({"v": VERSION, "position": e.position, "kind": e.kind, "at": iso_utc(e.at),
                 "case": e.case, "seq": e.seq, "head": e.head, "detail": dict(e.detail),
                 "prev": prev}, as_stored)


def _short(h: str | None) -> str:
    return (h or "none")[:12]


Listed = Mapping[int, tuple[str, str]]  # seq -> (kind, hash) a certificate lists


def verify_case(case: str, entries: Iterable[Entry],
                expected: Mapping[int, str] | None = None,
                certificate: Callable[[int], Listed] | None = None,
                *, as_stored: bool = False) -> tuple[Head, Break | None]:
    """Recompute case `case`'s chain over its stored `entries` (in stored order). The
    first break is returned: a seq out of place (a gap, a reordering), a stored hash that
    is not the one computed, or a head the docket chain recorded (`expected`: seq ->
    head) that the history no longer has. Returns where the history ends and the break.

    An entry whose content was destroyed (`is_destroyed`: its data is the marker naming
    the certificate's seq) cannot be rehashed: it stands if the certificate
    (`certificate(seq)`: the entries it lists) lists it with its kind and stored hash. The
    certificate is itself an entry further on, chained to the last destroyed one, so
    changing a destroyed entry's hash, or the list, breaks the chain there.
    `as_stored`: the entries are as read from the database (`canonical`)."""
    prev, count = GENESIS, 0
    listed: dict[int, Listed] = {}
    for e in entries:
        if e.seq != count:
            what = (f"a gap in seq: #{count} is missing" if e.seq > count
                    else f"out of order: #{e.seq} where #{count} should be")
            return Head(count, prev), Break(case, count, what)
        computed = entry_hash(case, e, prev, as_stored=as_stored)
        if is_destroyed(e.data) and certificate is not None:
            at = int(e.data[DESTROYED])
            if at not in listed:
                listed[at] = certificate(at) if at > e.seq else {}
            if listed[at].get(e.seq) == (e.kind, e.hash):
                computed = e.hash or computed
        if e.hash != computed:
            return Head(count, prev), Break(
                case, e.seq, f"hash mismatch (stored {_short(e.hash)}…, computed "
                f"{_short(computed)}…): its fields or an earlier entry were changed")
        if expected is not None and e.seq in expected and expected[e.seq] != computed:
            return Head(count, prev), Break(
                case, e.seq, f"the docket chain recorded head {_short(expected[e.seq])}… at "
                f"this entry, the history has {_short(computed)}…: the history was rewritten")
        prev, count = computed, count + 1
    return Head(count, prev), None


def cut_off(case: str, head: Head, recorded: Mapping[int, str]) -> Break | None:
    """Compare where a case's history ends (`head`) with the heads the docket chain
    recorded for it (`recorded`: seq -> hash): entries recorded past the end were cut off;
    entries past the last recorded head were added outside the chain."""
    if not recorded:
        if head.count:
            return Break(case, None, "not in the docket chain: its history was written "
                         "outside EthicsBot")
        return None
    last = max(recorded)
    if last >= head.count:
        if head.count == 0:
            return Break(case, 0, f"the whole history is missing (the docket chain records "
                         f"it up to #{last})")
        return Break(case, head.count, f"entries cut off the end: the history ends at "
                     f"#{head.count - 1}, the docket chain records it up to #{last}")
    if last < head.count - 1:
        return Break(case, last + 1, f"not in the docket chain: the docket chain records "
                     f"the history up to #{last}, it goes on to #{head.count - 1}")
    return None


def verify_docket(entries: Iterable[DocketEntry], *, as_stored: bool = False
                  ) -> tuple[Head, Break | None]:
    """Recompute the docket chain over its stored entries (by position); `as_stored`: as
    read from the database (`canonical`)."""
    prev, count = GENESIS, 0
    for e in entries:
        if e.position != count + 1:
            return Head(count, prev), Break(None, None, f"a gap at position {count + 1} "
                                            f"(the next stored is {e.position})")
        computed = docket_hash(e, prev, as_stored=as_stored)
        if e.hash != computed:
            return Head(count, prev), Break(None, None, f"position {e.position} ({e.case} "
                                            f"#{e.seq}, {e.kind}): hash mismatch (stored "
                                            f"{_short(e.hash)}…, computed {_short(computed)}…)")
        prev, count = computed, count + 1
    return Head(count, prev), None
