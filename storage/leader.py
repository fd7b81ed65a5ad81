"""One active worker at a time: it alone reads the mailbox, sends the outbox and reminds.

On PostgreSQL the worker holds a session-level advisory lock on a connection of its own;
if the worker dies its connection closes, the lock is freed, and a standby worker that
keeps trying takes over within seconds. SQLite has no such lock, so a lock file beside
the database stands in for it and a second worker refuses to start.

A database that cannot be reached is not an error here: `try_acquire` and `still_held`
raise or answer False, and the caller (ethicsbot.leadership) waits and tries again. The
worker that takes the lock writes down who it is and since when (`app_state`), which
`active_worker` reads back, checked against the lock itself, for `ethicsbot status`.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session

from storage.models import StateRow

LOCK_KEY = 0x45_54_48_42  # "ETHB": the advisory-lock key all EthicsBot workers share
STATE_KEY = "worker.active"

# What a database that is down, restarting or unreachable raises: wait and retry.
DATABASE_DOWN = (OperationalError, InterfaceError)


@dataclass(frozen=True)
class ActiveWorker:
    """The worker holding the lock: `1234@host`, and since when it has held it (None for
    a holder that wrote no record, e.g. an older version)."""

    id: str
    since: datetime | None


def worker_id() -> str:
    return f"{os.getpid()}@{socket.gethostname()}"


class WorkerLock:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._conn: Connection | None = None
        self._file: IO[str] | None = None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def describe_holder(self) -> str:
        if self.is_sqlite:
            return f"another worker holds {lock_path(self.engine)}"
        return "another worker holds the PostgreSQL advisory lock"

    def try_acquire(self) -> bool:
        """True if this process holds the lock now. Raises DATABASE_DOWN errors."""
        return self._try_file() if self.is_sqlite else self._try_advisory()

    def still_held(self) -> bool:
        """False when the lock was lost (the database connection died)."""
        if self.is_sqlite:
            return self._file is not None
        if self._conn is None:
            return False
        try:
            self._conn.execute(text("SELECT 1"))
            return True
        except Exception:  # any failure of the connection means the lock is gone
            self._drop_conn()
            return False

    def record_takeover(self, since: datetime) -> None:
        """Write down that this process is the active worker from `since` on."""
        record = {"id": worker_id(), "since": since.isoformat(), "pid": os.getpid()}
        if self._conn is not None:
            record["backend"] = self._conn.execute(text("SELECT pg_backend_pid()")).scalar()
        with Session(self.engine) as s, s.begin():
            s.merge(StateRow(key=STATE_KEY, value=json.dumps(record)))

    def release(self) -> None:
        """Let go of the lock; never raises (the connection may be dead already)."""
        if self._file is not None or self._conn is not None:
            with contextlib.suppress(Exception):
                self._forget()
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": LOCK_KEY})
            self._drop_conn()

    def _forget(self) -> None:
        """Remove our takeover record, so nobody reads a stopped worker as active."""
        with Session(self.engine) as s, s.begin():
            row = s.get(StateRow, STATE_KEY)
            if row is not None and json.loads(row.value).get("pid") == os.getpid():
                s.delete(row)

    def _try_file(self) -> bool:
        if self._file is not None:
            return True
        handle = open(lock_path(self.engine), "a+")  # noqa: SIM115 - held open while running
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle
        return True

    def _try_advisory(self) -> bool:
        if self._conn is not None:
            return True
        conn = self.engine.connect()
        try:
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            got = bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": LOCK_KEY})
                       .scalar())
        except BaseException:
            with contextlib.suppress(Exception):  # a dead connection may fail to close
                conn.close()
            raise
        if got:
            self._conn = conn
        else:
            conn.close()
        return got

    def _drop_conn(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):  # a dead connection may fail to close
                self._conn.close()
            self._conn = None


def lock_path(engine: Engine) -> Path:
    db = engine.url.database or "ethicsbot.db"
    return Path(db if db != ":memory:" else "ethicsbot-memory.db").with_suffix(".worker-lock")


def active_worker(session: Session) -> ActiveWorker | None:
    """The worker holding the lock now, from its record, or None when none holds it."""
    row = session.get(StateRow, STATE_KEY)
    record = json.loads(row.value) if row is not None else None
    if session.get_bind().dialect.name == "sqlite":
        held = record is not None and _pid_alive(int(record.get("pid", 0)))
    else:
        holders = set(session.scalars(text(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND classid = 0 AND objid = CAST(:k AS oid) AND objsubid = 1"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"),
            {"k": LOCK_KEY}))
        if holders and (record is None or record.get("backend") not in holders):
            return ActiveWorker(f"unknown (PostgreSQL backend {min(holders)})", None)
        held = bool(holders)
    if not held or record is None:
        return None
    return ActiveWorker(str(record["id"]), datetime.fromisoformat(record["since"]))


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
