"""The per-forwarder daily cap holds a mail loop, never a legitimate backlog: it counts
messages by when they were sent, not by when intake caught up with them."""

from __future__ import annotations

import email
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email import policy
from email.utils import format_datetime

from ethicsbot.bootstrap import App
from mail.intake import Outcome, take_in
from tests.integration.mail.complaints import forwarded_complaint


def sent_at(n: int, when: datetime) -> bytes:
    msg = email.message_from_bytes(forwarded_complaint(n, forwarder="mayor@city.test"),
                                   policy=policy.default)
    msg.replace_header("Date", format_datetime(when))
    return msg.as_bytes()


def test_a_burst_beyond_the_cap_is_held_as_a_loop(app: App) -> None:
    ctx = replace(app.intake(), daily_cap=5)
    start = datetime(2026, 11, 2, 16, 0, tzinfo=UTC)
    outcomes = [take_in(sent_at(n, start + timedelta(minutes=n)), ctx, source="test").outcome
                for n in range(6)]
    assert outcomes == [Outcome.OPENED] * 5 + [Outcome.QUARANTINED]


def test_a_backlog_read_after_an_outage_is_not_mistaken_for_a_loop(app: App) -> None:
    ctx = replace(app.intake(), daily_cap=5)
    start = datetime(2026, 11, 2, 16, 0, tzinfo=UTC)
    # 12 forwards sent 6 hours apart (3 days), all taken in now, in one go
    outcomes = {take_in(sent_at(n, start + timedelta(hours=6 * n)), ctx, source="test").outcome
                for n in range(12)}
    assert outcomes == {Outcome.OPENED}
