#!/usr/bin/env python3
"""bench/notice_latency.py — from a complaint's IMAP APPEND to its last §2 notice at the
SMTP server, beside the protocol floor measured in the same run.

Starts a private Dovecot (the tests' wrapper; needs dovecot-imapd, or root to install it)
and an in-process SMTP sink, then runs the real worker (IMAP intake with IDLE + the outbox
dispatcher over SMTP) on a fresh SQLite database (or --database-url). For each of N
complaints (default 50), one at a time: APPEND it to the intake mailbox and time until the
sink has accepted every §2 notice of its case (to the respondent, each council member,
each board member). Then, for the same complaint, the floor: a bare IMAP client in IDLE
on a second mailbox times the APPEND of the same message until its EXISTS push, and a
bare aiosmtplib session sends the very §2 messages the sink received, on one connection.
Dovecot alone waits ~0.5 s before it announces new mail, so the floor is ~0.5 s plus the
sends. Goal (issue 39): p95 at most 1.3 times the floor's p95 (issue 4: 1.5).

    .venv/bin/python bench/notice_latency.py [--n 50] [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import email
import os
import re
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere

import aiosmtplib
from _harness import backend, bench_args, private_dovecot, worker_settings
from sqlalchemy import func, select
from sqlalchemy.orm import sessionmaker

from cases.notices import SECTION_2
from ethicsbot.bootstrap import App, bootstrap, build_transport
from ethicsbot.worker import run_worker, settle
from mail.dispatch import run_dispatcher
from mail.transport import SmtpTls
from storage.models import CaseRow, OutboxRow
from tests.integration.mail.complaints import crlf, forwarded_complaint
from tests.servers.dovecot import DovecotServer, ImapAccount
from tests.servers.smtp_sink import SmtpSink

SECTION_2_TYPES = {t.value for t in SECTION_2}
# how often the bench looks for the case and its notices: the figure is read off the
# sink's times of acceptance, not off these looks, which run in the worker's process and
# take the interpreter from it while they run (they were 5 ms apart, each reading every
# case row and every message the sink had accepted)
LOOK = 0.025
_MSGID = re.compile(rb"^Message-ID:\s*(<[^>]+>)", re.I | re.M)
_STAMP = re.compile(r"^(\d{8}T\d{6}\.\d{6})-")


class Accepted:
    """Message-ID -> (when the sink accepted it, the message as sent), each file read once.

    The sink renames a message into place whole, so a file seen is final. (Reading every
    file at every look, 5 ms apart in this process, took 12 ms a look by the 20th
    complaint: the observer held the GIL more than half the time, and the worker it
    timed waited for it.)"""

    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink
        self.names: set[str] = set()
        self.seen: dict[str, tuple[float, bytes]] = {}

    def __call__(self) -> dict[str, tuple[float, bytes]]:
        for path in self.sink.folder.glob("*.eml"):
            if path.name in self.names:
                continue
            self.names.add(path.name)
            raw = path.read_bytes()
            head = raw.split(b"\r\n\r\n", 1)[0].replace(b"\r\n ", b" ")
            found, stamp = _MSGID.search(head), _STAMP.match(path.name)
            if found and stamp:
                when = datetime.strptime(stamp.group(1), "%Y%m%dT%H%M%S.%f").replace(
                    tzinfo=UTC)
                self.seen[found.group(1).decode()] = (when.timestamp(),
                                                      raw.split(b"\r\n", 2)[2])
        return self.seen


def section_2_ids(reader: sessionmaker[Any], cases_before: int) -> list[str] | None:
    """The §2 notices' Message-IDs of the newest case, once it is open (two indexed reads:
    this runs in the worker's process, every LOOK seconds, in a snapshot: on SQLite the
    worker's own sessions begin IMMEDIATE, and the bench's looks took its write lock)."""
    with reader() as s:
        if s.scalar(select(func.count()).select_from(CaseRow)) <= cases_before:
            return None
        newest = s.scalar(select(func.max(CaseRow.id)))
        return list(s.scalars(select(OutboxRow.message_id).where(
            OutboxRow.case_id == newest, OutboxRow.notice_type.in_(SECTION_2_TYPES))))


async def through_the_worker(reader: sessionmaker[Any], server: DovecotServer,
                             account: ImapAccount, accepted: Accepted, raw: bytes, i: int
                             ) -> tuple[float, list[bytes]]:
    began = await asyncio.to_thread(append, server, account, raw)
    ids = None
    while ids is None:
        ids = await asyncio.to_thread(section_2_ids, reader, i)
        await asyncio.sleep(LOOK)
    while True:
        seen = await asyncio.to_thread(accepted)
        if all(m in seen for m in ids):
            return max(seen[m][0] for m in ids) - began, [seen[m][1] for m in ids]
        await asyncio.sleep(LOOK)


def append(server: DovecotServer, account: ImapAccount, raw: bytes) -> float:
    """APPEND `raw` on a connection logged in before the clock starts, as the floor's
    (`idle_push`) is; when the APPEND was sent. (Timed from before `server.append`, which
    connects, logs in and lists the folders first, the worker's figure carried 10-20 ms
    of the bench's own IMAP login that the floor's did not.)"""
    with server.client(account.user) as writer:
        began = time.time()
        writer.append("INBOX", raw)
    return began


def idle_push(server: DovecotServer, account: ImapAccount, raw: bytes) -> float:
    """APPEND on one connection, IDLE on another: seconds until EXISTS arrives."""
    with server.client(account.user) as watcher, server.client(account.user) as writer:
        watcher.select_folder("INBOX")
        watcher.idle()
        began = time.time()
        writer.append("INBOX", raw)
        while not any(r[1] == b"EXISTS" for r in watcher.idle_check(timeout=5)
                      if isinstance(r, tuple) and len(r) > 1):
            pass
        elapsed = time.time() - began
        watcher.idle_done()
    return elapsed


async def bare_smtp(sink: SmtpSink, messages: list[bytes]) -> float:
    began = time.time()
    async with aiosmtplib.SMTP(hostname=sink.host, port=sink.port, start_tls=False) as smtp:
        for raw in messages:
            msg = email.message_from_bytes(raw)
            to = email.utils.getaddresses([msg["To"]])[0][1]
            await smtp.sendmail("ethics-intake@city.test", [to], raw)
    return time.time() - began


def pct(values: list[float], p: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 \
        else values[0]


async def run(app: App, server: DovecotServer, intake: ImapAccount, floor_box: ImapAccount,
              sink: SmtpSink, floor_sink: SmtpSink, n: int) -> tuple[list[float], list[float]]:
    stop = asyncio.Event()

    async def dispatcher(stop: asyncio.Event) -> None:
        await run_dispatcher(app.dispatch_deps(), stop=stop,
                             transport=build_transport(app.settings))

    settle(app)  # as `ethicsbot worker` does before it serves
    worker = asyncio.create_task(run_worker(app, stop=stop, extra=[dispatcher]))
    await asyncio.sleep(1.0)  # logged in and idling
    system, floor = [], []
    accepted, reader = Accepted(sink), app.snapshot_session_factory()
    try:
        for i in range(n):
            raw = crlf(forwarded_complaint(10_000 + i))
            latency, sent = await through_the_worker(reader, server, intake, accepted, raw,
                                                     i)
            push = await asyncio.to_thread(idle_push, server, floor_box, raw)
            system.append(latency)
            floor.append(push + await bare_smtp(floor_sink, sent))
            await asyncio.sleep(0.3)  # let the rest of the case's mail go out
    finally:
        stop.set()
        await worker
    return system, floor


def main() -> int:
    args = bench_args(__doc__, n=50, n_help="complaints, one at a time")
    with private_dovecot() as (root, server):
        return measure(args, root, server)


def measure(args: argparse.Namespace, root: Path, server: DovecotServer) -> int:
    sink, floor_sink = SmtpSink(root / "sink").start(), SmtpSink(root / "floor").start()
    try:
        intake, floor_box = server.new_account(), server.new_account()
        settings = worker_settings(root, intake, args.database_url, smtp_host=sink.host,
                                   smtp_port=sink.port, smtp_tls=SmtpTls.NONE)
        app = bootstrap(settings)
        load_before = os.getloadavg()[0]
        system, floor = asyncio.run(run(app, server, intake, floor_box, sink, floor_sink,
                                        args.n))
        print(f"APPEND -> last §2 notice accepted, {args.n} complaints, worker on "
              f"{backend(settings)} (load average {load_before:.2f} before, "
              f"{os.getloadavg()[0]:.2f} after, {os.cpu_count()} cores):")
        print(f"  EthicsBot      p50 {pct(system, 50):.3f} s   p95 {pct(system, 95):.3f} s")
        print(f"  protocol floor p50 {pct(floor, 50):.3f} s   p95 {pct(floor, 95):.3f} s "
              "(bare IDLE push + bare SMTP sends of the same messages)")
        ratio = pct(system, 95) / pct(floor, 95)
        print(f"  p95 ratio {ratio:.2f} (goal <= 1.3)")
        app.engine.dispose()
        return 0 if ratio <= 1.3 else 1
    finally:
        sink.stop()
        floor_sink.stop()


if __name__ == "__main__":
    sys.exit(main())
