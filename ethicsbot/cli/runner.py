"""`ethicsbot run`: the main job — worker and web endpoint in one process."""

from __future__ import annotations

import functools

import click


def register(group: click.Group) -> None:
    group.add_command(run)


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
def run(host: str) -> None:
    """Run everything in one process: intake, notices, reminders, Slack and health checks.

    With nothing configured it runs on embedded defaults (SQLite ./ethicsbot.db, intake
    from ./mailbox/, mail written to ./outbox/, Slack off) and says how to switch each part
    to the real thing.
    """
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.cli import web, worker
    from ethicsbot.logs import configure_logging
    from ethicsbot.processes import run_process, until_signalled

    app = bootstrap(wait_for_database=True)  # misconfigured: one line, exit 2
    worker.check_imap(app.settings)
    configure_logging(app.settings.log_level)
    if app.directory_is_example:
        click.echo(f"directory: the embedded example city ({app.directory.city}); copy "
                   f"city.example.yml to {app.settings.directory} and list your city's people")
    else:
        click.echo(f"directory: {app.settings.directory} ({app.directory.city})")
    for line in [*worker.describe(app.settings), *web.describe(app.settings)]:
        click.echo(line)
    worker.warn_at_start(app)
    click.echo("EthicsBot is running; Ctrl-C stops it (queued notices stay in the outbox).")
    until_signalled(functools.partial(run_process, app, host=host))
