"""The quorum look: 48 hours before a meeting (or halfway to one called later), the chair
and the clerk are warned when the members who accepted its invitation are fewer than a
quorum of the body (`cases.open_meetings.shortfall`), so they can chase answers, move
the meeting or cancel it while notice can still be given.

Like the reminders it sits beside: the moment lives in the database
(`meetings.quorum_look_at`, rewritten with each case), one APScheduler job is armed for
the earliest one, and `watch` re-arms it when a change makes an earlier one
(scheduler/armed.py, shared with the reminders). The warning
is an outbox row (`QUORUM_WARNING`, slot `meeting-<n>:quorum:<version>`), owed once per
person and version of the meeting (its time and place): the outbox's unique key makes a
second look after an answer changed owe nothing twice, and a moved meeting is looked at
anew.

A look takes its case's row as every save does (FOR NO KEY UPDATE, `storage.repository`),
but SKIP LOCKED (`storage.meetings.hold_for_a_look`): a case being saved (a step, a
recomputation of many cases in one transaction after a change of the city's file) is
left due and looked at on the next pass, after a short pause (`HELD_PAUSE`) rather than
at once over and over while the save runs. Waiting for it instead held the look up for
as long as the save's transaction, and the save rewrites the meeting's moment anyway
(tests/integration/scheduler/test_quorum_locks.py). SQLite has one writer and no row
locks: nothing is skipped there.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from apscheduler.schedulers.base import BaseScheduler
from sqlalchemy.orm import sessionmaker

from cases.directory import Directory
from cases.notices import NoticeType, OwedNotice, meeting_slot, quorum_warned
from cases.open_meetings import body_quorum, shortfall
from cases.ports import Clock
from cases.services import get_case
from scheduler.armed import ArmedJob
from storage import meetings as store
from storage.uow import UowFactory

log = logging.getLogger(__name__)
JOB_ID = "quorum"
HELD_PAUSE = 0.5  # seconds before looking again at a case another transaction was saving


@dataclass(frozen=True)
class Warned:
    number: str
    meeting: int
    why: str


class _Held:
    """A look not taken: its case was held by another transaction's save."""


HELD = _Held()


class QuorumLooks(ArmedJob):
    job_id = JOB_ID

    def __init__(self, *, uow: UowFactory, session_factory: sessionmaker[Any], clock: Clock,
                 directory: Directory, scheduler: BaseScheduler) -> None:
        super().__init__(scheduler)
        self.uow, self.session_factory, self.clock = uow, session_factory, clock
        self.directory = directory

    def next_moment(self) -> datetime | None:
        with self.session_factory() as session:
            return store.next_look(session=session)

    def fire(self) -> list[Warned]:
        """Look at every meeting due a look; warn where a quorum is in doubt."""
        warned: list[Warned] = []
        with self._firing:
            try:
                now = self.clock()
                due = self.retried(lambda: self._due(now), "reading the meetings due a look")
                held = False
                for number, meeting, seen in due or []:
                    # one look is one transaction: a busy database delays it, whole
                    found = self.retried(functools.partial(self._look, number, meeting, seen,
                                                           now), "this meeting's look")
                    if isinstance(found, Warned):
                        warned.append(found)
                    held = held or found is HELD
                    if self.stopping.is_set():
                        break
                if held:  # left due: the next pass, once the save is likely in
                    self.stopping.wait(HELD_PAUSE)
            finally:
                self.arm()
        return warned

    def _due(self, now: datetime) -> list[tuple[str, int, datetime]]:
        with self.session_factory() as session:
            return list(store.due_looks(session=session, now=now))

    def _look(self, number: str, meeting: int, seen: datetime, now: datetime
              ) -> Warned | _Held | None:
        with self.uow() as uow:
            if not store.hold_for_a_look(session=uow.session, number=number):
                return HELD  # being saved (or gone): left due, looked at on the next pass
            case = get_case(uow, number)
            m = case.meetings.get(meeting)
            why = None
            if m is not None and not m.cancelled and m.starts_at > now:
                why = shortfall(m, body_quorum(m.body, self.directory, case.respondents))
                if why is not None:
                    for person in quorum_warned(case, m, self.directory):
                        uow.outbox.add(OwedNotice(
                            number, NoticeType.QUORUM_WARNING, person, None, 0,
                            f"{meeting_slot(m.number)}:quorum:{m.moved_at}"))
                    log.info("quorum in doubt", extra={"case": number, "meeting": meeting})
            store.looked(session=uow.session, number=number, meeting=meeting, seen=seen)
            uow.commit()
        return Warned(number, meeting, why) if why is not None else None


async def run_quorum_looks(looks: QuorumLooks, *, stop: asyncio.Event) -> None:
    """The worker's quorum service on its own scheduler, made for this run."""
    looks.scheduler.start()
    try:
        await asyncio.to_thread(looks.arm)
        await looks.watch(stop=stop)
    finally:
        looks.scheduler.shutdown(wait=False)
