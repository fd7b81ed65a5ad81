"""Waiting between attempts: a returning server is seen within 5 s however long it was
away (the listener's defaults), and an outage is logged once, not once per retry."""

from __future__ import annotations

import logging
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mail.listener import ImapTuning
from storage.retry import Backoff, Outage


@given(st.integers(0, 10_000), st.integers(0, 2**32))
def test_the_imap_listener_never_waits_more_than_4_s_between_tries(failures: int,
                                                                    seed: int) -> None:
    tuning = ImapTuning()
    backoff = Backoff(tuning.backoff_initial, tuning.backoff_cap, rng=random.Random(seed))
    backoff.attempt = failures  # however many tries failed before
    wait = backoff.next()
    assert tuning.backoff_initial / 2 <= wait <= 4.0


def test_an_outage_is_said_once_when_it_starts_and_once_when_it_ends(
        caplog: pytest.LogCaptureFixture) -> None:
    now = [100.0]
    outage = Outage("the test server", logging.getLogger("test.outage"), clock=lambda: now[0])
    caplog.set_level(logging.DEBUG, logger="test.outage")
    assert outage.recovered() is None and not outage.down
    assert outage.failed("ConnectionRefusedError") is True
    for _ in range(50):
        now[0] += 4
        assert outage.failed("ConnectionRefusedError") is False
    assert outage.down and outage.down_since == 100.0
    assert outage.recovered() == 200.0
    assert outage.recovered() is None
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [
        "the test server is down (ConnectionRefusedError); retrying until it returns",
        "the test server is back after 200.0 s"]
