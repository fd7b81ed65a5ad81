"""The web's secrets as stored: sign-in links, sessions, calendar feeds and OIDC round
trips (`models.WebTokenRow`). A secret is given out once and kept only as its SHA-256,
so a copy of the database signs nobody in and subscribes to no one's calendar.

Query functions only; what a link or a session may do is the web's business (`web/`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from storage.models import WebTokenRow

LINK, SESSION, FEED, OIDC = "link", "session", "feed", "oidc"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_secret() -> str:
    """256 random bits, URL-safe: unguessable, and fits a URL, a cookie or a form."""
    return secrets.token_urlsafe(32)


def issue(*, session: Session, kind: str, email: str, client: str, at: datetime,
          expires_at: datetime | None = None, via: str = "",
          data: dict[str, Any] | None = None, secret: str | None = None
          ) -> tuple[str, WebTokenRow]:
    """Store a new secret of `kind` for `email`; the secret itself is returned, once."""
    secret = secret or new_secret()
    row = WebTokenRow(kind=kind, digest=digest(secret), email=email[:320], client=client[:64],
                      created_at=at, expires_at=expires_at, last_seen_at=None, used_at=None,
                      revoked_at=None, via=via, data=data or {})
    session.add(row)
    session.flush()
    return secret, row


def find(*, session: Session, kind: str, secret: str, lock: bool = False) -> WebTokenRow | None:
    """The row of `secret` if it is of `kind` (used, revoked or expired ones included: the
    caller says why it refuses)."""
    if not secret or len(secret) > 200:
        return None
    q = select(WebTokenRow).where(WebTokenRow.digest == digest(secret), WebTokenRow.kind == kind)
    if lock:
        q = q.with_for_update()
    return session.scalars(q).one_or_none()


def count_since(*, session: Session, kind: str, since: datetime, email: str | None = None,
                client: str | None = None) -> int:
    """How many secrets of `kind` were asked for since `since`, by address or by client."""
    q = select(func.count()).select_from(WebTokenRow).where(
        WebTokenRow.kind == kind, WebTokenRow.created_at > since)
    if email is not None:
        q = q.where(WebTokenRow.email == email)
    if client is not None:
        q = q.where(WebTokenRow.client == client)
    return session.scalar(q) or 0


def revoke(*, session: Session, email: str, kinds: Collection[str], at: datetime) -> int:
    """Revoke every live secret of these kinds belonging to `email`; how many."""
    result = session.execute(
        update(WebTokenRow)
        .where(func.lower(WebTokenRow.email) == email.strip().lower(),
               WebTokenRow.kind.in_(list(kinds)), WebTokenRow.revoked_at.is_(None))
        .values(revoked_at=at))
    return int(getattr(result, "rowcount", 0) or 0)


def live(*, session: Session, kind: str, email: str) -> list[WebTokenRow]:
    """The unrevoked secrets of `kind` held by `email`, newest first."""
    return list(session.scalars(
        select(WebTokenRow).where(WebTokenRow.kind == kind,
                                  func.lower(WebTokenRow.email) == email.lower(),
                                  WebTokenRow.revoked_at.is_(None))
        .order_by(WebTokenRow.id.desc())))


def holders(*, session: Session, kinds: Collection[str], now: datetime
            ) -> dict[str, dict[str, int]]:
    """Who holds live secrets of these kinds (unrevoked, unexpired): email -> kind -> count."""
    found: dict[str, dict[str, int]] = {}
    q = (select(func.lower(WebTokenRow.email), WebTokenRow.kind, func.count())
         .where(WebTokenRow.kind.in_(list(kinds)), WebTokenRow.revoked_at.is_(None),
                WebTokenRow.expires_at.is_(None) | (WebTokenRow.expires_at > now))
         .group_by(func.lower(WebTokenRow.email), WebTokenRow.kind))
    for email, kind, n in session.execute(q):
        found.setdefault(str(email), {})[str(kind)] = int(n)
    return found


def forget_link_urls(*, session: Session, now: datetime, kind: str = LINK) -> None:
    """Wipe what an expired, unused secret of `kind` held (a link's mailed URL, a round
    trip's nonce and PKCE verifier): nothing but its digest and its times stay."""
    session.execute(update(WebTokenRow).where(
        WebTokenRow.kind == kind, WebTokenRow.expires_at < now,
        WebTokenRow.used_at.is_(None), WebTokenRow.data.is_not(None))
        .values(data={}))


def forget_url(*, session: Session, row_id: int) -> None:
    """Wipe what sign-in link `row_id` held once its mail was handed to the transport (or
    can never be): the URL carries the secret, and a copy or a backup of the database must
    sign nobody in; the digest still checks the link when it is opened."""
    session.execute(update(WebTokenRow).where(WebTokenRow.id == row_id, WebTokenRow.kind == LINK)
                    .values(data={}))


def spend(row: WebTokenRow, *, at: datetime) -> dict[str, Any]:
    """Spend a one-time secret (a sign-in link, a sign-in round trip) found with `lock`:
    it is used from `at` on, and what it held is wiped and returned (the round trip's
    verifier is needed once more, never stored again)."""
    held, row.used_at, row.data = dict(row.data or {}), at, {}
    return held


def touch(row: WebTokenRow, *, at: datetime, every: timedelta) -> None:
    """Note a session's use at `at`, at most once per `every` (the idle limit counts from
    it; writing on each page would make every look a write)."""
    if row.last_seen_at is None or at - row.last_seen_at >= every:
        row.last_seen_at = at


def end(row: WebTokenRow, *, at: datetime) -> bool:
    """End one session (its holder signs out); False if it was already ended."""
    if row.revoked_at is not None:
        return False
    row.revoked_at = at
    return True


def get(*, session: Session, row_id: int) -> WebTokenRow | None:
    return session.get(WebTokenRow, row_id)
