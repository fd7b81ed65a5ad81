"""Simulated time for the demo: the same services as production, driven by hand.

The reminder scheduler runs paused; `SimulatedTime.advance` moves the clock to each next
reminder moment in turn, fires the reminders, and delivers what they owed, exactly as the
worker would have done had the weeks really passed.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import UTC, datetime

from apscheduler.schedulers.background import BackgroundScheduler

from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.transport import Transport
from scheduler.jobs import Owed, Reminders
from scheduler.quorum import QuorumLooks, Warned

QUORUM_WARNING = "quorum_warning"  # what `SimulatedTime.advance` says of a warning


@dataclass
class SimClock:
    now: datetime

    def __call__(self) -> datetime:
        return self.now


@dataclass
class SimulatedTime:
    app: App
    clock: SimClock
    transport: Transport
    scheduler: BackgroundScheduler = field(init=False)
    reminders: Reminders = field(init=False)
    quorum: QuorumLooks = field(init=False)
    warned: list[Warned] = field(default_factory=list)  # the quorum warnings, as they came

    def __post_init__(self) -> None:
        self.scheduler = BackgroundScheduler(timezone=UTC)
        self.scheduler.start(paused=True)  # nothing fires on the real clock
        self.reminders = self.app.reminders(self.scheduler)
        self.quorum = self.app.quorum_looks(self.scheduler)

    def close(self) -> None:
        self.scheduler.shutdown(wait=False)

    async def deliver(self) -> int:
        """Deliver everything the outbox owes now; returns how many were sent."""
        total = 0
        deps = self.app.dispatch_deps()
        while sent := await dispatch_once(deps, self.transport):
            total += sent
        return total

    async def advance(self, to: datetime) -> list[tuple[datetime, str]]:
        """Move time to `to`, firing every reminder due on the way; returns when each
        fired and for which deadline (or `quorum_warning:<i>`, `warned[i]` saying which
        meeting's quorum is in doubt)."""
        fired: list[tuple[datetime, str]] = []
        while True:
            moment = await asyncio.to_thread(self.reminders.next_moment)
            look = await asyncio.to_thread(self.quorum.next_moment)
            if look is not None and (moment is None or look < moment) and look <= to:
                self.clock.now = max(self.clock.now, look)  # the quorum look before a meeting
                warned = await asyncio.to_thread(self.quorum.fire)
                if await self.deliver() and warned:
                    for w in warned:  # each by its place in `warned`
                        fired.append((self.clock.now, f"{QUORUM_WARNING}:{len(self.warned)}"))
                        self.warned.append(w)
                continue
            if moment is None or moment > to:
                break
            self.clock.now = max(self.clock.now, moment)
            owed: list[Owed] = []
            await asyncio.to_thread(self.reminders.fire, owed.append)
            if await self.deliver():
                fired += [(self.clock.now, o.key) for o in owed]
        self.clock.now = max(self.clock.now, to)
        await self.deliver()
        return fired
