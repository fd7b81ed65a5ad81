"""`ethicsbot report --year YYYY [--json]`: the yearly report to the council on the ethics
program (issue 41; `storage.annual`): counts only, no names. The reading is a line of
the access log."""

from __future__ import annotations

import json

import click

from ethicsbot.cli.access import log_access


def register(group: click.Group) -> None:
    group.add_command(report)


@click.command()
@click.option("--year", type=int, required=True, help="The calendar year, in city time.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def report(year: int, as_json: bool) -> None:
    """The yearly report to the council: complaints, outcomes, deadlines, records requests."""
    from ethicsbot.bootstrap import bootstrap
    from storage.annual import records_lines, yearly_report

    app = bootstrap()
    try:
        with app.session_factory.begin() as session:
            found = yearly_report(session=session, year=year, calendar=app.calendar,
                                  now=app.clock())
            log_access(app, None, f"yearly report {year}", session=session)
    finally:
        app.close()
    if as_json:
        click.echo(json.dumps(found))
        return
    click.echo(f"The ethics program in {year}: {found['received']} complaints received")
    for k, v in found["outcomes"].items():
        click.echo(f"  {k}: {v}")
    for k, v in found["council_actions"].items():
        click.echo(f"  {k}: {v}")
    click.echo("Deadlines (met / late / missed / pending):")
    for k, v in found["deadlines"].items():
        click.echo(f"  {k}: {v['met']} / {v['late']} / {v['missed']} / {v['pending']}")
    click.echo("Deadlines late or missed, by who answers for them (deadlines / late / missed):")
    for role, v in found["deadlines_by_role"].items():
        click.echo(f"  {role}: {v['deadlines']} / {v['late']} / {v['missed']}")
    click.echo("Median days from receipt to each step (complaints reaching it):")
    for step, v in found["days_to_step"].items():
        m = v["median"]
        click.echo(f"  {step}: {m if m is not None else '—'} ({v['cases']})")
    m = found["median_days_to_closure"]
    click.echo(f"Median days from receipt to closure: {m if m is not None else '—'} "
               f"({found['closed']} closed)")
    click.echo(f"Public records requests received in {year}:")
    for label, value in records_lines(found["records_requests"]):
        click.echo(f"  {label}: {value}")
