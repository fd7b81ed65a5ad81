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
                 clock: Callable[[], float] = time.time) -> None:
        self.what, self.log, self.clock = what, logger, clock
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
        self.log.warning("%s is back after %.1f s", self.what, lasted)
        return lasted


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
