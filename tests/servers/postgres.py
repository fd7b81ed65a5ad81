"""A throw-away database per test session on an existing PostgreSQL server.

The server itself is the machine's (scripts/test makes sure one answers on
127.0.0.1:5432 with trust auth); each pytest session gets its own database so
that concurrent runs and leftovers of a crashed run never meet.
"""

from __future__ import annotations

import os
import secrets

import psycopg
from psycopg import sql
from sqlalchemy.engine import URL, make_url

DEFAULT_SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
ENV_SERVER = "ETHICSBOT_TEST_PG"


def server_url() -> URL:
    """The admin URL: $ETHICSBOT_TEST_PG if set, else the local trust-auth server."""
    return make_url(os.environ.get(ENV_SERVER) or DEFAULT_SERVER)


def _connect(url: URL) -> psycopg.Connection[tuple[object, ...]]:
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    return psycopg.connect(conninfo, autocommit=True, connect_timeout=5)


def create_database(server: URL) -> URL:
    """Create a uniquely named database and return its psycopg SQLAlchemy URL.

    Raises psycopg.OperationalError when no server answers (or it refuses us).
    """
    name = f"ethicsbot_test_{os.getpid()}_{secrets.token_hex(4)}"
    with _connect(server) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return server.set(drivername="postgresql+psycopg", database=name)


def drop_database(server: URL, name: str) -> None:
    """Drop it even if a test leaked a connection (WITH FORCE, PostgreSQL 13+)."""
    with _connect(server) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                     .format(sql.Identifier(name)))


def refuse_connections(server: URL, name: str) -> int:
    """Make database `name` unreachable, as an outage would: no new connection is let in
    and every open one is ended. Only this database: the server and its other databases
    go on as before. Returns how many connections were ended."""
    with _connect(server) as conn:
        conn.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false")
                     .format(sql.Identifier(name)))
        ended = conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()", (name,)).fetchone()
    return int(ended[0]) if ended else 0


def allow_connections(server: URL, name: str) -> None:
    """End the outage `refuse_connections` began."""
    with _connect(server) as conn:
        conn.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true")
                     .format(sql.Identifier(name)))
