"""The worker's loops that are failing now, as stored for `ethicsbot status` (issue 39):
one `app_state` row per loop (`loop.fault.<loop>`), written when its fault starts and
removed when its work next goes through (`storage.retry.Weather` says both, the worker
writes them: `ethicsbot.worker`).

Stored rather than kept in the worker's memory for the reason the mail outage is
(`storage.mail_down`): `ethicsbot status` runs in another process. In `app_state`, not a
table of its own, because a fault is often a table that is missing: the one row the
report needs lives in the table every EthicsBot database has from its first migration.
A worker that takes over clears them all (`clear_all`): a stopped worker's loops say
nothing about the new one's.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from storage.models import StateRow
from storage.retry import Condition

PREFIX = "loop.fault."
_KEY_LENGTH = 80  # app_state.key's length


def _key(loop: str) -> str:
    return (PREFIX + loop)[:_KEY_LENGTH]


def record(session: Session, condition: Condition) -> None:
    """`condition.loop` is failing: kept until `clear`."""
    session.merge(StateRow(key=_key(condition.loop), value=json.dumps({
        "loop": condition.loop, "since": condition.since.isoformat(),
        "error": condition.error[:200], "todo": condition.todo})))


def clear(session: Session, loop: str) -> None:
    """`loop`'s work went through again."""
    session.execute(delete(StateRow).where(StateRow.key == _key(loop)))


def clear_all(session: Session) -> None:
    """A worker starts serving: what a worker before it stored is no longer so."""
    session.execute(delete(StateRow).where(StateRow.key.startswith(PREFIX)))


def current(session: Session) -> list[Condition]:
    """The loops failing now, the longest-failing first."""
    found = []
    for value in session.scalars(select(StateRow.value).where(StateRow.key.startswith(PREFIX))):
        v = json.loads(value)
        found.append(Condition(v["loop"], datetime.fromisoformat(v["since"]), v["error"],
                               v["todo"]))
    return sorted(found, key=lambda c: c.since)
