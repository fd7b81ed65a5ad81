"""The Slack lookups' own PostgreSQL pool (storage.db.make_read_engine): autocommit with
asynchronous commit, and a connection the server dropped while it sat idle is replaced
before use instead of failing the next lookup."""

from __future__ import annotations

import pytest
from sqlalchemy import text

import storage.db
from storage.db import make_engine, make_read_engine


@pytest.mark.postgres
def test_the_read_pool_commits_asynchronously_and_replaces_a_dead_idle_connection(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine(postgres_url)
    reader = make_read_engine(engine)
    try:
        with reader.connect() as conn:
            assert conn.execute(text("SHOW synchronous_commit")).scalar() == "off"
            assert conn.connection.driver_connection.autocommit  # no BEGIN, no COMMIT
            pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
        with engine.begin() as admin:  # the server drops the pooled connection
            assert admin.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar()
        monkeypatch.setattr(storage.db, "IDLE_PING", 0.0)  # it has been idle long enough
        with reader.connect() as conn:
            assert conn.execute(text("SELECT pg_backend_pid()")).scalar() != pid
    finally:
        reader.dispose()
        engine.dispose()


def test_on_sqlite_the_lookups_use_the_main_engine(tmp_path: object) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/x.db")
    assert make_read_engine(engine) is engine
    engine.dispose()
