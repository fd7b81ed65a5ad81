"""One APScheduler job armed for the earliest moment the database says is due.

The reminders (scheduler/jobs.py) and the quorum looks (scheduler/quorum.py) keep their
moments in the database, not in memory: each holds one job, armed for the earliest
moment, fired when it comes, and re-armed by `watch` when a change anywhere (another
process, the CLI) makes an earlier moment due. This is that mechanism, once; a subclass
says how the earliest moment is read (`next_moment`) and what firing does (`fire`, which
must hold `_firing` and call `arm` when it is done).

A busy or unreachable database is weather (`Weather`): each read of the next moment,
each arming and each unit of a firing (a batch of reminders, one meeting's look) is
tried again with a short backoff until it goes through, said once per episode; the job
and its watch never die of it. `stopping` ends those retries when the service stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from apscheduler.schedulers.base import BaseScheduler

from storage.retry import Weather

T = TypeVar("T")


class ArmedJob(ABC):
    job_id: str  # the one job's id on the scheduler
    fire: Callable[..., Any]  # what the job runs when its moment comes

    def __init__(self, scheduler: BaseScheduler) -> None:
        self.scheduler = scheduler
        self.armed_for: datetime | None = None
        self._firing = threading.Lock()
        self.stopping = threading.Event()  # set when the service stops: retries end
        self.weather = Weather(self.job_id, logging.getLogger(type(self).__module__))

    def retried(self, work: Callable[[], T], unit: str) -> T | None:
        """`work()` tried until the database lets it through; None once stopping."""
        return self.weather.run_sync(work, stopped=self.stopping.is_set, unit=unit)

    @abstractmethod
    def next_moment(self) -> datetime | None:
        """The earliest moment due, read from the database; None when none is."""

    def arm(self) -> datetime | None:
        """Arm the one job for the earliest moment due (a past one fires at once); remove it
        when there is none. Returns that moment."""
        moment = self.armed_for = self.retried(self.next_moment, "reading the next moment")
        if moment is None:
            with contextlib.suppress(LookupError):  # JobLookupError: nothing armed
                self.scheduler.remove_job(self.job_id)
            return None
        # misfire_grace_time=None: a moment passed while the loop was busy still fires;
        # max_instances=2: re-armed from inside `fire`, the next run waits for this one
        self.scheduler.add_job(self.fire, "date", run_date=moment, id=self.job_id,
                               replace_existing=True, misfire_grace_time=None, coalesce=True,
                               max_instances=2)
        return moment

    async def watch(self, *, stop: asyncio.Event, every: float = 2.0) -> None:
        """Re-arm when a change made a moment earlier than the armed one, or the job is
        gone (it failed), until `stop`. One indexed query every `every` seconds."""
        stopped = asyncio.ensure_future(stop.wait())  # ends retries in the job's thread
        stopped.add_done_callback(lambda _: self.stopping.set())
        try:
            await self._watch(stop, every)
        finally:
            stopped.cancel()

    async def _watch(self, stop: asyncio.Event, every: float) -> None:
        while not stop.is_set():
            if not self._firing.locked():
                moment = await self.weather.run(self.next_moment, stop=stop,
                                                unit="reading the next moment")
                stale = moment is not None and (
                    self.armed_for is None or moment < self.armed_for
                    or self.scheduler.get_job(self.job_id) is None)
                if stale and not self._firing.locked():
                    await asyncio.to_thread(self.arm)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=every)
