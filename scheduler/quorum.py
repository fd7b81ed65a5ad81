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


@dataclass(frozen=True)
class Warned:
    number: str
    meeting: int
    why: str


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
                for number, meeting, seen in due or []:
                    # one look is one transaction: a busy database delays it, whole
                    found = self.retried(functools.partial(self._look, number, meeting, seen,
                                                           now), "this meeting's look")
                    if found is not None:
                        warned.append(found)
                    if self.stopping.is_set():
                        break
            finally:
                self.arm()
        return warned

    def _due(self, now: datetime) -> list[tuple[str, int, datetime]]:
        with self.session_factory() as session:
            return list(store.due_looks(session=session, now=now))

    def _look(self, number: str, meeting: int, seen: datetime, now: datetime
              ) -> Warned | None:
        with self.uow() as uow:
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
