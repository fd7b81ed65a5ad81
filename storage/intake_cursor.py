"""Where IMAP intake left off in each mailbox (`models.IntakeCursor`): the mailbox's
UIDVALIDITY and the last UID handled. What the cursor means, and why it is only a saving
of work, is `mail.listener.cursor`'s business; this is its row."""

from __future__ import annotations

from sqlalchemy.orm import Session

from storage.models import IntakeCursor


def where_left_off(session: Session, mailbox: str) -> tuple[int, int] | None:
    """(UIDVALIDITY, last UID handled) stored for `mailbox`; None before its first save."""
    row = session.get(IntakeCursor, mailbox)
    return (row.uidvalidity, row.last_uid) if row else None


def record_where_left_off(session: Session, mailbox: str, *, uidvalidity: int,
                          last_uid: int) -> None:
    """Store `mailbox`'s cursor, the first time or over the last one."""
    row = session.get(IntakeCursor, mailbox)
    if row is None:
        session.add(IntakeCursor(mailbox=mailbox, uidvalidity=uidvalidity, last_uid=last_uid))
    else:
        row.uidvalidity, row.last_uid = uidvalidity, last_uid
