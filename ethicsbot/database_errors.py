"""A database that cannot be opened, said in one line: what is wrong and what to do.

Every command starts by opening the database (`ethicsbot.bootstrap`), so this is where a
mistyped URL, a server that is down, or a SQLite path that is a folder, is in a missing
folder or is not the user's to read becomes one readable line instead of a traceback
(`ethicsbot.cli` prints it). A password in the URL is never repeated.

Two kinds, because a long-running process treats them differently (docs/topology.md):

- `DatabaseUnreachable`: the server cannot be reached *now* (refused, timed out, no route,
  a host name that does not resolve yet, the database not accepting connections, the
  server starting up or shutting down, too many clients, the connection cut midway, an
  SQLite file locked by another process). Nothing in the settings is wrong; it may be
  over in a minute. `worker`, `web` and `run` wait for it (`ethicsbot.database_wait`);
  one-shot commands print the line and exit.
- every other `DatabaseUnavailable`: a person must change something (the URL's scheme,
  the driver, the password, the user or database name, TLS, a SQLite path whose folder
  does not exist, a schema from a newer version). Waiting would never end, so every
  command, long-running or not, prints one line and exits 2.

Only failures recognised as an outage wait: an error we do not recognise is shown to a
person at once (a platform restarts the process, which is a retry too), rather than
hidden behind an endless wait.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

SETTING = "ETHICSBOT_DATABASE_URL"
_UNREACHABLE = re.compile(r"refused|timed? ?out|host name|no route|resolve|unreachable|"
                          r"name or service", re.IGNORECASE)
EXAMPLES = "sqlite:///path/to/ethicsbot.db or postgresql://user:password@host/dbname"


class DatabaseUnavailable(Exception):
    """The database cannot be opened or used; the message says why and what to do."""


class DatabaseUnreachable(DatabaseUnavailable):
    """The database cannot be reached now, though nothing in the settings is wrong;
    `reason` is the driver's words, for the log of a process that waits for it."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


# The driver's words for "not now" (psycopg/libpq, PostgreSQL's FATAL messages, SQLite).
# A name that does not resolve waits too: on container platforms the database's host
# name exists only while its container or pod runs.
_OUTAGE = re.compile(
    r"refused|timed? ?out|timeout expired|no route|network is unreachable|host is down|"
    r"failed to resolve host|temporary failure in name resolution|name or service not known|"
    r"could not translate host name|not currently accepting connections|"
    r"the database system is (starting up|shutting down|in recovery mode|not yet accepting)|"
    r"too many (clients|connections)|remaining connection slots|server closed the "
    r"connection|terminating connection|connection (reset|is lost|is closed|was closed)|"
    r"consuming input failed|ssl syscall error|database is locked|cannot connect now",
    re.IGNORECASE)


def explain(url: str, error: BaseException) -> DatabaseUnavailable:
    """`error`, met while opening the database at `url`, as one line for a person."""
    from alembic.util import CommandError  # only a migration raises it: loaded already
    if isinstance(error, ArgumentError) or (isinstance(error, ValueError)
                                            and not isinstance(error, SQLAlchemyError)):
        return DatabaseUnavailable(f"{SETTING} is not a database URL EthicsBot can use: "
                                   f"give {EXAMPLES}")
    kind = url.split(":", 1)[0].split("+", 1)[0].lower() if ":" in url else ""
    if isinstance(error, ImportError) or kind not in ("sqlite", "postgres", "postgresql"):
        return DatabaseUnavailable(f"{SETTING} names a {kind or 'kind of'} database; "
                                   f"EthicsBot keeps its docket in SQLite or PostgreSQL: "
                                   f"give {EXAMPLES}")
    if isinstance(error, CommandError):  # opened, but its schema is not one we know
        return DatabaseUnavailable(
            f"the database at {_where(url)} has a schema this EthicsBot does not know "
            f"({_reason(error)}): it was migrated by a newer version; run that version, "
            "or restore a backup made by this one")
    if kind == "sqlite":
        return _sqlite(url, error)
    reason = _reason(error)
    if _is_outage(error):
        return DatabaseUnreachable(
            f"cannot connect to the database at {_where(url)} ({reason}): check that the "
            f"server is running and reachable from here, and the host in {SETTING}", reason)
    advice = ("check that the server is running and reachable from here"
              if _UNREACHABLE.search(reason) else "check the user, password and database name")
    return DatabaseUnavailable(f"cannot connect to the database at {_where(url)} ({reason}): "
                               f"{advice} in {SETTING}")


def failed(url: str, error: SQLAlchemyError) -> DatabaseUnavailable:
    """A database that opened but failed a command midway (a restore without its
    tables, a server that went away): what it said, and what to do."""
    return DatabaseUnavailable(
        f"the database at {_where(url)} failed ({_reason(error)}). Try again; if it "
        "fails again, run `ethicsbot migrate` and check the database")


def _is_outage(error: BaseException) -> bool:
    """Whether `error` says the database cannot be reached now (module docstring)."""
    inner = error.orig if isinstance(error, DBAPIError) and error.orig else error
    return isinstance(error, DBAPIError) and bool(_OUTAGE.search(str(inner)))


def _sqlite(url: str, error: BaseException) -> DatabaseUnavailable:
    database = make_url(url).database or ""
    path = Path(database).absolute()
    if path.is_dir():
        return DatabaseUnavailable(
            f"the database path {path} is a folder: set {SETTING}=sqlite:///{path}/ethicsbot.db "
            "(a file in it)")
    folder = path.parent
    if not folder.is_dir():
        return DatabaseUnavailable(
            f"the folder {folder} does not exist: create it, or point {SETTING} at a file "
            "in a folder that does")
    user = _user()
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        return DatabaseUnavailable(
            f"cannot open the database file {path} (permission denied): give the user "
            f"running EthicsBot ({user}) read and write access to it")
    if not os.access(folder, os.W_OK | os.X_OK):
        return DatabaseUnavailable(
            f"cannot write in the folder {folder} (permission denied; SQLite keeps its -wal "
            f"and -shm files beside the database): give the user running EthicsBot ({user}) "
            "read and write access to it")
    reason = _reason(error)
    if _is_outage(error):  # another process holds the write lock beyond busy_timeout
        return DatabaseUnreachable(f"the database file {path} is locked by another process "
                                   f"({reason}): try again when it is done", reason)
    if "not a database" in reason:
        return DatabaseUnavailable(
            f"{path} is not an SQLite database ({reason}): point {SETTING} at EthicsBot's "
            "database file, or at a new path to start an empty one")
    return DatabaseUnavailable(f"cannot use the database file {path} ({reason}): check the "
                               f"file and {SETTING}")


def _where(url: str) -> str:
    """host:port/name (a SQLite file's path), without the user and password."""
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        return str(Path(u.database or ":memory:").absolute()) if u.database else ":memory:"
    return f"{u.host or 'localhost'}{f':{u.port}' if u.port else ''}/{u.database or ''}"


def _reason(error: BaseException) -> str:
    """The driver's own words, first line, without the library's wrapping."""
    inner = error.orig if isinstance(error, DBAPIError) and error.orig else error
    first = (str(inner).strip().splitlines() or [type(inner).__name__])[0]
    first = re.split(r"failed:\s*", first)[-1].removeprefix("FATAL:").strip()
    return (first or type(inner).__name__)[:160]


def _user() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return f"uid {os.getuid()}"
