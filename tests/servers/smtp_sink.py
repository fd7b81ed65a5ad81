"""Loopback SMTP sink (aiosmtpd) that writes every accepted message to a folder.

Use it in-process (`SmtpSink(folder).start()`, served from its own thread and
event loop, so it works beside pytest-asyncio's loop and beside sync code) or as
a subprocess (`python -m tests.servers.smtp_sink --port 0 --dir DIR ...`, which
prints `listening 127.0.0.1:<port>` as its first line), e.g. for a test that
runs the bot as a separate process.

Each message is stored byte-for-byte as received (CRLF kept) with two lines
prepended, `X-Envelope-From:` and `X-Envelope-To:` (the recipients accepted at
RCPT), as `<UTC time>-<seq>.eml`; it is written as .tmp and renamed, so a
poller never sees half a file, and names sort by arrival.

Failure modes, for testing the outbox's retry and escalation:
  fail_first=N  answer 451 at the end of DATA for the first N transactions
                (aiosmtplib raises SMTPDataError with code 451; the
                connection stays usable)
  reject=ADDRS  answer 550 at RCPT for these addresses (case-insensitive);
                other recipients of the same message are still accepted
  auth=True     require AUTH PLAIN/LOGIN as user/password (default
                bot@city.test / bot-pass); allowed without TLS on loopback
                unless starttls is on
  starttls=True offer STARTTLS with a self-signed certificate (made once with
                openssl in tls_dir); clients must not verify it
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import email
import email.policy
import itertools
import logging
import os
import signal
import ssl
import subprocess
import threading
import time
import warnings
from collections.abc import Iterable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from tests.servers.net import HOST

DEFAULT_USER = "bot@city.test"
DEFAULT_PASSWORD = "bot-pass"

# aiosmtpd logs a warning per plain-text AUTH connection; noise in test output.
logging.getLogger("mail.log").setLevel(logging.ERROR)


class SinkHandler:
    """aiosmtpd handler: decides 451/550 and stores accepted messages."""

    def __init__(self, folder: Path, fail_first: int = 0, reject: Iterable[str] = ()) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.fail_left = fail_first
        self.reject = {addr.lower() for addr in reject}
        self._seq = itertools.count(1)

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if address.lower() in self.reject:
            return f"550 5.1.1 <{address}>: mailbox unavailable (smtp_sink reject)"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if self.fail_left > 0:
            self.fail_left -= 1
            return "451 4.3.0 Temporary failure (smtp_sink fail_first)"
        head = (f"X-Envelope-From: {envelope.mail_from}\r\n"
                f"X-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n").encode()
        content = envelope.original_content or b""
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S.%f")
        path = self.folder / f"{stamp}-{next(self._seq):06d}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(head + content)
        os.replace(tmp, path)
        return f"250 2.0.0 OK saved as {path.name}"


def self_signed_context(tls_dir: Path) -> ssl.SSLContext:
    """Server TLS context from a self-signed cert for localhost/127.0.0.1, made once per dir."""
    cert, key = tls_dir / "cert.pem", tls_dir / "key.pem"
    if not cert.exists():
        tls_dir.mkdir(parents=True, exist_ok=True)
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650",
                        "-subj", "/CN=localhost",
                        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key)
    return ctx


def smtp_options(*, auth: bool, user: str, password: str,
                 tls_context: ssl.SSLContext | None) -> dict[str, Any]:
    """Keyword arguments for aiosmtpd's SMTP(), shared by the thread and the CLI."""
    def authenticator(server: SMTP, session: Session, envelope: Envelope,
                      mechanism: str, auth_data: Any) -> AuthResult:
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login == user.encode()
              and auth_data.password == password.encode())
        return AuthResult(success=ok, handled=False)

    # hostname given: aiosmtpd would otherwise call the slow socket.getfqdn()
    options: dict[str, Any] = {"hostname": "smtp-sink.test", "enable_SMTPUTF8": True}
    if tls_context is not None:
        options["tls_context"] = tls_context
    if auth:
        options.update(auth_required=True, auth_require_tls=tls_context is not None,
                       authenticator=authenticator)
    return options


def read_messages(folder: Path) -> list[EmailMessage]:
    """All stored messages, oldest first, parsed with the modern email policy."""
    return [email.message_from_bytes(path.read_bytes(), _class=EmailMessage,
                                     policy=email.policy.default)
            for path in sorted(folder.glob("*.eml"))]


def wait_for_messages(folder: Path, count: int, timeout: float = 5.0) -> list[EmailMessage]:
    """Poll (every 20 ms) until at least `count` messages are stored; return them all."""
    deadline = time.monotonic() + timeout
    while len(list(folder.glob("*.eml"))) < count:
        if time.monotonic() >= deadline:
            have = len(list(folder.glob("*.eml")))
            raise TimeoutError(f"smtp sink {folder}: {have} message(s) after {timeout} s, "
                               f"expected {count}")
        time.sleep(0.02)
    return read_messages(folder)


class SmtpSink:
    """An in-process SMTP sink on 127.0.0.1 (port 0 = let the kernel pick)."""

    host = HOST

    def __init__(self, folder: Path, *, port: int = 0, fail_first: int = 0,
                 reject: Iterable[str] = (), auth: bool = False, starttls: bool = False,
                 tls_dir: Path | None = None, user: str = DEFAULT_USER,
                 password: str = DEFAULT_PASSWORD) -> None:
        self.folder = folder
        self.port = port
        self.user = user
        self.password = password
        self.handler = SinkHandler(folder, fail_first, reject)
        tls = self_signed_context(tls_dir or folder.parent / "smtp-tls") if starttls else None
        self._options = smtp_options(auth=auth, user=user, password=password, tls_context=tls)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> SmtpSink:
        """Listen (returns once the port accepts connections); `port` is then the real one.

        The loop is created and run only in the sink's thread, so start() works
        from sync code and from inside a running asyncio test alike.
        """
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._serve, args=(ready, failure),
                                        name="smtp-sink", daemon=True)
        self._thread.start()
        if not ready.wait(timeout=10):
            raise RuntimeError("smtp sink did not start within 10 s")
        if failure:
            raise failure[0]
        return self

    def _serve(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            with warnings.catch_warnings():  # "Requiring AUTH while not requiring TLS": intended
                warnings.simplefilter("ignore")
                server = loop.run_until_complete(loop.create_server(
                    lambda: SMTP(self.handler, loop=loop, **self._options), self.host, self.port))
        except BaseException as exc:
            failure.append(exc)
            loop.close()
            ready.set()
            return
        self.port = server.sockets[0].getsockname()[1]
        self._loop = loop
        ready.set()
        loop.run_forever()
        server.close()
        sessions = asyncio.all_tasks(loop)
        for task in sessions:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*sessions, return_exceptions=True))
        loop.run_until_complete(server.wait_closed())
        loop.close()

    def stop(self) -> None:
        if self._loop is None or self._thread is None:
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop = self._thread = None

    def __enter__(self) -> SmtpSink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def messages(self) -> list[EmailMessage]:
        return read_messages(self.folder)

    def wait_for(self, count: int, timeout: float = 5.0) -> list[EmailMessage]:
        return wait_for_messages(self.folder, count, timeout)


async def _serve_cli(args: argparse.Namespace) -> None:
    tls = self_signed_context(args.dir.parent / "smtp-tls") if args.starttls else None
    options = smtp_options(auth=args.auth, user=args.user, password=args.password,
                           tls_context=tls)
    handler = SinkHandler(args.dir, args.fail_first, args.reject)
    loop = asyncio.get_running_loop()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server = await loop.create_server(lambda: SMTP(handler, **options), HOST, args.port)
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, server.close)
    print(f"listening {HOST}:{server.sockets[0].getsockname()[1]} -> {args.dir}", flush=True)
    with contextlib.suppress(asyncio.CancelledError):
        await server.serve_forever()


def main(argv: list[str] | None = None) -> None:
    env = os.environ.get
    testbed = Path(env("TESTBED_DIR", "/tmp/ethics-testbed"))
    ap = argparse.ArgumentParser(description="Loopback SMTP sink writing .eml files.")
    ap.add_argument("--port", type=int, default=int(env("SMTP_PORT", "1025")),
                    help="0 = any free port (printed on the first line)")
    ap.add_argument("--dir", type=Path, default=Path(env("SINK_DIR", str(testbed / "sink"))))
    ap.add_argument("--fail-first", type=int, default=0, metavar="N")
    ap.add_argument("--reject", action="append", default=[], metavar="ADDR",
                    help="answer 550 at RCPT for ADDR (repeatable)")
    ap.add_argument("--auth", action="store_true")
    ap.add_argument("--starttls", action="store_true")
    ap.add_argument("--user", default=env("SMTP_USER", DEFAULT_USER))
    ap.add_argument("--password", default=env("SMTP_PASS", DEFAULT_PASSWORD))
    asyncio.run(_serve_cli(ap.parse_args(argv)))


if __name__ == "__main__":
    main()
