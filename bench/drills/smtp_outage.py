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

Mail down past its own short threshold (issue 39), the clerk must be told by every path
other than mail (`_reach`): `mail_down_told_after_s` is when the last of them showed it,
counted from the SMTP server's stop, and `paths` those that did (slack_dm, app_home,
web, status, log); `cleared_after_s` and `cleared` the same from its return; the DMs and
ERROR lines about it are counted (once each way: 2 DMs, 1 ERROR line).

Targets: 0, 0, 0, every case told of in the clerk's digest DMs during the outage, §2
delivered <= 30 s after the return, the clerk told by all five paths within 20 s of the
threshold and cleared on all five within 30 s of the return. Exit status 0 when all are
met.

    .venv/bin/python bench/drills/smtp_outage.py [--complaints 30] [--outage 60] [--quick]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _reach import Reach, listed, watch
from _stage import ACTIVE, stage
from _tally import delivered_after, drill, parsed, s2_pending, tally, time_left, wait_idle

from tests.servers.net import free_ports
from tests.servers.processes import until

ALERT_MINUTES = 0.1  # 6 s instead of the production default of 15 minutes
MAIL_DOWN_MINUTES = 0.1  # the same for the mail-down alarm's


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
            return bool(r.status == 200)
    except OSError:
        return False


def run(*, complaints: int, outage: float, timeout: float) -> dict[str, object]:
    left = time_left(timeout)
    with stage(database="sqlite", slack=True, UNDELIVERED_ALERT_MINUTES=ALERT_MINUTES,
               MAIL_DOWN_ALERT_MINUTES=MAIL_DOWN_MINUTES) as st:
        assert st.slack is not None
        worker = st.worker("worker")
        port = free_ports(1)[0]
        st.web("web", port)  # the App Home and the docket pages
        until(lambda: worker.said(ACTIVE), "the worker to start", left())
        until(lambda: healthy(port), "the web process to answer", left())
        reach = Reach(st, worker, port)
        st.stop_smtp()
        down_at = time.monotonic()
        st.feed(range(complaints))

        def dms() -> list[dict[str, object]]:  # the digests (not the mail-down DM)
            return [c for c in st.slack.to("chat.postMessage")
                    if c.get("channel") == "UCLERK" and "URGENT" in str(c.get("text"))
                    and "outgoing mail" not in str(c.get("text"))]

        def told() -> int:  # cases the digests tell of ("... still unsent in 5 cases")
            return sum(int(m.group(1)) for c in dms()
                       if (m := re.search(r"unsent in (\d+) case", str(c.get("text")))))

        until(lambda: told() >= complaints, "the clerk's digest DMs", left())
        alerted_s = time.monotonic() - down_at
        alerts, cases_told = len(dms()), told()
        told_after, paths = watch(reach.down, since=down_at,
                                  timeout=min(left(), MAIL_DOWN_MINUTES * 60 + 20))
        time.sleep(max(0.0, outage - (time.monotonic() - down_at)))
        owed = s2_pending(st)
        st.start_smtp()
        back, back_at = time.time(), time.monotonic()
        after = delivered_after(st, owed, back, timeout=left())
        cleared_after, cleared = watch(reach.back, since=back_at, timeout=min(left(), 30))
        wait_idle(st, timeout=left())
        errors = sum(1 for line in worker.lines() if line.get("level") == "error"
                     and "outgoing mail has failed for" in str(line.get("msg")))
        t = tally(st, range(complaints))
        alive = worker.running()
    return {**t.figures(), "outage_s": outage,
            "alert_dms_during_outage": alerts, "cases_told_during_outage": cases_told,
            "first_alerts_after_s": alerted_s,
            "deliver_after_recovery_s": after, "worker_alive": alive,
            "mail_down_told_after_s": told_after, "paths": listed(paths),
            "cleared_after_s": cleared_after, "cleared": listed(cleared),
            "mail_down_dms": reach.dm_count(), "mail_down_error_lines": errors}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--complaints", type=int, default=30)
    ap.add_argument("--outage", type=float, default=60.0, help="seconds")
    args = parsed(ap, argv, quick={"complaints": 5, "outage": 15.0},
                  says="5 complaints, 15 s outage")
    extra = [("the clerk told of every case by DM during the outage",
              lambda f: f["cases_told_during_outage"] >= f["complaints"]),
             ("the worker survived", lambda f: f["worker_alive"]),
             ("the clerk told by every path", lambda f: f["mail_down_told_after_s"] is not None),
             ("every path cleared", lambda f: f["cleared_after_s"] is not None),
             ("told once each way", lambda f: f["mail_down_dms"] == 2
              and f["mail_down_error_lines"] == 1)]
    return drill("smtp_outage[sqlite]", lambda: run(
        complaints=args.complaints, outage=args.outage, timeout=args.timeout), extra)


if __name__ == "__main__":
    sys.exit(main())
