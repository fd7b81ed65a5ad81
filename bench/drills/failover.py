#!/usr/bin/env python3
"""bench/drills/failover.py — two workers on PostgreSQL, the active one SIGKILLed again
and again.

Worker A leads, worker B waits as a standby. At a random moment of the active worker's
work on a batch of complaints it is SIGKILLed; the standby must take the lock, reclaim
what the dead one had claimed, and send it; a new standby is started in the dead one's
place and the drill repeats. Prints lost, duplicate cases, unfolded duplicate notices,
the longest takeover (kill to the standby saying it is active), the longest time from
a kill to the delivery of every §2 notice the dead worker had claimed, and of every §2
notice owed at the kill (the backlog), and helper processes that outlived their worker.

Targets: 0 lost, 0 duplicate cases, 0 unfolded duplicates, claimed §2 notices delivered
<= 30 s after the kill, 0 orphans. Exit status 0 when all are met.

    .venv/bin/python bench/drills/failover.py [--complaints 100] [--kills 5] [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stage import ACTIVE, chunks, pause, stage
from _tally import (
    delivered_after,
    drill,
    logged_after,
    parsed,
    s2_claimed,
    s2_pending,
    taken_in,
    tally,
    time_left,
    wait_idle,
)

from tests.servers.processes import survivors, until

STANDBY = "standby:"


def run(*, complaints: int, kills: int, rng: random.Random, timeout: float
        ) -> dict[str, object]:
    left = time_left(timeout)
    with stage(database="postgres") as st:
        batches = chunks(complaints, kills + 1)
        st.feed(batches[0])
        active = st.worker("worker-0")
        until(lambda: active.said(ACTIVE), "worker-0 to lead", left())
        standby = st.worker("worker-1")
        until(lambda: standby.said(STANDBY), "worker-1 to stand by", left())
        takeovers, deliveries, backlogs, claimed_at_kills, owed_at_kills = [], [], [], [], []
        orphans = 0
        for k in range(1, kills + 1):
            before = taken_in(st)
            st.feed(batches[k])
            until(lambda n=before: taken_in(st) > n, "the active worker at work", left(),
                  every=0.01)
            pause(rng, 0.0, 1.5)  # a random moment of the active worker's work on it
            killed_at = time.time()
            helpers = active.kill()
            orphans += len(survivors(helpers, grace=5.0))
            claimed, owed = s2_claimed(st), s2_pending(st)
            claimed_at_kills.append(len(claimed))
            owed_at_kills.append(len(owed))
            heir = standby
            until(lambda p=heir: p.said(ACTIVE), f"the standby to take over (kill {k})", left())
            took = logged_after(heir.lines(), ACTIVE, killed_at)
            takeovers.append((took or time.time()) - killed_at)
            deliveries.append(delivered_after(st, claimed, killed_at, timeout=left()))
            backlogs.append(delivered_after(st, owed, killed_at, timeout=left()))
            active, standby = heir, st.worker(f"worker-{k + 1}")
            until(lambda p=standby: p.said(STANDBY), "a new standby", left())
        wait_idle(st, timeout=left())
        t = tally(st, range(complaints))
    return {**t.figures(), "kills": kills,
            "s2_claimed_at_kills": "+".join(map(str, claimed_at_kills)),
            "s2_owed_at_kills": "+".join(map(str, owed_at_kills)),
            "takeover_s": max(takeovers, default=0.0),
            "deliver_after_recovery_s": max(deliveries, default=0.0),
            "backlog_after_recovery_s": max(backlogs, default=0.0), "orphans": orphans}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--complaints", type=int, default=100)
    ap.add_argument("--kills", type=int, default=5)
    ap.add_argument("--seed", type=int, default=None)
    args = parsed(ap, argv, quick={"complaints": 20, "kills": 2}, says="20 complaints, 2 kills")
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    return drill(f"failover[postgres] seed={seed}", lambda: run(
        complaints=args.complaints, kills=args.kills, rng=random.Random(seed),
        timeout=args.timeout))


if __name__ == "__main__":
    sys.exit(main())
