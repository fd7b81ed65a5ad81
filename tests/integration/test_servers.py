"""Smoke tests: each server fixture is the real thing and does what the others rely on."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from email.message import EmailMessage
from pathlib import Path

import aiosmtplib
import pytest
import sqlalchemy as sa

from tests.fixtures.servers import SinkFactory, unavailable
from tests.servers.dovecot import DovecotServer, ImapAccount
from tests.servers.radicale import RadicaleServer
from tests.servers.smtp_sink import SmtpSink, wait_for_messages

REPO = Path(__file__).resolve().parents[2]


def complaint(subject: str = "Fwd: Ethics complaint #42") -> bytes:
    return (b"From: Mayor's Office <office@city.test>\n"
            b"To: intake@city.test\n"
            b"Subject: " + subject.encode() + b"\n"
            b"Message-ID: <" + uuid.uuid4().hex.encode() + b"@city.test>\n"
            b"\n"
            b"Forwarded complaint text.\n")


def notice(to: str | list[str] = "respondent@city.test") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "bot@city.test"
    msg["To"] = to if isinstance(to, str) else ", ".join(to)
    msg["Subject"] = "Notice"
    msg.set_content("Complaint #42 received.")
    return msg


# --- Dovecot ---------------------------------------------------------------

def test_append_then_fetch(dovecot: DovecotServer, imap_account: ImapAccount) -> None:
    uid = dovecot.append(complaint(), user=imap_account.user)
    with dovecot.client(imap_account.user) as imap:
        imap.select_folder("INBOX", readonly=True)
        assert imap.search() == [uid]
        envelope = imap.fetch([uid], ["ENVELOPE"])[uid][b"ENVELOPE"]
    assert envelope.subject == b"Fwd: Ethics complaint #42"


def test_each_account_starts_empty(dovecot: DovecotServer, imap_account: ImapAccount) -> None:
    with dovecot.client(imap_account.user) as imap:
        assert imap.select_folder("INBOX")[b"EXISTS"] == 0


def test_idle_push_within_3_seconds(dovecot: DovecotServer, imap_account: ImapAccount) -> None:
    with dovecot.client(imap_account.user) as imap:
        imap.select_folder("INBOX")
        imap.idle()
        started = time.monotonic()
        dovecot.append(complaint(), user=imap_account.user)
        responses = imap.idle_check(timeout=3)
        elapsed = time.monotonic() - started
        imap.idle_done()
    assert (1, b"EXISTS") in responses, responses
    assert elapsed < 3


def test_imaps_with_the_servers_certificate(dovecot: DovecotServer,
                                            imap_account: ImapAccount) -> None:
    with dovecot.client(imap_account.user, use_ssl=True) as imap:
        assert imap.select_folder("INBOX")[b"EXISTS"] == 0


def test_mail_survives_restart(dovecot: DovecotServer, imap_account: ImapAccount) -> None:
    uid = dovecot.append(complaint(), folder="Quarantine", user=imap_account.user)
    dovecot.restart()
    with dovecot.client(imap_account.user) as imap:
        imap.select_folder("Quarantine", readonly=True)
        assert imap.search() == [uid]


# --- SMTP sink -------------------------------------------------------------

async def test_sent_mail_arrives(smtp_sink: SmtpSink) -> None:
    await aiosmtplib.send(notice(), hostname=smtp_sink.host, port=smtp_sink.port,
                          start_tls=False)
    [msg] = smtp_sink.wait_for(1, timeout=5)
    assert msg["Subject"] == "Notice"
    assert msg["X-Envelope-To"] == "respondent@city.test"
    assert "Complaint #42 received." in msg.get_content()


async def test_fail_first_answers_451_then_accepts(smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(fail_first=1)
    async with aiosmtplib.SMTP(hostname=sink.host, port=sink.port, start_tls=False) as smtp:
        with pytest.raises(aiosmtplib.SMTPDataError) as failed:
            await smtp.send_message(notice())
        assert failed.value.code == 451
        assert sink.messages() == []
        await smtp.send_message(notice())  # same connection stays usable
    assert len(sink.wait_for(1)) == 1


async def test_rejected_recipient_gets_550_others_accepted(
        smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(reject=["gone@city.test"])
    errors, _ = await aiosmtplib.send(notice(["ok@city.test", "gone@city.test"]),
                                      hostname=sink.host, port=sink.port, start_tls=False)
    assert errors["gone@city.test"].code == 550
    [msg] = sink.wait_for(1)
    assert msg["X-Envelope-To"] == "ok@city.test"


async def test_auth_over_starttls(smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(auth=True, starttls=True)
    with pytest.raises(aiosmtplib.SMTPResponseException) as refused:
        await aiosmtplib.send(notice(), hostname=sink.host, port=sink.port,
                              start_tls=True, validate_certs=False)
    assert refused.value.code == 530  # no AUTH given
    await aiosmtplib.send(notice(), hostname=sink.host, port=sink.port, start_tls=True,
                          validate_certs=False, username=sink.user, password=sink.password)
    assert len(sink.wait_for(1)) == 1


async def test_sink_runs_as_subprocess(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "tests.servers.smtp_sink", "--port", "0",
                             "--dir", str(tmp_path / "sink")],
                            cwd=REPO, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # "listening 127.0.0.1:<port> -> <dir>"
        port = int(line.split()[1].rsplit(":", 1)[1])
        await aiosmtplib.send(notice(), hostname="127.0.0.1", port=port, start_tls=False)
        [msg] = wait_for_messages(tmp_path / "sink", 1)
        assert msg["Subject"] == "Notice"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# --- Radicale --------------------------------------------------------------

def put(server: RadicaleServer, name: str, body: str) -> int:
    req = urllib.request.Request(server.calendar_url + name, data=body.encode(), method="PUT",
                                 headers={**server.auth_header,
                                          "Content-Type": "text/calendar; charset=utf-8"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return int(resp.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_radicale_stores_a_vevent(radicale: RadicaleServer) -> None:
    uid = uuid.uuid4().hex
    event = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//EthicsBot//tests//EN\r\n"
             f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20260101T120000Z\r\n"
             "DTSTART:20260115T170000Z\r\nDTEND:20260115T180000Z\r\n"
             "SUMMARY:Hearing\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    assert put(radicale, f"{uid}.ics", event) in (201, 204)
    req = urllib.request.Request(radicale.calendar_url + f"{uid}.ics",
                                 headers=radicale.auth_header)
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert "SUMMARY:Hearing" in resp.read().decode()


def test_radicale_rejects_invalid_icalendar(radicale: RadicaleServer) -> None:
    broken = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:no end\r\n"
    assert put(radicale, f"{uuid.uuid4().hex}.ics", broken) == 400


# --- PostgreSQL ------------------------------------------------------------

def test_postgres_roundtrip(postgres_url: str) -> None:
    assert postgres_url.startswith("postgresql+psycopg://")
    engine = sa.create_engine(postgres_url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE smoke (id serial PRIMARY KEY, note text)"))
            conn.execute(sa.text("INSERT INTO smoke (note) VALUES (:n)"), {"n": "filed"})
            assert conn.execute(sa.text("SELECT note FROM smoke")).scalar_one() == "filed"
    finally:
        engine.dispose()


# --- Missing-server policy -------------------------------------------------

def test_missing_server_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="PostgreSQL is not available under CI"):
        unavailable("PostgreSQL", "nothing on 127.0.0.1:5432")


def test_missing_server_skips_for_a_developer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL not available"):
        unavailable("PostgreSQL", "nothing on 127.0.0.1:5432")
