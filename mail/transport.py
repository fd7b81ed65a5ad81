"""How a rendered message leaves: by SMTP (aiosmtplib), or as an .eml file (embedded default).

A transport never raises for a delivery problem: it answers with a `SendResult` whose
outcome says what the dispatcher must do (done, retry later, give up and tell the clerk)
and the server's own words, which are kept as the proof of notice.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from enum import StrEnum
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol

import aiosmtplib

from storage.private import open_private, private_folder

if TYPE_CHECKING:
    from mail.render import NoticeContext

log = logging.getLogger(__name__)


class SmtpTls(StrEnum):
    NONE = "none"
    STARTTLS = "starttls"
    TLS = "tls"


def default_smtp_port(tls: SmtpTls) -> int:
    return {SmtpTls.TLS: 465, SmtpTls.STARTTLS: 587}.get(tls, 25)


class Outcome(StrEnum):
    SENT = "sent"  # accepted by the server (or written to the outbox folder)
    TEMPORARY = "temporary"  # 4xx, connection lost, timeout: try again later
    PERMANENT = "permanent"  # 5xx: retrying will not help


@dataclass(frozen=True)
class SendResult:
    outcome: Outcome
    reply: str


class Transport(Protocol):
    """One batch is one `async with`: an SMTP transport keeps its connection for it."""

    async def __aenter__(self) -> Transport: ...

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None,
                        tb: TracebackType | None) -> None: ...

    async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult: ...


class DirectMessenger(Protocol):
    """Delivers a notice owed on a chat channel (Slack) rather than by email."""

    async def send_dm(self, ctx: NoticeContext) -> SendResult: ...


def _classify(code: int, text: str) -> SendResult:
    outcome = Outcome.PERMANENT if 500 <= code < 600 else Outcome.TEMPORARY
    return SendResult(outcome, f"{code} {text}".strip())


class SmtpTransport:
    def __init__(self, host: str, port: int | None = None, *, tls: SmtpTls = SmtpTls.STARTTLS,
                 user: str | None = None, password: str | None = None,
                 timeout: float = 30, validate_certs: bool = True) -> None:
        self.host, self.tls, self.timeout = host, tls, timeout
        self.port = port or default_smtp_port(tls)
        self.user, self.password, self.validate_certs = user, password, validate_certs
        self._smtp: aiosmtplib.SMTP | None = None

    async def __aenter__(self) -> SmtpTransport:
        return self

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None,
                        tb: TracebackType | None) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None and smtp.is_connected:
            try:
                await smtp.quit()
            except (aiosmtplib.SMTPException, OSError):
                smtp.close()

    async def _connected(self) -> aiosmtplib.SMTP:
        # connect lazily, and again after a drop: aiosmtplib closes on a read timeout
        if self._smtp is None or not self._smtp.is_connected:
            smtp = aiosmtplib.SMTP(
                hostname=self.host, port=self.port, timeout=self.timeout,
                use_tls=self.tls is SmtpTls.TLS, start_tls=self.tls is SmtpTls.STARTTLS,
                validate_certs=self.validate_certs, username=self.user or None,
                password=self.password if self.user else None)
            await smtp.connect()
            self._smtp = smtp
        return self._smtp

    async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult:
        try:
            smtp = await self._connected()
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as e:
            # a server we cannot reach or log in to is no verdict on this recipient
            self._smtp = None
            log.error("SMTP server %s:%s unusable: %s", self.host, self.port, e)
            return SendResult(Outcome.TEMPORARY, f"cannot connect: {type(e).__name__}: {e}")
        try:
            refused, reply = await smtp.send_message(msg, sender=sender, recipients=[recipient])
        except aiosmtplib.SMTPRecipientsRefused as e:
            first = e.recipients[0]
            return _classify(first.code, first.message)
        except aiosmtplib.SMTPResponseException as e:
            return _classify(e.code, e.message)
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as e:
            self._smtp = None  # disconnected or timed out: reconnect for the next one
            return SendResult(Outcome.TEMPORARY, f"{type(e).__name__}: {e}")
        if recipient in refused:  # send_message reports refused recipients, not raises
            return _classify(refused[recipient].code, refused[recipient].message)
        return SendResult(Outcome.SENT, f"250 {reply}")  # any other reply to DATA raises


class FileTransport:
    """Write each message as `<Message-ID>.eml` under a folder, atomically.

    The name comes from the Message-ID, so a re-send after a crash rewrites the same file
    instead of adding a second copy: the folder keeps exactly-once where SMTP cannot."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

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
