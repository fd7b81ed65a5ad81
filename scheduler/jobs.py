"""Reminders on APScheduler: one job, armed for the next moment any deadline is due a look.

The moments live in the database (`deadlines.remind_at`, see storage/reminders.py), not
in memory: start-up reads the earliest one (one indexed query) and arms the job for it.
When the job fires, the deadlines due a look are taken in batches, oldest first: for
each, the reminder due now (the latest moment come and not yet owed: moments missed
while no worker ran are coalesced into that one) is owed in the outbox, and the next
moment is written back; then the job is armed again for the new earliest moment. A step
taken anywhere (this process, the web process, the CLI) rewrites its case's deadlines
with `remind_at` = the time of writing, so `watch`, which reads the earliest moment
every few seconds, re-arms the job at once. Cost at start and per change is independent
of the docket's size; memory is one batch.

What a reminder is and when it is due is decided by pure functions (scheduler/plan.py);
who gets it by scheduler/recipients.py. Once per person, channel and moment: the
outbox's unique key.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from apscheduler.schedulers.base import BaseScheduler
from sqlalchemy.orm import sessionmaker

from cases.calendar import CityCalendar
from cases.deadlines import DISCLOSURE_KEYS, DeadlineKey, Responsible, Status
from cases.directory import Directory
from cases.ports import Clock
from scheduler.armed import ArmedJob
from scheduler.plan import DEFAULT_OFFSETS, Slot, due_now, next_after, plan
from scheduler.recipients import reminder_recipients
from storage import reminders as store

log = logging.getLogger(__name__)

JOB_ID = "reminders"
BATCH = 500  # deadlines looked at per transaction: bounded memory, short write locks
# a deadline of a case whose dates the worker is recomputing (the city's calendar or
# readings changed) is looked at again this much later: its recomputation rewrites it
# with a look due at once, and no reminder goes out for a date that may move
STALE_RECHECK = timedelta(minutes=1)
_LOOKED_AT = (Status.OPEN.value, Status.MISSED.value)
# a closed or voided case is reminded of nothing but the answer to a disclosure request
_NOT_UNDER_REVIEW = ("closed", "void")


@dataclass(frozen=True)
class ReminderSettings:
    """The settings the reminders read, as plain values."""

    msgid_domain: str  # of the reminders' Message-IDs
    offsets: tuple[timedelta, ...] = DEFAULT_OFFSETS  # how long before a deadline to remind
    slack_dms: bool = False  # remind by Slack DM those with a Slack id (Slack is on)


@dataclass(frozen=True)
class Owed:
    """One deadline reminded at one moment (to each of its people, on their channels)."""

    number: str
    key: str
    moment: str
    official: str = ""  # whose deadline, where each official has their own (§12)


class Reminders(ArmedJob):
    job_id = JOB_ID

    def __init__(self, *, session_factory: sessionmaker[Any], clock: Clock,
                 calendar: CityCalendar, directory: Directory, scheduler: BaseScheduler,
                 settings: ReminderSettings) -> None:
        super().__init__(scheduler)
        self.session_factory, self.clock = session_factory, clock
        self.calendar, self.directory, self.settings = calendar, directory, settings

    def next_moment(self) -> datetime | None:
        with self.session_factory() as session:
            return store.next_moment(session=session)

    def fire(self, on_owed: Callable[[Owed], object] | None = None) -> int:
        """Owe every reminder due now, batch by batch, then arm for the next moment.

        Returns how many deadlines were reminded; `on_owed` hears of each (the demo and
        the tests listen; the worker does not, so memory stays one batch)."""
        reminded = 0
        with self._firing:
            try:
                while True:
                    # one batch is one transaction: a busy database delays it, whole
                    got = self.retried(lambda: self._batch(self.clock()), "this batch")
                    if got is None:
                        break  # stopping
                    looked, moved, batch = got
                    reminded += len(batch)
                    if on_owed is not None:
                        for o in batch:
                            on_owed(o)
                    if looked < BATCH:
                        break
                    if moved == 0:  # every row changed under us: the watch comes back
                        log.warning("reminders: a full batch changed while being looked at")
                        break
            finally:
                self.arm()
        return reminded

    def _batch(self, now: datetime) -> tuple[int, int, list[Owed]]:
        """Look at one batch of due deadlines; (looked at, moments written, owed)."""
        owed: list[Owed] = []
        with self.session_factory.begin() as session:
            rows = store.due_for_a_look(session=session, now=now, limit=BATCH)
            if not rows:
                return 0, 0, []
            sent = store.sent_slots(session=session, case_ids={d.case_id for d in rows})
            moves: list[tuple[store.DeadlineToLook, datetime | None]] = []
            reminders: list[dict[str, Any]] = []
            for d in rows:
                nxt, slot = self._look(d, now, sent.get(
                    (d.case_id, d.key, d.official[:store.OFFICIAL_IN_SLOT]), set()), reminders)
                moves.append((d, nxt))
                if slot is not None:
                    owed.append(Owed(d.number, d.key, slot.name, d.official))
            store.owe_reminders(session=session, rows=reminders)
            moved = store.look_again_at(session=session, moves=moves)
        for o in owed:
            log.info("reminder owed", extra={"case": o.number, "deadline": o.key,
                                             "slot": o.moment, "official": o.official})
        return len(rows), moved, owed

    def _look(self, d: store.DeadlineToLook, now: datetime, sent: set[str],
              reminders: list[dict[str, Any]]) -> tuple[datetime | None, Slot | None]:
        """Add to `reminders` the ones due now on `d`, if any; return its next moment and
        the slot reminded."""
        if d.stale:  # its date may move: looked at again once recomputed, or in a minute
            return now + STALE_RECHECK, None
        key = DeadlineKey(d.key)
        closed = d.stage in _NOT_UNDER_REVIEW and key not in DISCLOSURE_KEYS
        if (closed or d.due is None or d.status not in _LOOKED_AT
                or d.responsible == Responsible.INTAKE.value):
            return None, None  # met, tolled, moot or not a person's: no more reminders
        # where the city's reading and the other give different dates, the earlier counts
        due = min(d.due, d.other_due) if d.other_due is not None else d.due
        slots = plan(due, self.calendar, offsets=self.settings.offsets, horizon=now,
                     not_before=d.received_at if key is DeadlineKey.NOTICE_24H else None)
        slot = due_now(slots, now=now, sent=sent)
        if slot is not None:
            urgent = slot.overdue or slot.name in ("due", "before-4h")
            for person in reminder_recipients(key, Responsible(d.responsible), self.directory,
                                              d.respondents):
                slack = person.slack if self.settings.slack_dms else None
                for channel in self._channels(slack, urgent):
                    reminders.append(store.reminder_row(
                        case_id=d.case_id, number=d.number, key=key, moment=slot.name,
                        person=person, channel=channel, at=now,
                        msgid_domain=self.settings.msgid_domain, official=d.official))
        nxt = next_after(slots, now)
        return (nxt.at if nxt else None), slot

    @staticmethod
    def _channels(slack_id: str | None, urgent: bool) -> list[str]:
        """Slack when the person has an id; email otherwise, and also on the last day."""
        if not slack_id:
            return ["email"]
        return ["slack", "email"] if urgent else ["slack"]


async def run_reminders(reminders: Reminders, *, stop: asyncio.Event) -> None:
    """The worker's reminder service: start the scheduler, arm the one job for the next
    moment, then follow changes. The scheduler is `reminders.scheduler`, made for this run."""
    reminders.scheduler.start()
    try:
        moment = await asyncio.to_thread(reminders.arm)
        log.info("reminders ready: next look at %s", moment.isoformat() if moment else "none")
        await reminders.watch(stop=stop)
    finally:
        reminders.scheduler.shutdown(wait=False)
