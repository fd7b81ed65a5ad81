"""Alerts to the clerk about the outbox: a notice that bounced, and statutory notices at
risk, i.e. undeliverable for a while (`ETHICSBOT_UNDELIVERED_ALERT_MINUTES`, default 15)
or still unsent as their deadline nears.

Notices at risk are told in a digest: each sweep (`owe_deadline_alerts`, every few
seconds beside the dispatcher) that finds deadlines newly at risk owes each clerk ONE
message per channel about all of them (how many, by reason, the soonest first, a link
to the docket), never one per case: a docket of 20,000 cases whose notices are queued
owes the clerk one digest, not 40,000 alerts (issue 39). Every deadline at risk is told
once per reason (`alerted`, storage/risk.py): a sweep that finds nothing new writes
nothing, and one that finds a single new deadline tells only of it. A deadline that is
both long undeliverable and near when first seen is told as "deadline near"; one told
as undeliverable is told again when its deadline nears. Notices owed in the last few
minutes and not yet tried (`JUST_OWED`) are going out as the alert would: none is owed
for them, so a case opened near its 24 hours does not alarm the clerk about notices
that leave a second later.

A digest goes out on every channel the clerk has: a Slack DM when Slack is configured and
the clerk has a Slack id, and email (when the mail server is what is failing, the email
waits with the notices; the DM is what reaches the clerk in time). It goes through the
outbox like every notice, so it is retried and proved too.

The sweep reads by index and in a snapshot (no write lock held while it reads), then
writes what it found in short transactions, each bounded in rows and in time and
followed by a pause as long, so intake and the dispatcher wait little for SQLite's one
write lock; the digest itself is owed last. A sweep that stops midway (a crash, the
database gone) leaves deadlines recorded for a digest never owed: the next sweep forgets
them and tells them again, so nothing at risk goes untold.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from cases.directory import Directory
from cases.notices import NoticeType, clerks
from cases.ports import Clock
from storage import risk
from storage.db import snapshot_reader
from storage.queries import UNDELIVERED_AFTER, risk_window
from storage.retry import Weather, wait_for_stop
from storage.risk import DEADLINE_NEAR, AtRisk
from storage.uow import SqlUnitOfWork, UowFactory

log = logging.getLogger(__name__)

SWEEP_EVERY = 5.0  # seconds between sweeps beside the dispatcher
WRITE_ROWS, WRITE_SECONDS = 500, 0.1  # one write transaction's bound
GIVE_WAY = 1.0  # after each write, pause as long as it took: intake and sending first


def owe_deadline_alerts(*, uow_factory: UowFactory, clock: Clock, directory: Directory,
                        undelivered_after: timedelta = UNDELIVERED_AFTER,
                        slack: bool = False) -> int:
    """One sweep: owe the clerks a digest of the statutory deadlines newly at risk; how
    many deadlines it tells of (0: nothing new, nothing written). `slack`: the clerks
    with a Slack id get it as a DM as well."""
    now = clock()
    with uow_factory() as uow:
        engine = uow.session.get_bind()
    with Session(snapshot_reader(engine)) as s:  # type: ignore[arg-type]
        owed = risk.last_digest(s)
        stale = risk.unowed_alerted(s, after=owed)
        found = [] if stale else _newly_at_risk(s, now, undelivered_after)
    if stale:  # a sweep stopped midway: what it recorded was never told
        with uow_factory() as uow:
            forgotten = risk.forget_unowed(uow.session, after=owed)
            uow.commit()
        log.warning("%d deadline(s) recorded for a digest never owed (a sweep stopped "
                    "midway): telling the clerk of them now", forgotten)
        with Session(snapshot_reader(engine)) as s:  # type: ignore[arg-type]
            found = _newly_at_risk(s, now, undelivered_after)
    if not found:
        return 0
    digest = owed + 1
    rows = [{"case_id": r.case_id, "deadline_key": r.deadline_key, "reason": reason,
             "digest": digest, "due": r.due, "at": now} for r, reason in found]
    _write_in_bounded_batches(uow_factory, rows)
    with uow_factory() as uow:
        for clerk in clerks(directory):
            for channel in [*(["slack"] if slack and clerk.slack else []), "email"]:
                risk.owe_digest(uow.session, digest=digest, recipient=clerk,
                                  channel=channel, at=now, msgid_domain=uow.outbox.msgid_domain)
        uow.commit()
    near = sum(1 for _, reason in found if reason == DEADLINE_NEAR)
    log.error("statutory notices at risk for %d more deadline(s) in %d case(s) (%d near "
              "their deadline, %d undelivered for over %s): the clerk is alerted in "
              "digest %d", len(found), len({r.case_id for r, _ in found}), near,
              len(found) - near, _minutes(undelivered_after), digest)
    return len(found)


def _newly_at_risk(session: Session, now: datetime, undelivered_after: timedelta
                   ) -> list[tuple[AtRisk, str]]:
    """The deadlines at risk the clerk was not told of for this reason, with the reason,
    the soonest due first (no due date, i.e. tolled, last)."""
    at = risk_window(undelivered_after).params(now)
    found = [(risk, risk.reason) for risk in risk.at_risk(session, **at)]
    found.sort(key=lambda f: (f[0].due is None, f[0].due or now, f[0].case_id,
                              f[0].deadline_key))
    return found


def _write_in_bounded_batches(uow_factory: UowFactory, rows: list[dict[str, Any]]) -> None:
    """Record `rows` as told, in transactions of at most `WRITE_ROWS` rows or
    `WRITE_SECONDS`, each followed by a pause as long as it took."""
    at, step = 0, WRITE_ROWS
    while at < len(rows):
        began = time.monotonic()
        with uow_factory() as uow:
            risk.record_alerted(uow.session, rows[at:at + step])
            uow.commit()
        at += step
        took = time.monotonic() - began
        if took > WRITE_SECONDS and step > 50:
            step //= 2  # a slow disk or a busy machine: smaller transactions
        if at < len(rows):
            time.sleep(took * GIVE_WAY)


async def run_alert_sweeps(*, uow_factory: UowFactory, clock: Clock, directory: Directory,
                           undelivered_after: timedelta, slack: bool, stop: asyncio.Event,
                           every: float = SWEEP_EVERY,
                           wait: Callable[[asyncio.Event, float], Awaitable[bool]]
                           = wait_for_stop) -> None:
    """Sweep for notices at risk every `every` seconds until `stop` (beside the
    dispatcher, never in its way). A busy database delays a sweep, never ends the loop; a
    sweep that fails is said once for the episode, not every `every` seconds (`wait`: a
    test's clock)."""
    weather = Weather("the at-risk sweep", log, clock=clock)

    def sweep() -> int:
        return owe_deadline_alerts(uow_factory=uow_factory, clock=clock, directory=directory,
                                   undelivered_after=undelivered_after, slack=slack)

    while not stop.is_set():
        try:
            await weather.run(sweep, stop=stop, unit="the sweep")
        except Exception as e:  # our bug or bad data: said, and the next sweep tries again
            weather.round_failed(e, then=f"sweeping again every {every:g} s")
        if await wait(stop, every):
            return


def alert_clerks(uow: SqlUnitOfWork, directory: Directory, case_id: int, type_: NoticeType,
                 generation: int, *, slack: bool = False, slot: str = "") -> bool:
    """Owe `type_` to every clerk on every channel they have; True if any is new."""
    number = uow.cases.number_of(case_id)
    new = False
    for clerk in clerks(directory):
        channels = ["slack"] if slack and clerk.slack else []
        for channel in [*channels, "email"]:  # the DM first: mail may be what is down
            new |= uow.outbox.add_alert(case_id=case_id, number=number, notice_type=type_,
                                        recipient=clerk, generation=generation, slot=slot,
                                        channel=channel)
    return new


def _minutes(span: timedelta) -> str:
    minutes = span.total_seconds() / 60
    return f"{minutes:g} minute{'s' if minutes != 1 else ''}"
