"""IMAP intake: watch the intake folder and take every message in, exactly once.

One session: connect (socket timeouts on connect and read), log in, make sure the
Processed and Quarantine folders exist, select the intake folder, catch up on every UID
after the stored cursor (see `imap_folder` for the take-in / move / cursor order that
makes any crash harmless), then wait for mail: IDLE where the server has it, re-issued
every few minutes (RFC 2177 allows 29; NATs and proxies often allow less), else polling.
Any network, server or database-connection error ends the session; a new one starts
after a short, capped, jittered backoff (0.25 s doubling to 4 s), so a server that comes
back is seen within 5 s however long it was away; connecting to a server that is down
costs one refused TCP connection; one that vanished without a word is found by TCP
keepalives within 4 s (`ImapTuning.keepalive_*`). Every message taken in starts the
backoff afresh: a session that ends after doing work (a restart in the middle of a batch
read after an outage) is retried at once, not after the outage's long waits; one that
fails before
taking anything (the database is down) keeps lengthening them. The outage is logged
when it starts and when it ends, not at every retry.

imapclient is blocking, so the session runs in its own thread; `run_imap_intake` is the
asyncio face of it. Stopping is prompt: IDLE is checked in ~1 s slices and every wait
wakes on the stop flag.
"""

from __future__ import annotations

import asyncio
import contextlib
import imaplib
import logging
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from imapclient import IMAPClient, SocketTimeout
from sqlalchemy.exc import InterfaceError, OperationalError

from mail.intake import IntakeContext, IntakeOutcome
from mail.listener.cursor import load_cursor, resume_from, save_cursor
from mail.listener.imap_folder import Batching, FolderIntake, Folders, saw_new_mail
from mail.listener.read_ahead import ReadAhead
from storage.retry import Backoff, Outage, start_thread

log = logging.getLogger(__name__)


class DeadConnection(ConnectionError):
    """The server hung up, or the socket died without saying so (imapclient #565)."""


# What ends a session and starts another after a pause: the network, the IMAP server,
# the database connection. Anything else is a bug and goes up to the worker.
RETRYABLE = (OSError, imaplib.IMAP4.error, OperationalError, InterfaceError)


@dataclass(frozen=True)
class ImapTuning:
    """Timings of the listener; the defaults suit production, tests shorten some."""

    poll_seconds: float = 30.0  # servers without IDLE
    idle_slice: float = 1.0  # how long one idle_check may block: the stop latency
    idle_renew: float = 540.0  # leave and re-issue IDLE (and catch up) this often
    spin_checks: int = 5  # this many instant empty idle_checks in a row = dead socket
    connect_timeout: float = 5.0  # a server that takes longer to accept is as good as down
    read_timeout: float = 60.0
    # TCP keepalives: a session whose server vanished without a word (its host or
    # container gone, a NAT's state dropped: no FIN, no RST) is found dead this many
    # seconds after the last thing it said, idle + interval * count, not at IDLE's
    # renewal minutes later or read_timeout into a command
    keepalive_idle: int = 2
    keepalive_interval: int = 1
    keepalive_count: int = 2
    backoff_initial: float = 0.25
    backoff_cap: float = 4.0  # a returning server is seen within this (plus a connect)
    batching: Batching = field(default_factory=Batching)


@dataclass(frozen=True)
class IntakeMailbox:
    """The intake mailbox and how to reach it (from the settings)."""

    host: str
    port: int
    user: str
    password: str = field(repr=False)
    folders: Folders = field(default_factory=lambda: Folders("INBOX", "Processed",
                                                             "Quarantine"))
    ssl: bool = True
    verify_tls: bool = True  # false only for a test server's self-signed certificate

    @property
    def mailbox(self) -> str:
        """The intake folder's name in the cursor table."""
        return f"imap://{self.user}@{self.host}:{self.port}/{self.folders.inbox}"


async def run_imap_intake(account: IntakeMailbox, ctx: IntakeContext, *, stop: asyncio.Event,
                          on_taken: Callable[[IntakeOutcome], object] | None = None,
                          tuning: ImapTuning | None = None) -> None:
    """Take mail in from the configured IMAP folder until `stop` is set.

    For each message: commit its case and filing first (`take_in`), then move it out of
    the folder, then advance the cursor. A crash between any two steps is harmless:
    `take_in` is idempotent, so a message read again is moved as a duplicate.

    `on_taken` is called (in the listener's thread) with each outcome once the message
    has been moved out of the intake folder. Returns within ~1-2 s of `stop`.
    """
    halt = threading.Event()
    listener = ImapListener(account, ctx, tuning or ImapTuning(), halt, on_taken)
    finished = start_thread(listener.run, name="imap-intake")
    stopped = asyncio.ensure_future(stop.wait())
    either: set[asyncio.Future[Any]] = {finished, stopped}
    try:
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
    finally:
        halt.set()
        stopped.cancel()
        await asyncio.wait({finished})
    finished.result()


class ImapListener:
    """The blocking loop: sessions, one after another, until halted."""

    def __init__(self, account: IntakeMailbox, ctx: IntakeContext, tuning: ImapTuning,
                 halt: threading.Event,
                 on_taken: Callable[[IntakeOutcome], object] | None = None) -> None:
        self.account, self.tuning, self.halt, self.on_taken = account, tuning, halt, on_taken
        self.host, self.user, self.password = account.host, account.user, account.password
        self.port, self.folders, self.mailbox = account.port, account.folders, account.mailbox
        self.ctx = ctx
        self.read_ahead = ReadAhead(self.ctx)
        self.outage = Outage(f"IMAP intake from {self.host}:{self.port}", log)
        self.backoff = Backoff(self.tuning.backoff_initial, self.tuning.backoff_cap)

    def run(self) -> None:
        try:
            while not self.halt.is_set():
                try:
                    self._session()
                except RETRYABLE as e:
                    delay = self.backoff.next()
                    self.outage.failed(
                        f"{type(e).__name__}: {_brief(e)}",
                        then=f"reconnecting in {delay:.1f} s, and every "
                             f"{self.tuning.backoff_cap:g} s at most until it is back")
                    self.halt.wait(delay)
        finally:
            self.read_ahead.close()
        log.info("IMAP intake from %s:%d stopped", self.host, self.port)

    def _connect(self) -> IMAPClient:
        a = self.account
        context = None
        if a.ssl and not a.verify_tls:
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        imap = IMAPClient(self.host, port=self.port, ssl=a.ssl, ssl_context=context,
                          timeout=SocketTimeout(connect=self.tuning.connect_timeout,
                                                read=self.tuning.read_timeout))
        try:
            keep_alive(imap.socket(), self.tuning)
        except BaseException:
            with contextlib.suppress(OSError):
                imap.shutdown()
            raise
        return imap

    def _session(self) -> None:
        imap = self._connect()
        try:
            imap.login(self.user, self.password)
            folder = self._open(imap)
            while not self.halt.is_set():
                folder.catch_up()
                self.backoff.reset()  # a full catch-up: the server and the database are fine
                self.outage.recovered()
                if imap.has_capability("IDLE"):
                    self._idle(imap)
                else:
                    self.halt.wait(self.tuning.poll_seconds)
                    imap.noop()
        except BaseException:
            with contextlib.suppress(OSError):
                imap.shutdown()  # no LOGOUT on a connection in an unknown state
            raise
        try:
            imap.logout()
        except RETRYABLE:
            with contextlib.suppress(OSError):
                imap.shutdown()

    def _open(self, imap: IMAPClient) -> FolderIntake:
        for name in (self.folders.processed, self.folders.quarantine):
            if not imap.folder_exists(name):
                imap.create_folder(name)
                imap.subscribe_folder(name)  # so the clerk's mail program shows it
                log.info("IMAP intake created the folder %s", name)
        uidvalidity = int(imap.select_folder(self.folders.inbox)[b"UIDVALIDITY"])
        cursor, reset = resume_from(load_cursor(self.ctx.uow, self.mailbox), uidvalidity)
        if reset:
            log.warning("IMAP folder %s has a new UIDVALIDITY (%d): reading it again from the "
                        "start; messages taken in before count as duplicates",
                        self.folders.inbox, uidvalidity)
            save_cursor(self.ctx.uow, self.mailbox, cursor)
        log.info("IMAP intake connected to %s:%d as %s, folder %s, after UID %d; %s",
                 self.host, self.port, self.user, self.folders.inbox, cursor.last_uid,
                 "waiting with IDLE" if imap.has_capability("IDLE")
                 else f"no IDLE: polling every {self.tuning.poll_seconds:g} s")
        return FolderIntake(imap, ctx=self.ctx, mailbox=self.mailbox, folders=self.folders,
                            cursor=cursor, halt=self.halt, on_taken=self.on_taken,
                            on_progress=self.backoff.reset,
                            batching=self.tuning.batching, read_ahead=self.read_ahead)

    def _idle(self, imap: IMAPClient) -> None:
        """IDLE until new mail, the renewal time, or halt; then leave IDLE cleanly.

        Mail that came in after the last search may be announced before the server's
        "+ idling": imaplib keeps that EXISTS among its untagged responses, where
        `idle_check` never looks, and the server does not say it again; it is looked
        for first, or the message would wait for the renewal (issue 39: a complaint
        appended under load was not taken in within 10 s)."""
        imap.idle()
        if saw_new_mail(imap):
            imap.idle_done()
            return
        renew_at = time.monotonic() + self.tuning.idle_renew
        instant = 0
        while not self.halt.is_set() and time.monotonic() < renew_at:
            began = time.monotonic()
            responses = imap.idle_check(timeout=self.tuning.idle_slice)
            if any(_is_bye(r) for r in responses):
                raise DeadConnection("the server said BYE")
            if any(len(r) > 1 and r[1] == b"EXISTS" for r in responses):
                break
            # A dead socket reads as "ready" and yields nothing, at once, forever.
            quick = not responses and time.monotonic() - began < self.tuning.idle_slice / 4
            instant = instant + 1 if quick else 0
            if instant >= self.tuning.spin_checks:
                raise DeadConnection("IDLE returns at once with nothing: the connection is dead")
        imap.idle_done()


def keep_alive(sock: socket.socket, tuning: ImapTuning) -> None:
    """Ask the kernel to probe the idle connection (`ImapTuning.keepalive_*`): unanswered
    probes end it with an error that ends the session. Where the platform lacks the
    finer options, SO_KEEPALIVE alone (the system's own timings)."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in (("TCP_KEEPIDLE", tuning.keepalive_idle),
                        ("TCP_KEEPINTVL", tuning.keepalive_interval),
                        ("TCP_KEEPCNT", tuning.keepalive_count)):
        option = getattr(socket, name, None)
        if option is not None:
            sock.setsockopt(socket.IPPROTO_TCP, option, max(1, int(value)))


def _is_bye(response: tuple[object, ...]) -> bool:
    return bool(response) and response[0] == b"BYE"


def _brief(error: BaseException) -> str:
    """One line, capped: server replies can be long and belong in DEBUG if anywhere. A
    database error quotes its statement's parameters (a complaint's text): its kind only."""
    if isinstance(error, (OperationalError, InterfaceError)):
        return f"the database: {type(error.orig).__name__}"
    return " ".join(str(error).split())[:200] or "(no detail)"

