"""What the web docket is handed by the composition root, and nothing more."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from sqlalchemy.orm import sessionmaker

from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.ports import Clock
from storage.lookups import DocketReader
from storage.queries import RiskWindow, risk_window
from storage.uow import UowFactory

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})


@dataclass(frozen=True)
class Posting:
    """A meeting's current posting as the public page lists it: the meeting as posted
    (when, which body, where, open to the public or an executive session) and the
    posting's files. `meeting_at` None: a posting published before its record kept the
    meeting (its files say it all)."""

    title: str
    published_at: str
    href: str  # the printable PDF; the web page beside it ends in .html
    meeting_at: datetime | None = None
    body: str = ""
    place: str = ""
    remote_link: str | None = None
    open: bool = False
    cancelled: bool = False
    minutes: str | None = None  # the meeting's approved minutes, once posted (RCW 42.30.035)


@dataclass(frozen=True)
class OidcConfig:
    """The city's OpenID Connect provider (Microsoft Entra ID, Google Workspace), as the
    settings name it; `web.oidc` runs the sign-in with it."""

    issuer: str  # exactly as the provider's discovery document and ID tokens say it
    client_id: str
    client_secret: str
    discovery_url: str = ""  # empty: ISSUER/.well-known/openid-configuration
    name: str = "your city account"  # the button reads "Sign in with <name>"
    email_verified_claim: str = "email_verified"  # Entra ID says it as xms_edov
    round_trip: timedelta = timedelta(minutes=10)  # from the button to the way back
    timeout: float = 10.0  # seconds for each call to the provider

    @property
    def discovery(self) -> str:
        return self.discovery_url or (self.issuer.rstrip("/")
                                      + "/.well-known/openid-configuration")


@dataclass(frozen=True)
class WebConfig:
    base_url: str  # where people reach the docket: the sign-in links and feeds point here
    idle: timedelta = timedelta(minutes=30)  # a session unused this long ends
    lifetime: timedelta = timedelta(hours=12)  # and every session ends this long after sign-in
    link_ttl: timedelta = timedelta(minutes=15)
    links_per_address: int = 3  # per `rate_window`, known address or not
    links_per_client: int = 10
    rate_window: timedelta = timedelta(minutes=15)
    trust_proxy: bool = False  # the client address from X-Forwarded-For (behind a proxy)
    oidc: OidcConfig | None = None  # sign-in through the city's provider, when configured
    # when a case's statutory notices are at risk (the docket's "at-risk" view): the
    # at-risk sweep's thresholds, with the city's ETHICSBOT_UNDELIVERED_ALERT_MINUTES
    at_risk: RiskWindow = field(default_factory=risk_window)

    @property
    def secure(self) -> bool:
        """Cookies are Secure (and HSTS sent) everywhere but on loopback over plain HTTP."""
        parts = urlsplit(self.base_url)
        return not (parts.scheme == "http" and (parts.hostname or "") in LOOPBACK)

    @property
    def origin(self) -> str:
        parts = urlsplit(self.base_url)
        return f"{parts.scheme}://{parts.netloc}"

    def url(self, path: str) -> str:
        return self.base_url.rstrip("/") + path


class HeldReview(Protocol):
    """What a clerk decides on a message intake held (`mail.intake`): a complaint after
    all (a case is opened from it), or not one (it is kept, marked). Each answers the
    case number opened, if any, and a sentence for the clerk."""

    def open(self, filing_id: int, actor: str) -> tuple[str | None, str]: ...

    def dismiss(self, filing_id: int, actor: str) -> tuple[str | None, str]: ...


@dataclass(frozen=True)
class WebDeps:
    uow: UowFactory  # steps, and the sign-in links the outbox mails
    session_factory: sessionmaker[Any]  # lookups, sessions and the access log
    docket: DocketReader  # the docket's pages and the case views
    directory: Directory  # who is signed in, and their roles
    calendar: CityCalendar
    clock: Clock
    config: WebConfig
    uid_domain: str  # the domain of the invites' UIDs, which the feeds repeat
    postings: Callable[[], list[Posting]] = field(default=lambda: [])
    postings_dir: Path | None = None  # where the postings' files are (served at /postings/)
    held: HeldReview | None = None  # the clerk's decisions on messages intake held
