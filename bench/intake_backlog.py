#!/usr/bin/env python3
"""bench/intake_backlog.py — how fast the worker works off a backlog of complaints.

Starts a private Dovecot on free loopback ports (the tests' own wrapper of
tests/servers/dovecot.sh; needs dovecot-imapd installed, or root to install it), fills a
fresh mailbox with N forwarded complaints (default 2,000, each a distinct resident, so
each opens a case), then starts the worker on a fresh SQLite database (or
--database-url) and times it until every message is taken in and moved out of INBOX.
Prints messages/second and the peak resident memory of this process (the worker) and of
its read-ahead helper process (Dovecot is not counted). Goal (issue 3): at least 100
complaints/second on 2 cores.

    .venv/bin/python bench/intake_backlog.py [--n 2000] [--database-url URL]
"""

from __future__ import annotations

import asyncio
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

from _harness import backend, bench_args, private_dovecot, worker_settings
from sqlalchemy import func, select

from ethicsbot.bootstrap import App, bootstrap
from ethicsbot.worker import run_worker
from storage.models import FilingRow
from tests.integration.mail.complaints import crlf, forwarded_complaint
from tests.servers.dovecot import DovecotServer, ImapAccount


def fill(server: DovecotServer, account: ImapAccount, n: int) -> None:
    t0 = time.perf_counter()
    with server.client(account.user) as imap:
        for start in range(0, n, 100):  # MULTIAPPEND: one round trip per hundred
            imap.multiappend("INBOX", [crlf(forwarded_complaint(i))
                                       for i in range(start, min(n, start + 100))])
        count = imap.folder_status("INBOX", ["MESSAGES"])[b"MESSAGES"]
    print(f"filled INBOX with {count} forwarded complaints in {time.perf_counter() - t0:.1f} s")


def taken(app: App) -> int:
    with app.uow() as uow:
        return uow.session.scalar(select(func.count()).select_from(FilingRow)) or 0


async def work_off(app: App, server: DovecotServer,
                   account: ImapAccount) -> tuple[float, float, float]:
    """Run the worker until INBOX is empty: (seconds to the first move, seconds to all,
    peak MB of its helper processes).

    Progress is read from Dovecot, not the database: a reader polling SQLite would
    compete with the worker for its write lock and slow down what is measured.
    """
    stop = asyncio.Event()
    with server.client(account.user) as imap:
        total = left = imap.folder_status("INBOX", ["MESSAGES"])[b"MESSAGES"]
        began = time.perf_counter()
        worker = asyncio.create_task(run_worker(app, stop=stop))
        first = 0.0
        while left:
            await asyncio.sleep(0.02)
            if worker.done():
                worker.result()
                raise SystemExit("the worker stopped early")
            left = (await asyncio.to_thread(imap.folder_status, "INBOX", ["MESSAGES"]))[
                b"MESSAGES"]
            if left < total and not first:
                first = time.perf_counter() - began
        elapsed = time.perf_counter() - began
    helpers_mb = children_peak_mb()  # the read-ahead helper, while it still runs
    stop.set()
    await worker
    return first, elapsed, helpers_mb


def children_peak_mb() -> float:
    """Peak resident memory of this process's live children (Linux /proc), summed."""
    total_kb = 0
    for children in Path("/proc/self/task").glob("*/children"):
        for pid in children.read_text().split():
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            total_kb += next((int(line.split()[1]) for line in status.splitlines()
                              if line.startswith("VmHWM:")), 0)
    return total_kb / 1024


def main() -> int:
    args = bench_args(__doc__, n=2000, n_help="complaints in the backlog")
    with private_dovecot() as (root, server):
        account = server.new_account()
        fill(server, account, args.n)
        settings = worker_settings(root, account, args.database_url)
        app = bootstrap(settings)
        first, elapsed, helpers_mb = asyncio.run(work_off(app, server, account))
        stored = taken(app)
        with server.client(account.user) as imap:
            left = imap.folder_status("INBOX", ["MESSAGES"])[b"MESSAGES"]
            processed = imap.folder_status("Processed", ["MESSAGES"])[b"MESSAGES"]
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"worker on {backend(settings)}: {args.n} complaints taken in in {elapsed:.1f} s "
              f"(first batch moved after {first:.2f} s)")
        print(f"  {args.n / elapsed:.0f} messages/second; peak RSS {peak_mb:.0f} MB "
              f"(+ {helpers_mb:.0f} MB in the read-ahead helper process)")
        print(f"  INBOX left: {left}, Processed: {processed}, filings stored: {stored}")
        app.engine.dispose()
        return 0 if left == 0 and processed == stored == args.n else 1


if __name__ == "__main__":
    sys.exit(main())
