"""Drive the project's private Dovecot (dovecot.sh) from Python.

The shell script stays the one place that knows how to install, configure,
start and stop Dovecot, so a developer can run it by hand with the same result;
this wrapper only gives it a state dir and ports, and adds the IMAP-level
helpers tests need (APPEND, a logged-in client, a fresh mailbox per test).
"""

from __future__ import annotations

import math
import os
import re
import secrets
import shutil
import ssl
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from imapclient import IMAPClient

from tests.servers.net import HOST

SCRIPT = Path(__file__).with_name("dovecot.sh")
DEFAULT_USER = "intake@city.test"
# dovecot.sh creates these two on every start.
BUILTIN_USERS = {"intake@city.test": "intake-pass", "clerk@city.test": "clerk-pass"}
# First run installs dovecot-imapd with apt-get, which may first need `apt-get update`.
START_TIMEOUT = 900.0
# Fresh accounts are made this many at a time: each batch costs one passwd-file wait.
ACCOUNT_BATCH = 20


class ServerUnavailable(RuntimeError):
    """The server is not installed here and cannot be (not root, or apt-get failed).

    Distinct from other start failures: a developer without the server gets a
    skip, while a broken config is always an error.
    """


@dataclass(frozen=True)
class ImapAccount:
    """Where and how to log in to one mailbox."""

    host: str
    port: int
    ssl_port: int
    user: str
    password: str

    def settings(self, *, tls: bool = False) -> dict[str, object]:
        """EthicsBot's settings that read this mailbox (`tls`: on its IMAPS port)."""
        return {"imap_host": self.host, "imap_port": self.ssl_port if tls else self.port,
                "imap_user": self.user, "imap_password": self.password, "imap_ssl": tls}

    def env(self) -> dict[str, object]:
        """The same for an `ethicsbot` process, as `tests.servers.processes` names its
        environment (`IMAP_HOST`, ...)."""
        return {name.upper(): value for name, value in self.settings().items()}


def dovecot_installed() -> bool:
    """Same test as dovecot.sh's ensure_installed: the binary and the IMAP package."""
    if shutil.which("dovecot") is None:
        return False
    if shutil.which("dpkg") is None:  # not Debian: the binary is all we can check
        return True
    probe = subprocess.run(["dpkg", "-s", "dovecot-imapd"], capture_output=True, check=False)
    return probe.returncode == 0


class DovecotServer:
    """One private Dovecot instance on 127.0.0.1, state under `testbed_dir`."""

    host = HOST

    def __init__(self, testbed_dir: Path, port: int, ssl_port: int) -> None:
        self.testbed_dir = testbed_dir
        self.port = port
        self.ssl_port = ssl_port
        self.users: dict[str, str] = dict(BUILTIN_USERS)
        self._spare: list[tuple[str, str]] = []  # made, never handed out by new_account()

    @property
    def state_dir(self) -> Path:
        return self.testbed_dir / "dovecot"

    @property
    def cert_path(self) -> Path:
        """The self-signed certificate of the IMAPS port, to verify it as a CA file."""
        return self.state_dir / "ssl" / "cert.pem"

    def _script(self, *args: str, timeout: float = 60.0, extra_users: str = "") -> None:
        env = dict(os.environ, TESTBED_DIR=str(self.testbed_dir), EXTRA_USERS=extra_users,
                   IMAP_PORT=str(self.port), IMAPS_PORT=str(self.ssl_port))
        env.pop("DOVECOT_DIR", None)  # a developer's test-bed setting must not redirect us
        proc = subprocess.run(["bash", str(SCRIPT), *args], env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=timeout, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"dovecot.sh {' '.join(args)} exited {proc.returncode}:\n"
                               f"{proc.stderr.strip()}")

    def start(self) -> None:
        """Start (installing dovecot-imapd first if missing and we are root)."""
        if not dovecot_installed() and os.geteuid() != 0:
            raise ServerUnavailable("dovecot-imapd is not installed and installing it needs "
                                    "root (apt-get install dovecot-imapd, or run scripts/test)")
        # The first batch of fresh accounts goes in before Dovecot reads the passwd-file,
        # so it needs no wait. Users added earlier stay in the file across restarts.
        seed = [] if self._spare else _credentials(ACCOUNT_BATCH)
        try:
            self._script("start", timeout=START_TIMEOUT,
                         extra_users=" ".join(f"{u}:{p}" for u, p in seed))
        except RuntimeError as exc:
            if not dovecot_installed():
                raise ServerUnavailable(f"installing dovecot-imapd failed: {exc}") from exc
            raise
        self.users.update(seed)
        self._spare.extend(seed)

    def stop(self) -> None:
        self._script("stop")

    def restart(self) -> None:
        """Stop and start again; mail and users survive (Maildir and passwd-file on disk)."""
        self.stop()
        self.start()

    def add_user(self, user: str, password: str) -> None:
        """Add a user (or change a password: keep its length different, see
        _await_passwd_reread); returns once a login would see it. No restart needed."""
        self._script("adduser", user, password)
        self.users[user] = password
        _await_passwd_reread()

    def new_account(self) -> ImapAccount:
        """A brand-new, empty mailbox, so a test never sees another test's mail.

        Accounts come from a pool made in batches, so most calls cost nothing.
        """
        if not self._spare:
            batch = _credentials(ACCOUNT_BATCH)
            for user, password in batch:
                self._script("adduser", user, password)
            self.users.update(batch)
            self._spare = batch
            _await_passwd_reread()
        user, password = self._spare.pop()
        return ImapAccount(self.host, self.port, self.ssl_port, user, password)

    def client(self, user: str = DEFAULT_USER, *, use_ssl: bool = False) -> IMAPClient:
        """A logged-in IMAPClient (plain port, or IMAPS verified against cert_path).

        Use it as a context manager so it logs out.
        """
        if use_ssl:
            ctx = ssl.create_default_context(cafile=str(self.cert_path))
            imap = IMAPClient(self.host, port=self.ssl_port, ssl=True, ssl_context=ctx, timeout=30)
        else:
            imap = IMAPClient(self.host, port=self.port, ssl=False, timeout=30)
        imap.login(user, self.users[user])
        return imap

    def append(self, raw: bytes, folder: str = "INBOX", user: str = DEFAULT_USER) -> int:
        """APPEND one message (unseen; bare LF sent as CRLF) and return its UID."""
        raw = re.sub(rb"(?<!\r)\n", b"\r\n", raw)
        with self.client(user) as imap:
            if not imap.folder_exists(folder):
                imap.create_folder(folder)
            resp = imap.append(folder, raw)
        match = re.search(rb"APPENDUID \d+ (\d+)", resp)
        if match is None:
            raise RuntimeError(f"Dovecot sent no APPENDUID: {resp!r}")
        return int(match.group(1))


def _credentials(count: int) -> list[tuple[str, str]]:
    return [(f"t{secrets.token_hex(6)}@city.test", secrets.token_urlsafe(12))
            for _ in range(count)]


def _await_passwd_reread() -> None:
    """Wait for the next wall-clock second after a passwd-file change.

    Dovecot's passwd-file driver stats the file at most once per second
    (db-passwd-file.c, passwd_file_sync) and reloads it if mtime or size
    changed, so a login in the same second as the write can still get the old
    file and fail, after a 2 s auth_failure_delay. From the next second on, it
    sees the change. A fixed wait, not a poll: a failed probe login would cost
    those 2 s. (A password changed to one of the same length in the same second
    leaves mtime and size unchanged and goes unseen.)
    """
    now = time.time()
    time.sleep(math.floor(now) + 1.01 - now)
