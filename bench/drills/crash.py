#!/usr/bin/env python3
"""bench/drills/crash.py — N complaints while the worker is SIGKILLed K times at random.

A real `ethicsbot worker` reads a private Dovecot's mailbox and sends through an SMTP
sink; the complaints arrive in K+1 batches, one before the start and one before each
kill. Each kill comes at a random moment of the work on its batch (0-1.5 s after the
worker took in its first message of it), so it lands mid-intake, mid-send or between
the two; the next worker is started at once, as a supervisor would. Then it waits for
`ethicsbot status --json` to say idle and counts:

  lost, duplicate cases (a complaint with two cases), unfolded duplicate notices (one
  notice sent under two Message-IDs; the same Message-ID twice is a folded duplicate,
  which mail systems drop), §2 notices not delivered, the longest time from a restart
  to the delivery of every §2 notice the dead worker had claimed (these waited out a
  5-minute lease before), the same for every §2 notice still owed at the kill (a
  backlog, drained at the dispatcher's pace), the 95th percentile and the longest time
  from a complaint's landing in the mailbox to the sending of each of its §2 notices,
  helper processes (read-ahead parser, resource tracker) still alive after their
  worker was killed, and lines on a worker's stderr that are not log records (a
  traceback or warning from a helper that outlived it for a moment).

Targets: 0, 0, 0, 0, claimed <= 30 s, p95 <= 30 s, 0, 0. Exit status 0 when all are met.

    .venv/bin/python bench/drills/crash.py [--database sqlite|postgres|both]
        [--complaints 300] [--kills 10] [--seed N] [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stage import ACTIVE, Stage, chunks, pause, stage
from _tally import (
    delivered_after,
    drill,
    p95,
    parsed,
    s2_claimed,
    s2_latencies,
    s2_pending,
    taken_in,
    tally,
    time_left,
    wait_idle,
)

from tests.servers.processes import BotProcess, survivors, until


def run(st: Stage, *, complaints: int, kills: int, rng: random.Random,
        timeout: float) -> dict[str, object]:
    left = time_left(timeout)
    batches = chunks(complaints, kills + 1)
    st.feed(batches[0])
    worker: BotProcess = st.worker("worker-0")
    until(lambda: worker.said(ACTIVE), "the worker to start", left())
    recoveries, backlogs, claimed_at_kills, owed_at_kills, orphans = [], [], [], [], 0
    workers = [worker]
    for k in range(1, kills + 1):
        before = taken_in(st)
        st.feed(batches[k])
        until(lambda n=before: taken_in(st) > n, "the worker at work on the batch", left(),
              every=0.01)
        pause(rng, 0.0, 1.5)  # a random moment of its work on this batch
        helpers = worker.kill()
        orphans += len(survivors(helpers, grace=5.0))
        # what the dead worker left (nothing changes while no worker runs)
        claimed, owed = s2_claimed(st), s2_pending(st)
        claimed_at_kills.append(len(claimed))
        owed_at_kills.append(len(owed))
        restarted = time.time()
        worker = st.worker(f"worker-{k}")
        workers.append(worker)
        recoveries.append(delivered_after(st, claimed, restarted, timeout=left()))
        backlogs.append(delivered_after(st, owed, restarted, timeout=left()))
        until(lambda w=worker: w.said(ACTIVE), "the new worker to start", left())
    wait_idle(st, timeout=left())
    t = tally(st, range(complaints))
    latencies = s2_latencies(st)
    worker.stop()
    return {**t.figures(), "kills": kills,
            "s2_claimed_at_kills": "+".join(map(str, claimed_at_kills)),
            "s2_owed_at_kills": "+".join(map(str, owed_at_kills)),
            "deliver_after_recovery_s": max(recoveries, default=0.0),
            "backlog_after_recovery_s": max(backlogs, default=0.0),
            "s2_p95_s": p95(latencies), "s2_max_s": max(latencies, default=None),
            "orphans": orphans, "stray_stderr": sum(len(w.stray()) for w in workers)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--database", choices=["sqlite", "postgres", "both"], default="both")
    ap.add_argument("--complaints", type=int, default=300)
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--seed", type=int, default=None)
    args = parsed(ap, argv, quick={"complaints": 20, "kills": 2}, says="20 complaints, 2 kills",
                  timeout_help="per database, seconds")
    seed = args.seed if args.seed is not None else random.randrange(10**6)

    def on(database: str) -> dict[str, object]:
        with stage(database=database) as st:
            return run(st, complaints=args.complaints, kills=args.kills,
                       rng=random.Random(seed), timeout=args.timeout)

    status = 0
    for database in (["sqlite", "postgres"] if args.database == "both" else [args.database]):
        status |= drill(f"crash[{database}] seed={seed}", partial(on, database))
    return status


if __name__ == "__main__":
    sys.exit(main())
