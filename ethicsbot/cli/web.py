"""`ethicsbot web`: the web docket, the Slack endpoint and the health checks, on `PORT`;
`ethicsbot sessions revoke EMAIL`."""

from __future__ import annotations

import functools

import click


def register(group: click.Group) -> None:
    group.add_command(web)
    group.add_command(sessions)


@click.group()
def sessions() -> None:
    """The web docket's sign-in sessions."""


@sessions.command("revoke")
@click.argument("email")
def revoke(email: str) -> None:
    """End every web session and calendar address of EMAIL at once (a lost laptop, a
    leaked feed, someone leaving), as the clerk's Sessions page does."""
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.cli.access import operator
    from web.auth import revoke_access

    app = bootstrap()
    ended = revoke_access(app.web_deps(), email, by=operator())
    click.echo(f"{ended} for {email}: they must sign in again and make a new calendar "
               "address.")


def describe(settings: object) -> list[str]:
    """What `web` serves with these settings, and how to turn Slack on when it is off."""
    from ethicsbot.settings import Settings

    assert isinstance(settings, Settings)
    lines = [f"serving on port {settings.port}: GET /healthz (alive), GET /readyz "
             "(database migrated; IMAP reachable and SMTP greeting, when configured)",
             f"web docket: {settings.web_base_url}/ (sign in with your directory address)"]
    if not settings.uses_smtp:
        lines.append(f"sign-in links are mailed like every notice: without SMTP each is "
                     f"written as an .eml file under {settings.outbox_dir}/ (open the newest "
                     "sign-in-….eml); set ETHICSBOT_WEB_URL to the address people use")
    if settings.slack_bot_token and settings.slack_signing_secret:
        lines.append("Slack: POST /slack/events (the /ethics command, buttons, App Home)")
    if settings.slack_bot_token and settings.slack_app_token:
        lines.append("Slack: Socket Mode connected with ETHICSBOT_SLACK_APP_TOKEN")
    if not settings.slack_bot_token or not (settings.slack_signing_secret
                                            or settings.slack_app_token):
        lines.append("Slack is off. To turn it on, create the app from slack/manifest.yml and "
                     "set ETHICSBOT_SLACK_BOT_TOKEN (xoxb-...) with "
                     "ETHICSBOT_SLACK_SIGNING_SECRET for HTTP, or ETHICSBOT_SLACK_APP_TOKEN "
                     "(xapp-...) for Socket Mode.")
    return lines


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
def web(host: str) -> None:
    """Serve the web docket at /, Slack's /ethics at /slack/events, /healthz and /readyz,
    on PORT."""
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.logs import configure_logging
    from ethicsbot.processes import until_signalled, web_process

    app = bootstrap(wait_for_database=True)  # misconfigured: one line, exit 2
    configure_logging(app.settings.log_level)
    for line in describe(app.settings):
        click.echo(line)
    until_signalled(functools.partial(web_process, app, host=host))
