#!/usr/bin/env python3
"""bench/drills/run_all.py — every drill, in its quick form by default (what CI runs).

Runs each drill script as a process of its own, two at a time (`--jobs`), and prints
each one's summary line as it finishes; exit status 1 if any drill missed a target,
crashed or ran out of time. `--full` runs the full forms (about 10 minutes).

    .venv/bin/python bench/drills/run_all.py [--full] [--jobs 2]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRILLS = [["crash.py", "--database", "sqlite"], ["crash.py", "--database", "postgres"],
          ["failover.py"], ["db_outage.py"], ["imap_outage.py"], ["smtp_outage.py"]]
LIMIT = {"quick": 240.0, "full": 1200.0}  # seconds per drill, beyond its own timeout


def run(drill: list[str], form: str) -> tuple[int, str]:
    args = [sys.executable, str(HERE / drill[0]), *drill[1:]]
    if form == "quick":
        args.append("--quick")
    try:
        proc = subprocess.run(args, capture_output=True, text=True, timeout=LIMIT[form],
                              check=False)
    except subprocess.TimeoutExpired:
        return 1, f"drill {' '.join(drill)}: no result within {LIMIT[form]:g} s -> FAIL"
    lines = [line for line in proc.stdout.splitlines() if line.startswith("drill ")]
    if proc.returncode != 0 and not lines:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-15:])
        return 1, f"drill {' '.join(drill)}: exited {proc.returncode} -> FAIL\n{tail}"
    return proc.returncode, "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    form = "full" if args.full else "quick"
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
