"""With forwarders unchecked, anyone can forge a forwarder's From: and open a case: a
real `ethicsbot worker` says so at start, in one warning line naming the setting that
turns the check on, and says nothing of it once the setting is there."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def worker_log(tmp_path: Path, **settings: str) -> list[dict[str, object]]:
    """The JSON log lines of a worker from its start until it runs, then stopped."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ETHICSBOT_")}
    env.update(ETHICSBOT_DATABASE_URL=f"sqlite:///{tmp_path / 'ethicsbot.db'}",
               ETHICSBOT_MAILDIR=str(tmp_path / "mailbox"),
               ETHICSBOT_OUTBOX_DIR=str(tmp_path / "outbox"),
               ETHICSBOT_DIRECTORY=str(tmp_path / "none.yml"), **settings)
    log = tmp_path / "worker.log"
    with log.open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "ethicsbot", "worker"], cwd=tmp_path,
                                env=env, stdout=subprocess.DEVNULL, stderr=err)
        try:
            deadline = time.monotonic() + 30
            while b"worker running" not in log.read_bytes():
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the worker never started"
                time.sleep(0.1)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(20)
    return [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]


def forwarder_warnings(lines: list[dict[str, object]]) -> list[dict[str, object]]:
    return [x for x in lines if "ETHICSBOT_TRUSTED_AUTHSERV_ID" in str(x.get("msg"))]


def test_the_worker_warns_at_start_that_forwarders_are_unchecked(tmp_path: Path) -> None:
    (warning,) = forwarder_warnings(worker_log(tmp_path))
    assert warning["level"] == "warning"
    msg = str(warning["msg"])
    assert "\n" not in msg and "forge" in msg and "open a case" in msg
    assert "ETHICSBOT_TRUSTED_AUTHSERV_ID" in msg and "docs/install.md" in msg


def test_the_worker_is_silent_about_it_once_the_check_is_on(tmp_path: Path) -> None:
    lines = worker_log(tmp_path, ETHICSBOT_TRUSTED_AUTHSERV_ID="mx.city.test")
    assert forwarder_warnings(lines) == []
    assert any("worker running" in str(x.get("msg")) for x in lines)
