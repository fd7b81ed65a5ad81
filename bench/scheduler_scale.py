#!/usr/bin/env python3
"""bench/scheduler_scale.py — how fast the reminder scheduler is ready with a big docket.

Fills a fresh SQLite database (or --database-url) with N open cases (default 10,000,
received over the past 3 weeks so their deadlines are at every stage of life), then
measures what a worker does at start for reminders: migrate, check the calendar, build
every reminder job from the deadlines table and start APScheduler — and prints the
start-to-ready time, the number of jobs and future reminder moments, and the peak
resident memory of this process. Goal (issue 5): ready in under 10 s, under 300 MB.

    .venv/bin/python bench/scheduler_scale.py [--cases 10000] [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from cases.filing import Complainant, Filing
from cases.services import file_complaint
from ethicsbot.bootstrap import bootstrap
from ethicsbot.calendar_sync import sync_calendar
from ethicsbot.settings import Settings
from scheduler.plan import plan
from storage.reminders import remindable_deadlines

RESPONDENTS = ["Priya Raman", "Gary Pruitt", "Lorna Bates", "Helen Ostrowski", "Anita Brandt"]


def fill(url: str, n: int, now: datetime) -> None:
    app = bootstrap(Settings(_env_file=None, database_url=url,  # type: ignore[call-arg]
                             directory=Path("/nonexistent/city.yml")), clock=lambda: now)
    t0 = time.perf_counter()
    batch = 500
    for start in range(0, n, batch):
        with app.uow() as uow:
            for i in range(start, min(n, start + batch)):
                received = now - timedelta(minutes=(i * 3 * 24 * 60 * 7) // n)
                filing = Filing(received_at=received,
                                complainant=Complainant(f"Resident {i}", None, None, None),
                                facts="(benchmark)", code_sections=("2.94.030",),
                                respondents=(RESPONDENTS[i % len(RESPONDENTS)],))
                file_complaint(uow, filing, directory=app.directory, calendar=app.calendar,
                               clock=itertools.repeat(received).__next__, actor="bench")
            uow.commit()
    print(f"filled {n} cases in {time.perf_counter() - t0:.1f} s")
    app.engine.dispose()


async def start_worker_reminders(url: str, now: datetime) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    app = bootstrap(Settings(_env_file=None, database_url=url,  # type: ignore[call-arg]
                             directory=Path("/nonexistent/city.yml")), clock=lambda: now)
    sync_calendar(app)
    scheduler = AsyncIOScheduler(timezone=UTC)
    scheduler.start(paused=True)  # ready, but the measurement must not send anything
    reminders = app.reminders(scheduler)
    jobs = await asyncio.to_thread(reminders.reconcile)
    ready = time.perf_counter() - t0
    future = 0  # reminder moments still to come, before and at due (overdue pings aside)
    with app.session_factory() as session:
        for d in remindable_deadlines(session=session):
            future += sum(1 for s in plan(d.due, app.calendar, overdue_pings=0) if s.at > now)
    scheduler.shutdown(wait=False)
    return ready, jobs, future


def measure(url: str, now: datetime, cases: int) -> None:
    """Runs in a fresh process so its peak RSS is the worker's, not the filler's."""
    ready, jobs, future = asyncio.run(start_worker_reminders(url, now))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"open cases:            {cases}")
    print(f"reminder jobs armed:   {jobs}")
    print(f"future reminder moments (before and at due): {future}")
    print(f"start-to-ready:        {ready:.2f} s   (goal < 10 s)")
    print(f"peak RSS:              {rss:.0f} MB  (goal < 300 MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", type=int, default=10_000)
    ap.add_argument("--database-url")
    ap.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    now = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
    if args.measure_only:
        measure(args.database_url, now, args.cases)
        return
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/bench.db"
        fill(url, args.cases, now)
        subprocess.run([sys.executable, __file__, "--measure-only", "--database-url", url,
                        "--cases", str(args.cases)], check=True)


if __name__ == "__main__":
    main()
