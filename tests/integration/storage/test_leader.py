"""One active worker: the lock on SQLite (a second worker refuses) and on PostgreSQL
(a standby takes over when the holder's connection dies)."""

from __future__ import annotations

from sqlalchemy import text

from storage.db import make_engine
from storage.leader import WorkerLock


def test_only_one_worker_holds_the_lock_and_it_is_released(database_url: str) -> None:
    a, b = make_engine(database_url), make_engine(database_url)
    first, second = WorkerLock(a), WorkerLock(b)
    try:
        assert first.try_acquire()
        assert first.try_acquire()  # holding it already
        assert not second.try_acquire()
        assert "another worker" in second.describe_holder()
        first.release()
        assert second.try_acquire()
        assert second.still_held()
    finally:
        first.release()
        second.release()
        a.dispose()
        b.dispose()


def test_a_standby_takes_over_when_the_holder_dies(postgres_url: str) -> None:
    a, b = make_engine(postgres_url), make_engine(postgres_url)
    holder, standby = WorkerLock(a), WorkerLock(b)
    try:
        assert holder.try_acquire()
        assert not standby.try_acquire()
        assert holder._conn is not None
        pid = holder._conn.execute(text("SELECT pg_backend_pid()")).scalar()
        with b.connect() as admin:  # the holder's process "dies": its connection is cut
            admin.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
        assert not holder.still_held()
        assert standby.try_acquire()
    finally:
        holder.release()
        standby.release()
        a.dispose()
        b.dispose()
