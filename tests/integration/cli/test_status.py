"""`ethicsbot status --json` (README, "Commands"): the inbox waiting, notices pending and
overdue, the active worker and since when; idle once everything owed is done."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from storage.db import make_engine
from storage.leader import WorkerLock, worker_id
from tests.integration.cli.test_cli import CORPUS, here, run

__all__ = ["here"]  # a fixture, used by name


def status(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, err = run(capsys, "status", "--json")
    assert code == 0, err
    return dict(json.loads(out))


def test_status_follows_the_work_from_idle_to_busy_and_names_the_worker(
        here: Path, capsys: pytest.CaptureFixture[str], database_url: str) -> None:
    assert run(capsys, "migrate")[0] == 0
    idle = status(capsys)
    assert idle == {"database": "current", "inbox": {"source": "maildir", "waiting": 0},
                    "notices": {"pending": 0, "overdue": 0, "failed": 0, "cancelled": 0,
                                "overdue_after_minutes": 15.0},
                    "worker": {"active": None, "since": None}, "recompute": 0, "idle": True,
                    "docket_head": f"0:{'0' * 64}",  # the empty docket chain (issue 27)
                    "mail": {"down": False},  # outgoing mail not failing (issue 39)
                    "loops": []}  # no loop of the worker failing (issue 39)

    (here / "mailbox" / "new").mkdir(parents=True)
    shutil.copy(CORPUS / "gmail-forward-letter.eml", here / "mailbox" / "new" / "1.eml")
    assert status(capsys)["inbox"] == {"source": "maildir", "waiting": 1}
    assert run(capsys, "file", str(CORPUS / "gmail-forward-letter.eml"))[0] == 0
    busy = status(capsys)
    notices = busy["notices"]
    assert isinstance(notices, dict) and notices["pending"] > 0 and busy["idle"] is False

    engine = make_engine(database_url)
    lock = WorkerLock(engine)
    since = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    try:
        assert lock.try_acquire()
        lock.record_takeover(since)
        assert status(capsys)["worker"] == {"active": worker_id(), "since": since.isoformat()}
        code, out, _ = run(capsys, "status")
        assert code == 0 and f"worker: {worker_id()} since" in out and "busy" in out
    finally:
        lock.release()
        engine.dispose()
    assert status(capsys)["worker"] == {"active": None, "since": None}


def test_status_says_the_database_is_unreachable_and_exits_1(
        here: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ETHICSBOT_DATABASE_URL", f"sqlite:///{here}/no/such/dir/x.db")
    code, out, err = run(capsys, "status", "--json")
    assert code == 1 and not err
    assert json.loads(out) == {"database": "unreachable (OperationalError)",
                               "inbox": {"source": "maildir", "waiting": 0}, "notices": None,
                               "worker": None, "recompute": None, "idle": False,
                               "docket_head": None, "mail": None, "loops": None}
