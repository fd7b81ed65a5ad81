#!/usr/bin/env python3
"""bench/drills/db_outage.py — the database unreachable while every process runs.

On PostgreSQL: an active worker, a standby and a web process. Only the drill's own
database is made unreachable (`ALTER DATABASE ... ALLOW_CONNECTIONS false`, and its
connections ended), never the server, for `--outage` seconds while complaints keep
arriving in the mailbox; then it is allowed again. Every process must still be running,
`/readyz` must have said the database was unreachable and then ready again, each process
must have said so in its log once (not once per retry), a worker must be active again
on its own, and the complaints that arrived meanwhile must get their cases and §2
notices.

Prints the processes alive, lost, duplicate cases, unfolded duplicates, the time from
the database's return to an active worker, and to the last §2 notice delivered.

    .venv/bin/python bench/drills/db_outage.py [--outage 60] [--complaints 10] [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stage import ACTIVE, Stage, stage
from _tally import (
    S2,
    delivered_after,
    drill,
    logged_after,
    parsed,
    s2_pending,
    tally,
    time_left,
    wait_idle,
)
from sqlalchemy import select

from storage.models import OutboxRow
from tests.servers.net import free_ports
from tests.servers.processes import BotProcess, get_json, until

DOWN = "the database is down"


def readyz(port: int) -> tuple[int, dict[str, object]]:
    return get_json(port, "/readyz")


def run(*, outage: float, complaints: int, timeout: float) -> dict[str, object]:
    left = time_left(timeout)
    with stage(database="postgres") as st:
        st.feed(range(3))
        a = st.worker("worker-a")
        until(lambda: a.said(ACTIVE), "worker a to lead", left())
        b = st.worker("worker-b")
        port = free_ports(1)[0]
        web = st.web("web", port)
        until(lambda: b.said("standby:"), "worker b to stand by", left())
        until(lambda: readyz(port)[0] == 200, "the web process to be ready", left())
        wait_idle(st, timeout=left())
        procs: list[BotProcess] = [a, b, web]

        st.refuse_database()
        down_at = time.time()
        st.feed(range(3, 3 + complaints))  # mail keeps coming
        until(lambda: readyz(port)[0] == 503, "/readyz to say unready", left(), every=0.5)
        said_down = str(readyz(port)[1].get("database"))
        time.sleep(max(0.0, outage - (time.time() - down_at)))
        alive_during = sum(p.running() for p in procs)

        st.allow_database()
        back = time.time()
        until(lambda: any(logged_after(p.lines(), ACTIVE, back) for p in (a, b)),
              "a worker to be active again", left())
        active_again = min(t for p in (a, b) if (t := logged_after(p.lines(), ACTIVE, back)))
        until(lambda: readyz(port)[0] == 200, "/readyz to say ready again", left(), every=0.5)
        owed = s2_pending(st)
        wait_idle(st, timeout=left())
        after = delivered_after(st, owed | _s2_owed_since(st, down_at), back, timeout=left())
        t = tally(st, range(3 + complaints))
        once = all(sum(DOWN in str(r.get("msg")) for r in p.lines()
                       if r.get("logger") in ("ethicsbot.leadership", "ethicsbot.processes"))
                   == 1 for p in procs)
        alive = sum(p.running() for p in procs)
    return {**t.figures(), "complaints_during_outage": complaints, "processes": len(procs),
            "alive_during": alive_during, "alive_after": alive, "outage_s": outage,
            "readyz_during": said_down, "said_once": once,
            "active_again_after_s": active_again - back, "deliver_after_recovery_s": after}


def _s2_owed_since(st: Stage, since: float) -> set[int]:
    """The §2 notices owed since `since` (epoch seconds): those of the complaints that
    arrived during the outage, owed once the database was back."""
    with st.app.session_factory() as s:
        return set(s.scalars(select(OutboxRow.id).where(
            OutboxRow.notice_type.in_(S2),
            OutboxRow.created_at >= datetime.fromtimestamp(since, UTC))))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--outage", type=float, default=60.0, help="seconds")
    ap.add_argument("--complaints", type=int, default=10, help="arriving during the outage")
    args = parsed(ap, argv, quick={"outage": 12.0, "complaints": 3},
                  says="12 s outage, 3 complaints")
    extra = [("every process survived", lambda f: f["alive_during"] == f["alive_after"]
              == f["processes"]),
             ("/readyz said the database was unreachable",
              lambda f: str(f["readyz_during"]).startswith("unreachable")),
             ("each process said so once", lambda f: f["said_once"])]
    return drill("db_outage[postgres]", lambda: run(
        outage=args.outage, complaints=args.complaints, timeout=args.timeout), extra)


if __name__ == "__main__":
    sys.exit(main())
