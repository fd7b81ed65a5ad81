#!/usr/bin/env python3
"""bench/drills/imap_outage.py — the IMAP server stopped for a while, then killed in the
middle of a batch.

1. Outage: Dovecot is stopped (its sessions ended, as a restart of the service does)
   for `--outage` seconds while the worker waits in IDLE, then started again. The
   reconnect time is from the server accepting connections again to the worker logging
   "IMAP intake connected".
2. Kill mid-batch: a backlog is appended as soon as the server is back, so the first
   session after the outage reads it; once the worker has taken part of it in, Dovecot
   and all its processes are SIGKILLed, and started again. The outage's long waits
   between attempts must not carry over to this session's end.

Then every complaint must have exactly one case, every §2 notice must be delivered.
Prints lost, duplicate cases, unfolded duplicate notices and the longest reconnect.

Targets: 0 lost, 0 duplicate cases, 0 unfolded duplicates, reconnect <= 5 s whatever
the outage's length. Exit status 0 when all are met.

    .venv/bin/python bench/drills/imap_outage.py [--outage 20] [--backlog 300] [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stage import ACTIVE, Stage, stage
from _tally import drill, logged_after, parsed, taken_in, tally, time_left, wait_idle

from tests.servers.processes import BotProcess, until

CONNECTED = "IMAP intake connected"


def reconnect(st: Stage, worker: BotProcess, timeout: float,
              then: Callable[[], object] = lambda: None) -> float:
    """Start Dovecot again and do `then`; seconds from its accepting connections to the
    worker's login."""
    st.start_imap()
    up = time.time()
    then()
    until(lambda: logged_after(worker.lines(), CONNECTED, up) is not None,
          "the worker to reconnect", timeout)
    at = logged_after(worker.lines(), CONNECTED, up)
    assert at is not None
    return at - up


def run(*, outage: float, backlog: int, timeout: float) -> dict[str, object]:
    left = time_left(timeout)
    with stage(database="sqlite") as st:
        st.feed(range(3))
        worker = st.worker("worker")
        until(lambda: worker.said(ACTIVE) and taken_in(st) == 3, "the first complaints", left())

        total = 3 + backlog
        st.stop_imap()  # 1. a plain outage, the worker idle in IDLE
        time.sleep(outage)
        after_outage = reconnect(st, worker, left(), then=lambda: st.feed(range(3, total)))

        until(lambda: taken_in(st) >= 3 + max(5, backlog // 20), "part of the backlog taken in",
              left(), every=0.01)  # then kill: mid-batch (bodies come 50 at a time)
        st.kill_imap()
        partial = taken_in(st)
        after_kill = reconnect(st, worker, left())

        wait_idle(st, timeout=left())
        t = tally(st, range(total))
        alive = worker.running()
    return {**t.figures(), "outage_s": outage,
            "killed_after": f"{partial - 3}/{backlog}", "reconnect_after_outage_s": after_outage,
            "reconnect_after_kill_s": after_kill,
            "reconnect_s": max(after_outage, after_kill), "worker_alive": alive}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--outage", type=float, default=20.0, help="seconds")
    ap.add_argument("--backlog", type=int, default=300)
    args = parsed(ap, argv, quick={"outage": 8.0, "backlog": 60}, says="8 s outage, 60 messages")
    return drill("imap_outage[sqlite]", lambda: run(
        outage=args.outage, backlog=args.backlog, timeout=args.timeout),
        [("the worker survived", lambda f: f["worker_alive"])])


if __name__ == "__main__":
    sys.exit(main())
