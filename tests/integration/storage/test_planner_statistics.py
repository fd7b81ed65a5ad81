"""SQLite's planner is told the tables' shape at the worker's start (storage.db
`refresh_statistics`): without it, the dispatcher's claim of a new case's notices behind a
long queue reads the whole queue; with it, only the new case's rows, by their case."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, select
from sqlalchemy.dialects import sqlite

from storage.db import make_engine, refresh_statistics
from storage.models import Base, CaseRow, OutboxRow

CASES = 3000


def test_after_the_statistics_a_claim_reads_only_the_newest_cases_rows(
        tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/planner.db")
    Base.metadata.create_all(engine)
    old, now = datetime(2026, 12, 7, 8, tzinfo=UTC), datetime(2026, 12, 7, 9, tzinfo=UTC)
    with engine.begin() as c:
        c.execute(insert(CaseRow), [
            {"id": i, "number": f"ETH-2026-{i:06d}", "received_at": old, "respondents": [],
             "stage": "received", "updated_at": old, "confidential": True}
            for i in range(1, CASES + 1)])
        c.execute(insert(OutboxRow), [
            {"case_id": i, "notice_type": "complaint_to_council", "recipient_email": f"{k}@x",
             "recipient_name": "x", "message_id": f"<{i}.{k}@x>", "created_at": old,
             "next_attempt_at": old, "deadline_key": "notice_24h", "status": "pending",
             "channel": "email", "slot": "", "generation": 0, "attempts": 0}
            for i in range(1, CASES + 1) for k in range(7)])
    newest = select(CaseRow.id).order_by(CaseRow.id.desc()).limit(25)
    claim = (select(OutboxRow.id).where(
        OutboxRow.status == "pending", OutboxRow.next_attempt_at <= now + timedelta(hours=1),
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
