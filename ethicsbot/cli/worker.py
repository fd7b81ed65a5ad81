"""`ethicsbot worker`: mail intake and the background services, until SIGINT/SIGTERM."""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING

import click

from ethicsbot.cli.terminal import CliError

if TYPE_CHECKING:
    from ethicsbot.bootstrap import App
    from ethicsbot.settings import Settings

log = logging.getLogger(__name__)


def register(group: click.Group) -> None:
    group.add_command(worker)


def check_imap(settings: Settings) -> None:
    if settings.uses_imap and not (settings.imap_user and settings.imap_password):
        raise CliError("ETHICSBOT_IMAP_HOST is set but ETHICSBOT_IMAP_USER or "
                       "ETHICSBOT_IMAP_PASSWORD is not: set both to read the mailbox")


def describe(settings: Settings) -> list[str]:
    """What `worker` uses with these settings, and how to switch to the real thing."""
    if settings.uses_imap:
        where = f"{settings.imap_user}@{settings.imap_host}:{settings.imap_port_effective}"
        lines = [f"intake: IMAP {where} "
                 f"({'TLS' if settings.imap_ssl else 'plain, no TLS'}), folder "
                 f"{settings.imap_folder}; taken-in mail goes to "
                 f"{settings.imap_processed_folder}, refused mail to "
                 f"{settings.imap_quarantine_folder}"]
    else:
        lines = [f"intake: the Maildir {settings.maildir.resolve()}/new/ (embedded default). "
                 "To read the city's mailbox instead, set ETHICSBOT_IMAP_HOST, "
                 "ETHICSBOT_IMAP_USER and ETHICSBOT_IMAP_PASSWORD (and ETHICSBOT_IMAP_FOLDER "
                 "if not INBOX)."]
    database = settings.database_url
    if database.startswith("sqlite"):
        lines.append(f"database: {database} (embedded default). For production set "
                     "ETHICSBOT_DATABASE_URL=postgresql://user:password@host/dbname.")
    else:
        lines.append(f"database: {_hide_password(database)}")
    if settings.uses_smtp:
        lines.append(f"outgoing mail: SMTP {settings.smtp_host} ({settings.smtp_tls.value})")
    else:
        lines.append(f"outgoing mail: .eml files under {settings.outbox_dir.resolve()}/ "
                     "(embedded default). To send by SMTP, set ETHICSBOT_SMTP_HOST (and "
                     "ETHICSBOT_SMTP_PORT, _USER, _PASSWORD, _TLS as needed).")
    lines.append(f"meeting postings: {settings.postings_dir.resolve()}/ (publish that folder "
                 "on the city's website; ETHICSBOT_POSTINGS_DIR moves it)")
    return lines


def warn_at_start(app: App) -> None:
    """One warning line at start for each thing the city's IT person should fix before it
    matters: while anyone may forge a forwarder (ethicsbot.forwarders), and for each
    examiner the rotation skips because the city's file does not show them qualified
    (§11: `cases.directory.Directory.examiner_unqualified`)."""
    from ethicsbot.forwarders import UNCHECKED, forwarders_checked_by

    if forwarders_checked_by(app) is None:
        log.warning(UNCHECKED)
    for why in app.directory.examiners_unqualified().values():
        log.warning("examiner skipped by the rotation: %s", why)


def _hide_password(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # an unparsable URL fails later, with its own message
        return url.split("@")[-1]


@click.command()
def worker() -> None:
    """Take complaints in (IMAP, or the Maildir ./mailbox/) and run the background
    services, until stopped with Ctrl-C or SIGTERM."""
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.logs import configure_logging
    from ethicsbot.processes import until_signalled, worker_process

    app = bootstrap(wait_for_database=True)  # misconfigured: one line, exit 2
    check_imap(app.settings)
    configure_logging(app.settings.log_level)
    for line in describe(app.settings):
        click.echo(line)
    warn_at_start(app)
    until_signalled(functools.partial(worker_process, app))
