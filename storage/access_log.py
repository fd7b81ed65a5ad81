"""Reading the access log (§6), for an auditor (`ethicsbot access-log`, issue 27): who
looked at which case, when, through what, allowed or not; never a case's content."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.models import AccessLogRow


def entries(session: Session, *, number: str | None = None, since: datetime | None = None,
            limit: int = 1000) -> list[dict[str, Any]]:
    """The latest `limit` lines (of case `number`, from `since`), oldest first."""
    q = select(AccessLogRow).order_by(AccessLogRow.at.desc(), AccessLogRow.id.desc())
    if number is not None:
        q = q.where(AccessLogRow.case_number == number)
    if since is not None:
        q = q.where(AccessLogRow.at >= since)
    rows = session.scalars(q.limit(limit)).all()
    return [{"at": r.at.isoformat(), "who": r.who, "case": r.case_number, "action": r.action,
             "channel": r.channel, "allowed": r.allowed} for r in reversed(rows)]
