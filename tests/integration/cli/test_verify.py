"""Tamper-evident history (issue 27, docs/evidence.md) on SQLite and PostgreSQL: history
rows edited, deleted and cut short by raw SQL, as someone with the database would, and
`ethicsbot verify` naming the first entry that does not match; the docket chain kept
one entry at a time by concurrent writers; the head kept off the machine finding a chain
rewritten whole; histories stored before the chain hashed by the migration."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import Connection, select, text

from cases.chain import GENESIS, DocketEntry, Entry, chain, docket_hash
from ethicsbot.bootstrap import App
from storage import chain as stored_chain
from storage.migrate import alembic_config, upgrade
from storage.models import AccessLogRow, DocketChainRow, EventRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import convene, open_at_once, open_one
from tests.integration.cli.test_cli import here, run

__all__ = ["here"]  # a fixture, used by name


def two_cases(app: App, clock: FakeClock) -> tuple[str, str]:
    first = open_one(app)
    clock.advance(days=2)
    convene(app, first)  # three more events in two more batches
    second = open_one(app)
    return first, second


def sql(app: App, statement: str, **params: object) -> None:
    with app.engine.begin() as conn:
        conn.execute(text(statement), params)


def case_id(app: App, number: str) -> int:
    with app.engine.connect() as conn:
        found = conn.execute(text("SELECT id FROM cases WHERE number = :n"), {"n": number})
        return int(found.scalar_one())


def verify(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code, out, err = run(capsys, "verify", *argv)
    assert err == ""
    return code, out.splitlines()


def test_an_untouched_docket_verifies_and_each_saved_batch_is_one_docket_entry(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = two_cases(app, clock)
    with app.session_factory() as s:
        events = s.scalars(select(EventRow).order_by(EventRow.case_id, EventRow.seq)).all()
        docket = s.scalars(select(DocketChainRow).order_by(DocketChainRow.position)).all()
    assert all(len(e.hash) == 64 for e in events)
    # the complaint, the hearing called, the roll call; the second complaint
    assert [(d.case_number, d.seq, d.kind) for d in docket] == [
        (first, 0, "events"), (first, 1, "events"), (first, 2, "events"),
        (second, 0, "events")]
    assert docket[-1].head == events[-1].hash
    code, lines = verify(capsys)
    assert code == 0
    assert lines == [f"verified: 2 case(s), 4 entries; docket chain head 4:{docket[-1].hash}"]
    code, lines = verify(capsys, "--head")
    assert (code, lines) == (0, [f"4:{docket[-1].hash}"])
    code, lines = verify(capsys, first.lower(), "--against", lines[0])
    assert code == 0 and lines[0].startswith("verified: 1 case(s), 3 entries")
    code, out, _ = run(capsys, "verify", "--json")
    assert code == 0 and json.loads(out)["verified"] is True
    code, out, _ = run(capsys, "status", "--json")
    assert json.loads(out)["docket_head"] == f"4:{docket[-1].hash}"
    with app.session_factory() as s:  # an auditor's look is in the access log, too
        actions = s.scalars(select(AccessLogRow.action).where(
            AccessLogRow.channel == "cli")).all()
    assert actions == ["verify", "verify head", "verify", "verify"]


TAMPERING = {
    "data edited": ("UPDATE events SET data = :d WHERE case_id = :c AND seq = 1",
                    "ETH-2026-0001 #1: hash mismatch"),
    "actor edited": ("UPDATE events SET actor = 'nobody@city.test' WHERE case_id = :c AND "
                     "seq = 0", "ETH-2026-0001 #0: hash mismatch"),
    "last event deleted": ("DELETE FROM events WHERE case_id = :c AND seq = 2",
                           "ETH-2026-0001 #2: entries cut off the end: the history ends at "
                           "#1, the docket chain records it up to #2"),
    "a middle event deleted": ("DELETE FROM events WHERE case_id = :c AND seq = 1",
                               "ETH-2026-0001 #1: a gap in seq: #1 is missing"),
    "a whole history deleted": ("DELETE FROM events WHERE case_id = :c",
                                "ETH-2026-0001 #0: the whole history is missing (the docket "
                                "chain records it up to #2)"),
}


@pytest.mark.parametrize("how", list(TAMPERING))
def test_history_tampered_with_in_the_database_is_named_at_its_first_bad_entry(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str],
        how: str) -> None:
    first, second = two_cases(app, clock)
    statement, named = TAMPERING[how]
    params: dict[str, object] = {"c": case_id(app, first)}
    if ":d" in statement:
        params["d"] = json.dumps({"starts_at": "2027-01-01T00:00:00+00:00"})
    sql(app, statement, **params)
    code, lines = verify(capsys)
    assert code == 1
    assert lines[0].startswith(named), lines
    assert lines[-1].startswith("NOT VERIFIED: 1 break(s); 2 case(s)")
    code, lines = verify(capsys, second)  # the other case is sound on its own
    assert code == 0 and lines[0].startswith("verified: 1 case(s), 1 entries")


def _delete_case(conn: Connection, number: str) -> None:
    cid = conn.execute(text("SELECT id FROM cases WHERE number = :n"), {"n": number}).scalar()
    conn.execute(text("DELETE FROM deliveries WHERE outbox_id IN "
                      "(SELECT id FROM outbox WHERE case_id = :c)"), {"c": cid})
    for table in ("events", "deadlines", "outbox", "meetings", "case_search"):
        conn.execute(text(f"DELETE FROM {table} WHERE case_id = :c"), {"c": cid})
    conn.execute(text("UPDATE filings SET case_id = NULL WHERE case_id = :c"), {"c": cid})
    conn.execute(text("DELETE FROM cases WHERE id = :c"), {"c": cid})


def test_a_case_deleted_whole_is_named_missing(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, second = two_cases(app, clock)
    with app.engine.begin() as conn:
        _delete_case(conn, second)
    code, lines = verify(capsys)
    assert code == 1
    assert lines[0] == (f"{second}: case missing: the docket chain records it, the database "
                        "has no such case")
    code, lines = verify(capsys, second)
    assert code == 1 and lines[0].startswith(f"{second}: case missing")


def test_the_docket_chain_cut_short_is_found_by_its_head_row_or_by_the_case(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, second = two_cases(app, clock)
    sql(app, "DELETE FROM docket_chain WHERE position = 4")
    code, lines = verify(capsys)
    assert code == 1 and lines[0] == ("docket chain: entries cut off the end: the head row "
                                      "names entry 4, the chain ends at 3")
    assert lines[1].startswith(f"{second}: not in the docket chain")
    with app.session_factory.begin() as s:  # the head row put back in step with the cut
        head = s.scalars(select(DocketChainRow.hash).where(DocketChainRow.position == 3)).one()
        s.execute(text("UPDATE docket_head SET count = 3, hash = :h"), {"h": head})
    code, lines = verify(capsys)
    assert code == 1 and lines[0].startswith(f"{second}: not in the docket chain")


def _rewrite_everything(conn: Connection) -> None:
    """What someone with the database and this code can do: change an entry and compute
    every hash after it again, the docket chain's included."""
    conn.execute(text("UPDATE events SET actor = 'nobody@city.test' WHERE seq = 0"))
    heads: dict[str, dict[int, str]] = {}
    for cid, number in conn.execute(text("SELECT id, number FROM cases")).all():
        rows = conn.execute(select(EventRow.id, EventRow.seq, EventRow.kind, EventRow.at,
                                   EventRow.actor, EventRow.data)
                            .where(EventRow.case_id == cid).order_by(EventRow.seq)).all()
        hashes = chain(number, [Entry(r.seq, r.kind, r.at, r.actor, r.data) for r in rows])
        heads[number] = {r.seq: h for r, h in zip(rows, hashes, strict=True)}
        for r, h in zip(rows, hashes, strict=True):
            conn.execute(text("UPDATE events SET hash = :h WHERE id = :i"), {"h": h, "i": r.id})
        conn.execute(text("UPDATE cases SET head = :h WHERE id = :i"),
                     {"h": hashes[-1], "i": cid})
    prev = GENESIS
    for d in conn.execute(select(DocketChainRow).order_by(DocketChainRow.position)).all():
        entry = DocketEntry(d.position, d.kind, d.at, d.case_number, d.seq,
                            heads[d.case_number][d.seq], d.detail)
        prev = docket_hash(entry, prev)
        conn.execute(text("UPDATE docket_chain SET head = :h, hash = :x WHERE position = :p"),
                     {"h": entry.head, "x": prev, "p": d.position})
    conn.execute(text("UPDATE docket_head SET hash = :x"), {"x": prev})


def test_a_chain_rewritten_whole_verifies_but_not_against_the_head_kept_off_the_machine(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    two_cases(app, clock)
    kept = verify(capsys, "--head")[1][0]
    with app.engine.begin() as conn:
        _rewrite_everything(conn)
    code, lines = verify(capsys)
    assert code == 0  # the limit docs/evidence.md states: hence the head kept elsewhere
    code, lines = verify(capsys, "--against", kept)
    assert code == 1 and lines[0].startswith(
        f"docket chain: the head kept ({kept}) is not in the chain: entry 4 is now")
    sql(app, "DELETE FROM docket_chain WHERE position = 4")
    code, lines = verify(capsys, "--against", kept)
    assert code == 1 and "(cut off the end)" in lines[0]


@pytest.mark.parametrize("argv", [["--against", "4:abc"], ["ETH-2026-0099"]])
def test_a_bad_head_or_an_unknown_case_is_one_line_and_exit_2(
        app: App, here: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    open_one(app)
    code, out, err = run(capsys, "verify", *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1


def test_concurrent_writers_append_the_docket_chain_one_at_a_time(
        app: App, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    open_at_once(app, 8)
    code, lines = verify(capsys)
    assert code == 0 and lines[0].startswith("verified: 8 case(s), 8 entries; docket chain "
                                             "head 8:")


def test_histories_stored_before_the_chain_are_hashed_by_the_migration(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database with histories at revision 0009 (made here by stepping back from the
    head) upgraded: every event hashed as the running code hashes it, each case's head
    one docket entry, everything verifies and new steps chain on."""
    first, _ = two_cases(app, clock)
    with app.session_factory() as s:
        before = s.execute(select(EventRow.id, EventRow.hash).order_by(EventRow.id)).all()
    from alembic import command

    cfg = alembic_config(app.engine.url.render_as_string(hide_password=False))
    with app.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0009")
    with app.engine.connect() as conn:
        columns = list(conn.execute(text("SELECT * FROM events LIMIT 1")).keys())
    assert "hash" not in columns
    upgrade(app.engine)
    with app.session_factory() as s:
        after = s.execute(select(EventRow.id, EventRow.hash).order_by(EventRow.id)).all()
        docket = s.execute(select(DocketChainRow.case_number, DocketChainRow.seq)
                           .order_by(DocketChainRow.position)).all()
    assert after == before
    assert [tuple(d) for d in docket] == [(first, 2), ("ETH-2026-0002", 0)]
    assert verify(capsys)[0] == 0
    clock.advance(days=1)
    convene(app, first)
    code, lines = verify(capsys)
    assert code == 0 and lines[0].startswith("verified: 2 case(s), 6 entries; docket chain "
                                             "head 4:")
    with app.session_factory() as s:
        assert stored_chain.verify(s).verified


def test_an_auditor_reads_the_access_log_and_no_one_else_but_the_clerk(
        app: App, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The directory's auditors (city.example.yml) read who looked at what; a council
    member may not, and their try is itself in the log."""
    shutil.copy(Path(__file__).resolve().parents[3] / "city.example.yml", here / "city.yml")
    number = open_one(app)
    assert run(capsys, "case", number)[0] == 0
    code, out, _ = run(capsys, "access-log", "--as", "rabara@audit.example", "--case", number)
    assert code == 0
    assert out.splitlines()[0].endswith(f"  cli  {number}  case detail  allowed")
    assert "Dana Whitfield" not in out  # never a case's content
    code, out, err = run(capsys, "access-log", "--as", "abrandt@city.test")
    assert code == 2 and out == "" and "Only an auditor" in err
    code, out, _ = run(capsys, "access-log", "--as", "clerk@city.test", "--json",
                       "--since", "2000-01-01T00:00:00")
    lines = json.loads(out)
    actions = [e["action"] for e in lines]
    assert code == 0 and "case detail" in actions
    assert actions[-2:] == ["access log as rabara@audit.example",
                            "access log as abrandt@city.test refused"]


def test_a_big_docket_is_verified_in_three_processes_with_the_same_answer(
        app: App, clock: FakeClock, here: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `PARALLEL_FROM` docket entries the docket chain is checked in a process of its
    own and the cases in two halves beside it: what they find is what one process finds,
    the breaks in the same order."""
    from ethicsbot.cli import verify as command

    first, second = two_cases(app, clock)
    alone = verify(capsys)
    monkeypatch.setattr(command, "PARALLEL_FROM", 0)
    assert verify(capsys) == alone and alone[0] == 0
    sql(app, "UPDATE events SET actor = 'nobody@city.test' WHERE case_id = :c AND seq = 1",
        c=case_id(app, first))
    sql(app, "UPDATE docket_chain SET kind = 'export' WHERE position = 4")
    with app.engine.begin() as conn:
        _delete_case(conn, second)
    code, lines = verify(capsys)
    assert code == 1 and lines[:3] == [
        f"docket chain: position 4 ({second} #0, export): hash mismatch (stored "
        f"{lines[0].split('stored ')[1]}",
        f"{first} #1: hash mismatch (stored {lines[1].split('stored ')[1]}",
        f"{second}: case missing: the docket chain records it, the database has no such "
        "case"]
    monkeypatch.setattr(command, "PARALLEL_FROM", 10**9)
    assert verify(capsys) == (code, lines)


def test_verify_reads_one_snapshot_and_holds_no_lock_a_writer_waits_for(
        app: App, clock: FakeClock, here: Path) -> None:
    """A verify of a big docket takes a minute: meanwhile the worker writes (on SQLite the
    BEGIN IMMEDIATE of other transactions would hold the write lock throughout), and
    what it writes is not half seen."""
    first = open_one(app)
    with app.snapshot_session_factory().begin() as snapshot:
        before = stored_chain.check_cases(snapshot)
        second = open_one(app)  # written and committed while the read is open
        assert stored_chain.check_cases(snapshot) == before
        assert stored_chain.docket_head(snapshot).count == 1
    with app.snapshot_session_factory().begin() as snapshot:
        assert stored_chain.verify(snapshot).cases == 2
    assert first != second
