"""The planner is told the tables' shape at the worker's start (storage.db
`refresh_statistics`). On SQLite: without it, the dispatcher's claim of a new case's
notices behind a long queue reads the whole queue; with it, only the new case's rows, by
their case. On PostgreSQL: the tables never analyzed, or changed by a tenth since, are
analyzed (a docket just loaded, where autovacuum has not come round), the others not.
A case's first notice is read off an index in its order, statistics or none, and the
claim's longest-waiting half too once the statistics are known (0014)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import insert, select, text
from sqlalchemy.dialects import postgresql, sqlite

from storage.db import make_engine, refresh_statistics
from storage.models import Base, CaseRow, OutboxRow

CASES = 3000
OLD, NOW = datetime(2026, 12, 7, 8, tzinfo=UTC), datetime(2026, 12, 7, 9, tzinfo=UTC)


def queued(n: int) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """`n` cases and their seven §2 notices each, queued at one moment."""
    cases = [{"id": i, "number": f"ETH-2026-{i:06d}", "received_at": OLD, "respondents": [],
              "stage": "received", "updated_at": OLD, "confidential": True}
             for i in range(1, n + 1)]
    rows = [{"case_id": i, "notice_type": "complaint_to_council", "recipient_email": f"{k}@x",
             "recipient_name": "x", "message_id": f"<{i}.{k}@x>", "created_at": OLD,
             "next_attempt_at": OLD, "deadline_key": "notice_24h", "status": "pending",
             "channel": "email", "slot": "", "generation": 0, "attempts": 0}
            for i in range(1, n + 1) for k in range(7)]
    return cases, rows


def test_after_the_statistics_a_claim_reads_only_the_newest_cases_rows(
        tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/planner.db")
    Base.metadata.create_all(engine)
    cases, rows = queued(CASES)
    with engine.begin() as c:
        c.execute(insert(CaseRow), cases)
        c.execute(insert(OutboxRow), rows)
    newest = select(CaseRow.id).order_by(CaseRow.id.desc()).limit(25)
    claim = (select(OutboxRow.id).where(
        OutboxRow.status == "pending", OutboxRow.next_attempt_at <= NOW + timedelta(hours=1),
        OutboxRow.case_id.in_(newest.scalar_subquery()), OutboxRow.deadline_key.is_not(None))
        .order_by(OutboxRow.case_id.desc(), OutboxRow.id).limit(25))
    sql = str(claim.compile(dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True}))

    def plan() -> str:
        with engine.connect() as c:
            return " ".join(str(r[-1]) for r in c.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}"))

    assert "ix_outbox_status_next" in plan()  # a guess: every pending row due, then sorted
    refresh_statistics(engine)
    after = plan()
    assert "(case_id=?" in after and "ix_outbox_status_next" not in after, after
    engine.dispose()


@pytest.mark.postgres
def test_on_postgresql_the_tables_not_analyzed_are_and_reads_keep_their_index(
        postgres_url: str) -> None:
    engine = make_engine(postgres_url)
    with engine.begin() as c:
        c.execute(text("DROP SCHEMA public CASCADE"))
        c.execute(text("CREATE SCHEMA public"))
    Base.metadata.create_all(engine)
    cases, rows = queued(CASES)
    with engine.begin() as c:
        c.execute(insert(CaseRow), cases)
        c.execute(insert(OutboxRow), rows)
    # PostgreSQL 15+ flushes a backend's counts of rows inserted up to a second later: once
    # they are in, an ANALYZE is not followed by a late "modified since" that would make
    # the second refresh below analyze again
    inserted = {"cases": len(cases), "outbox": len(rows)}
    for _ in range(100):
        with engine.connect() as c:
            seen = {r[0]: r[1] for r in c.execute(text(
                "SELECT relname, n_tup_ins FROM pg_stat_user_tables "
                "WHERE relname IN ('cases', 'outbox')"))}
        if seen == inserted:
            break
        time.sleep(0.05)

    def plan(stmt: object) -> str:
        sql = str(stmt.compile(dialect=postgresql.dialect(),  # type: ignore[attr-defined]
                               compile_kwargs={"literal_binds": True}))
        with engine.connect() as c:
            return "\n".join(str(r[0]) for r in c.exec_driver_sql(f"EXPLAIN {sql}"))

    def analyzed() -> set[str]:
        with engine.connect() as c:
            return set(c.scalars(text("SELECT relname FROM pg_stat_user_tables "
                                      "WHERE last_analyze IS NOT NULL")))

    oldest = (select(OutboxRow.id).where(OutboxRow.status == "pending",
                                         OutboxRow.next_attempt_at <= NOW)
              .order_by(OutboxRow.rank, OutboxRow.next_attempt_at, OutboxRow.id).limit(25))
    root = (select(OutboxRow.message_id).where(OutboxRow.case_id == CASES)
            .order_by(OutboxRow.id).limit(1))
    # a case's first notice is read off its index, the planner guessing or not (without
    # statistics it read the outbox by primary key until it met the case)
    assert "ix_outbox_case_id_id" in plan(root) and "Sort" not in plan(root)
    assert not analyzed() & {"outbox", "cases"}
    refresh_statistics(engine)
    assert {"outbox", "cases"} <= analyzed()
    assert "ix_outbox_case_id_id" in plan(root) and "Sort" not in plan(root)
    # the longest waiting, queued at one moment, in order off the index: not all sorted
    assert "ix_outbox_status_rank_next_id" in plan(oldest) and "Sort" not in plan(oldest)
    with engine.connect() as c:
        before = {r[0]: r[1] for r in c.execute(
            text("SELECT relname, analyze_count FROM pg_stat_user_tables"))}
    refresh_statistics(engine)  # nothing changed since: nothing analyzed again
    with engine.connect() as c:
        after = {r[0]: r[1] for r in c.execute(
            text("SELECT relname, analyze_count FROM pg_stat_user_tables"))}
    assert after == before
    engine.dispose()
