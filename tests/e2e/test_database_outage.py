"""Real processes through a database outage: a worker, a standby and a web process keep
running while only their database is unreachable (ALLOW_CONNECTIONS false, its
connections ended; the server and its other databases go on), the web one answering
/healthz and saying in /readyz that the database is unreachable; each says so in its log
once; when it is back a worker leads again and /readyz is ready, nobody restarting
anything. The same processes *started* while the database is unreachable wait for it and
start on their own when it returns. (A misconfigured database, and an unreachable one for
a one-shot command, end the command in one line: tests/integration/cli/test_database_errors.py.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tests.servers import postgres
from tests.servers.net import free_ports
from tests.servers.processes import BotProcess, until
from tests.servers.processes import get_json as get

ACTIVE, DOWN = "this process is the active worker", "the database is down"


def said(proc: BotProcess, text: str) -> int:
    return sum(text in str(r.get("msg")) for r in proc.lines())


def said_once_down_and_back(procs: list[BotProcess]) -> None:
    """Each process, still running, said once that the database was down and once that
    it was back (not once per retry)."""
    until(lambda: all(said(p, "the database is back after") for p in procs),
          "each process to say the database is back", 30)
    assert all(p.running() for p in procs)
    assert [said(p, DOWN) for p in procs] == [1] * len(procs)
    assert [said(p, "the database is back after") for p in procs] == [1] * len(procs)


@pytest.mark.postgres
def test_every_process_rides_out_a_database_outage(tmp_path: Path, own_database: str) -> None:
    settings = {"DATABASE_URL": own_database, "DIRECTORY": tmp_path / "none.yml",
                "MAILDIR": tmp_path / "mailbox", "OUTBOX_DIR": tmp_path / "outbox"}
    name = make_url(own_database).database
    assert name is not None
    (port,) = free_ports(1)
    a = BotProcess(tmp_path, "worker", settings, name="a")
    procs = [a]
    try:
        until(lambda: a.said(ACTIVE), "worker a to lead", timeout=60)
        b = BotProcess(tmp_path, "worker", settings, name="b")
        web = BotProcess(tmp_path, "web", {**settings, "PORT": port}, name="web")
        procs += [b, web]
        until(lambda: b.said("standby:"), "worker b to stand by", timeout=60)
        until(lambda: get(port, "/readyz")[0] == 200, "the web process to be ready", 60)
        leads = said(a, ACTIVE) + said(b, ACTIVE)

        assert postgres.refuse_connections(postgres.server_url(), name) >= 3
        try:
            until(lambda: all(said(p, DOWN) for p in procs),
                  "each process to say the database is down", timeout=30)
            outage_ends = time.monotonic() + 8  # a few retries of each (every 4 s at most)
            while time.monotonic() < outage_ends:
                assert all(p.running() for p in procs)
                status, body = get(port, "/readyz")
                assert status == 503 and str(body["database"]).startswith("unreachable")
                assert get(port, "/healthz") == (200, {"status": "ok"})
                time.sleep(0.5)
        finally:
            postgres.allow_connections(postgres.server_url(), name)

        until(lambda: said(a, ACTIVE) + said(b, ACTIVE) > leads, "a worker to lead again", 30)
        until(lambda: get(port, "/readyz")[0] == 200, "the web process ready again", 30)
        said_once_down_and_back(procs)
    finally:
        codes = [p.stop() for p in procs]
    assert codes == [0] * len(procs)  # SIGTERM: a clean stop, after all that


@pytest.mark.postgres
def test_processes_started_during_an_outage_wait_and_start_on_their_own(
        tmp_path: Path, own_database: str) -> None:
    """`worker`, `web` and `run` started while their database refuses connections keep
    running (they used to exit), say so once, and `/readyz` says unreachable; when the
    database is allowed again the schema is migrated, a worker leads and `/readyz` is
    ready; a SIGTERM while waiting is a clean stop."""
    settings = {"DATABASE_URL": own_database, "DIRECTORY": tmp_path / "none.yml",
                "MAILDIR": tmp_path / "mailbox", "OUTBOX_DIR": tmp_path / "outbox"}
    name = make_url(own_database).database
    assert name is not None
    web_port, run_port, quitter_port = free_ports(3)
    postgres.refuse_connections(postgres.server_url(), name)
    procs: list[BotProcess] = []
    try:
        worker = BotProcess(tmp_path, "worker", settings, name="worker")
        web = BotProcess(tmp_path, "web", {**settings, "PORT": web_port}, name="web")
        run = BotProcess(tmp_path, "run", {**settings, "PORT": run_port}, name="run")
        quitter = BotProcess(tmp_path, "web", {**settings, "PORT": quitter_port},
                             name="quitter")
        procs += [worker, web, run, quitter]
        until(lambda: all(said(p, DOWN) for p in procs),
              "each process to say the database is down", timeout=60)
        until(lambda: get(web_port, "/readyz")[0] == 503, "web's /readyz to answer", 30)
        waiting_ends = time.monotonic() + 6  # a few retries of each (every 4 s at most)
        while time.monotonic() < waiting_ends:
            assert all(p.running() for p in procs)
            for port in (web_port, run_port):
                status, body = get(port, "/readyz")
                assert status == 503 and str(body["database"]).startswith("unreachable"), body
            assert get(web_port, "/healthz") == (200, {"status": "ok"})
            time.sleep(0.5)
        assert get(run_port, "/readyz")[1]["this_process"]["role"] == (  # type: ignore[index]
            "waiting for the database")
        assert quitter.stop() == 0  # SIGTERM while waiting: a clean stop
        procs.remove(quitter)
    finally:
        postgres.allow_connections(postgres.server_url(), name)
    try:
        until(lambda: said(worker, ACTIVE) + said(run, ACTIVE) >= 1, "a worker to lead", 30)
        until(lambda: get(web_port, "/readyz")[0] == 200, "web ready", 30)
        until(lambda: get(run_port, "/readyz")[0] == 200, "run ready", 30)
        said_once_down_and_back(procs)
    finally:
        codes = [p.stop() for p in procs]
    assert codes == [0] * len(procs)
