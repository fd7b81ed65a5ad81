"""Waiting between attempts, saying once that something is down, and running blocking
work beside the event loop.

Backoff is capped and jittered: a mail server that restarts should see its clients come
back over a few seconds, not all in the same instant, and a long outage must not stretch
the wait beyond the cap (a complaint's 24-hour clock is running meanwhile). An `Outage`
turns the retries of a long outage into two log lines, one when it starts and one when
it ends, instead of one line per retry.

A loop's condition (a fault it met, since when, what to do) is reported one way: its
`Weather` tells the watchers (`watch_conditions`) when a fault starts and when the
loop's work goes through again. The worker stores what it is told for `ethicsbot status`
(`storage.loop_faults`, `ethicsbot.worker`), as the mail alarm stores that mail is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TypeVar

from sqlalchemy.exc import OperationalError, ProgrammingError

from storage.db import database_weather

T = TypeVar("T")

MIGRATE = "if the database was restored or migrated by hand, run `ethicsbot migrate`"
REPORT = ("the worker's log says more with ETHICSBOT_LOG_LEVEL=DEBUG; report it with "
          "that log if it goes on")


@dataclass(frozen=True)
class Condition:
    """A loop that is failing, as the operator is told (`ethicsbot status`): which loop,
    since when (UTC), the error's kind and the driver's first line (never a statement
    or its parameters), and what to do."""

    loop: str
    since: datetime
    error: str
    todo: str


# Told `(loop, condition)` when a loop's fault starts and `(loop, None)` when it clears.
# Called in the loop's own thread, so a watcher must not block (the worker's queues it).
ConditionWatcher = Callable[[str, Condition | None], None]


class _Board:
    """The process's loops failing now, by name: one episode per loop, however many
    `Weather`s it lives through (a service restarted by the worker builds a new one), so
    an episode is said once and told to the watchers once, with its first moment."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.failing: dict[str, Condition] = {}
        self.watchers: list[ConditionWatcher] = []

    def begin(self, loop: str, since: datetime, error: str, todo: str) -> bool:
        """True if this starts the loop's episode, or changes its error (to be said)."""
        with self.lock:
            was = self.failing.get(loop)
            if was is not None and was.error == error:
                return False
            now = Condition(loop, was.since if was else since, error, todo)
            self.failing[loop] = now
            watchers = list(self.watchers)
        self._tell(watchers, loop, now)
        return True

    def end(self, loop: str) -> Condition | None:
        """The loop's episode, if one just ended."""
        with self.lock:
            was = self.failing.pop(loop, None)
            watchers = list(self.watchers)
        if was is not None:
            self._tell(watchers, loop, None)
        return was

    def is_failing(self, loop: str) -> bool:
        with self.lock:
            return loop in self.failing

    @staticmethod
    def _tell(watchers: list[ConditionWatcher], loop: str, now: Condition | None) -> None:
        for watcher in watchers:
            try:
                watcher(loop, now)
            except Exception:  # a watcher's trouble must never become the loop's
                logging.getLogger(__name__).debug("a condition watcher failed",
                                                  exc_info=True)


_BOARD = _Board()


@contextlib.contextmanager
def watch_conditions(watcher: ConditionWatcher) -> Iterator[None]:
    """Tell `watcher` of every loop's condition while the block runs (the worker, for
    as long as it serves: the loops' conditions are the process's, not one loop's). The
    board starts empty: the loops a worker starts say their faults again as they meet
    them, and nothing from before it (a worker run before in the same process) is told."""
    with _BOARD.lock:
        _BOARD.failing.clear()
        _BOARD.watchers.append(watcher)
    try:
        yield
    finally:
        with _BOARD.lock:
            _BOARD.watchers.remove(watcher)


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

    A loop that goes on after such a failure says it through `round_failed`, which says
    an episode once (not once per round: the at-risk sweep tries every 5 s), and the
    episode's end once when its work next goes through. A fault is also told to the
    condition watchers (`watch_conditions`) with since when and what to do, and its end.

    `run` runs the unit beside the event loop; `run_sync` in the caller's thread (an
    APScheduler job, a background sweep), giving up only when `stopped()` says so."""

    def __init__(self, what: str, logger: logging.Logger, *, initial: float = 0.1,
                 cap: float = 2.0,  # `what` names the loop: one episode per name

                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.loop = what
        self.outage = Outage(f"the database ({what})", logger, back_level=logging.INFO)
        self.backoff = Backoff(initial, cap)
        self.clock = clock  # since when a fault lasts (the loop's clock where it has one)
        self.episodes = 0  # how many times it was busy (tests and benches count them)

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
        if not _BOARD.begin(self.loop, self.clock(), words, MIGRATE):
            return
        self.outage.log.error(
            "%s refused %s (%s): not busy or away but a fault of the schema or the "
            "statement, so it is not retried; %s", self.outage.what, unit, words, MIGRATE)

    def round_failed(self, error: Exception, *, then: str, failed: str = "failed") -> None:
        """A round of the loop `failed` (or "crashed") and the loop goes on (`then`: how
        it tries again). Said once per episode, as an ERROR, with the error's kind (its
        text may quote a complaint: that only at DEBUG); a database fault `_faulted`
        already said is not said again. Each failure's details go to DEBUG."""
        self.outage.log.debug("%s %s", self.loop, failed, exc_info=error)
        if _BOARD.is_failing(self.loop):
            return
        _BOARD.begin(self.loop, self.clock(), type(error).__name__, REPORT)
        self.outage.log.error("%s %s (%s); %s (said once until it works again)",
                              self.loop, failed, type(error).__name__, then)

    def works(self) -> None:
        """The loop's work went through: a busy spell or a failing episode is over (said
        once, and told to the watchers)."""
        self.outage.recovered()
        self.backoff.reset()
        if (was := _BOARD.end(self.loop)) is not None:
            lasted = (self.clock() - was.since).total_seconds()
            self.outage.log.warning("%s works again, after %.0f s of failing (%s)",
                                    self.loop, lasted, was.error)

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
            self.works()
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
            self.works()
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
