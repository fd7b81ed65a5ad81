"""The README's first command's main job, `ethicsbot run`, on a fresh folder with no
settings at all: a complaint dropped in mailbox/new/ becomes a case with its notices in
outbox/, the health endpoints answer, and SIGTERM stops it cleanly. Under the common
umask 022 what it creates on disk is still its owner's alone, and it warns that
forwarders are not checked."""

from __future__ import annotations

import json
import shutil
import signal
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.servers.net import free_ports

CORPUS = Path(__file__).resolve().parents[1] / "data" / "intake"


def test_run_on_embedded_defaults_takes_a_complaint_in_and_writes_its_notices(
        tmp_path: Path) -> None:
    (port,) = free_ports(1)
    env = {"PATH": "/usr/bin:/bin", "PORT": str(port), "HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "ethicsbot", "run"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            umask=0o022)
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "mailbox" / "new").is_dir():
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "the Maildir was never created"
            time.sleep(0.1)
        shutil.copy(CORPUS / "gmail-forward-letter.eml", tmp_path / "mailbox" / "new" / "1.eml")
        outbox = tmp_path / "outbox"
        while len(list(outbox.glob("eth-*.complaint_to_council.*.eml"))) < 4:
            assert time.monotonic() < deadline, "the notices never reached outbox/"
            time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as r:
            ready = json.load(r)
        assert ready["status"] == "ready" and ready["forwarders"].startswith("not checked")
        cases = subprocess.run([sys.executable, "-m", "ethicsbot", "cases", "--json"],
                               cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
        docket = json.loads(cases.stdout)["cases"]
        assert [c["number"] for c in docket] == ["ETH-2026-0001"]
        names = {p.name.split(".")[1] for p in outbox.glob("*.eml")}
        assert {"complaint_to_respondent", "complaint_to_council", "submission_to_board",
                "registered_mail_task", "invite_sufficiency_window"} <= names
        assert (tmp_path / "mailbox" / ".Processed" / "cur").is_dir()
        _ask_for_a_link(port)
        while not list(outbox.glob("sign-in-*.eml")):
            assert time.monotonic() < deadline, "the sign-in link never reached outbox/"
            time.sleep(0.1)
        mail = next(outbox.glob("sign-in-*.eml")).read_text()
        assert f"http://127.0.0.1:{port}/sign-in/link/" in mail
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "ETHICSBOT_IMAP_HOST" in out and "ETHICSBOT_SMTP_HOST" in out  # how to switch
    assert "Slack is off" in out
    assert f"web docket: http://127.0.0.1:{port}/" in out and "sign-in-….eml" in out
    (warning,) = [line for line in err.splitlines() if "ETHICSBOT_TRUSTED_AUTHSERV_ID" in line]
    assert json.loads(warning)["level"] == "warning"
    # the delivered message keeps its deliverer's mode; the folders around it are closed
    made = [tmp_path / "ethicsbot.db", tmp_path / "mailbox", tmp_path / "outbox",
            *(p for p in (tmp_path / "mailbox").rglob("*") if p.name != "1.eml:2,"),
            *(tmp_path / "outbox").iterdir()]
    modes = {str(p.relative_to(tmp_path)): stat.S_IMODE(p.stat().st_mode) for p in made}
    assert modes == {name: 0o700 if (tmp_path / name).is_dir() else 0o600 for name in modes}


def _ask_for_a_link(port: int) -> None:
    """Ask the web docket for a sign-in link as a browser would (cookie, CSRF token)."""
    import http.cookiejar
    import re
    import urllib.parse

    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(f"http://127.0.0.1:{port}/sign-in", timeout=5) as r:
        token = re.search(r'name="csrf" value="([^"]+)"', r.read().decode())
    assert token
    body = urllib.parse.urlencode({"email": "clerk@city.test", "csrf": token.group(1)})
    with opener.open(f"http://127.0.0.1:{port}/sign-in", data=body.encode(), timeout=5) as r:
        assert r.status == 200
