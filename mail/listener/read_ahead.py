"""Reading a backlog ahead in a second process while this one stores what it has read.

Half of `take_in` is parsing (pure Python: MIME, dates, names), half is the database. A
backlog (the bot was down, the mailbox filled) goes about twice as fast on two cores when
a helper process parses the next messages while this thread commits the current one.

The helper is an optimisation only: until it has started (spawned, it imports the parser
~1 s), for single messages, for very large ones (copying them costs more than it saves)
and if it ever fails, the message is parsed here, exactly as `take_in` would.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from mail.intake import IntakeContext
from mail.parsing import IntakeResult, ParseRules

log = logging.getLogger(__name__)

MIN_BATCH = 4  # fewer messages are not worth a round trip to the helper
MAX_BYTES = 2 * 2**20


class ReadAhead:
    def __init__(self, ctx: IntakeContext) -> None:
        self.ctx = ctx
        self._pool: ProcessPoolExecutor | None = None
        self._ready: Future[None] | None = None
        self._enabled = _cores() >= 2

    def results(self, raws: Sequence[bytes | None]) -> Generator[IntakeResult | None]:
        """One item per message, in order: its parse, or None to parse it in `take_in`."""
        pool = self._pool_if_ready() if len(raws) >= MIN_BATCH else None
        if pool is None:
            yield from (None for _ in raws)
            return
        futures = [pool.submit(_parse, raw) if raw is not None and len(raw) <= MAX_BYTES
                   else None for raw in raws]
        try:
            for future in futures:
                yield None if future is None else self._result(future)
        finally:
            for future in futures:
                if future is not None:
                    future.cancel()  # the caller stopped early (halt): drop the rest

    def _result(self, future: Future[IntakeResult]) -> IntakeResult | None:
        try:
            return future.result()
        except Exception as e:  # the helper died or failed: parse here from now on
            log.warning("reading ahead failed (%s); parsing in the listener instead",
                        type(e).__name__)
            self.close()
            self._enabled = False
            return None

    def _pool_if_ready(self) -> ProcessPoolExecutor | None:
        if not self._enabled:
            return None
        if self._pool is None:
            c = self.ctx
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start, initargs=(c.rules,))
            self._ready = self._pool.submit(_noop)
        assert self._ready is not None
        if not self._ready.done():
            return None  # still starting: do not make this batch wait for it
        if self._ready.exception() is not None:
            log.warning("the read-ahead process did not start (%s); parsing in the listener",
                        type(self._ready.exception()).__name__)
            self.close()
            self._enabled = False
            return None
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_rules: ParseRules | None = None


def _start(rules: ParseRules) -> None:
    global _rules
    _rules = rules
    logging.getLogger("mail").setLevel(logging.ERROR)  # no handlers here: keep stderr quiet


def _noop() -> None:
    return None


def _parse(raw: bytes) -> IntakeResult:
    assert _rules is not None
    return _rules.parse(raw)
