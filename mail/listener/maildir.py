"""Embedded-default intake: a local Maildir (`./mailbox/`) instead of an IMAP server.

Anything that can deliver into a Maildir (a local MTA, `fetchmail`, a script, a person
copying .eml files through `tmp/`) feeds EthicsBot without a mail server. The rules are
those of IMAP intake: a file is taken in by `take_in`, and only after its case (or its
quarantine) is committed is it moved, to the Maildir++ subfolder `.Processed/cur/` or
`.Quarantine/cur/`. A crash in between leaves it in `new/`, and `take_in` recognises it
the next time. Nothing is ever deleted.

`new/` is polled twice a second: no inotify dependency, and a Maildir delivery renames a
complete file into `new/`, so whatever is seen there is whole.

A busy or unreachable database (another writer holding SQLite's lock past its busy
timeout, a PostgreSQL restart) is weather, not a crash: the file being taken in is tried
again, the same file, with a short backoff until its case is committed (`Weather`),
and the episode is said in one line. Its transaction wrote nothing, so nothing is lost;
intake is idempotent, so nothing opens twice.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Callable
from pathlib import Path

from mail.intake import IntakeContext, IntakeOutcome, Outcome, take_in
from storage.db import database_weather
from storage.private import create_private_file, private_folder
from storage.retry import Weather, wait_for_stop

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
PROCESSED, QUARANTINE = ".Processed", ".Quarantine"


class Maildir:
    """The intake Maildir and its two Maildir++ subfolders (blocking file operations)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.failed: set[str] = set()  # take_in raised: left in new/, tried again at restart

    def prepare(self) -> None:
        """The folders, each one it creates its owner's alone (complaints lie there)."""
        for folder in (self.root, self.root / PROCESSED, self.root / QUARANTINE):
            for sub in ("new", "cur", "tmp"):
                private_folder(folder / sub)
        for sub in (PROCESSED, QUARANTINE):
            create_private_file(self.root / sub / "maildirfolder")  # marks a Maildir++ folder

    def waiting(self) -> list[str]:
        """Names in new/, oldest first; dot-files are a deliverer's temporaries."""
        found: list[tuple[float, str]] = []
        for entry in os.scandir(self.root / "new"):
            if entry.name.startswith(".") or entry.name in self.failed:
                continue
            try:
                if entry.is_file():
                    found.append((entry.stat().st_mtime, entry.name))
            except FileNotFoundError:
                continue  # taken away between listing and looking
        return [name for _, name in sorted(found)]

    def take(self, name: str, ctx: IntakeContext) -> IntakeOutcome | None:
        path = self.root / "new" / name
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None  # moved away by someone else meanwhile
        try:
            outcome = take_in(raw, ctx, source="maildir")
        except Exception as e:
            if database_weather(e):
                raise  # the database is busy or away: `run_maildir_intake` tries it again
            self.failed.add(name)
            log.error("Maildir file %s could not be taken in (%s); left in new/ for the "
                      "clerk, retried at the next start", name, type(e).__name__,
                      exc_info=log.isEnabledFor(logging.DEBUG))
            return None
        folder = QUARANTINE if outcome.outcome is Outcome.QUARANTINED else PROCESSED
        target = self._free_name(self.root / folder / "cur", name)
        os.rename(path, target)
        log.info("Maildir %s: %s%s; moved to %s", name, outcome.outcome.value,
                 f" {outcome.case_number}" if outcome.case_number else "", folder)
        log.debug("Maildir %s: %s", name, outcome.detail)
        return outcome

    @staticmethod
    def _free_name(cur: Path, name: str) -> Path:
        """`name` with the Maildir info suffix, made unique: a move never overwrites."""
        base, sep, info = name.partition(":2,")
        suffix = f":2,{info}" if sep else ":2,"
        candidate, n = cur / f"{base}{suffix}", 1
        while candidate.exists():
            candidate, n = cur / f"{base}.{n}{suffix}", n + 1
        return candidate


async def run_maildir_intake(root: Path, ctx: IntakeContext, *, stop: asyncio.Event,
                             on_taken: Callable[[IntakeOutcome], object] | None = None,
                             poll_seconds: float = POLL_SECONDS) -> None:
    """Take in every file delivered to `root`/new/ until `stop` is set.

    `on_taken` is called with each outcome once the file has been moved out of new/.
    """
    box = Maildir(Path(root))
    await asyncio.to_thread(box.prepare)
    log.info("Maildir intake from %s (new/ checked every %g s)", box.root.resolve(),
             poll_seconds)
    weather = Weather("Maildir intake", log)
    while not stop.is_set():
        for name in await asyncio.to_thread(box.waiting):
            if stop.is_set():
                break
            outcome = await weather.run(functools.partial(box.take, name, ctx), stop=stop,
                                        unit="this message")
            if outcome is not None and on_taken is not None:
                on_taken(outcome)
        if await wait_for_stop(stop, poll_seconds):
            break
    log.info("Maildir intake from %s stopped", box.root.resolve())
