#!/usr/bin/env python3
"""bench/drills/run_all.py — every drill, in its quick form by default (what CI runs).

Runs each drill script as a process of its own, two at a time (`--jobs`), and prints
each one's summary line as it finishes; exit status 1 if any drill missed a target,
crashed or ran out of time. `--full` runs the full forms (about 10 minutes).

    .venv/bin/python bench/drills/run_all.py [--full] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRILLS = [["crash.py", "--database", "sqlite"], ["crash.py", "--database", "postgres"],
          ["failover.py"], ["db_outage.py"], ["imap_outage.py"], ["smtp_outage.py"]]
LIMIT = {"quick": 240.0, "full": 1200.0}  # seconds per drill, beyond its own timeout
RUNNING: list[subprocess.Popen[str]] = []


def _stop_all(_signum: int, _frame: object) -> None:
    """SIGTERM/SIGINT: each drill stops its own processes and servers, then we end."""
    for proc in RUNNING:
        if proc.poll() is None:
            proc.terminate()
    for proc in RUNNING:
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
    os._exit(1)


def run(drill: list[str], form: str) -> tuple[int, str]:
    args = [sys.executable, str(HERE / drill[0]), *drill[1:]]
    if form == "quick":
        args.append("--quick")
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as proc:
        RUNNING.append(proc)
        try:
            out, err = proc.communicate(timeout=LIMIT[form])
        except subprocess.TimeoutExpired:
            proc.terminate()  # SIGTERM: the drill stops its processes and servers first
            try:
                proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
            return 1, f"drill {' '.join(drill)}: no result within {LIMIT[form]:g} s -> FAIL"
    lines = [line for line in out.splitlines() if line.startswith("drill ")]
    if proc.returncode != 0 and not lines:
        tail = "\n".join((out + err).splitlines()[-15:])
        return 1, f"drill {' '.join(drill)}: exited {proc.returncode} -> FAIL\n{tail}"
    return proc.returncode, "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    form = "full" if args.full else "quick"
    signal.signal(signal.SIGTERM, _stop_all)
    signal.signal(signal.SIGINT, _stop_all)
    began, failed = time.monotonic(), 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for code, summary in pool.map(lambda d: run(d, form), DRILLS):
            print(summary, flush=True)
            failed += code != 0
    print(f"drills ({form}): {len(DRILLS) - failed}/{len(DRILLS)} passed in "
          f"{time.monotonic() - began:.0f} s", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
