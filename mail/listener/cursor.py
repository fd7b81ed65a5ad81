"""Where IMAP intake left off: the mailbox's UIDVALIDITY and the last UID handled.

The cursor only saves work, it is not what keeps a message from being lost or doubled:
a message leaves the folder only after `take_in` committed it, and `take_in` recognises
a message it has seen. So the cursor is written after the move, in its own short
transaction, and a stale or reset cursor merely makes intake look at some mail again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from storage.intake_cursor import record_where_left_off, where_left_off
from storage.uow import SqlUnitOfWork


@dataclass(frozen=True)
class Cursor:
    uidvalidity: int
    last_uid: int


def load_cursor(uow: Callable[[], SqlUnitOfWork], mailbox: str) -> Cursor | None:
    with uow() as work:
        stored = where_left_off(work.session, mailbox)
        return Cursor(*stored) if stored else None


def save_cursor(uow: Callable[[], SqlUnitOfWork], mailbox: str, cursor: Cursor) -> None:
    with uow() as work:
        record_where_left_off(work.session, mailbox, uidvalidity=cursor.uidvalidity,
                              last_uid=cursor.last_uid)
        work.commit()


def resume_from(stored: Cursor | None, uidvalidity: int) -> tuple[Cursor, bool]:
    """The cursor to start from, and whether the stored one had to be dropped.

    A new UIDVALIDITY means the server renumbered the folder (it was recreated, restored
    from backup, or migrated): the old UIDs mean nothing, so start from the beginning.
    """
    if stored is None:
        return Cursor(uidvalidity, 0), False
    if stored.uidvalidity != uidvalidity:
        return Cursor(uidvalidity, 0), True
    return stored, False
