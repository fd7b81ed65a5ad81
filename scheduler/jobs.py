"""Reminder jobs on APScheduler, derived from the stored deadlines.

One job per open deadline (id `remind:<case>:<deadline>`), scheduled at its next reminder
moment. The jobs are reconciled with the deadlines table at start and whenever a case
changes (the worker watches `cases.updated_at`, so a step recorded by the web process is
seen too): a met, moot or tolled deadline loses its job, a moved one moves it. A job
that fires owes the reminder in the outbox (idempotent) and re-arms itself for the next
moment. Jobs live in memory only: the deadlines table is the truth, so nothing pickled
can go stale, and a restart rebuilds them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from apscheduler.schedulers.base import BaseScheduler
from sqlalchemy.orm import sessionmaker

from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.ports import Clock
from scheduler.plan import DEFAULT_OFFSETS, Slot, due_now, next_after, plan
from scheduler.recipients import reminder_recipients
from storage import reminders as store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReminderSettings:
    """The settings the reminders read, as plain values."""

    msgid_domain: str  # of the reminders' Message-IDs
    offsets: tuple[timedelta, ...] = DEFAULT_OFFSETS  # how long before a deadline to remind
    slack_dms: bool = False  # remind by Slack DM those with a Slack id (Slack is on)


class Reminders:
    def __init__(self, *, session_factory: sessionmaker[Any], clock: Clock,
                 calendar: CityCalendar, directory: Directory, scheduler: BaseScheduler,
                 settings: ReminderSettings) -> None:
        self.session_factory, self.clock, self.scheduler = session_factory, clock, scheduler
        self.calendar, self.directory, self.settings = calendar, directory, settings
        self.offsets = settings.offsets
        self.slack = settings.slack_dms
        self._seen_until: datetime | None = None

    @staticmethod
    def job_id(number: str, key: str) -> str:
        return f"remind:{number}:{key}"

    def reconcile(self, numbers: Iterable[str] | None = None) -> int:
        """Make the jobs match the stored deadlines (all cases, or `numbers`).

        Owes any reminder that is due now (coalesced: one per deadline) and returns how
        many jobs are armed afterwards.
        """
        wanted = set(numbers) if numbers is not None else None
        now = self.clock()
        with self.session_factory() as session:
            deadlines = store.remindable_deadlines(session=session, numbers=wanted)
            case_ids = None if wanted is None else {d.case_id for d in deadlines}
            sent = store.sent_slots(session=session, case_ids=case_ids)
        keep: set[str] = set()
        for d in deadlines:
            job = self.job_id(d.number, d.key.value)
            slots = self._slots(d, now)
            if due_now(slots, now=now, sent=sent.get((d.case_id, d.key.value), set())):
                run_at = now
            else:
                nxt = next_after(slots, now)
                if nxt is None:
                    continue
                run_at = nxt.at
            keep.add(job)
            self._arm(d.number, d.key.value, run_at)
        for job in self.scheduler.get_jobs():
            number = job.id.split(":")[1] if job.id.startswith("remind:") else None
            if number and job.id not in keep and (wanted is None or number in wanted):
                job.remove()
        return len(keep)

    def fire(self, number: str, key: str) -> None:
        """Owe the reminder due now for one deadline, then re-arm for the next moment."""
        now = self.clock()
        with self.session_factory.begin() as session:
            found = [d for d in store.remindable_deadlines(session=session, numbers=[number])
                     if d.key.value == key]
            if not found:
                return  # met, tolled or moot since: the job simply ends
            d = found[0]
            slots = self._slots(d, now)
            sent = store.sent_slots(session=session, case_ids=[d.case_id]).get(
                (d.case_id, key), set())
            slot = due_now(slots, now=now, sent=sent)
            if slot is not None:
                urgent = slot.overdue or slot.name in ("due", "before-4h")
                for person in reminder_recipients(d.key, d.responsible, self.directory,
                                                  d.respondents):
                    for channel in self._channels(person.slack if self.slack else None, urgent):
                        store.owe_reminder(session=session, case_id=d.case_id, number=number,
                                           key=d.key, moment=slot.name, person=person,
                                           channel=channel, at=now,
                                           msgid_domain=self.settings.msgid_domain)
                log.info("reminder owed", extra={"case": number, "deadline": key,
                                                 "slot": slot.name})
            nxt = next_after(slots, now)
        if nxt is not None:
            self._arm(number, key, nxt.at)

    async def watch(self, *, stop: asyncio.Event, every: float = 2.0) -> None:
        """Reconcile the cases changed since the last look, until `stop`.

        `>=` rather than `>`: a case saved in the same instant as the last one seen is
        reconciled again rather than missed; reconciling is idempotent.
        """
        self._seen_until = self.clock()
        while not stop.is_set():
            with self.session_factory() as session:
                changed = store.changed_since(session=session, since=self._seen_until)
            if changed:
                self._seen_until = max(t for _, t in changed)
                await asyncio.to_thread(self.reconcile, [n for n, _ in changed])
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=every)

    def _arm(self, number: str, key: str, run_at: datetime) -> None:
        # misfire_grace_time=None: a moment passed while the loop was busy still fires
        self.scheduler.add_job(self.fire, "date", run_date=run_at, id=self.job_id(number, key),
                               args=[number, key], replace_existing=True,
                               misfire_grace_time=None, coalesce=True)

    def _slots(self, d: store.OpenDeadline, now: datetime) -> list[Slot]:
        return plan(d.due, self.calendar, offsets=self.offsets, horizon=now,
                    not_before=d.received_at if d.key.value == "notice_24h" else None)

    @staticmethod
    def _channels(slack_id: str | None, urgent: bool) -> list[str]:
        """Slack when the person has an id; email otherwise, and also on the last day."""
        if not slack_id:
            return ["email"]
        return ["slack", "email"] if urgent else ["slack"]


async def run_reminders(reminders: Reminders, *, stop: asyncio.Event) -> None:
    """The worker's reminder service: start the scheduler, build the jobs, then follow
    case changes. The scheduler is `reminders.scheduler`, made for this run."""
    reminders.scheduler.start()
    try:
        armed = await asyncio.to_thread(reminders.reconcile)
        log.info("reminders ready: %d deadlines armed", armed)
        await reminders.watch(stop=stop)
    finally:
        reminders.scheduler.shutdown(wait=False)
