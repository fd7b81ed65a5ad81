"""A throw-away database of either kind for a benchmark: a SQLite file, or a fresh
database on the local PostgreSQL server (the tests' server, tests/servers/postgres.py),
dropped afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

KINDS = ("sqlite", "postgres")


@contextmanager
def throwaway(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of `kind`, gone when the block ends."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'bench.db'}"
        return
    from tests.servers.postgres import create_database, drop_database, server_url

    server = server_url()
    url = create_database(server)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        assert url.database is not None
        drop_database(server, url.database)
