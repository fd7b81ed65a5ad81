"""Bring a database to the newest schema with Alembic (`ethicsbot migrate`).

The migrations ship inside the package, so a plain `pip install .` can migrate too.
"""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, inspect

from storage.db import normalise_url


def alembic_config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("storage") / "migrations"))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return cfg


def upgrade(engine: Engine) -> None:
    """Upgrade the database behind `engine` to head, in one connection."""
    cfg = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def is_current(engine: Engine) -> bool:
    """True when the schema exists and is at head (what `/readyz` and start-up check)."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config(str(engine.url)))
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return False
        return MigrationContext.configure(conn).get_current_revision() == script.get_current_head()
