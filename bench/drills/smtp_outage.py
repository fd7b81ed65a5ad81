#!/usr/bin/env python3
"""bench/drills/smtp_outage.py — the SMTP server down for a while, complaints arriving.

The worker runs with Slack configured (a local stub of the Web API) and a short
undelivered-alert threshold. The SMTP sink is stopped; complaints arrive and their
notices fail; after the threshold the clerk must hear of it by Slack DM even though
mail is down; then the sink comes back on the same port and every §2 notice must go
out within seconds (the dispatcher probes the server rather than waiting out the
notices' backoff). Prints lost, duplicate cases, unfolded duplicate notices, the alert
digest DMs the clerk got during the outage and how many cases they told of, and the
time from the server's return to the delivery of the last §2 notice.

Targets: 0, 0, 0, every case told of in the clerk's digest DMs during the outage, §2
delivered <= 30 s after the return. Exit status 0 when all are met.

    .venv/bin/python bench/drills/smtp_outage.py [--complaints 30] [--outage 60] [--quick]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stage import ACTIVE, stage
from _tally import delivered_after, drill, parsed, s2_pending, tally, time_left, wait_idle

from tests.servers.processes import until

ALERT_MINUTES = 0.1  # 6 s instead of the production default of 15 minutes


def run(*, complaints: int, outage: float, timeout: float) -> dict[str, object]:
    left = time_left(timeout)
    with stage(database="sqlite", slack=True, UNDELIVERED_ALERT_MINUTES=ALERT_MINUTES) as st:
        assert st.slack is not None
        worker = st.worker("worker")
        until(lambda: worker.said(ACTIVE), "the worker to start", left())
        st.stop_smtp()
        down_at = time.monotonic()
        st.feed(range(complaints))

        def dms() -> list[dict[str, object]]:
            return [c for c in st.slack.to("chat.postMessage")
                    if c.get("channel") == "UCLERK" and "URGENT" in str(c.get("text"))]

        def told() -> int:  # cases the digests tell of ("... still unsent in 5 cases")
            return sum(int(m.group(1)) for c in dms()
                       if (m := re.search(r"unsent in (\d+) case", str(c.get("text")))))

        until(lambda: told() >= complaints, "the clerk's digest DMs", left())
        alerted_s = time.monotonic() - down_at
        alerts, cases_told = len(dms()), told()
        time.sleep(max(0.0, outage - (time.monotonic() - down_at)))
        owed = s2_pending(st)
        st.start_smtp()
        back = time.time()
        after = delivered_after(st, owed, back, timeout=left())
        wait_idle(st, timeout=left())
        t = tally(st, range(complaints))
        alive = worker.running()
    return {**t.figures(), "outage_s": outage,
            "alert_dms_during_outage": alerts, "cases_told_during_outage": cases_told,
            "first_alerts_after_s": alerted_s,
            "deliver_after_recovery_s": after, "worker_alive": alive}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--complaints", type=int, default=30)
    ap.add_argument("--outage", type=float, default=60.0, help="seconds")
    args = parsed(ap, argv, quick={"complaints": 5, "outage": 15.0},
                  says="5 complaints, 15 s outage")
    extra = [("the clerk told of every case by DM during the outage",
              lambda f: f["cases_told_during_outage"] >= f["complaints"]),
             ("the worker survived", lambda f: f["worker_alive"])]
    return drill("smtp_outage[sqlite]", lambda: run(
        complaints=args.complaints, outage=args.outage, timeout=args.timeout), extra)


if __name__ == "__main__":
    sys.exit(main())
