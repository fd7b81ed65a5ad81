"""One typed Settings object, read from the environment (prefix ETHICSBOT_) and `.env`.

With nothing set, EthicsBot runs on embedded defaults (README): a SQLite file, the
Maildir ./mailbox/ for intake, .eml files under ./outbox/ for outgoing mail, Slack off.
A malformed value fails at start with a message naming the variable.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from cases.text import whole_number
from mail.transport import SmtpTls, default_smtp_port

__all__ = ["Settings", "SettingsError", "SmtpTls", "load_settings", "parse_offsets"]


def parse_offsets(text: str) -> tuple[timedelta, ...]:
    """'3d,1d,4h' -> (3 days, 1 day, 4 hours): how long before a deadline to remind."""
    out = []
    for part in (p.strip().lower() for p in text.split(",") if p.strip()):
        number, unit = part[:-1], part[-1:]
        if unit not in ("d", "h") or not whole_number(number, 4):
            raise ValueError(f"{part!r} is not an offset like 3d or 4h")
        out.append(timedelta(days=int(number)) if unit == "d" else
                   timedelta(hours=int(number)))
    if not out:
        raise ValueError("give at least one offset, e.g. 3d,1d,4h")
    return tuple(out)


class SettingsError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="ETHICSBOT_", env_file=".env", extra="ignore", validate_default=True
    )

    database_url: str = "sqlite:///ethicsbot.db"
    # PostgreSQL: connections each web process holds for reading the docket on its
    # event loop (storage.async_docket), beside its engines' pools
    docket_connections: int = Field(default=8, ge=1, le=100)
    directory: Path = Path("city.yml")
    timezone: str | None = None  # default: the directory's, else America/Los_Angeles

    imap_host: str | None = None
    imap_port: int | None = None
    imap_user: str | None = None
    imap_password: str | None = None
    imap_folder: str = "INBOX"
    imap_ssl: bool = True
    imap_verify_tls: bool = True  # false only for a test server's self-signed certificate
    imap_processed_folder: str = "Processed"  # where a message goes once its case is stored
    imap_quarantine_folder: str = "Quarantine"  # refused mail, kept for the clerk
    imap_poll_seconds: float = Field(default=30.0, gt=0)  # for servers without IDLE
    # when set, a forwarder's mail must pass DMARC (or DKIM) per the Authentication-Results
    # header this server (its authserv-id, e.g. mx.city.example) added
    trusted_authserv_id: str | None = None
    intake_daily_cap: int = Field(default=40, gt=0)  # per forwarder; more is held as a loop
    maildir: Path = Path("mailbox")  # embedded intake when no IMAP host is set
    # How much work one message may cost (mail.parsing.limits.MailLimits, same defaults);
    # a message past one is quarantined unread with the limit named, the clerk told.
    mail_max_bytes: int = Field(default=50 * 2**20, gt=0)
    mail_max_header_bytes: int = Field(default=256 * 2**10, gt=0)
    mail_max_header_chars: int = Field(default=8_000, gt=0)
    mail_max_parts: int = Field(default=200, gt=0)
    mail_max_depth: int = Field(default=20, gt=0, le=100)  # scanned by recursion
    mail_max_text_bytes: int = Field(default=2**20, gt=0)
    mail_max_pdfs: int = Field(default=20, ge=0)
    mail_max_pdf_bytes: int = Field(default=15 * 2**20, gt=0)
    mail_max_pdf_pages: int = Field(default=100, gt=0)
    mail_max_pdf_stream_bytes: int = Field(default=4 * 2**20, gt=0)
    mail_max_pdf_text_seconds: float = Field(default=0.3, gt=0)
    mail_max_pdf_seconds: float = Field(default=10.0, gt=0)
    mail_max_pdf_memory_bytes: int = Field(default=512 * 2**20, ge=128 * 2**20)

    smtp_host: str | None = None
    smtp_port: int | None = None
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_tls: SmtpTls = SmtpTls.STARTTLS
    # seconds: for the TCP connection and then for the server's 220 greeting (each; a
    # server that accepts and says nothing is as good as down), and for each command
    # after it (EHLO, STARTTLS, AUTH, MAIL, RCPT, DATA): a hung server delays a round of
    # the outbox by at most one of them, never for good (mail.transport)
    smtp_connect_timeout: float = Field(default=10.0, gt=0, le=300)
    smtp_command_timeout: float = Field(default=30.0, gt=0, le=600)
    outbox_dir: Path = Path("outbox")  # embedded delivery when no SMTP host is set
    # meetings' postings (HTML and PDF) for the city's website and the meeting place
    postings_dir: Path = Path("postings")
    mail_from: str = "ethics-intake@city.test"
    # a statutory notice still undelivered this long (minutes) is overdue: the clerk is
    # alerted on every channel they have, and /readyz and `ethicsbot status` count it
    undelivered_alert_minutes: float = Field(default=15.0, gt=0)
    # outgoing mail failing this long (minutes; no server, or a refused session): the
    # clerk is told by Slack, the web docket's banner and `ethicsbot status` (mail.mail_down)
    mail_down_alert_minutes: float = Field(default=15.0, gt=0)

    slack_bot_token: str | None = None
    slack_signing_secret: str | None = None
    slack_app_token: str | None = None
    slack_api_url: str | None = None
    # what /readyz tells beyond ready or not (its figures) to a caller who is not on this
    # machine: `Authorization: Bearer <this>` (none set: the figures only on loopback)
    operator_token: str | None = None

    # when reminders go out before a deadline: days (d) or hours (h), comma separated
    reminder_offsets: str = "3d,1d,4h"

    # the web docket: where people reach it (sign-in links and calendar feeds point here;
    # default http://127.0.0.1:PORT) and how long a session lasts
    web_url: str | None = None
    web_session_idle_minutes: int = Field(default=30, gt=0)
    web_session_hours: int = Field(default=12, gt=0)
    web_trust_proxy: bool = False  # behind a proxy that appends X-Forwarded-For

    # sign-in through the city's OpenID Connect provider (Microsoft Entra ID, Google
    # Workspace), beside the mailed link: the issuer, the client id and its secret together
    oidc_issuer: str | None = None  # e.g. https://login.microsoftonline.com/TENANT-ID/v2.0
    oidc_discovery_url: str | None = None  # default: ISSUER/.well-known/openid-configuration
    oidc_client_id: str | None = None
    oidc_client_secret: str | None = None
    oidc_name: str = "your city account"  # the button reads "Sign in with <name>"
    oidc_email_verified_claim: str = "email_verified"  # Entra ID: xms_edov

    port: int = Field(default=3000, validation_alias="PORT")
    log_level: str = "INFO"

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, v: str | None) -> str | None:
        if v is not None:
            try:
                ZoneInfo(v)
            except (ZoneInfoNotFoundError, ValueError) as e:
                raise ValueError(f"unknown time zone {v!r} (use e.g. America/Los_Angeles)") from e
        return v

    @field_validator("web_url")
    @classmethod
    def _web_url(cls, v: str | None) -> str | None:
        if v is not None and not (v.startswith("https://") or v.startswith("http://")):
            raise ValueError(f"{v!r} is not a URL like https://ethics.city.example")
        return v.rstrip("/") if v else v

    @field_validator("oidc_issuer", "oidc_discovery_url")
    @classmethod
    def _oidc_url(cls, v: str | None) -> str | None:
        if v is None or not v.strip():
            return None
        parts = urlsplit(v.strip())
        loopback = parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost", "::1")
        if not (parts.scheme == "https" or loopback) or not parts.hostname:
            raise ValueError(f"{v!r} is not an https URL like "
                             "https://login.microsoftonline.com/TENANT-ID/v2.0")
        return v.strip()

    @model_validator(mode="after")
    def _oidc_complete(self) -> Settings:
        given = {"ETHICSBOT_OIDC_ISSUER": self.oidc_issuer,
                 "ETHICSBOT_OIDC_CLIENT_ID": self.oidc_client_id,
                 "ETHICSBOT_OIDC_CLIENT_SECRET": self.oidc_client_secret}
        missing = [k for k, v in given.items() if not v]
        if len(missing) not in (0, len(given)):
            raise ValueError(f"sign-in through the city's provider needs "
                             f"{', '.join(given)} together; {', '.join(missing)} is not set")
        return self

    @property
    def uses_oidc(self) -> bool:
        return bool(self.oidc_issuer and self.oidc_client_id and self.oidc_client_secret)

    @property
    def web_base_url(self) -> str:
        return self.web_url or f"http://127.0.0.1:{self.port}"

    @property
    def msgid_domain(self) -> str:
        """Our Message-IDs end in @ethicsbot.<mail domain>, so our own mail is recognised."""
        return "ethicsbot." + self.mail_from.rpartition("@")[2].strip().lower()

    @field_validator("reminder_offsets")
    @classmethod
    def _offsets(cls, v: str) -> str:
        parse_offsets(v)
        return v

    @property
    def reminder_offset_list(self) -> tuple[timedelta, ...]:
        return parse_offsets(self.reminder_offsets)

    @property
    def undelivered_alert_after(self) -> timedelta:
        return timedelta(minutes=self.undelivered_alert_minutes)

    @property
    def mail_down_alert_after(self) -> timedelta:
        return timedelta(minutes=self.mail_down_alert_minutes)

    @property
    def imap_port_effective(self) -> int:
        return self.imap_port or (993 if self.imap_ssl else 143)

    @property
    def smtp_port_effective(self) -> int:
        return self.smtp_port or default_smtp_port(self.smtp_tls)

    @property
    def uses_imap(self) -> bool:
        return bool(self.imap_host)

    @property
    def uses_smtp(self) -> bool:
        return bool(self.smtp_host)

    @property
    def uses_slack(self) -> bool:
        """Slack is on: a bot token, served over HTTP (a signing secret) or Socket Mode (an
        app-level token). Either way reminders go out as DMs; a DM needs only the token."""
        return bool(self.slack_bot_token and (self.slack_signing_secret
                                              or self.slack_app_token))


def load_settings(**overrides: object) -> Settings:
    """Read the settings, turning validation errors into one readable message."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as e:
        problems = "; ".join(
            (f"ETHICSBOT_{'.'.join(str(p) for p in err['loc']).upper()}: " if err["loc"]
             else "") + err["msg"]
            for err in e.errors()
        )
        raise SettingsError(f"EthicsBot settings are not valid: {problems}") from e
