#!/usr/bin/env python3
"""bench/scheduler_scale.py — how fast the reminder scheduler is ready with a big docket.

Fills a fresh database (SQLite, or a throw-away PostgreSQL database with --db postgres,
or --database-url) with N open cases through the service layer (received over the past
3 weeks, so their deadlines are at every stage of life), then starts a worker's reminder
service twice, each in a fresh process so that its peak memory is its own:

1. the first start after the fill (as after the upgrade to revision 0004): every open
   deadline is due a look. Ready (the one job armed) and the catch-up (every deadline
   looked at, what is due owed, the next moments written) are timed apart.
2. a restart: what every later start costs. Start-up reads the one earliest moment.

For each it prints start-to-ready, catch-up, reminders owed and peak resident memory.
Goal (issue 16): a restart ready in ≤ 5 s and ≤ 200 MB at 100,000 cases, on SQLite and
PostgreSQL, with the same figures at 10,000 (cost independent of the docket's size).

    .venv/bin/python bench/scheduler_scale.py [--cases 10000] [--db sqlite|postgres]
        [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _databases import docket_arguments, throwaway
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from sqlalchemy import delete, func, select, update

from cases.filing import Complainant, Filing
from cases.services import file_complaint
from ethicsbot.bootstrap import bootstrap
from ethicsbot.calendar_sync import sync_calendar
from ethicsbot.settings import Settings
from storage.models import DeadlineRow, OutboxRow

RESPONDENTS = ["Priya Raman", "Gary Pruitt", "Lorna Bates", "Helen Ostrowski", "Anita Brandt"]
NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def _settings(url: str) -> Settings:
    return Settings(_env_file=None, database_url=url,  # type: ignore[call-arg]
                    directory=Path("/nonexistent/city.yml"))


def fill(url: str, n: int, now: datetime,
         facts: Callable[[int], str] = lambda _i: "(benchmark)") -> None:
    """`n` open cases through the service layer; `facts(i)`: the i-th complaint's text."""
    app = bootstrap(_settings(url), clock=lambda: now)
    t0 = time.perf_counter()
    batch = 500
    for start in range(0, n, batch):
        with app.uow() as uow:
            for i in range(start, min(n, start + batch)):
                received = now - timedelta(minutes=(i * 3 * 24 * 60 * 7) // n)
                filing = Filing(received_at=received,
                                complainant=Complainant(f"Resident {i}", None, None, None),
                                facts=facts(i), code_sections=("2.94.030",),
                                respondents=(RESPONDENTS[i % len(RESPONDENTS)],))
                file_complaint(uow, filing, directory=app.directory, calendar=app.calendar,
                               clock=itertools.repeat(received).__next__, actor="bench")
            uow.commit()
    print(f"filled {n} cases in {time.perf_counter() - t0:.1f} s")
    app.engine.dispose()


def refill(url: str) -> None:
    app = bootstrap(_settings(url), clock=lambda: NOW)
    with app.session_factory.begin() as s:
        s.execute(update(DeadlineRow).where(
            DeadlineRow.due.is_not(None), DeadlineRow.status.in_(("open", "missed")),
            DeadlineRow.responsible != "intake").values(remind_at=NOW))
        s.execute(delete(OutboxRow).where(OutboxRow.notice_type == "reminder"))
    app.close()
    print("reset the earlier fill: every open deadline due a look, no reminder owed")


async def start_reminders(url: str, now: datetime) -> dict[str, float]:
    """What `ethicsbot worker` does for reminders at start, then the catch-up."""
    t0 = time.perf_counter()
    app = bootstrap(_settings(url), clock=lambda: now)
    sync_calendar(app)
    scheduler = AsyncIOScheduler(timezone=UTC)
    scheduler.start(paused=True)  # armed, but only this measurement fires it
    reminders = app.reminders(scheduler)
    moment = await asyncio.to_thread(reminders.arm)
    ready = time.perf_counter() - t0
    owed = 0
    t1 = time.perf_counter()
    while moment is not None and moment <= now:  # the catch-up: what the job would do
        owed += await asyncio.to_thread(reminders.fire)
        moment = reminders.armed_for
    caught_up = time.perf_counter() - t1
    with app.session_factory() as s:
        planned = s.scalar(select(func.count()).where(DeadlineRow.remind_at.is_not(None)))
        reminder_rows = s.scalar(select(func.count()).where(OutboxRow.notice_type == "reminder"))
    scheduler.shutdown(wait=False)
    app.engine.dispose()
    return {"ready": ready, "catch_up": caught_up, "owed": owed, "planned": planned or 0,
            "reminder_rows": reminder_rows or 0,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def measure(url: str) -> None:
    """Runs in a fresh process so its peak RSS is the worker's, not the filler's."""
    print(json.dumps(asyncio.run(start_reminders(url, NOW))))


def report(what: str, r: dict[str, float]) -> None:
    print(f"  {what}: ready {r['ready']:.2f} s, catch-up {r['catch_up']:.2f} s "
          f"({r['owed']:.0f} deadline reminders owed), peak RSS {r['rss_mb']:.0f} MB; "
          f"{r['planned']:.0f} deadlines with a next moment")


def main() -> None:
    ap = docket_arguments(__doc__, cases=10_000)
    ap.add_argument("--database-url", help="an empty database to fill (instead of --db)")
    ap.add_argument("--filled", action="store_true",
                    help="--database-url was filled by this script before: put it back as "
                         "the fill left it (every open deadline due a look, no reminder owed)")
    ap.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure_only:
        measure(args.database_url)
        return

    def child(url: str) -> dict[str, float]:
        out = subprocess.run([sys.executable, __file__, "--measure-only", "--database-url", url],
                             check=True, capture_output=True, text=True).stdout
        return dict(json.loads(out.strip().splitlines()[-1]))

    with tempfile.TemporaryDirectory() as tmp:
        def run(url: str) -> None:
            if args.filled:
                refill(url)
            else:
                fill(url, args.cases, NOW)
            first, again = child(url), child(url)
            print(f"{args.cases} open cases on {url.split(':')[0]}:")
            report("first start after the fill", first)
            report("restart                   ", again)
            ok = again["ready"] <= 5 and again["rss_mb"] <= 200
            print(f"  goal (restart ready ≤ 5 s, ≤ 200 MB): {'met' if ok else 'NOT met'}")

        if args.database_url:
            run(args.database_url)
        else:
            with throwaway(args.db, Path(tmp)) as url:
                run(url)


if __name__ == "__main__":
    main()
