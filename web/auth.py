"""Who is signed in: one-time links mailed to a directory address, sessions, sign-out and
revocation. Every decision is logged (channel `web`), refusals included.

A link is asked for with an address; the answer is the same whether the directory lists
it or not (a stranger learns nothing), and every request counts against the address and
the client asking, known or not. Only a listed address gets mail, through the outbox
like every notice. Opening the link shows a page whose button uses it: mail scanners
that fetch every link in a message (Safe Links and the like) cannot spend it. A link
works once, for `link_ttl`; a session ends after `idle` without use, `lifetime` after
sign-in, at sign-out, when revoked, or when its person leaves the directory.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy.orm import Session

from cases.access import Actor, may_file_paper, may_revoke
from cases.directory import OFFICE, Person, Role
from cases.handlers import StepRule
from cases.handlers import retention as retention_part
from cases.steps import rows_of
from storage import queries, web_tokens
from storage.web_tokens import FEED, LINK, SESSION
from web.deps import WebDeps

CHANNEL = "web"
TOUCH_EVERY = timedelta(minutes=1)  # a session's last use is written at most this often


class LinkAnswer(StrEnum):
    SENT = "sent"  # the same answer for an address the directory does not list
    TOO_MANY = "too_many"


# who reads the yearly report on the ethics program: the council it is made to, the mayor's
# office, the city attorney (`web.public.yearly_report`)
REPORT_READERS = frozenset({Role.COUNCIL, Role.CITY_ATTORNEY}) | OFFICE
# who reads the retention queue (`web.retention`): whoever the step table gives a step of
# the case file's retention, as its rows say (the clerk requests, the records officer
# approves, the city attorney places and lifts a legal hold)
RETENTION_STEPS: tuple[StepRule, ...] = tuple(rows_of(retention_part))


def keeps_records(actor: Actor) -> bool:
    """Whether `actor` takes any step of the case file's retention (`RETENTION_STEPS`)."""
    return any(actor.has(rule.roles) for rule in RETENTION_STEPS)


@dataclass(frozen=True)
class Viewer:
    """A signed-in person as the directory knows them now."""

    person: Person
    actor: Actor
    csrf: str
    via: str

    @property
    def revokes(self) -> bool:
        """Whether they may end other people's sessions (`cases.access.may_revoke`)."""
        return may_revoke(self.actor)

    @property
    def reads_report(self) -> bool:
        """Whether the yearly report is theirs to read (`REPORT_READERS`)."""
        return self.actor.has(REPORT_READERS)

    @property
    def reviews_held(self) -> bool:
        """Whether they review the messages intake held (`cases.access.may_file_paper`)."""
        return may_file_paper(self.actor)

    @property
    def keeps_records(self) -> bool:
        """Whether they read the retention queue (`keeps_records`)."""
        return keeps_records(self.actor)


def log(session: Session, deps: WebDeps, who: str, number: str | None, action: str,
        allowed: bool) -> None:
    queries.log_access(session=session, at=deps.clock(), who=who[:320], number=number,
                       action=action[:80], channel=CHANNEL, allowed=allowed)


def log_alone(deps: WebDeps, who: str, number: str | None, action: str, allowed: bool) -> None:
    with deps.session_factory.begin() as session:
        log(session, deps, who, number, action, allowed)


def actor_of(deps: WebDeps, person: Person) -> Actor:
    return Actor(person.email, deps.directory.roles_of(person))


def request_link(deps: WebDeps, typed: str, client: str) -> LinkAnswer:
    """Mail a sign-in link to `typed` if the directory lists it; the same answer if not."""
    address = typed.strip().lower()[:320]
    cfg, now = deps.config, deps.clock()
    since = now - cfg.rate_window
    with deps.uow() as uow:
        s = uow.session
        web_tokens.forget_link_urls(session=s, now=now)
        # the address's quota is its own per client: a stranger elsewhere spends only theirs
        if (web_tokens.count_since(session=s, kind=LINK, since=since, email=address,
                                   client=client) >= cfg.links_per_address
                or web_tokens.count_since(session=s, kind=LINK, since=since, client=client)
                >= cfg.links_per_client):
            log(s, deps, f"web:{client}", None, "sign-in link refused: too many", False)
            uow.commit()
            return LinkAnswer.TOO_MANY
        person = deps.directory.by_email(address) if address else None
        secret = web_tokens.new_secret()
        url = cfg.url(f"/sign-in/link/{secret}")
        _, row = web_tokens.issue(session=s, kind=LINK, email=address, client=client, at=now,
                                  expires_at=now + cfg.link_ttl, secret=secret,
                                  data={"url": url} if person else {})
        if person is not None:
            uow.outbox.add_sign_in_link(link_id=row.id, recipient=person)
        log(s, deps, person.email if person else f"web:{client}", None,
            "sign-in link asked" if person else "sign-in link asked: not listed",
            person is not None)
        uow.commit()
    return LinkAnswer.SENT


def link_usable(deps: WebDeps, secret: str, client: str) -> bool:
    """Whether the link can still sign someone in (shown before it is used)."""
    with deps.session_factory.begin() as s:
        row = web_tokens.find(session=s, kind=LINK, secret=secret)
        ok = row is not None and _link_live(row.used_at, row.expires_at, deps.clock())
        ok = ok and row is not None and deps.directory.by_email(row.email) is not None
        if not ok:
            log(s, deps, row.email if row else f"web:{client}", None,
                "sign-in link refused: " + ("unknown" if row is None else "used or expired"),
                False)
    return ok


def use_link(deps: WebDeps, secret: str, client: str) -> str | None:
    """Spend the link and open a session: the session's secret, or None (refused, logged)."""
    now = deps.clock()
    with deps.session_factory.begin() as s:
        row = web_tokens.find(session=s, kind=LINK, secret=secret, lock=True)
        person = deps.directory.by_email(row.email) if row is not None else None
        if row is None or person is None or not _link_live(row.used_at, row.expires_at, now):
            why = ("unknown" if row is None else "not listed" if person is None
                   else "used or expired")
            log(s, deps, row.email if row else f"web:{client}", None,
                f"sign-in link refused: {why}", False)
            return None
        web_tokens.spend(row, at=now)
        opened = open_session(s, deps, person, client, via="link")
        log(s, deps, person.email, None, "signed in by link", True)
    return opened


def _link_live(used_at: datetime | None, expires_at: datetime | None, now: datetime) -> bool:
    return used_at is None and expires_at is not None and now < expires_at


def open_session(s: Session, deps: WebDeps, person: Person, client: str, *, via: str) -> str:
    now = deps.clock()
    secret, _ = web_tokens.issue(session=s, kind=SESSION, email=person.email, client=client,
                                 at=now, expires_at=now + deps.config.lifetime, via=via,
                                 data={"csrf": web_tokens.new_secret()})
    return secret


def viewer(deps: WebDeps, secret: str | None, client: str) -> Viewer | None:
    """The person a session cookie signs in, or None. A cookie that names no live session
    (forged, revoked, expired, idle too long, its person gone) is refused and logged."""
    if not secret:
        return None
    now = deps.clock()
    with deps.session_factory.begin() as s:
        row = web_tokens.find(session=s, kind=SESSION, secret=secret)
        person = deps.directory.by_email(row.email) if row is not None else None
        why = None
        if row is None:
            why = "unknown (forged or from another database)"
        elif row.revoked_at is not None:
            why = "revoked"
        elif row.expires_at is not None and now >= row.expires_at:
            why = "expired"
        elif now - (row.last_seen_at or row.created_at) >= deps.config.idle:
            why = "idle too long"
        elif person is None:
            why = "person no longer in the directory"
        if why is not None or row is None or person is None:
            log(s, deps, row.email if row else f"web:{client}", None, f"session refused: {why}",
                False)
            return None
        web_tokens.touch(row, at=now, every=TOUCH_EVERY)
        return Viewer(person, actor_of(deps, person), str(row.data.get("csrf", "")), row.via)


def sign_out(deps: WebDeps, secret: str) -> None:
    with deps.session_factory.begin() as s:
        row = web_tokens.find(session=s, kind=SESSION, secret=secret)
        if row is not None and web_tokens.end(row, at=deps.clock()):
            log(s, deps, row.email, None, "signed out", True)


@dataclass(frozen=True)
class Revoked:
    sessions: int
    feeds: int

    def __str__(self) -> str:
        return (f"{self.sessions} session(s) and {self.feeds} calendar address(es) ended")


def revoke_access(deps: WebDeps, email: str, *, by: str) -> Revoked:
    """End every session and calendar address of `email` at once (a lost laptop, a leaked
    feed, someone leaving): the clerk's page and `ethicsbot sessions revoke` both call
    this. Logged as `by`'s act, with how many of each ended."""
    address = email.strip().lower()[:320]
    now = deps.clock()
    with deps.session_factory.begin() as s:
        done = Revoked(web_tokens.revoke(session=s, email=address, kinds=(SESSION,), at=now),
                       web_tokens.revoke(session=s, email=address, kinds=(FEED,), at=now))
        log(s, deps, by, None, f"revoked {address[:40]}: {done.sessions} s, {done.feeds} f",
            True)
    return done
