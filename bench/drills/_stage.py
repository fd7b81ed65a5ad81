"""The stage a drill plays on: real servers of its own and EthicsBot as real processes.

A private Dovecot on free loopback ports with a fresh mailbox, an SMTP sink that can be
stopped and started again on the same port, a database of the drill's own (a SQLite
file, or a throw-away database on the local PostgreSQL server, which the database drill
makes unreachable alone, never the server), optionally a Slack stub, and the settings
every `ethicsbot worker` / `ethicsbot web` process of the drill is started with. An
in-process `App` on the same database reads the outcome.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import datetime
from email.utils import format_datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from ethicsbot.bootstrap import bootstrap
from ethicsbot.settings import Settings
from tests.fixtures.slack_stub import SlackStub, running_stub
from tests.integration.mail.complaints import (
    CITY_TZ,
    crlf,
    forwarded_complaint,
)
from tests.servers import postgres
from tests.servers.dovecot import DovecotServer
from tests.servers.net import free_ports
from tests.servers.processes import BotProcess, descendants
from tests.servers.smtp_sink import SmtpSink

ACTIVE = "this process is the active worker"  # what a worker logs when it takes the lock


def chunks(n: int, parts: int) -> list[range]:
    """0..n-1 in `parts` consecutive batches."""
    edges = [round(i * n / parts) for i in range(parts + 1)]
    return [range(a, b) for a, b in itertools.pairwise(edges)]


def message_id(n: int) -> str:
    """The Message-ID of complaint `n` (that of `forwarded_complaint(n)`)."""
    return f"<fwd.{n:06d}.riverton@mail.city.test>"


def fresh_complaint(n: int) -> bytes:
    """`forwarded_complaint(n)` as if written and forwarded just now: a drill is about
    today's mail, not a backlog whose 24 hours ran out weeks ago (that would owe overdue
    reminders and deadline alerts on top, which other tests cover)."""
    now = datetime.now(CITY_TZ)
    raw = forwarded_complaint(n).decode()
    raw = re.sub(r"(?m)^Date: [A-Z][a-z]{2}, \d{2} .*$", f"Date: {format_datetime(now)}", raw,
                 count=1)
    inner = f"{now:%a, %b} {now.day}, {now.year} at {now:%I:%M %p}".replace(" 0", " ")
    raw = re.sub(r"(?m)^Date: [A-Z][a-z]{2}, [A-Z][a-z]{2} .* [AP]M$", f"Date: {inner}", raw,
                 count=1)
    return raw.encode()


class Stage:
    def __init__(self, stack: ExitStack, *, database: str, slack: bool = False,
                 **settings: object) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="ethicsbot-drill-"))
        self.root.chmod(0o755)  # Dovecot's mail processes run as `mail`
        stack.callback(shutil.rmtree, self.root, ignore_errors=True)
        self.processes: list[BotProcess] = []
        stack.callback(self._stop_processes)
        self.dovecot = DovecotServer(self.root / "testbed", *free_ports(2))
        self.dovecot.start()
        stack.callback(self.dovecot.stop)
        self.account = self.dovecot.new_account()
        self.sink_dir = self.root / "sink"
        self.sink_port = free_ports(1)[0]
        self.sink: SmtpSink | None = None
        self.fed_at: dict[str, float] = {}  # Message-ID -> when it landed in the mailbox
        self.start_smtp()
        stack.callback(self.stop_smtp)
        self.database = database
        self.db_name: str | None = None
        if database == "postgres":
            url = postgres.create_database(postgres.server_url())
            self.db_name = url.database
            stack.callback(self._drop_database)
            self.database_url = url.render_as_string(hide_password=False)
        else:
            self.database_url = f"sqlite:///{self.root / 'drill.db'}"
        self.slack: SlackStub | None = stack.enter_context(running_stub()) if slack else None
        self.env: dict[str, object] = {
            "DATABASE_URL": self.database_url, "DIRECTORY": self.root / "none.yml",
            "MAILDIR": self.root / "mailbox", "OUTBOX_DIR": self.root / "outbox",
            **self.account.env(), "INTAKE_DAILY_CAP": 10**6, "SMTP_HOST": "127.0.0.1",
            "SMTP_PORT": self.sink_port, "SMTP_TLS": "none", "LOG_LEVEL": "INFO",
            **settings}
        if self.slack is not None:
            self.env.update(SLACK_BOT_TOKEN="xoxb-drill", SLACK_SIGNING_SECRET="drill-secret",
                            SLACK_API_URL=self.slack.api_url)
        self.app = bootstrap(self._settings())
        stack.callback(self.app.engine.dispose)

    def _settings(self) -> Settings:
        values: dict[str, Any] = {k.lower(): v for k, v in self.env.items() if k != "PORT"}
        return Settings(_env_file=None, **values)  # type: ignore[call-arg]

    # -- processes ----------------------------------------------------------------------

    def worker(self, name: str) -> BotProcess:
        proc = BotProcess(self.root, "worker", self.env, name=name)
        self.processes.append(proc)
        return proc

    def web(self, name: str, port: int) -> BotProcess:
        proc = BotProcess(self.root, "web", {**self.env, "PORT": port}, name=name)
        self.processes.append(proc)
        return proc

    def _stop_processes(self) -> None:
        for proc in self.processes:
            proc.stop()

    # -- mail ---------------------------------------------------------------------------

    def feed(self, numbers: range) -> None:
        """APPEND forwarded complaints `numbers` to the intake mailbox (MULTIAPPEND)."""
        with self.dovecot.client(self.account.user) as imap:
            batch = [crlf(fresh_complaint(n)) for n in numbers]
            for start in range(0, len(batch), 100):
                imap.multiappend("INBOX", batch[start:start + 100])
                landed = time.time()
                self.fed_at.update((message_id(n), landed)
                                   for n in numbers[start:start + 100])

    def start_smtp(self) -> None:
        self.sink = SmtpSink(self.sink_dir, port=self.sink_port).start()

    def stop_smtp(self) -> None:
        if self.sink is not None:
            self.sink.stop()
            self.sink = None

    def stop_imap(self) -> None:
        """Stop Dovecot cleanly and end its sessions (as a restart of the service would)."""
        sessions = descendants(self._dovecot_pid())
        self.dovecot.stop()
        for pid in sessions:
            _signal(pid, signal.SIGTERM)

    def kill_imap(self) -> None:
        """SIGKILL Dovecot and every process of it: a crash, mid-whatever it was doing."""
        master = self._dovecot_pid()
        for pid in [master, *descendants(master)]:
            _signal(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and Path(f"/proc/{master}").exists():
            time.sleep(0.05)

    def start_imap(self) -> None:
        self.dovecot.start()

    def _dovecot_pid(self) -> int:
        return int((self.dovecot.state_dir / "run" / "master.pid").read_text().split()[0])

    # -- the database -------------------------------------------------------------------

    def refuse_database(self) -> int:
        assert self.db_name is not None, "a database outage needs PostgreSQL"
        return postgres.refuse_connections(postgres.server_url(), self.db_name)

    def allow_database(self) -> None:
        assert self.db_name is not None
        postgres.allow_connections(postgres.server_url(), self.db_name)

    def _drop_database(self) -> None:
        assert self.db_name is not None
        postgres.allow_connections(postgres.server_url(), self.db_name)
        postgres.drop_database(postgres.server_url(), self.db_name)


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


@contextmanager
def stage(**kw: Any) -> Iterator[Stage]:
    """The stage, torn down however the drill ends: its processes stopped, Dovecot
    stopped, the database dropped, the folder removed (SIGTERM too: it is made an
    exception here, so the cleanup runs instead of the process just ending)."""
    signal.signal(signal.SIGTERM, _terminated)
    with ExitStack() as stack:
        yield Stage(stack, **kw)


class Terminated(Exception):
    """SIGTERM: stop the drill, cleaning up."""


def _terminated(_signum: int, _frame: object) -> None:
    raise Terminated("SIGTERM")


def pause(rng: random.Random, low: float, high: float) -> float:
    """Sleep a random while (a kill at a random moment); how long."""
    seconds = rng.uniform(low, high)
    time.sleep(seconds)
    return seconds
