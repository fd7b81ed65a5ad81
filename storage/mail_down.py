"""Outgoing mail failing, as stored: the episode under way and those the clerk was told
of (`mail_outages`), and the Slack DMs about them, owed through the outbox.

Stored rather than kept in the worker's memory because the web docket and `ethicsbot
status` may run in other processes, and because a worker restarted (or taken over)
during an outage must neither start the clock again nor tell the clerk a second time.
Only the active worker writes (`mail.mail_down`); everyone else reads `told`.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from cases.directory import Person
from cases.notices import NoticeType
from storage.models import MailOutageRow, OutboxRow

DOWN, BACK = "down", "back"  # the slot of the DM telling that mail is down, and back


@dataclass(frozen=True)
class MailOutage:
    id: int
    since: datetime
    cause: str
    told_at: datetime | None
    cleared_at: datetime | None


def _value(row: MailOutageRow) -> MailOutage:
    return MailOutage(row.id, row.since, row.cause, row.told_at, row.cleared_at)


def under_way(session: Session) -> MailOutage | None:
    """The episode not yet cleared, told or not (the worker's own state)."""
    row = session.scalars(select(MailOutageRow).where(MailOutageRow.cleared_at.is_(None))
                          .order_by(MailOutageRow.id.desc()).limit(1)).first()
    return _value(row) if row is not None else None


def told(session: Session) -> MailOutage | None:
    """The outage the clerk has been told of and that is not over: what every page and
    `ethicsbot status` show (None: mail works, or has failed for less than the
    threshold)."""
    found = under_way(session)
    return found if found is not None and found.told_at is not None else None


def by_id(session: Session, outage_id: int) -> MailOutage | None:
    row = session.get(MailOutageRow, outage_id)
    return _value(row) if row is not None else None


def begin(session: Session, *, since: datetime, cause: str) -> MailOutage:
    row = MailOutageRow(since=since, cause=cause[:200])
    session.add(row)
    session.flush()
    return _value(row)


def mark_told(session: Session, outage_id: int, *, at: datetime, cause: str) -> None:
    session.execute(update(MailOutageRow).where(MailOutageRow.id == outage_id)
                    .values(told_at=at, cause=cause[:200]))


def clear(session: Session, outage_id: int, *, at: datetime, was_told: bool) -> None:
    """The episode is over: kept with its end if the clerk was told, else forgotten."""
    if was_told:
        session.execute(update(MailOutageRow).where(MailOutageRow.id == outage_id)
                        .values(cleared_at=at))
    else:
        session.execute(delete(MailOutageRow).where(MailOutageRow.id == outage_id))


def owe_dm(session: Session, *, outage_id: int, recipient: Person, slot: str, at: datetime,
           msgid_domain: str) -> None:
    """Owe `recipient` a Slack DM that mail is down (`DOWN`) or back (`BACK`): an outbox
    row about no case, its generation the outage's id. Added as an object, so its commit
    wakes the dispatcher (`storage.outbox.on_mail_owed`)."""
    kind = NoticeType.MAIL_DOWN_ALERT.value
    session.add(OutboxRow(
        case_id=None, filing_id=None, notice_type=kind,
        recipient_email=recipient.email.lower(), recipient_name=recipient.name,
        deadline_key=None, generation=outage_id, channel="slack", slot=slot,
        status="pending", attempts=0, next_attempt_at=at, created_at=at,
        message_id=f"<mail-{outage_id}-{slot}.{kind}.{secrets.token_hex(4)}@{msgid_domain}>"))
