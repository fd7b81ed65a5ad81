"""The composition root: the only place that builds the engine and its session factory,
the calendar, the directory, the clock, the SMTP (or .eml) transport, the Slack Web API
client, the Bolt app and the reminder scheduler, and hands each adapter the few of them
it uses (cosmicpython's bootstrap). It takes overrides (tests pass a fixed clock, an
engine, a directory) and nothing happens at import time.

Adapters (`mail/`, `bot/`, `web/`, `scheduler/`, `storage/`) never import this module:
each declares what it needs (an `IntakeContext`, `DispatchDeps`, `SlackDeps`, `WebDeps`, a
`Reminders` built from plain arguments) and `App` below makes them.

It stays one module over 400 lines for that reason: it is the one place that builds,
from the settings, what a process connects to and runs (above), so that is read in one
file (and no adapter imports it: `tests/unit/test_rooms.py`); cut in two, the second
half would be a second such place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine
from sqlalchemy.orm import sessionmaker

from cases.calendar import CityCalendar
from cases.directory import Directory
from ethicsbot.directory_file import city_calendar, load_directory
from ethicsbot.settings import Settings, SettingsError, load_settings
from storage.db import make_engine, make_read_engine, make_session_factory, snapshot_reader
from storage.migrate import is_current, upgrade

if TYPE_CHECKING:
    from aiohttp import web
    from apscheduler.schedulers.base import BaseScheduler
    from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler
    from slack_bolt.async_app import AsyncApp
    from slack_sdk.web.async_client import AsyncWebClient

    from bot.reminders import SlackReminders
    from bot.service import SlackDeps
    from cases.ports import Clock
    from ethicsbot.leadership import WorkerState
    from mail.context import Letterhead
    from mail.dispatch import DispatchDeps
    from mail.intake import IntakeContext
    from mail.listener import ImapTuning, IntakeMailbox
    from mail.parsing import ParseRules
    from mail.transport import Transport
    from scheduler.jobs import Reminders
    from scheduler.quorum import QuorumLooks
    from storage.lookups import DocketReader
    from storage.uow import SqlUnitOfWork
    from web.deps import WebDeps

__all__ = ["App", "bootstrap", "build_bolt", "build_messenger", "build_scheduler",
           "build_socket_mode", "build_transport", "build_web_app", "build_web_client",
           "current_postings", "docket_reader", "imap_tuning", "intake_mailbox", "parse_rules",
           "system_clock", "try_migrate"]


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass
class App:
    """What `bootstrap` built; its methods hand each adapter its part."""

    settings: Settings
    directory: Directory
    directory_is_example: bool
    calendar: CityCalendar
    engine: Engine
    session_factory: sessionmaker[Any]
    clock: Clock
    docket: DocketReader  # Slack's and the web's docket pages and case views
    read_session_factory: sessionmaker[Any] | None = None  # Slack lookups; default: the above
    migrated: bool = True  # False: the database was unreachable at start (database_wait)

    def close(self) -> None:
        """Close every pooled connection (the reader's too)."""
        if self.read_session_factory is not None:
            bind = self.read_session_factory.kw.get("bind")
            if isinstance(bind, Engine):
                bind.dispose()
        self.engine.dispose()

    def snapshot_session_factory(self) -> sessionmaker[Any]:
        """Sessions for a long read that writes nothing (`ethicsbot verify`): one
        snapshot, no write lock held meanwhile (`storage.db.snapshot_reader`)."""
        return make_session_factory(snapshot_reader(self.engine))

    @property
    def computed_under(self) -> str:
        """What this process computes deadlines under (`cases.services.calendar_in_force`;
        computed each time, as a test may change the calendar of a running App)."""
        from cases.services import calendar_in_force

        return calendar_in_force(self.calendar, self.directory.readings)

    def uow(self) -> SqlUnitOfWork:
        from storage.uow import SqlUnitOfWork

        return SqlUnitOfWork(self.session_factory, clock=self.clock,
                             msgid_domain=self.settings.msgid_domain,
                             computed_under=self.computed_under)

    def freshen(self, number: str) -> None:
        """Recompute case `number` first if the background recomputation has not reached
        it yet (`cases.services.freshen`): what is read shows the dates in force."""
        from cases.services import freshen

        with self.uow() as uow:
            if freshen(uow, number, directory=self.directory, calendar=self.calendar,
                       clock=self.clock):
                uow.commit()

    def parse_rules(self) -> ParseRules:
        return parse_rules(self.settings, self.directory, self.calendar)

    def intake(self) -> IntakeContext:
        from mail.intake import IntakeContext

        return IntakeContext(uow=self.uow, directory=self.directory, calendar=self.calendar,
                             clock=self.clock, rules=self.parse_rules(),
                             daily_cap=self.settings.intake_daily_cap,
                             slack_alerts=self.settings.uses_slack)

    def letterhead(self) -> Letterhead:
        from mail.context import Letterhead

        return Letterhead(city=self.directory.city, mail_from=self.settings.mail_from,
                          msgid_domain=self.settings.msgid_domain,
                          docket_url=self.settings.web_url or None,
                          slack=self.settings.uses_slack)

    def dispatch_deps(self) -> DispatchDeps:
        from mail.dispatch import DispatchDeps

        return DispatchDeps(uow=self.uow, session_factory=self.session_factory,
                            directory=self.directory, calendar=self.calendar,
                            clock=self.clock, letterhead=self.letterhead(),
                            undelivered_after=self.settings.undelivered_alert_after,
                            slack_alerts=self.settings.uses_slack,
                            mail_down_after=self.settings.mail_down_alert_after,
                            postings=self.settings.postings_dir,
                            # on PostgreSQL reads take no lock anyway, and a snapshot's
                            # isolation level would be set and reset at each checkout
                            reader=self.snapshot_session_factory()
                            if self.engine.dialect.name == "sqlite" else None)

    def slack_deps(self) -> SlackDeps:
        from bot.service import SlackDeps
        from storage.queries import risk_window

        return SlackDeps(uow=self.uow, session_factory=self.read_session_factory
                         or self.session_factory, docket=self.docket,
                         directory=self.directory, calendar=self.calendar, clock=self.clock,
                         at_risk=risk_window(self.settings.undelivered_alert_after))

    def web_deps(self) -> WebDeps:
        """The web docket's part: the database, the directory, and its settings."""
        from datetime import timedelta

        from mail.intake import HeldDecisions
        from storage.queries import risk_window
        from web.deps import OidcConfig, WebConfig, WebDeps

        s = self.settings
        oidc = OidcConfig(issuer=s.oidc_issuer, client_id=s.oidc_client_id,
                          client_secret=s.oidc_client_secret,
                          discovery_url=s.oidc_discovery_url or "", name=s.oidc_name,
                          email_verified_claim=s.oidc_email_verified_claim
                          ) if s.oidc_issuer and s.oidc_client_id and s.oidc_client_secret \
            else None
        config = WebConfig(base_url=s.web_base_url,
                           idle=timedelta(minutes=s.web_session_idle_minutes),
                           lifetime=timedelta(hours=s.web_session_hours),
                           trust_proxy=s.web_trust_proxy, oidc=oidc,
                           at_risk=risk_window(s.undelivered_alert_after))
        return WebDeps(uow=self.uow, session_factory=self.session_factory,
                       docket=self.docket, directory=self.directory,
                       calendar=self.calendar, clock=self.clock,
                       config=config, uid_domain=s.msgid_domain,
                       postings=lambda: current_postings(s.postings_dir, self.calendar),
                       postings_dir=s.postings_dir, held=HeldDecisions(self.intake()))

    def quorum_looks(self, scheduler: BaseScheduler) -> QuorumLooks:
        """The quorum look before each meeting, on `scheduler` (a test passes a paused one)."""
        from scheduler.quorum import QuorumLooks

        return QuorumLooks(uow=self.uow, session_factory=self.session_factory,
                           clock=self.clock, directory=self.directory, scheduler=scheduler)

    def reminders(self, scheduler: BaseScheduler) -> Reminders:
        """The reminder service on `scheduler` (a test passes a paused one)."""
        from scheduler.jobs import Reminders, ReminderSettings

        s = self.settings
        return Reminders(session_factory=self.session_factory, clock=self.clock,
                         calendar=self.calendar, directory=self.directory, scheduler=scheduler,
                         settings=ReminderSettings(msgid_domain=s.msgid_domain,
                                                   offsets=s.reminder_offset_list,
                                                   slack_dms=s.uses_slack))


def current_postings(folder: Path, calendar: CityCalendar) -> list[Any]:
    """The meetings' current postings, for the web's public page (`web.deps.Posting`)."""
    from cases.calendar import when
    from mail.postings import PostingFolder
    from web.deps import Posting

    if not folder.is_dir():
        return []
    entries = [e for e in PostingFolder(folder).entries() if e["current"]]
    minutes = {(e["case"], e["meeting"]): f"/postings/{e['name']}.html" for e in entries
               if e.get("kind") == "minutes"}
    return [Posting(e["title"], when(e["published_at"], calendar), f"/postings/{e['name']}.pdf",
                    meeting_at=datetime.fromisoformat(e["meeting_at"])
                    if e.get("meeting_at") else None,
                    body=e.get("body") or "", place=e.get("place") or "",
                    remote_link=e.get("remote_link"), open=bool(e.get("open")),
                    cancelled=bool(e.get("cancelled")),
                    minutes=minutes.get((e["case"], e["meeting"])))
            for e in entries if e.get("kind", "notice") == "notice"]


def parse_rules(settings: Settings, directory: Directory, calendar: CityCalendar
                ) -> ParseRules:
    """How intake reads mail under these settings (the CLI's `intake` reads the same way)."""
    from mail.parsing import ParseRules
    from mail.parsing.limits import LIMIT_FIELDS, MailLimits

    limits = MailLimits(**{name: getattr(settings, f"mail_{name}") for name in LIMIT_FIELDS})
    return ParseRules(directory, calendar.tz, (settings.msgid_domain,),
                      settings.trusted_authserv_id, limits)


def bootstrap(
    settings: Settings | None = None,
    *,
    clock: Clock = system_clock,
    engine: Engine | None = None,
    directory: Directory | None = None,
    migrate: bool = True,
    wait_for_database: bool = False,
) -> App:
    """`wait_for_database`: a long-running process's start, where a database that cannot
    be reached *now* is not an error: the App comes back unmigrated (`migrated` False) and
    `ethicsbot.database_wait` waits for it. A misconfigured one still raises."""
    settings = settings or load_settings()
    is_example = False
    if directory is None:
        directory, is_example = load_directory(settings.directory)
    migrated = True
    if engine is None:
        engine = _open(settings.database_url)
        if migrate:
            migrated = (try_migrate(engine) is None) if wait_for_database else _migrate(engine)
    from storage.lookups import FreshCases

    reader, sessions = make_read_engine(engine), make_session_factory(engine)
    app = App(settings=settings, directory=directory, directory_is_example=is_example,
              calendar=city_calendar(directory, settings.timezone), engine=engine,
              session_factory=sessions, clock=clock,
              docket=docket_reader(engine, sessions, connections=settings.docket_connections),
              read_session_factory=None if reader is engine else make_session_factory(reader),
              migrated=migrated)
    app.docket = FreshCases(app.docket, app.freshen)
    return app


def docket_reader(engine: Engine, sessions: sessionmaker[Any], *, connections: int
                  ) -> DocketReader:
    """On PostgreSQL the docket is read on asyncio connections of its own, so the event
    loop is not held during the round trip; on SQLite by the session, inline (see
    `storage.async_docket`)."""
    from storage.lookups import InlineDocket

    if engine.dialect.name == "postgresql":
        from storage.async_docket import PooledDocket

        return PooledDocket.of(engine, size=connections)
    return InlineDocket(sessions)


def _open(url: str) -> Engine:
    """The engine (no connection yet); `DatabaseUnavailable` (one line) for a URL that
    cannot work."""
    from ethicsbot.database_errors import explain

    try:
        return make_engine(url)
    except Exception as e:  # each driver fails its own way: explain() sorts them
        raise explain(url, e) from e


def _migrate(engine: Engine) -> bool:
    """Bring the schema to head; `DatabaseUnreachable` while the server cannot be reached,
    `DatabaseUnavailable` (one line) for what a person must fix."""
    from ethicsbot.database_errors import explain

    try:
        if not is_current(engine):  # one query; Alembic is loaded only to migrate
            upgrade(engine)
    except Exception as e:
        raise explain(engine.url.render_as_string(hide_password=False), e) from e
    return True


def try_migrate(engine: Engine) -> str | None:
    """`_migrate`, but when the database cannot be reached now, the reason (the driver's
    words, no URL) instead of raising; None once migrated."""
    from ethicsbot.database_errors import DatabaseUnreachable

    try:
        _migrate(engine)
    except DatabaseUnreachable as e:
        return e.reason
    return None


# -- the clients, apps and schedulers adapters are handed ---------------------------------

def build_transport(settings: Settings) -> Transport:
    """SMTP when a host is configured, else the .eml folder of the embedded defaults."""
    from mail.transport import KEEP_OPEN, FileTransport, SmtpTransport

    if settings.uses_smtp:
        assert settings.smtp_host is not None
        return SmtpTransport(settings.smtp_host, settings.smtp_port, tls=settings.smtp_tls,
                             user=settings.smtp_user, password=settings.smtp_password,
                             timeout=settings.smtp_command_timeout,
                             connect_timeout=settings.smtp_connect_timeout,
                             keep_open=KEEP_OPEN)
    return FileTransport(settings.outbox_dir)


def build_web_client(settings: Settings) -> AsyncWebClient:
    """The Slack Web API client, pointed at `ETHICSBOT_SLACK_API_URL` when set (tests)."""
    from slack_sdk.web.async_client import AsyncWebClient

    token, url = settings.slack_bot_token, settings.slack_api_url
    if not token:
        raise SettingsError("Slack is off: set ETHICSBOT_SLACK_BOT_TOKEN and "
                            "ETHICSBOT_SLACK_SIGNING_SECRET (see slack/manifest.yml).")
    if url:  # urljoin drops the last path segment of a base URL without a trailing slash
        return AsyncWebClient(token=token, base_url=url if url.endswith("/") else url + "/")
    return AsyncWebClient(token=token)


def build_bolt(app: App, *, client: AsyncWebClient | None = None,
               process_before_response: bool = True) -> AsyncApp:
    """The `/ethics` Bolt app with every surface registered (see `bot.app.register`).
    Without a signing secret request verification is off: only Socket Mode serves it."""
    from slack_bolt.async_app import AsyncApp

    from bot.app import register

    secret = app.settings.slack_signing_secret
    bolt = AsyncApp(client=client or build_web_client(app.settings), signing_secret=secret,
                    request_verification_enabled=secret is not None,
                    process_before_response=process_before_response, name="ethicsbot")
    return register(bolt, app.slack_deps())


def build_socket_mode(app: App, bolt: AsyncApp) -> AsyncSocketModeHandler | None:
    """The Socket Mode link, when an app-level token is set (call inside the event loop)."""
    from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

    token = app.settings.slack_app_token
    return AsyncSocketModeHandler(bolt, token) if token else None


def build_web_app(app: App, bolt: AsyncApp | None, *,
                  state: WorkerState | None = None) -> web.Application:
    """/healthz, /readyz, Slack's HTTP endpoint when there is a signing secret, and the
    web docket at /. `state`: the worker running in this process, if any, which /readyz
    describes too."""
    from bot.web import make_web_app
    from ethicsbot.readiness import Readiness
    from web.app import mount

    readiness = Readiness(app, lambda: build_transport(app.settings).reachable(), state)
    web_app = make_web_app(readiness, bolt,
                           signing_secret=app.settings.slack_signing_secret,
                           operator_token=app.settings.operator_token)

    async def close_docket(_: web.Application) -> None:  # its connections are this loop's
        await app.docket.close()

    web_app.on_cleanup.append(close_docket)
    return mount(web_app, app.web_deps())


def build_messenger(app: App, client: AsyncWebClient | None = None) -> SlackReminders | None:
    """Who delivers the reminders owed on Slack: None while Slack is off."""
    from bot.reminders import SlackReminders

    if not app.settings.uses_slack:
        return None
    return SlackReminders(client or build_web_client(app.settings), app.directory,
                          home=app.slack_deps())


def build_scheduler(app: App) -> BaseScheduler:
    """The reminders' APScheduler, in city time; started by `scheduler.jobs.run_reminders`
    inside the running loop. A new one for each run: a stopped one is not restarted."""
    from apscheduler.schedulers.asyncio import AsyncIOScheduler

    return AsyncIOScheduler(timezone=app.calendar.tz)


def intake_mailbox(settings: Settings) -> IntakeMailbox:
    """The intake mailbox from the settings; SettingsError when a part is missing."""
    from mail.listener import IntakeMailbox
    from mail.listener.imap_folder import Folders

    s = settings
    if not (s.imap_host and s.imap_user and s.imap_password):
        raise SettingsError("IMAP intake needs ETHICSBOT_IMAP_HOST, ETHICSBOT_IMAP_USER "
                            "and ETHICSBOT_IMAP_PASSWORD")
    return IntakeMailbox(host=s.imap_host, port=s.imap_port_effective, user=s.imap_user,
                       password=s.imap_password, ssl=s.imap_ssl, verify_tls=s.imap_verify_tls,
                       folders=Folders(s.imap_folder, s.imap_processed_folder,
                                       s.imap_quarantine_folder))


def imap_tuning(settings: Settings) -> ImapTuning:
    from mail.listener import ImapTuning

    return ImapTuning(poll_seconds=settings.imap_poll_seconds)
