"""`ethicsbot retention [--json]`: the review queue (RCW 40.14; docs/records.md): each
closed case file whose retention period (the directory's `retention:`) has ended, with
the schedule's category, the day it closed, the day its retention ended, what holds it
(a legal hold, a pending public records request) and who requested its destruction.
Nothing is destroyed here: the clerk requests (`ethicsbot step --as CLERK destroy
request CASE`), the records officer approves (`destroy approve CASE`). The reading is a
line of the access log."""

from __future__ import annotations

import json

import click

from ethicsbot.cli.access import log_access
from ethicsbot.cli.terminal import for_terminal


def register(group: click.Group) -> None:
    group.add_command(retention)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def retention(as_json: bool) -> None:
    """The closed case files due for review: retention ended, never destroyed by itself."""
    from cases.retention import NO_PERIOD, review
    from ethicsbot.bootstrap import bootstrap
    from storage.retention import closed_cases

    app = bootstrap()
    try:
        period = app.directory.retention
        today = app.calendar.local_date(app.clock())
        with app.session_factory.begin() as session:
            due = [r for case in closed_cases(session)
                   if (r := review(case, period, today, app.calendar)) is not None]
            log_access(app, None, "retention review", session=session)
    finally:
        app.close()
    if as_json:
        click.echo(json.dumps({
            "retention": None if period is None else {"category": period.category,
                                                      "years": period.years},
            "today": today.isoformat(), "due": [r.as_json() for r in due]}))
        return
    if period is None:
        click.echo(NO_PERIOD)
        return
    click.echo(f"retention: {period.years} years after closure ({period.category})")
    if not due:
        click.echo(f"no closed case file is due for review on {today.isoformat()}")
    for r in due:
        held = "; ".join(map(str, r.holds)) or "no hold"
        asked = (f"destruction requested by {r.requested_by}" if r.requested_by
                 else "destruction not requested")
        click.echo(for_terminal(f"{r.number}  closed {r.closed_on.isoformat()}  retention "
                                f"ended {r.ends.isoformat()}  {held}  {asked}"))
