#!/usr/bin/env python3
"""bench/verify_chains.py — how long `ethicsbot verify` takes over a big docket, and how
much memory it needs.

Builds one case of M history entries through the service layer (a complaint filed, its
hearing scheduled, then correspondence filed until the history is M long: one
transaction a step, so one docket-chain entry a step, as in real use), then copies it
into N cases of a fresh database (SQLite, or on PostgreSQL a database of its own,
`ethicsbot_bench_verify`, dropped afterwards): each copy under its own number and
moments, every entry rehashed with the project's own functions (`cases.chain`) and the
docket chain rebuilt with the cases' steps interleaved, written in bulk (executemany, one
transaction a block of cases). Then runs `ethicsbot verify --json` over the whole docket
in a fresh process and prints its wall time and peak resident memory.
Goal (issue 27): 10,000 cases × 300 entries (3,000,000 events) verified in ≤ 60 s and
≤ 300 MB, on SQLite and on PostgreSQL.

    .venv/bin/python bench/verify_chains.py [--cases 10000] [--events 300]
        [--db sqlite|postgres|both] [--runs N] [--keep]
    .venv/bin/python bench/verify_chains.py --database-url URL [--runs N]  (a kept one)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import delete, insert, select

from cases import commands as c
from cases.chain import GENESIS, DocketEntry, Entry, docket_hash, entry_hash
from cases.filing import Complainant, Filing
from cases.services import file_complaint, take_step
from ethicsbot.bootstrap import bootstrap
from ethicsbot.settings import Settings
from storage.chain import HEAD_ROW
from storage.models import CaseRow, DocketChainRow, DocketHeadRow, EventRow

GOAL_S, GOAL_MB = 60.0, 300.0
PG_NAME = "ethicsbot_bench_verify"
NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
BLOCK = 100  # cases written per transaction, their steps interleaved in the docket chain


def _settings(url: str) -> Settings:
    return Settings(_env_file=None, database_url=url,  # type: ignore[call-arg]
                    directory=Path("/nonexistent/city.yml"))


@dataclass(frozen=True)
class Template:
    case: dict[str, Any]  # the case row's columns but id, number, head
    events: list[Entry]
    steps: list[tuple[int, datetime]]  # the docket chain's entries for it: (seq, at)


def template(folder: Path, events: int) -> Template:
    """One real case of `events` history entries, made through the service layer in a
    scratch SQLite database, as rows to copy."""
    app = bootstrap(_settings(f"sqlite:///{folder / 'template.db'}"), clock=lambda: NOW)
    received = NOW - timedelta(days=30)
    filing = Filing(received_at=received,
                    complainant=Complainant("Dana Whitfield", "dw@example.net", "12 Elm St",
                                            "555-0100"),
                    facts="The official approved a contract with a firm his brother owns "
                          "(benchmark).", code_sections=("2.94.030",),
                    respondents=("Gary Pruitt",))
    d, cal = app.directory, app.calendar
    with app.uow() as uow:
        number = file_complaint(uow, filing, directory=d, calendar=cal, clock=app.clock,
                                actor="bench").number
        uow.commit()
    with app.uow() as uow:
        take_step(uow, number, c.ScheduleBoardMeeting(NOW + timedelta(days=7), "Council Chambers"),
                  directory=d, calendar=cal, clock=app.clock, actor="clerk@city.test")
        uow.commit()
    i = 0
    while True:
        with app.uow() as uow:
            case = uow.cases.get(number)
            assert case is not None
            if len(case.history) >= events:
                break
            take_step(uow, number, c.FileCorrespondence(f"resident{i}@example.net",
                                                        f"Re: {number} ({i})"),
                      directory=d, calendar=cal, clock=app.clock, actor="ethicsbot")
            uow.commit()
        i += 1
    with app.session_factory() as s:
        row = s.scalars(select(CaseRow).where(CaseRow.number == number)).one()
        columns = {col.key: getattr(row, col.key) for col in CaseRow.__table__.columns
                   if col.key not in ("id", "number", "head", "event_count")}
        entries = [Entry(e.seq, e.kind, e.at, e.actor, e.data) for e in s.scalars(
            select(EventRow).where(EventRow.case_id == row.id, EventRow.seq < events)
            .order_by(EventRow.seq))]
        steps = [(seq, at) for seq, at in s.execute(
            select(DocketChainRow.seq, DocketChainRow.at)
            .where(DocketChainRow.case_number == number, DocketChainRow.seq < events)
            .order_by(DocketChainRow.position))]
    app.engine.dispose()
    if steps[-1][0] != len(entries) - 1:  # the last step ran past `events`: record the cut
        steps.append((len(entries) - 1, entries[-1].at))
    return Template(columns, entries, steps)


def fill(url: str, t: Template, cases: int) -> None:
    """`cases` copies of `t`, hashed as EthicsBot hashes, written in bulk."""
    app = bootstrap(_settings(url), clock=lambda: NOW)
    began = time.perf_counter()
    prev, position = GENESIS, 0
    with app.engine.begin() as conn:
        conn.execute(delete(DocketChainRow))
    for start in range(0, cases, BLOCK):
        case_rows, event_rows, heads = [], [], {}
        block = range(start, min(cases, start + BLOCK))
        for i in block:
            number, shift = f"ETH-2026-{i + 1:05d}", timedelta(minutes=i)
            h, hashes = GENESIS, []
            for e in t.events:
                moved = replace(e, at=e.at + shift)
                h = entry_hash(number, moved, h)
                hashes.append(h)
                event_rows.append({"case_id": i + 1, "seq": e.seq, "kind": e.kind,
                                   "at": moved.at, "actor": e.actor, "data": e.data,
                                   "hash": h})
            heads[i] = hashes
            case_rows.append({**t.case, "id": i + 1, "number": number, "head": h,
                              "event_count": len(hashes)})
        docket_rows = []
        for seq, at in t.steps:  # the block's cases stepping side by side
            for i in block:
                position += 1
                entry = DocketEntry(position, "events", at + timedelta(minutes=i),
                                    f"ETH-2026-{i + 1:05d}", seq, heads[i][seq], {})
                prev = docket_hash(entry, prev)
                docket_rows.append({"position": position, "kind": entry.kind, "at": entry.at,
                                    "case_number": entry.case, "seq": seq,
                                    "head": entry.head, "detail": {}, "hash": prev})
        with app.engine.begin() as conn:
            conn.execute(insert(CaseRow), case_rows)
            conn.execute(insert(EventRow), event_rows)
            conn.execute(insert(DocketChainRow), docket_rows)
        if (start // BLOCK) % 10 == 9:
            print(f"  … {block.stop} cases written, {time.perf_counter() - began:.0f} s",
                  flush=True)
    with app.engine.begin() as conn:
        conn.execute(delete(DocketHeadRow))
        conn.execute(insert(DocketHeadRow), [{"id": HEAD_ROW, "count": position,
                                              "hash": prev}])
    if url.startswith("postgresql"):  # fresh statistics, as autovacuum would have by now
        with app.engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
    app.engine.dispose()
    print(f"  filled {cases} cases × {len(t.events)} entries ({cases * len(t.events):,} "
          f"events, {position:,} docket-chain entries) in {time.perf_counter() - began:.0f} s",
          flush=True)


def verify(url: str) -> tuple[float, dict[int, float], dict[int, float], dict[str, Any]]:
    """`ethicsbot verify --json` in a fresh process: wall seconds, the peak resident
    memory (MB) and the CPU seconds (as last seen, within 50 ms of its end) of each
    process of it (it starts a second one on a big docket), its answer. Peaks are each
    process's VmHWM, read every 50 ms (not ru_maxrss: that counts the memory of this
    process, from which it was forked, before it started)."""
    env = {**os.environ, "ETHICSBOT_DATABASE_URL": url,
           "ETHICSBOT_DIRECTORY": "/nonexistent/city.yml"}
    exe = Path(sys.executable).parent / "ethicsbot"
    peaks: dict[int, float] = {}
    cpu: dict[int, float] = {}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        began = time.perf_counter()
        proc = subprocess.Popen([str(exe), "verify", "--json"], env=env, stdout=out,
                                stderr=err)
        while proc.poll() is None:
            for pid in _tree(proc.pid):
                if (mb := _peak_mb(pid)) is not None:
                    peaks[pid] = max(peaks.get(pid, 0.0), mb)
                if (seconds := _cpu_s(pid)) is not None:
                    cpu[pid] = seconds
            time.sleep(0.05)
        wall = time.perf_counter() - began
        out.seek(0)
        err.seek(0)
        answer, error = out.read(), err.read()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"ethicsbot verify failed ({proc.returncode}): "
                         f"{error.decode()[-2000:]}")
    return wall, peaks, cpu, json.loads(answer)


def _tree(pid: int) -> list[int]:
    """`pid` and its descendants, as /proc lists them now."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid, *(p for child in children for p in _tree(int(child)))]


def _cpu_s(pid: int) -> float | None:
    """User + system CPU seconds of `pid` so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_mb(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


@contextmanager
def database(kind: str, folder: Path, *, keep: bool = False) -> Iterator[str]:
    """A fresh database of `kind`: a SQLite file, or `PG_NAME` on the local server (the
    tests' server), dropped afterwards unless `keep`."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'verify.db'}"
        return
    from psycopg import connect, sql

    from tests.servers.postgres import server_url

    server = server_url()
    admin = server.set(drivername="postgresql").render_as_string(hide_password=False)

    def run(statement: sql.Composed) -> None:
        with connect(admin, autocommit=True, connect_timeout=5) as conn:
            conn.execute(statement)

    name = sql.Identifier(PG_NAME)
    run(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
    run(sql.SQL("CREATE DATABASE {}").format(name))
    try:
        yield server.set(drivername="postgresql+psycopg", database=PG_NAME).render_as_string(
            hide_password=False)
    finally:
        if not keep:
            run(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--events", type=int, default=300, help="history entries a case")
    ap.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    ap.add_argument("--database-url", help="verify this database, filled by an earlier "
                    "run with --keep, instead of filling a new one")
    ap.add_argument("--keep", action="store_true",
                    help="leave the filled database(s) in place and print their URL")
    ap.add_argument("--runs", type=int, default=1, help="verify runs, one after another")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ethicsbot-verify-bench-"))
    met = True
    try:
        if args.database_url:
            return 0 if all(measure(args.database_url, None) for _ in range(args.runs)) else 1
        t = template(folder, args.events)
        print(f"template case: {len(t.events)} entries, {len(t.steps)} docket-chain steps")
        for kind in ("sqlite", "postgres") if args.db == "both" else (args.db,):
            with database(kind, folder, keep=args.keep) as url:
                print(f"{kind}:", flush=True)
                fill(url, t, args.cases)
                for _ in range(args.runs):
                    met = measure(url, args.cases * len(t.events)) and met
                if args.keep:
                    print(f"  kept: --database-url {url}")
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print("Every goal met." if met else "Some goal was NOT met.")
    return 0 if met else 1


def measure(url: str, entries: int | None) -> bool:
    """One `ethicsbot verify` over the database at `url`, printed; whether it met the
    goal (and verified `entries` entries, if given)."""
    load = os.getloadavg()[0]
    wall, peaks, cpu, answer = verify(url)
    if not answer["verified"] or (entries is not None and answer["entries"] != entries):
        raise SystemExit(f"verify did not pass over the copies: {answer}")
    rss = sum(peaks.values())  # as if every process peaked at once
    ok = wall <= GOAL_S and rss <= GOAL_MB
    each = " + ".join(f"{mb:.0f}" for mb in peaks.values())
    busy = " + ".join(f"{s:.1f}" for s in cpu.values())
    print(f"  ethicsbot verify: {answer['cases']:,} cases, {answer['entries']:,} entries in "
          f"{wall:.1f} s (CPU {busy} s; load average before {load:.1f}), peak RSS "
          f"{rss:.0f} MB ({len(peaks)} process(es): {each})  {'ok' if ok else 'NOT met'} "
          f"(goal ≤ {GOAL_S:.0f} s, ≤ {GOAL_MB:.0f} MB)", flush=True)
    return ok


if __name__ == "__main__":
    sys.exit(main())
