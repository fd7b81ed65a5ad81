"""Reading a backlog ahead in a second process while this one stores what it has read.

Half of `take_in` is parsing (pure Python: MIME, dates, names), half is the database. A
backlog (the bot was down, the mailbox filled) goes about twice as fast on two cores when
a helper process parses the next messages while this thread commits the current one.

The helper is an optimisation only: until it has started (spawned, it imports the parser
~1 s), for single messages, for very large ones (copying them costs more than it saves)
and if it ever fails, the message is parsed here, exactly as `take_in` would.

The helper ends with its parent, however the parent ends (SIGKILL included): it asks the
kernel for SIGKILL when the thread that started it dies (PR_SET_PDEATHSIG), or, where
that does not exist, watches its parent's pid. Nothing else would end it: the pool's
queue hands the helper both ends of its pipe, so it never reads end-of-file. Once it is
gone, multiprocessing's resource tracker (which lives as long as someone holds its pipe)
ends too. The thread is the listener's, which closes the pool before it ends. After a
SIGKILL the tracker unlinks the pool's semaphores and would warn on stderr that they had
"leaked": expected, handled, and not a log record, so it is started with that warning
filtered out.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
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
        try:
            futures = [pool.submit(_parse, raw) if raw is not None and len(raw) <= MAX_BYTES
                       else None for raw in raws]
        except Exception as e:  # the pool saw its helper die before this batch: submit raises
            self._given_up(e)
            yield from (None for _ in raws)
            return
        try:
            for future in futures:
                yield None if future is None else self._result(future)
        finally:
            if any(f is not None and not f.done() for f in futures):
                # the caller stopped early (halt): drop the rest with the pool, which
                # cancels what it had not started itself. Never `future.cancel()` here:
                # Python 3.11's pool fails every pending future when its helper dies
                # (as it does when the listener's thread ends), and one cancelled from
                # outside raises InvalidStateError in the pool's thread.
                self.close()

    def _result(self, future: Future[IntakeResult]) -> IntakeResult | None:
        try:
            return future.result()
        except Exception as e:  # the helper died or failed: parse here from now on
            self._given_up(e)
            return None

    def _given_up(self, e: Exception) -> None:
        log.warning("reading ahead failed (%s); parsing in the listener instead",
                    type(e).__name__)
        self.close()
        self._enabled = False

    def _pool_if_ready(self) -> ProcessPoolExecutor | None:
        if not self._enabled:
            return None
        if self._pool is None:
            _quiet_tracker()
            c = self.ctx
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start, initargs=(c.rules, os.getpid()))
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


# A `-W` filter: multiprocessing starts its resource tracker with this interpreter's
# warning options (`sys.warnoptions`), and that alone reaches the tracker's process.
TRACKER_LEAK_WARNING = "ignore:resource_tracker:UserWarning"


def _quiet_tracker() -> None:
    if TRACKER_LEAK_WARNING not in sys.warnoptions:
        sys.warnoptions.append(TRACKER_LEAK_WARNING)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_rules: ParseRules | None = None


def _start(rules: ParseRules, parent: int) -> None:
    global _rules
    _die_with(parent)
    _rules = rules
    logging.getLogger("mail").setLevel(logging.ERROR)  # no handlers here: keep stderr quiet


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _die_with(parent: int) -> None:
    """End this process when `parent` ends, however it ends."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    else:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                         name="parent-watch").start()
    if os.getppid() != parent:  # it died before we asked: we were handed to init already
        os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _noop() -> None:
    return None


def _parse(raw: bytes) -> IntakeResult:
    assert _rules is not None
    return _rules.parse(raw)
