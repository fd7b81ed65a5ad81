"""EthicsBot as real processes (`python -m ethicsbot worker|web`), for tests and drills
that kill them, and a look at the process tree to prove nothing outlives its parent.

A process is configured through the environment only (the way a platform runs it), logs
JSON lines to a file, and starts in a session of its own, so a SIGKILL reaches exactly
the process meant and nothing else.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ethicsbot_env(settings: Mapping[str, object]) -> dict[str, str]:
    """This environment without any ETHICSBOT_ setting, plus `settings` (names without
    the prefix, e.g. {"DATABASE_URL": ...}); PORT stays as given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ETHICSBOT_")}
    env["PYTHONPATH"] = str(ROOT)
    for name, value in settings.items():
        key = name if name == "PORT" else f"ETHICSBOT_{name}"
        env[key] = str(value).lower() if isinstance(value, bool) else str(value)
    return env


class BotProcess:
    """One `ethicsbot <command>` process; its stderr (JSON log lines) goes to `log`."""

    def __init__(self, cwd: Path, command: str, settings: Mapping[str, object], *,
                 name: str) -> None:
        self.name, self.command = name, command
        self.log = cwd / f"{name}.log"
        self._log_file = self.log.open("ab")
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ethicsbot", command], cwd=cwd, env=ethicsbot_env(settings),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._log_file,
            start_new_session=True)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def running(self) -> bool:
        return self.proc.poll() is None

    def lines(self) -> list[dict[str, object]]:
        """The JSON log lines so far (a line being written is skipped)."""
        out = []
        for line in self.log.read_text(errors="replace").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                out.append(record)
        return out

    def stray(self) -> list[str]:
        """Lines of its stderr that are not log records: a traceback or a warning printed
        by it or by a helper process outside the logging set-up."""
        return [line for line in self.log.read_text(errors="replace").splitlines()
                if line.strip() and not line.startswith("{")]

    def said(self, text: str) -> bool:
        return text in self.log.read_text(errors="replace")

    def kill(self) -> list[int]:
        """SIGKILL it (no cleanup at all) and return the pids of its helpers before."""
        helpers = descendants(self.pid)
        self.proc.kill()
        self.proc.wait()
        return helpers

    def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM, then SIGKILL if it does not end in time; the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log_file.close()
        return self.proc.returncode


def _ppid(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return None if fields[0] == "Z" else int(fields[1])


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (children, theirs, ...), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (ppid := _ppid(int(entry.name))) is not None:
            parents[int(entry.name)] = ppid
    found, frontier = [], [pid]
    while frontier:
        here = frontier.pop()
        kids = [p for p, pp in parents.items() if pp == here]
        found.extend(kids)
        frontier.extend(kids)
    return found


def alive(pid: int) -> bool:
    """True while `pid` runs (a zombie, or a number reused by a non-Python, counts as
    gone: only our own helpers are Python processes)."""
    if _ppid(pid) is None:
        return False
    try:
        return "python" in Path(f"/proc/{pid}/comm").read_text() or b"python" in Path(
            f"/proc/{pid}/cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return False


def survivors(pids: Iterable[int], *, grace: float = 3.0) -> list[int]:
    """The pids still alive `grace` seconds from now (checked often, returns early)."""
    left = list(pids)
    deadline = time.monotonic() + grace
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [p for p in left if alive(p)]
    return left


def until(cond: Callable[[], object], what: str, timeout: float = 30.0,
          every: float = 0.05) -> float:
    """Poll `cond` until true; the seconds it took. Raises AssertionError at `timeout`."""
    began = time.monotonic()
    while not cond():
        if time.monotonic() - began > timeout:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)
    return time.monotonic() - began


def get_json(port: int, path: str) -> tuple[int, dict[str, object]]:
    """(status, JSON body) of GET http://127.0.0.1:PORT/PATH on a process under test;
    (0, {}) while nothing answers (it is starting, or gone)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())
    except OSError:
        return 0, {}
