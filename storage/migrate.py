"""Bring a database to the newest schema with Alembic (`ethicsbot migrate`).

The migrations ship inside the package, so a plain `pip install .` can migrate too.
Alembic is imported only to migrate: whether a database is current is one query against
`HEAD` (`tests/integration/storage/test_cases_store.py` holds it to Alembic's own head),
so a one-shot command on a current database does not load it (~130 ms).
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

from sqlalchemy import Engine, inspect, text

from storage.db import normalise_url

if TYPE_CHECKING:
    from alembic.config import Config

HEAD = "0016"  # the newest revision in storage/migrations/versions
MIGRATION_LOCK = 0x45_54_48_4D  # "ETHM": held while one process migrates (PostgreSQL)


def alembic_config(url: str) -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("storage") / "migrations"))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return cfg


def upgrade(engine: Engine) -> None:
    """Upgrade the database behind `engine` to head, in one transaction.

    Processes that start together (a worker, web replicas, all waiting for a database
    that has just come back) migrate one at a time: on PostgreSQL each takes a
    transaction-level advisory lock first, so the next finds the schema done instead of
    failing on a table the first just created; on SQLite the transaction's BEGIN
    IMMEDIATE (storage.db) does the same."""
    from alembic import command

    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def is_current(engine: Engine) -> bool:
    """True when the schema exists and is at head (what `/readyz` and start-up check)."""
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return False
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == HEAD


def script_head() -> str | None:
    """Alembic's own head revision, read from the migration scripts (what HEAD must be)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
