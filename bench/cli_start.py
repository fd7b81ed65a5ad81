#!/usr/bin/env python3
"""bench/cli_start.py — how long a one-shot command takes to start, and what it imports.

Runs each command `--runs` times as a fresh process (`python -m ethicsbot ...`) in a
scratch folder with a migrated SQLite database, and prints the median wall time, the
median time spent importing (`python -X importtime`) and the heaviest top-level imports
of the last run. A one-shot command should import only what it uses (the lazy imports
inside `ethicsbot/cli/*.py`); this shows whether it does.

    .venv/bin/python bench/cli_start.py [--runs 5] [--top 8] [COMMAND ...]

With no command: `status`, `cases`, `deadlines --received 2026-11-30T14:15`, `--help`.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT = ["status", "cases", "deadlines --received 2026-11-30T14:15", "--help"]
_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, list[str]]:
    """Wall seconds, import seconds, and the heaviest top-level imports, of one run."""
    began = time.perf_counter()
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "ethicsbot", *argv],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    wall = time.perf_counter() - began
    top: list[tuple[int, str]] = []
    for line in proc.stderr.splitlines():
        m = _LINE.match(line)
        if m and len(m[3]) == 1:  # imported by the program itself, however deep it goes
            top.append((int(m[2]), m[4]))
    heaviest = [f"{us / 1000:.0f} ms {name}" for us, name in sorted(top, reverse=True)]
    return wall, sum(us for us, _ in top) / 1e6, heaviest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commands", nargs="*", help="default: " + ", ".join(DEFAULT))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top", type=int, default=8, help="imports listed per command")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="ethicsbot-cli-start-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ETHICSBOT_")}
    env.update(ETHICSBOT_DATABASE_URL=f"sqlite:///{root / 'ethicsbot.db'}",
               ETHICSBOT_DIRECTORY=str(root / "none.yml"))
    subprocess.run([sys.executable, "-m", "ethicsbot", "migrate"], cwd=root, env=env,
                   capture_output=True, check=True, timeout=120)
    for command in args.commands or DEFAULT:
        argv = shlex.split(command)
        runs = [run(argv, root, env) for _ in range(args.runs)]
        wall = statistics.median(r[0] for r in runs)
        imports = statistics.median(r[1] for r in runs)
        print(f"ethicsbot {command}: {wall:.2f} s wall, {imports:.2f} s importing "
              f"(median of {args.runs})")
        for line in runs[-1][2][:args.top]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
