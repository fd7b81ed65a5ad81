"""Keep every open case's deadlines true to the calendar and readings in force.

The city's time zone, holidays and readings come from the directory file, which a clerk
may edit. At start the worker remembers those it read (`sync_calendar`, a moment's work
whatever the docket's size); when they differ from those the stored deadlines were
computed under, the cases concerned are recomputed *in the background*
(`recompute_stale`): in batches, the soonest deadline first, each batch its own
transaction, with the moved dates written in each case's history
(`cases.services.recompute`). Intake, notices and reminders go on meanwhile:

- a case read (Slack, the web) or touched (a step) before its turn is recomputed then
  (`cases.services.freshen`);
- a stale case's deadlines are not reminded of until recomputed
  (`storage.calendar_state.stale_column`), so no reminder goes out for an old date;
- a stop (SIGTERM) is heard between batches: what is done is committed, what is not is
  done at the next start; `ethicsbot status` and the log show how many remain.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time

from cases.services import CALENDAR_CHANGED, recompute
from ethicsbot.bootstrap import App
from storage import calendar_state
from storage.retry import Weather, wait_for_stop

log = logging.getLogger(__name__)
BATCH = 25  # cases per transaction at most: about a quarter second on a quiet machine
BATCH_SECONDS = 0.25  # a batch that took longer is halved: intake waits little for the lock
LOOK_AGAIN = 60.0  # seconds: a process with an older file may have saved a stale case
PROGRESS_EVERY = 5.0  # seconds between progress lines in the log
GIVE_WAY = 1.0  # after each batch, pause as long as it took: the rest of the worker first


def sync_calendar(app: App) -> int:
    """Remember the calendar and readings in force; how many cases have deadlines computed
    under others (`recompute_stale` recomputes them). The first start only remembers."""
    mine = app.computed_under
    with app.session_factory.begin() as session:
        stored = calendar_state.in_force(session)
        if stored is None:
            calendar_state.mark_unknown(session, mine)
        elif stored != mine:
            log.info("the city's calendar or readings changed: open cases will be "
                     "recomputed in the background, soonest deadline first")
        calendar_state.remember(session, mine)
        return calendar_state.count_stale(session, mine)


def recompute_batch(app: App, numbers: list[str]) -> int:
    """Recompute those of `numbers` still stale, in one transaction; how many."""
    mine = app.computed_under
    with app.uow() as uow:
        todo = calendar_state.still_stale(uow.session, numbers, mine)
        for number in todo:
            recompute(uow, number, directory=app.directory, calendar=app.calendar,
                      clock=app.clock, reason=CALENDAR_CHANGED)
        uow.commit()
    return len(todo)


def sweep(app: App, stop: asyncio.Event | None = None, *, batch: int = BATCH) -> int:
    """Recompute every stale case, batch by batch, until none is left or `stop` is set;
    how many were recomputed here."""
    mine = app.computed_under
    weather = Weather("recomputing deadlines", log)
    stopped = (lambda: stop is not None and stop.is_set())  # noqa: E731

    def stale() -> list[str]:
        with app.session_factory() as session:
            return calendar_state.stale_cases(session, mine)

    order = weather.run_sync(stale, stopped=stopped, unit="reading the cases to recompute")
    if not order:
        return 0
    done, began, said = 0, time.monotonic(), time.monotonic()
    start, size = 0, batch
    while start < len(order):
        if stop is not None and stop.is_set():
            log.info("recomputation stopped: %d of %d cases done; the rest at the next "
                     "start", start, len(order))
            return done
        took = time.monotonic()
        chunk = order[start:start + size]
        # a busy database (another writer holding SQLite's lock) delays the batch, never
        # ends the sweep: the batch is one transaction, tried again whole
        got = weather.run_sync(functools.partial(recompute_batch, app, chunk),
                               unit="this batch", stopped=stopped)
        if got is None:
            continue  # stopped while waiting: said above
        done, start = done + got, start + len(chunk)
        took = time.monotonic() - took
        if took > BATCH_SECONDS and size > 1:  # a slow machine: shorter transactions
            size = max(1, size // 2)
        elif took < BATCH_SECONDS / 4 and size < batch:
            size = min(batch, size * 2)
        # give way: intake, the dispatcher and the reminders share the database's write
        # lock (one writer on SQLite) and the interpreter with this thread
        time.sleep(took * GIVE_WAY)
        if time.monotonic() - said >= PROGRESS_EVERY:
            said = time.monotonic()
            log.info("recomputing deadlines: %d of %d cases", start, len(order))
    log.info("recomputed the deadlines of %d cases in %.1f s", done, time.monotonic() - began)
    return done


async def recompute_stale(app: App, stop: asyncio.Event) -> None:
    """The worker's background recomputation: a sweep now, then a look every minute (a
    process started with an older file may have saved a case since), until `stop`."""
    while not stop.is_set():
        await asyncio.to_thread(sweep, app, stop)
        if await wait_for_stop(stop, LOOK_AGAIN):
            return
