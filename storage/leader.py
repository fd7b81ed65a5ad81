"""One active worker at a time: it alone reads the mailbox, sends the outbox and reminds.

On PostgreSQL the worker holds a session-level advisory lock on a connection of its own;
if the worker dies its connection closes, the lock is freed, and a standby worker that
keeps trying takes over within seconds. SQLite has no such lock, so a lock file beside
the database stands in for it and a second worker refuses to start.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import IO

from sqlalchemy import Connection, Engine, text

LOCK_KEY = 0x45_54_48_42  # "ETHB": the advisory-lock key all EthicsBot workers share


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
            return f"another worker holds {self._lock_path()}"
        return "another worker holds the PostgreSQL advisory lock"

    def try_acquire(self) -> bool:
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

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None
        if self._conn is not None:
            try:
                self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": LOCK_KEY})
            finally:
                self._drop_conn()

    def _lock_path(self) -> Path:
        db = self.engine.url.database or "ethicsbot.db"
        return Path(db if db != ":memory:" else "ethicsbot-memory.db").with_suffix(".worker-lock")

    def _try_file(self) -> bool:
        if self._file is not None:
            return True
        handle = open(self._lock_path(), "a+")  # noqa: SIM115 - held open while running
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
        conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        got = bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": LOCK_KEY})
                   .scalar())
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
