"""`ethicsbot web`: the Slack endpoint and the health checks, on `PORT`."""

from __future__ import annotations

import functools

import click


def register(group: click.Group) -> None:
    group.add_command(web)


def describe(settings: object) -> list[str]:
    """What `web` serves with these settings, and how to turn Slack on when it is off."""
    from ethicsbot.settings import Settings

    assert isinstance(settings, Settings)
    lines = [f"serving on port {settings.port}: GET /healthz (alive), GET /readyz "
             "(database migrated; IMAP and SMTP reachable when configured)"]
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
    """Serve Slack's /ethics at /slack/events, plus /healthz and /readyz, on PORT."""
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.logs import configure_logging
    from ethicsbot.processes import until_signalled, web_process

    app = bootstrap(migrate=False)  # the process migrates, waiting for the database
    configure_logging(app.settings.log_level)
    for line in describe(app.settings):
        click.echo(line)
    until_signalled(functools.partial(web_process, app, host=host))
