"""The hash chains (`cases.chain`, issue 27): any change to any field of any entry, and
deleting, reordering or cutting off entries, is found and named at the first entry that
does not match; an untouched chain verifies."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cases.chain import (
    EMPTY,
    GENESIS,
    DocketEntry,
    Entry,
    Head,
    canonical,
    chain,
    cut_off,
    docket_hash,
    entry_hash,
    iso_utc,
    verify_case,
    verify_docket,
)
from tests.budget import examples

CASE = "ETH-2026-0001"
T0 = datetime(2026, 11, 30, 9, 15, tzinfo=UTC)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=8)
entries_st = st.lists(st.tuples(
    st.sampled_from(["complaint_received", "notice_served", "hearing_scheduled"]),
    st.integers(0, 10**6), st.text(min_size=1, max_size=10),
    st.dictionaries(st.text(max_size=5), json_values, max_size=3)), min_size=1, max_size=8)


def hashed(raw: list[tuple[str, int, str, dict[str, object]]]) -> list[Entry]:
    plain = [Entry(i, k, T0 + timedelta(seconds=s), a, d) for i, (k, s, a, d) in enumerate(raw)]
    return [dataclasses.replace(e, hash=h) for e, h in zip(plain, chain(CASE, plain),
                                                          strict=True)]


def test_the_canonical_form_is_sorted_compact_utf8_and_utc() -> None:
    assert canonical({"b": 1, "a": ["é", (1, 2)], 3: None}) == \
        '{"3":null,"a":["é",[1,2]],"b":1}'.encode()
    assert iso_utc(datetime(2026, 11, 30, 1, 15, tzinfo=timezone(timedelta(hours=-8)))) == \
        "2026-11-30T09:15:00.000000Z"
    with pytest.raises(ValueError, match="aware"):
        iso_utc(datetime(2026, 11, 30))
    with pytest.raises(ValueError):
        canonical({"x": float("nan")})


def test_a_known_entry_has_a_known_hash() -> None:
    """The form is part of the contract (docs/evidence.md): this hash must never change,
    or every stored history would stop verifying."""
    e = Entry(0, "complaint_received", T0, "clerk@city.test", {"b": [1, "two"], "a": None})
    assert entry_hash(CASE, e, GENESIS) == \
        "c04dcb7d05b6e40fc7cd73dd71c6791aae65e09753cc0566db05352f13a60d6f"


def test_the_same_moment_in_any_zone_hashes_the_same() -> None:
    e = Entry(0, "k", T0, "a", {})
    other = dataclasses.replace(e, at=T0.astimezone(timezone(timedelta(hours=5, minutes=30))))
    assert entry_hash(CASE, e, GENESIS) == entry_hash(CASE, other, GENESIS)


@settings(max_examples=examples(200), deadline=None)
@given(entries_st)
def test_an_untouched_history_verifies(raw: list[tuple[str, int, str, dict[str, object]]]
                                        ) -> None:
    entries = hashed(raw)
    head, broken = verify_case(CASE, entries)
    assert broken is None and head == Head(len(entries), entries[-1].hash or "")
    assert cut_off(CASE, head, {e.seq: e.hash or "" for e in entries}) is None


@settings(max_examples=examples(300), deadline=None)
@given(entries_st, st.data())
def test_any_change_to_any_field_is_named_at_that_entry(
        raw: list[tuple[str, int, str, dict[str, object]]], data: st.DataObject) -> None:
    entries = hashed(raw)
    i = data.draw(st.integers(0, len(entries) - 1))
    e = entries[i]
    what = data.draw(st.sampled_from(["kind", "at", "actor", "data", "hash", "case"]))
    if what == "kind":
        e = dataclasses.replace(e, kind=e.kind + "x")
    elif what == "at":
        e = dataclasses.replace(e, at=e.at + timedelta(microseconds=data.draw(
            st.integers(1, 10**9))))
    elif what == "actor":
        e = dataclasses.replace(e, actor=e.actor + data.draw(st.text(min_size=1, max_size=3)))
    elif what == "data":
        key = data.draw(st.text(max_size=5))
        value = data.draw(json_values)
        changed = {**e.data, key: value}
        if canonical(changed) == canonical(e.data):
            changed = {**e.data, key: [value]}
        e = dataclasses.replace(e, data=changed)
    elif what == "hash":
        e = dataclasses.replace(e, hash=("f" if (e.hash or "")[0] != "f" else "0")
                                + (e.hash or "")[1:])
    tampered = [*entries[:i], e, *entries[i + 1:]]
    case = CASE + "x" if what == "case" else CASE  # the entries moved to another case
    _, broken = verify_case(case, tampered)
    assert broken is not None
    assert broken.seq == (0 if what == "case" else i) and "hash mismatch" in broken.what


@settings(max_examples=examples(200), deadline=None)
@given(entries_st, st.data())
def test_a_changed_entry_rehashed_is_found_at_the_next_or_by_the_docket_chain(
        raw: list[tuple[str, int, str, dict[str, object]]], data: st.DataObject) -> None:
    """Whoever changes an entry and stores its new hash breaks the next entry's link; and
    rehashing everything after it still leaves the head the docket chain recorded."""
    entries = hashed(raw)
    recorded = {entries[-1].seq: entries[-1].hash or ""}
    i = data.draw(st.integers(0, len(entries) - 1))
    changed = dataclasses.replace(entries[i], actor=entries[i].actor + "!")
    plain = [*entries[:i], changed, *entries[i + 1:]]
    rehashed_one = [*entries[:i], dataclasses.replace(
        changed, hash=entry_hash(CASE, changed, (entries[i - 1].hash or "") if i else GENESIS)),
        *entries[i + 1:]]
    _, broken = verify_case(CASE, rehashed_one, recorded)
    if i < len(entries) - 1:
        assert broken is not None and broken.seq == i + 1
    else:
        assert broken is not None and broken.seq == i and "rewritten" in broken.what
    rewritten = [dataclasses.replace(e, hash=h) for e, h in zip(plain, chain(CASE, plain),
                                                               strict=True)]
    _, broken = verify_case(CASE, rewritten, recorded)
    assert broken is not None and broken.seq == len(entries) - 1 and "rewritten" in broken.what


@settings(max_examples=examples(200), deadline=None)
@given(entries_st.filter(lambda r: len(r) > 1), st.data())
def test_deleting_or_reordering_an_entry_is_found(
        raw: list[tuple[str, int, str, dict[str, object]]], data: st.DataObject) -> None:
    entries = hashed(raw)
    i = data.draw(st.integers(0, len(entries) - 2))
    _, broken = verify_case(CASE, [*entries[:i], *entries[i + 1:]])
    assert broken is not None and broken.seq == i and "gap" in broken.what
    swapped = [*entries[:i], entries[i + 1], entries[i], *entries[i + 2:]]
    _, broken = verify_case(CASE, swapped)
    assert broken is not None and broken.seq == i


@settings(max_examples=examples(200), deadline=None)
@given(entries_st, st.data())
def test_entries_cut_off_the_end_are_found_against_the_docket_chain(
        raw: list[tuple[str, int, str, dict[str, object]]], data: st.DataObject) -> None:
    entries = hashed(raw)
    recorded = {e.seq: e.hash or "" for e in entries}
    keep = data.draw(st.integers(0, len(entries) - 1))
    head, broken = verify_case(CASE, entries[:keep], recorded)
    assert broken is None  # what is left is intact: only the docket chain knows more
    cut = cut_off(CASE, head, recorded)
    assert cut is not None and cut.seq == keep
    assert ("whole history is missing" if keep == 0 else "cut off the end") in cut.what


def test_a_history_the_docket_chain_never_saw_is_named() -> None:
    entries = hashed([("k", 1, "a", {}), ("k", 2, "a", {})])
    head, _ = verify_case(CASE, entries)
    assert "not in the docket chain" in str(cut_off(CASE, head, {}))
    assert str(cut_off(CASE, head, {0: entries[0].hash or ""})) == (
        f"{CASE} #1: not in the docket chain: the docket chain records the history up to "
        "#0, it goes on to #1")
    assert cut_off(CASE, EMPTY, {}) is None


def docket(n: int) -> list[DocketEntry]:
    out, prev = [], GENESIS
    for p in range(1, n + 1):
        e = DocketEntry(p, "events", T0 + timedelta(minutes=p), f"ETH-2026-{p % 3:04d}", p,
                        f"{p:064x}")
        prev = docket_hash(e, prev)
        out.append(dataclasses.replace(e, hash=prev))
    return out


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(1, 12), st.data())
def test_the_docket_chain_finds_a_changed_removed_or_reordered_entry(
        n: int, data: st.DataObject) -> None:
    entries = docket(n)
    head, broken = verify_docket(entries)
    assert broken is None and head == Head(n, entries[-1].hash or "")
    i = data.draw(st.integers(0, n - 1))
    field = data.draw(st.sampled_from(["case", "seq", "head", "kind", "detail"]))
    value: Any = {"case": "ETH-2026-9999", "seq": -1, "head": "e" * 64, "kind": "export",
                  "detail": {"what": "record.pdf"}}[field]
    changed = [*entries[:i], dataclasses.replace(entries[i], **{field: value}),
               *entries[i + 1:]]
    head, broken = verify_docket(changed)
    assert broken is not None and f"position {i + 1} " in broken.what and head.count == i
    head, broken = verify_docket([*entries[:i], *entries[i + 1:]])
    if i < n - 1:
        assert broken is not None and f"a gap at position {i + 1} " in broken.what
    else:  # the last cut off: a shorter chain, which only the head kept elsewhere shows
        before = (entries[-2].hash or "") if n > 1 else GENESIS
        assert broken is None and head == Head(n - 1, before)


def test_a_head_reads_back_as_it_prints() -> None:
    head = Head(42, "ab" * 32)
    assert Head.parse(str(head)) == head and Head.parse(f" 42:{'AB' * 32}\n") == head
    for bad in ["42", f"x:{'ab' * 32}", "42:abc", f"٤٢:{'ab' * 32}", f"42:{'g' * 64}"]:
        with pytest.raises(ValueError, match="not a head"):
            Head.parse(bad)
