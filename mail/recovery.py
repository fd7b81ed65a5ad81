"""What the dispatcher notices about delivery as a whole, beside sending: that the mail
server is down and back, and how many statutory notices are overdue.

While the mail server refuses connections, each notice backs off (30 s doubling to 30
minutes), so after a long outage the next attempt could come half an hour after the
server's return. Instead, `MailWatch` probes the server (a TCP connection and its 220
greeting, nothing said; 1 s doubling to 4 s between probes, each in the background so
that a silent server holds up no other channel) and, as soon as it greets, makes every notice
that failed only for want of a connection due at once: delivery resumes within seconds
of the server's return, however long it was away. Only notices that found no server
are brought back so: a server that answers but refuses the session (a wrong password,
TLS) is a problem for a person, and its notices keep their backoff. The outage is
logged once when it starts and once when it ends.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import sessionmaker

from cases.ports import Clock
from mail.transport import CANNOT_CONNECT, Transport
from storage import outbox
from storage.outbox import Outcome, SendResult, delivery_figures
from storage.retry import Backoff, Outage

log = logging.getLogger(__name__)

PROBE_INITIAL, PROBE_CAP = 1.0, 4.0
OVERDUE_CHECK_SECONDS = 10.0


class MailWatch:
    """Whether the mail server was reachable in the last round, and the probe while not."""

    def __init__(self, transport: Transport, session_factory: sessionmaker[Any],
                 clock: Clock) -> None:
        self.transport, self.session_factory, self.clock = transport, session_factory, clock
        self.outage = Outage("outgoing mail", log)
        self.backoff = Backoff(PROBE_INITIAL, PROBE_CAP)
        self.next_probe = 0.0
        self._probe: asyncio.Task[bool] | None = None

    def saw(self, results: Sequence[SendResult]) -> None:
        """Learn from one round's mail attempts (none: nothing learned)."""
        if any(r.outcome is Outcome.SENT for r in results):
            self.outage.recovered()
            self.backoff.reset()
        elif (results and all(r.reply.startswith(CANNOT_CONNECT) for r in results)
              and self.outage.failed(results[-1].reply[:120], then=(
                  "notices wait in the outbox; probing the server and sending as soon as "
                  "it answers"))):
            self.next_probe = time.monotonic() + self.backoff.next()

    async def probe_if_down(self) -> int:
        """While the server is down, at most once per probe interval, start a probe in
        the background; once one finds the server greeting, make the notices that waited
        for it due; how many."""
        probe, due = self._probe, 0
        if probe is not None and probe.done():
            self._probe = None
            if not probe.cancelled() and probe.exception() is None and probe.result():
                due = await asyncio.to_thread(resume_waiting, self.session_factory,
                                              now=self.clock())
                log.warning("the mail server accepts connections again: %d notice(s) due "
                            "now", due)
                return due
        if (self.outage.down and self._probe is None
                and time.monotonic() >= self.next_probe):
            self.next_probe = time.monotonic() + self.backoff.next()
            self._probe = asyncio.create_task(self.transport.reachable())
        return due

    def close(self) -> None:
        """Stop a probe under way (the dispatcher is stopping)."""
        if self._probe is not None:
            self._probe.cancel()


def resume_waiting(session_factory: sessionmaker[Any], *, now: datetime) -> int:
    """Make every pending notice whose last attempt could not connect due `now`."""
    with session_factory.begin() as s:
        return outbox.resume_waiting(s, now=now, error_prefix=CANNOT_CONNECT)


class OverdueLog:
    """Says in the log how many statutory notices are overdue for delivery, each time
    that number changes (looked at every OVERDUE_CHECK_SECONDS)."""

    def __init__(self, session_factory: sessionmaker[Any], clock: Clock,
                 after: timedelta) -> None:
        self.session_factory, self.clock, self.after = session_factory, clock, after
        self.overdue, self.next_look = 0, 0.0

    def check(self) -> None:
        if time.monotonic() < self.next_look:
            return
        self.next_look = time.monotonic() + OVERDUE_CHECK_SECONDS
        with self.session_factory() as s:
            overdue = delivery_figures(s, now=self.clock(), overdue_after=self.after).overdue
        if overdue != self.overdue:
            if overdue:
                log.error("%d statutory notice(s) overdue for delivery (unsent for over "
                          "%g minutes); the clerk is alerted", overdue,
                          self.after.total_seconds() / 60)
            else:
                log.warning("no statutory notice is overdue for delivery any more")
            self.overdue = overdue
