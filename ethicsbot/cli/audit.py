"""`ethicsbot access-log --as EMAIL [--case N] [--since ISO] [--limit N] [--json]`: the
access log for an auditor (issue 27, docs/evidence.md): who looked at which case, when,
through what, allowed or not, and no case's content. `--as` names the reader as the
directory lists them: an auditor or the mayor's office (`cases.access.may_audit`); the
reading is itself a line of the log."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import click

from ethicsbot.cli.access import log_access
from ethicsbot.cli.terminal import CliError, for_terminal


def register(group: click.Group) -> None:
    group.add_command(access_log)


@click.command("access-log")
@click.option("--as", "as_email", required=True, metavar="EMAIL",
              help="Who reads it, as the directory lists them (an auditor, the clerk).")
@click.option("--case", "number", metavar="CASE", help="Only the lines of this case.")
@click.option("--since", metavar="ISO", help="Only the lines from this moment on (UTC "
              "unless it gives an offset).")
@click.option("--limit", default=1000, show_default=True, type=click.IntRange(1, 100_000),
              help="At most this many lines, the latest.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON list.")
def access_log(as_email: str, number: str | None, since: str | None, limit: int,
               as_json: bool) -> None:
    """Who looked at which case, when, through what, allowed or not (§6)."""
    from cases.access import NOT_AUDITOR, actor_for, may_audit
    from ethicsbot.bootstrap import bootstrap
    from storage import access_log as log

    moment = None
    if since is not None:
        try:
            moment = datetime.fromisoformat(since)
        except ValueError:
            raise CliError(f"--since: {since!r} is not an ISO date-time") from None
        moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    number = number.strip().upper() if number else None
    app = bootstrap()
    try:
        allowed = may_audit(actor_for(app.directory, as_email))
        action = f"access log as {as_email.strip().lower()}"[:80]
        if not allowed:
            log_access(app, number, f"{action} refused", allowed=False)
            raise CliError(NOT_AUDITOR)
        with app.session_factory.begin() as session:
            found = log.entries(session, number=number, since=moment, limit=limit)
            log_access(app, number, action, session=session)
    finally:
        app.close()
    if as_json:
        click.echo(json.dumps(found))
        return
    for e in found:
        click.echo(for_terminal(f"{e['at']}  {e['who']}  {e['channel']}  {e['case'] or '-'}  "
                                f"{e['action']}  {'allowed' if e['allowed'] else 'refused'}"))
