"""A private Radicale CalDAV server on loopback, started from Python.

Same setup as the shared test bed's radicale.sh: its own config file (never
/etc/radicale or ~/.config/radicale), no authentication (any Basic-auth
password is accepted) but owner_only rights, so a client must still send a
Basic-auth user and may only write under /<that user>/. Started with the
running interpreter (`sys.executable -m radicale`) so the test venv's Radicale
is the one used, with no pip install at run time.
"""

from __future__ import annotations

import base64
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from tests.servers.net import HOST, wait_port


class RadicaleServer:
    """One Radicale process; `calendar_url` exists once start() returns."""

    host = HOST
    password = "x"  # any password works: [auth] type = none

    def __init__(self, state_dir: Path, port: int, user: str = "ethics",
                 calendar: str = "hearings") -> None:
        self.state_dir = state_dir
        self.port = port
        self.user = user
        self.calendar = calendar
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    @property
    def calendar_url(self) -> str:
        return f"{self.base_url}{self.user}/{self.calendar}/"

    @property
    def auth_header(self) -> dict[str, str]:
        """Basic auth as the calendar's owner, which owner_only rights require."""
        token = base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
        return {"Authorization": f"Basic {token}"}

    def start(self) -> None:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        config = self.state_dir / "config"
        config.write_text(f"[server]\nhosts = {self.host}:{self.port}\n"
                          "[auth]\ntype = none\n[rights]\ntype = owner_only\n"
                          f"[storage]\nfilesystem_folder = {self.state_dir / 'collections'}\n"
                          "[logging]\nlevel = warning\n")
        log = (self.state_dir / "radicale.log").open("ab")
        self._proc = subprocess.Popen([sys.executable, "-m", "radicale", "--config", str(config)],
                                      stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        log.close()
        proc = self._proc
        if not wait_port(self.port, timeout=20, alive=lambda: proc.poll() is None):
            self.stop()
            tail = (self.state_dir / "radicale.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"Radicale did not come up on port {self.port}:\n{tail}")
        self._ensure_calendar()

    def _ensure_calendar(self) -> None:
        def request(method: str, **headers: str) -> None:
            req = urllib.request.Request(self.calendar_url, method=method,
                                         headers={**self.auth_header, **headers})
            with urllib.request.urlopen(req, timeout=10):
                pass

        try:
            request("PROPFIND", Depth="0")  # 207: already there (state dir reused)
        except urllib.error.HTTPError as exc:
            if exc.code != 404:
                raise
            request("MKCALENDAR")  # also creates the principal /<user>/

    def stop(self) -> None:
        if self._proc is None:
            return
        self._proc.terminate()
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._proc = None
