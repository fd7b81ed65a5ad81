"""How a rendered message leaves: by SMTP (aiosmtplib), or as an .eml file (embedded default).

A transport never raises for a delivery problem: it answers with a `SendResult` whose
outcome says what the dispatcher must do (done, retry later, give up and tell the clerk)
and the server's own words, which are kept as the proof of notice.

Nothing waits on a mail server without bound: connecting and the server's greeting each
have `connect_timeout`, every command after it `timeout`. A server that accepts the
connection and then says nothing costs one timeout per round of the outbox: within one
`async with` (a round), once the server could not be reached or timed out, the round's
other messages are not tried again (each answered TEMPORARY, saying so), and `reachable`
counts a server as back only once it greets.

The connection may outlive its round (`keep_open` seconds, the worker's): connecting,
the greeting, EHLO, STARTTLS and AUTH are most of the time a lone complaint's notices
spend with the server, and the next round (the same complaint's later notices, the next
complaint) then starts with a NOOP on the open connection instead; a connection that
fails its NOOP is closed and a new one opened, so a server that dropped it meanwhile
costs nothing but that round trip. A round that gave up on the server, or ended in an
error, closes it as before; `aclose` closes it for good (the dispatcher, stopping).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import ssl
from email import policy
from email.message import EmailMessage
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol

from storage.outbox import Outcome, SendResult
from storage.private import open_private, private_folder

if TYPE_CHECKING:  # aiosmtplib is imported by the SMTP transport when it first sends:
    import aiosmtplib  # the settings read SmtpTls from here, and a one-shot command

    # that sends nothing should not load it
    from notices.render import NoticeContext

log = logging.getLogger(__name__)

KEEP_OPEN = 10.0  # the worker's connection waits this long idle for the next round: well
# inside the 5 minutes a server waits for a client's next command (RFC 5321 4.5.3.2.7)
# and any NAT's idle timeout; a complaint's or a step's rounds come within it
KEPT_NOOP_TIMEOUT = 2.0  # a kept connection that does not answer NOOP in this is replaced
PROBE_TIMEOUT = 3.0  # for the probe's TCP connection, and again for the greeting
NOT_TRIED = "not tried again this round"


class SmtpTls(StrEnum):
    NONE = "none"
    STARTTLS = "starttls"
    TLS = "tls"


def default_smtp_port(tls: SmtpTls) -> int:
    return {SmtpTls.TLS: 465, SmtpTls.STARTTLS: 587}.get(tls, 25)


CANNOT_CONNECT = "cannot connect"  # how a reply starts when the server was not reached
SESSION_REFUSED = "session refused"  # ... when it answered but refused the session (login, TLS)


class Transport(Protocol):
    """One batch is one `async with`: an SMTP transport keeps its connection for it.
    `reachable` is a cheap check, without sending, that the server would answer now."""

    async def __aenter__(self) -> Transport: ...

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None,
                        tb: TracebackType | None) -> None: ...

    async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult: ...

    async def reachable(self) -> bool: ...


class DirectMessenger(Protocol):
    """Delivers a notice owed on a chat channel (Slack) rather than by email."""

    async def send_dm(self, ctx: NoticeContext) -> SendResult: ...


def _classify(code: int, text: str) -> SendResult:
    outcome = Outcome.PERMANENT if 500 <= code < 600 else Outcome.TEMPORARY
    return SendResult(outcome, f"{code} {text}".strip())


class SmtpTransport:
    def __init__(self, host: str, port: int | None = None, *, tls: SmtpTls = SmtpTls.STARTTLS,
                 user: str | None = None, password: str | None = None,
                 timeout: float = 30, connect_timeout: float = 10,
                 validate_certs: bool = True, keep_open: float = 0) -> None:
        self.host, self.tls, self.timeout = host, tls, timeout
        self.connect_timeout = min(connect_timeout, timeout)
        self.port = port or default_smtp_port(tls)
        self.user, self.password, self.validate_certs = user, password, validate_certs
        self.keep_open = keep_open  # seconds an idle connection waits for the next round
        self._smtp: aiosmtplib.SMTP | None = None
        self._gave_up: SendResult | None = None  # this round's: the server did not answer
        self._kept = False  # the connection is one a round before this one left open
        self._closing: asyncio.TimerHandle | None = None  # its close once idle too long
        self._closed: asyncio.Task[None] | None = None  # that close, under way
        self.connects = 0  # sessions opened (tests and benches count them)

    async def __aenter__(self) -> SmtpTransport:
        self._gave_up = None  # a new round tries the server again
        if self._closing is not None:
            self._closing.cancel()
            self._closing = None
        if self._closed is not None:  # it timed out as this round began: wait for it
            await self._closed
            self._closed = None
        self._kept = self._smtp is not None
        return self

    async def reachable(self) -> bool:
        """Whether the server greets now: a TCP connection (TLS on 465) and its 220 line,
        each within PROBE_TIMEOUT; nothing is said to it. A server that accepts and stays
        silent is not reachable."""
        ssl_context: ssl.SSLContext | bool = False
        if self.tls is SmtpTls.TLS:
            ssl_context = ssl.create_default_context()
            if not self.validate_certs:
                ssl_context.check_hostname, ssl_context.verify_mode = False, ssl.CERT_NONE
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                self.host, self.port, ssl=ssl_context or None), PROBE_TIMEOUT)
        except (OSError, TimeoutError):
            return False
        try:
            greeting = await asyncio.wait_for(reader.readline(), PROBE_TIMEOUT)
        except (OSError, TimeoutError):
            greeting = b""
        finally:
            writer.close()
            with contextlib.suppress(OSError, TimeoutError):
                await asyncio.wait_for(writer.wait_closed(), PROBE_TIMEOUT)
        return greeting.startswith(b"220")

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None,
                        tb: TracebackType | None) -> None:
        if (self.keep_open > 0 and et is None and self._gave_up is None
                and self._smtp is not None and self._smtp.is_connected):
            self._closing = asyncio.get_running_loop().call_later(
                self.keep_open, self._close_idle)
            return
        await self.aclose()

    def _close_idle(self) -> None:
        self._closing = None
        self._closed = asyncio.ensure_future(self.aclose())

    async def aclose(self) -> None:
        """QUIT and close the connection, if one is open (the round's, or one kept)."""
        import aiosmtplib

        if self._closing is not None:
            self._closing.cancel()
            self._closing = None
        closed = self._closed
        if closed is not None and closed is not asyncio.current_task():
            await closed  # the idle connection's close, under way: let it end
            self._closed = None
        smtp, self._smtp = self._smtp, None
        if smtp is not None and smtp.is_connected:
            try:
                await smtp.quit(timeout=self.connect_timeout)
            except (aiosmtplib.SMTPException, OSError, TimeoutError):
                smtp.close()

    async def _connected(self) -> aiosmtplib.SMTP:
        # connect lazily, and again after a drop: aiosmtplib closes on a read timeout
        import aiosmtplib

        kept, self._kept = self._kept, False
        if kept and self._smtp is not None:  # left open by an earlier round: still there?
            try:
                await self._smtp.noop(timeout=min(self.connect_timeout, KEPT_NOOP_TIMEOUT))
            except (TimeoutError, aiosmtplib.SMTPException, OSError):
                log.debug("SMTP connection to %s:%s kept open is gone; opening another",
                          self.host, self.port)
                stale, self._smtp = self._smtp, None
                stale.close()
        if self._smtp is None or not self._smtp.is_connected:
            smtp = aiosmtplib.SMTP(
                hostname=self.host, port=self.port, timeout=self.timeout,
                use_tls=self.tls is SmtpTls.TLS, start_tls=self.tls is SmtpTls.STARTTLS,
                validate_certs=self.validate_certs, username=self.user or None,
                password=self.password if self.user else None)
            # the TCP connection and the 220 greeting, each within connect_timeout; EHLO,
            # STARTTLS and AUTH after it within `timeout`
            await smtp.connect(timeout=self.connect_timeout)
            self._smtp = smtp
            self.connects += 1
        return self._smtp

    async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult:
        import aiosmtplib

        if self._gave_up is not None:  # one timeout a round, not one per message
            return SendResult(Outcome.TEMPORARY, self._gave_up.reply)
        try:
            smtp = await self._connected()
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as e:
            # a server we cannot reach or log in to is no verdict on this recipient
            self._smtp = None  # said once by the dispatcher (mail.recovery), not per notice
            log.debug("SMTP server %s:%s unusable: %s", self.host, self.port, e)
            if isinstance(e, OSError | TimeoutError):  # not there, or silent: worth probing
                return self._give_up(f"{CANNOT_CONNECT}: {type(e).__name__}: {e}")
            # there, but the session failed (login, TLS): a person must look, not a probe
            return SendResult(Outcome.TEMPORARY, f"{SESSION_REFUSED}: {type(e).__name__}: {e}")
        try:
            refused, reply = await smtp.send_message(msg, sender=sender, recipients=[recipient])
        except aiosmtplib.SMTPRecipientsRefused as e:
            first = e.recipients[0]
            return _classify(first.code, first.message)
        except aiosmtplib.SMTPResponseException as e:
            return _classify(e.code, e.message)
        except TimeoutError as e:  # greeted, then hung mid-command: not again this round
            self._smtp = None
            return self._give_up(f"{type(e).__name__}: {e}")
        except (aiosmtplib.SMTPException, OSError) as e:
            self._smtp = None  # disconnected: reconnect for the next one
            return SendResult(Outcome.TEMPORARY, f"{type(e).__name__}: {e}")
        if recipient in refused:  # send_message reports refused recipients, not raises
            return _classify(refused[recipient].code, refused[recipient].message)
        return SendResult(Outcome.SENT, f"250 {reply}")  # any other reply to DATA raises

    def _give_up(self, reply: str) -> SendResult:
        """This message's result; the round's later ones are answered without a try,
        under the same reply (its CANNOT_CONNECT prefix brings them back with the probe)."""
        self._gave_up = SendResult(Outcome.TEMPORARY, f"{reply} ({NOT_TRIED})")
        return SendResult(Outcome.TEMPORARY, reply)


class FileTransport:
    """Write each message as `<Message-ID>.eml` under a folder, atomically.

    The name comes from the Message-ID, so a re-send after a crash rewrites the same file
    instead of adding a second copy: the folder keeps exactly-once where SMTP cannot."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    async def reachable(self) -> bool:
        return True

    async def __aenter__(self) -> FileTransport:
        private_folder(self.folder)  # the notices quote complaints: the owner's alone
        return self

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None,
                        tb: TracebackType | None) -> None:
        return None

    async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult:
        name = re.sub(r"[^A-Za-z0-9._@-]", "_", str(msg["Message-ID"]).strip("<> ")) + ".eml"
        path = self.folder / name
        data = msg.as_bytes(policy=policy.SMTP)
        try:
            await asyncio.to_thread(_write_atomically, path, data)
        except OSError as e:
            return SendResult(Outcome.TEMPORARY, f"cannot write {path}: {e.strerror or e}")
        return SendResult(Outcome.SENT, f"written to {path}")


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_suffix(".tmp")
    with open_private(tmp) as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
