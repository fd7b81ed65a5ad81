"""Real processes and a database that is not there: a worker and a web process started
while it is unreachable wait for it (the web one serving /healthz meanwhile, /readyz
saying what is missing), and once it is back, migrate it and get to work on their own."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from tests.servers import postgres
from tests.servers.net import free_ports
from tests.servers.processes import BotProcess, until


@pytest.fixture
def unreachable_database() -> Iterator[str]:
    server = postgres.server_url()
    url = postgres.create_database(server)
    assert url.database is not None
    postgres.refuse_connections(server, url.database)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        postgres.allow_connections(server, url.database)
        postgres.drop_database(server, url.database)


def get(port: int, path: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())
    except OSError:
        return 0, {}


@pytest.mark.postgres
def test_processes_started_during_an_outage_wait_for_the_database(
        tmp_path: Path, unreachable_database: str) -> None:
    settings = {"DATABASE_URL": unreachable_database, "DIRECTORY": tmp_path / "none.yml",
                "MAILDIR": tmp_path / "mailbox", "OUTBOX_DIR": tmp_path / "outbox"}
    (port,) = free_ports(1)
    worker = BotProcess(tmp_path, "worker", settings, name="worker")
    web = BotProcess(tmp_path, "web", {**settings, "PORT": port}, name="web")
    try:
        until(lambda: worker.said("the database is down") and web.said("the database is down"),
              "both to say the database is down", timeout=60)
        assert get(port, "/healthz") == (200, {"status": "ok"})
        status, body = get(port, "/readyz")
        assert status == 503 and str(body["database"]).startswith("unreachable")
        assert worker.running() and web.running()

        name = make_url(unreachable_database).database
        assert name is not None
        postgres.allow_connections(postgres.server_url(), name)
        until(lambda: worker.said("this process is the active worker"), "the worker to lead")
        until(lambda: get(port, "/readyz")[0] == 200, "the web process to be ready")
        assert worker.said("the database is back after") and web.said("the database is back")
    finally:
        assert worker.stop() == 0 and web.stop() == 0  # SIGTERM: a clean stop
