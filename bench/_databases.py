"""A throw-away database of either kind for a benchmark: a SQLite file, or a fresh
database on the local PostgreSQL server (the tests' server, tests/servers/postgres.py),
dropped afterwards; and the arguments every benchmark over a big docket takes (how many
cases, on which kind)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

KINDS = ("sqlite", "postgres")


def docket_arguments(doc: str, *, cases: int) -> argparse.ArgumentParser:
    """`--cases` (open cases to fill, `cases` by default) and `--db`; the benchmark adds
    its own arguments and parses."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=cases)
    parser.add_argument("--db", choices=KINDS, default="sqlite")
    return parser


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
