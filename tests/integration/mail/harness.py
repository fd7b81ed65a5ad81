"""Running an async service beside a synchronous test, and waiting for conditions.

The service gets its own event loop in a thread, so the test can append mail, restart
Dovecot and query the database with plain blocking calls. Waiting is always polling a
condition with a deadline, never sleeping for a guessed time.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from sqlalchemy import func, select

from ethicsbot.bootstrap import App
from storage.models import CaseRow, FilingRow
from tests.servers.dovecot import DovecotServer, ImapAccount

T = TypeVar("T")
Service = Callable[[asyncio.Event], Awaitable[None]]


class Running:
    """`with Running(service):` runs `service(stop)` until the block ends, then stops it
    and re-raises anything it raised. `stop()` returns how long stopping took."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="service-under-test")

    def _main(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            self._ready.set()
            await self.service(self._stop)

        try:
            asyncio.run(main())
        except BaseException as e:
            self.error = e
        finally:
            self._ready.set()

    def __enter__(self) -> Running:
        self._thread.start()
        self._ready.wait(5)
        return self

    def stop(self, timeout: float = 10.0) -> float:
        began = time.monotonic()
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
        assert not self._thread.is_alive(), f"the service did not stop within {timeout} s"
        return time.monotonic() - began

    def __exit__(self, *exc: object) -> None:
        self.stop()
        if self.error is not None:
            raise self.error

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()


def eventually(check: Callable[[], T], *, timeout: float = 10.0, interval: float = 0.05,
               what: str = "the condition") -> T:
    """Poll `check` until it returns something truthy; fail after `timeout` seconds.

    The timeout bounds a hang, it is not a latency goal: a loaded CI machine may take
    seconds where a quiet one takes a tenth. Latency is measured, and printed, by
    bench/notice_latency.py and the drills."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not hold within {timeout} s (last: {value!r})")
        time.sleep(interval)


def case_count(app: App) -> int:
    with app.uow() as uow:
        return uow.session.scalar(select(func.count()).select_from(CaseRow)) or 0


def filings(app: App) -> list[FilingRow]:
    with app.uow() as uow:
        rows = list(uow.session.scalars(select(FilingRow).order_by(FilingRow.id)))
        uow.session.expunge_all()  # keep them loaded: leaving the block rolls back
        return rows


def folder_counts(dovecot: DovecotServer, account: ImapAccount,
                  *folders: str) -> dict[str, int]:
    with dovecot.client(account.user) as imap:
        return {f: int(imap.folder_status(f, ["MESSAGES"])[b"MESSAGES"])
                if imap.folder_exists(f) else 0 for f in folders}


def append_all(dovecot: DovecotServer, account: ImapAccount, messages: list[bytes],
               folder: str = "INBOX") -> None:
    """APPEND many messages over one connection (a login per message costs ~ms each)."""
    with dovecot.client(account.user) as imap:
        if not imap.folder_exists(folder):
            imap.create_folder(folder)
        for raw in messages:
            imap.append(folder, raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
