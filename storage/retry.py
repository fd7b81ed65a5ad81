"""Waiting between attempts, saying once that something is down, and running blocking
work beside the event loop.

Backoff is capped and jittered: a mail server that restarts should see its clients come
back over a few seconds, not all in the same instant, and a long outage must not stretch
the wait beyond the cap (a complaint's 24-hour clock is running meanwhile). An `Outage`
turns the retries of a long outage into two log lines, one when it starts and one when
it ends, instead of one line per retry.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from sqlalchemy.exc import OperationalError, ProgrammingError

from storage.db import database_weather

T = TypeVar("T")


@dataclass
class Backoff:
    """Exponential delays with "equal jitter": between half and all of min(cap, initial·2ⁿ)."""

    initial: float = 1.0
    cap: float = 60.0
    attempt: int = 0
    rng: random.Random = field(default_factory=random.Random, repr=False)

    def next(self) -> float:
        ceiling: float = min(self.cap, self.initial * 2.0 ** min(self.attempt, 32))
        self.attempt += 1
        return ceiling / 2 + float(self.rng.uniform(0, ceiling / 2))

    def reset(self) -> None:
        self.attempt = 0


class Outage:
    """Whether `what` (the database, the IMAP server, ...) is down, as one loop sees it.

    `failed` logs a warning the first time and DEBUG after; `recovered` logs how long it
    lasted. Thread-safe enough for one writer and any number of readers (`/readyz`)."""

    def __init__(self, what: str, logger: logging.Logger,
                 clock: Callable[[], float] = time.time, *,
                 back_level: int = logging.WARNING) -> None:
        self.what, self.log, self.clock = what, logger, clock
        self.back_level = back_level  # how loudly the end is said
        self.down_since: float | None = None  # wall-clock time of the first failure
        self.cause = ""

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self, cause: str, *, then: str = "retrying until it returns") -> bool:
        """Note a failure; True (and one warning) if it starts an outage."""
        self.cause = cause
        if self.down_since is not None:
            self.log.debug("%s still down: %s", self.what, cause)
            return False
        self.down_since = self.clock()
        self.log.warning("%s is down (%s); %s", self.what, cause, then)
        return True

    def recovered(self) -> float | None:
        """Note a success; the outage's length in seconds if one just ended."""
        if self.down_since is None:
            return None
        lasted, self.down_since = self.clock() - self.down_since, None
        self.log.log(self.back_level, "%s is back after %.1f s", self.what, lasted)
        return lasted


class Weather:
    """A busy or unreachable database, as one loop lives through it: the loop's own unit
    of work (one message taken in, one batch recomputed, one attempt recorded) is tried
    again with a short capped backoff until it goes through, and the episode is said in
    one WARNING line (its end at INFO), not once per retry. A unit is one transaction, so
    a failed try wrote nothing and the next reads it all again: nothing is lost, nothing
    done twice. Any other error is the loop's to handle, as before.

    An OperationalError is not always weather (`storage.db.database_weather`): "no such
    table", a missing column after a bad migration, a syntax error come back on every
    try, and retried they would go on forever, said once as a WARNING and never again.
    Such a fault (and a ProgrammingError, PostgreSQL's word for the same) is said as an
    ERROR, once until the loop's work next goes through, and raised at once to the loop,
    which handles it as any failure of its own (the worker logs the crash and restarts
    the service after its backoff; the at-risk sweep says it and sweeps again later).

    `run` runs the unit beside the event loop; `run_sync` in the caller's thread (an
    APScheduler job, a background sweep), giving up only when `stopped()` says so."""

    def __init__(self, what: str, logger: logging.Logger, *, initial: float = 0.1,
                 cap: float = 2.0) -> None:
        self.outage = Outage(f"the database ({what})", logger, back_level=logging.INFO)
        self.backoff = Backoff(initial, cap)
        self.episodes = 0  # how many times it was busy (tests and benches count them)
        self.fault: str | None = None  # the fault said last (not weather), until a success

    def _failed(self, error: Exception, unit: str) -> None:
        if not database_weather(error):
            self._faulted(error, unit)
            raise error
        if self.outage.failed(_driver_words(error),
                              then=f"retrying {unit} until it answers; nothing is lost"):
            self.episodes += 1
        self.outage.log.debug("database busy or away", exc_info=True)

    def _faulted(self, error: Exception, unit: str) -> None:
        """Say a fault of the schema or the statement once: it is not retried."""
        if not isinstance(error, (OperationalError, ProgrammingError)):
            return  # the loop's own error (bad data, a bug of ours): its to say
        words = _driver_words(error)
        if words == self.fault:
            return
        self.fault = words
        self.outage.log.error(
            "%s refused %s (%s): not busy or away but a fault of the schema or the "
            "statement, so it is not retried; if the database was restored or migrated "
            "by hand, run `ethicsbot migrate`", self.outage.what, unit, words)

    def _done(self) -> None:
        self.outage.recovered()
        self.backoff.reset()
        self.fault = None

    async def run(self, work: Callable[[], T], *, stop: asyncio.Event,
                  unit: str = "its work") -> T | None:
        """`work()`'s result once it went through; None if `stop` was set first."""
        while True:
            try:
                result = await asyncio.to_thread(work)
            except Exception as e:
                self._failed(e, unit)
                if await wait_for_stop(stop, self.backoff.next()):
                    return None
                continue
            self._done()
            return result

    def run_sync(self, work: Callable[[], T], *, stopped: Callable[[], bool] = lambda: False,
                 unit: str = "its work") -> T | None:
        """`work()`'s result once it went through; None if `stopped()` first."""
        while True:
            try:
                result = work()
            except Exception as e:
                self._failed(e, unit)
                until = time.monotonic() + self.backoff.next()
                while time.monotonic() < until:
                    if stopped():
                        return None
                    time.sleep(min(0.05, max(until - time.monotonic(), 0)))
                continue
            self._done()
            return result


def _driver_words(error: Exception) -> str:
    """The error's kind and the driver's first line ("OperationalError: database is
    locked"), capped; never the statement or its parameters, which may quote a complaint."""
    inner = getattr(error, "orig", None) or error
    words = (str(inner).strip().splitlines() or [""])[0][:80]
    return f"{type(error).__name__}: {words}" if words else type(error).__name__


def start_thread(work: Callable[[], None], *, name: str) -> asyncio.Future[None]:
    """Run blocking `work` in its own thread; the future settles when it returns or raises.

    A dedicated thread rather than `asyncio.to_thread`: a listener runs for the life of
    the process and must not hold a slot of the loop's shared executor, which the other
    services use for their short database calls. The future is not cancelled with its
    awaiter, so a caller can tell the work to stop and still wait for the thread to end.
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def settle(error: BaseException | None) -> None:
        if done.done():
            return
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)

    def main() -> None:
        error: BaseException | None = None
        try:
            work()
        except BaseException as e:  # handed to the awaiting task, never lost in the thread
            error = e
        with contextlib.suppress(RuntimeError):  # the loop is already closed
            loop.call_soon_threadsafe(settle, error)

    threading.Thread(target=main, name=name, daemon=True).start()
    return done


async def wait_for_stop(stop: asyncio.Event, seconds: float) -> bool:
    """Sleep up to `seconds`, waking at once when `stop` is set; True if it was."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
    return stop.is_set()
