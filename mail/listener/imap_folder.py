"""Catching up on the selected intake folder: every message after the cursor is taken
in, moved out, and only then counted as done.

The order, per batch, is what makes a crash at any point harmless:

1. `take_in` commits the case (or correspondence, or quarantine) with the original bytes;
2. the message is moved to Processed or Quarantine;
3. the cursor (UIDVALIDITY + last UID) is advanced.

Dying after 1 leaves the message in the folder: it is read again and `take_in` answers
"duplicate" (Message-ID, else content hash), so it is moved without a second case. Dying
after 2 leaves a stale cursor: the message is gone from the folder, nothing to redo.
Nothing is ever deleted before its filing is stored, and `BODY.PEEK[]` leaves \\Seen alone.
"""

from __future__ import annotations

import logging
import select
import threading
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass

from imapclient import IMAPClient
from sqlalchemy.exc import InterfaceError, OperationalError

from mail.intake import IntakeContext, IntakeOutcome, Outcome, take_in
from mail.listener.cursor import Cursor, save_cursor
from mail.listener.read_ahead import ReadAhead
from mail.parsing import IntakeResult

log = logging.getLogger(__name__)

DELETED = rb"\Deleted"
SEARCH_CHUNK = 500  # UIDs per FETCH of sizes: keeps each command line short


@dataclass(frozen=True)
class Folders:
    inbox: str
    processed: str
    quarantine: str

    def destination(self, outcome: IntakeOutcome) -> str:
        return self.quarantine if outcome.outcome is Outcome.QUARANTINED else self.processed


@dataclass(frozen=True)
class Batching:
    """Bodies are fetched a few at a time: one round trip per batch, bounded memory."""

    messages: int = 50
    bytes: int = 16 * 2**20


class FolderIntake:
    """One IMAP session's work on the selected intake folder (blocking; one thread)."""

    def __init__(self, imap: IMAPClient, *, ctx: IntakeContext, mailbox: str,
                 folders: Folders, cursor: Cursor, halt: threading.Event,
                 on_taken: Callable[[IntakeOutcome], object] | None,
                 batching: Batching, read_ahead: ReadAhead,
                 on_progress: Callable[[], object] = lambda: None) -> None:
        self.imap, self.ctx, self.mailbox, self.folders = imap, ctx, mailbox, folders
        self.read_ahead = read_ahead
        self.cursor, self.halt, self.on_taken, self.batching = cursor, halt, on_taken, batching
        self.on_progress = on_progress  # each message taken in: the server and database work
        self.can_move = imap.has_capability("MOVE")
        self.can_uid_expunge = imap.has_capability("UIDPLUS")
        # Messages take_in failed on (a bug, not the network): left in the folder and not
        # retried in this session; the cursor stays below them so a restart tries again.
        self.failed: set[int] = set()

    def catch_up(self) -> int:
        """Take in everything after the cursor, until the folder has nothing new."""
        taken = 0
        while not self.halt.is_set():
            saw_new_mail(self.imap)  # forget announcements made before this search
            # `UID n:*` always includes the newest message, even when its UID is < n.
            found = self.imap.search(["UID", f"{self.cursor.last_uid + 1}:*"])
            uids = sorted(u for u in found if u > self.cursor.last_uid and u not in self.failed)
            if not uids:
                # Mail that arrived while we searched was announced in its reply (and would
                # not be announced again in IDLE): look once more rather than miss it.
                if saw_new_mail(self.imap):
                    continue
                return taken
            for batch in self._batches(uids):
                taken += self._take_batch(batch)
                if self.halt.is_set():
                    break
        return taken

    def _batches(self, uids: list[int]) -> Iterator[list[int]]:
        for start in range(0, len(uids), SEARCH_CHUNK):
            chunk = uids[start:start + SEARCH_CHUNK]
            sizes = self.imap.fetch(chunk, ["RFC822.SIZE"])
            batch: list[int] = []
            total = 0
            for uid in chunk:
                if uid not in sizes:
                    continue  # expunged by someone else meanwhile
                size = int(sizes[uid].get(b"RFC822.SIZE", 0))
                if batch and (len(batch) >= self.batching.messages
                              or total + size > self.batching.bytes):
                    yield batch
                    batch, total = [], 0
                batch.append(uid)
                total += size
            if batch:
                yield batch

    def _take_batch(self, batch: list[int]) -> int:
        fetched = self.imap.fetch(batch, ["BODY.PEEK[]", "INTERNALDATE"])
        moves: dict[str, list[int]] = {self.folders.processed: [], self.folders.quarantine: []}
        taken: list[IntakeOutcome] = []
        done_upto = self.cursor.last_uid
        bodies = [fetched.get(uid, {}).get(b"BODY[]") for uid in batch]
        with closing(self.read_ahead.results(bodies)) as parses:
            for uid, body, parsed in zip(batch, bodies, parses, strict=True):
                if self.halt.is_set():
                    break
                self._still_there()
                outcome = None if body is None else self._take(uid, body, parsed)
                if outcome is not None:
                    self.on_progress()
                    folder = self.folders.destination(outcome)
                    moves[folder].append(uid)
                    taken.append(outcome)
                    log.info("IMAP UID %d: %s%s; moving to %s", uid, outcome.outcome.value,
                             f" {outcome.case_number}" if outcome.case_number else "", folder)
                    log.debug("IMAP UID %d arrived %s: %s", uid,
                              fetched[uid].get(b"INTERNALDATE"), outcome.detail)
                if not self.failed:
                    done_upto = uid
        for folder, uids in moves.items():
            self._move(uids, folder)
        if done_upto > self.cursor.last_uid:
            self.cursor = Cursor(self.cursor.uidvalidity, done_upto)
            save_cursor(self.ctx.uow, self.mailbox, self.cursor)
        if self.on_taken is not None:
            for outcome in taken:
                self.on_taken(outcome)
        return len(taken)

    def _still_there(self) -> None:
        """Raise if the session has ended, as far as can be told without a round trip.

        A batch's bodies are fetched at once and taken in one by one, seconds of work
        when they are many or slow to read; a session that ended meanwhile (the server
        restarted or its process killed) would be noticed only at the batch's moves,
        and the listener back that much later (issue 39: 6.6 s for 50 take-ins of
        0.1 s). Between commands a server speaks only to say BYE or hang up, so a
        socket with something to read is looked at with a NOOP: on an ended session it
        raises (imaplib's abort, or OSError) and the session ends here; the messages
        taken in and not moved are recognised when the next session reads them. On a
        live one the NOOP takes what the server said (an announcement of new mail is
        kept for `saw_new_mail`)."""
        try:
            readable, _, _ = select.select([self.imap.socket()], [], [], 0)
        except (OSError, ValueError):  # closed under us: the NOOP says so
            readable = [True]
        if readable:
            self.imap.noop()

    def _take(self, uid: int, raw: bytes, parsed: IntakeResult | None) -> IntakeOutcome | None:
        try:
            return take_in(raw, self.ctx, source="imap", parsed=parsed)
        except (OperationalError, InterfaceError):
            raise  # the database is away: the session backs off and retries the message
        except Exception as e:
            self.failed.add(uid)
            log.error("IMAP UID %d could not be taken in (%s); left in %s for the clerk, "
                      "retried at the next connection", uid, type(e).__name__,
                      self.folders.inbox, exc_info=log.isEnabledFor(logging.DEBUG))
            return None

    def _move(self, uids: list[int], folder: str) -> None:
        if not uids:
            return
        if self.can_move:
            self.imap.move(uids, folder)
            return
        self.imap.copy(uids, folder)
        self.imap.add_flags(uids, [DELETED], silent=True)
        if self.can_uid_expunge:
            self.imap.uid_expunge(uids)
        # Without UIDPLUS the copies stay flagged \Deleted: a plain EXPUNGE would also
        # remove whatever a person flagged for deletion, and the cursor skips them anyway.


def saw_new_mail(imap: IMAPClient) -> bool:
    """Whether the server announced new messages (untagged EXISTS) since the last call.

    imapclient keeps unsolicited responses in imaplib's `untagged_responses`; reading
    them is the only way to notice mail announced in the reply to another command.
    """
    untagged = getattr(getattr(imap, "_imap", None), "untagged_responses", None)
    return isinstance(untagged, dict) and bool(untagged.pop("EXISTS", None))
