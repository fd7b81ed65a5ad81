"""Reading ahead in a helper process gives exactly what parsing here gives, and when the
helper is not there (starting, dead, one core) the listener simply parses itself."""

from __future__ import annotations

import contextlib
import os
import signal
import threading

import pytest

from ethicsbot.bootstrap import App
from mail.listener.read_ahead import MIN_BATCH, ReadAhead
from tests.integration.mail.complaints import corpus, forwarded_complaint, garbage
from tests.integration.mail.harness import eventually


def ready(reader: ReadAhead, raws: list[bytes | None]) -> list[object]:
    """Ask until the helper has started and answers (it takes ~1 s to spawn)."""
    return eventually(lambda: [r for r in reader.results(raws) if r is not None],
                      timeout=30, what="the read-ahead process answering")


def test_the_helper_parses_as_take_in_would(app: App, read_ahead: ReadAhead) -> None:
    raws: list[bytes | None] = [forwarded_complaint(1), corpus("gmail-forward-letter.eml"),
                                garbage(), None, corpus("reject-resident-direct.eml")]
    ready(read_ahead, raws)
    got = list(read_ahead.results(raws))
    ctx = app.intake()
    for raw, result in zip(raws, got, strict=True):
        if raw is None:
            assert result is None
            continue
        here = ctx.rules.parse(raw)
        assert result is not None
        if result.accepted:
            assert result == here
        else:  # a rejection's received_at is "now" where it was read
            assert (result.reject_reason, result.detail) == (here.reject_reason, here.detail)


def test_small_batches_are_parsed_in_the_listener(read_ahead: ReadAhead) -> None:
    ready(read_ahead, [forwarded_complaint(n) for n in range(MIN_BATCH)])
    few = [forwarded_complaint(n) for n in range(MIN_BATCH - 1)]
    assert list(read_ahead.results(few)) == [None] * len(few)


def test_a_dead_helper_means_parsing_here_from_then_on(read_ahead: ReadAhead) -> None:
    raws: list[bytes | None] = [forwarded_complaint(n) for n in range(MIN_BATCH)]
    ready(read_ahead, raws)
    assert read_ahead._pool is not None
    for pid in list(read_ahead._pool._processes):  # the helper this test started
        os.kill(pid, signal.SIGKILL)
    assert list(read_ahead.results(raws)) == [None] * len(raws)
    assert list(read_ahead.results(raws)) == [None] * len(raws)
    assert read_ahead._pool is None


def test_a_helper_found_dead_before_the_batch_means_parsing_here(read_ahead: ReadAhead) -> None:
    """The same, when the pool has noticed the death before the next batch: submitting
    raised BrokenProcessPool out of the listener (the race the test above left to chance)."""
    raws: list[bytes | None] = [forwarded_complaint(n) for n in range(MIN_BATCH)]
    ready(read_ahead, raws)
    pool = read_ahead._pool
    assert pool is not None
    for pid in list(pool._processes):
        os.kill(pid, signal.SIGKILL)
    eventually(lambda: bool(pool._broken), what="the pool noticed its helper died")
    assert list(read_ahead.results(raws)) == [None] * len(raws)
    assert read_ahead._pool is None


def test_a_batch_given_up_midway_leaves_nothing_to_fail_in_a_thread(
        read_ahead: ReadAhead, monkeypatch: pytest.MonkeyPatch) -> None:
    """The listener halts midway through a batch, and the helper then dies (as it does,
    by PR_SET_PDEATHSIG, when the listener's thread ends): the pool's own thread must not
    fail setting the result of a message nobody waits for any more (it did: futures
    cancelled here were failed again by the pool, an InvalidStateError in its thread)."""
    failures: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    ready(read_ahead, [forwarded_complaint(n) for n in range(MIN_BATCH)])
    pool = read_ahead._pool
    assert pool is not None
    helpers = list(pool._processes)
    manager = pool._executor_manager_thread
    batch = read_ahead.results([forwarded_complaint(n) for n in range(100)])
    assert next(batch) is not None
    batch.close()  # halted: the other 99 are not wanted
    for pid in helpers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert manager is not None
    manager.join(timeout=30)
    assert not manager.is_alive()
    assert [f"{f.exc_type.__name__} in {f.thread.name if f.thread else '?'}"
            for f in failures] == []
