"""`ethicsbot verify [CASE] [--head] [--against COUNT:HASH]`: recompute the hash chains of
the history (issue 27, docs/evidence.md) and name the first entry of each that does not
match. Exit 0 when everything verifies, 1 when something does not, 2 on an error."""

from __future__ import annotations

import json

import click

from ethicsbot.cli.access import log_access
from ethicsbot.cli.terminal import CliError, for_terminal


def register(group: click.Group) -> None:
    group.add_command(verify)


@click.command()
@click.argument("number", required=False)
@click.option("--head", "show_head", is_flag=True,
              help="Print the docket chain's head (COUNT:HASH) and nothing else: keep it "
                   "off this machine.")
@click.option("--against", metavar="COUNT:HASH",
              help="Also check that the chain still holds this head, one kept earlier.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def verify(number: str | None, show_head: bool, against: str | None, as_json: bool) -> None:
    """Recompute every case's history chain and the docket chain (or CASE's alone) and
    name the first entry of each that does not match. Exit 1 if any does not."""
    from cases.chain import Head
    from ethicsbot.bootstrap import bootstrap
    from storage import chain

    kept = None
    if against is not None:
        try:
            kept = Head.parse(against)
        except ValueError as e:
            raise CliError(str(e)) from None
    number = number.strip().upper() if number else None
    app = bootstrap()
    try:
        with app.session_factory.begin() as session:
            if show_head:
                head = chain.docket_head(session)
                log_access(app, None, "verify head", session=session)
                click.echo(str(head))
                return
            report = chain.verify(session, number)
            if kept is not None and (gone := chain.contains(session, kept)) is not None:
                report.breaks.insert(0, gone)
            found = number is None or report.cases or report.breaks
            log_access(app, number, "verify", allowed=bool(found), session=session)
    finally:
        app.close()
    if not found:
        raise CliError(f"there is no case {number}, and the docket chain names none")
    if as_json:
        click.echo(json.dumps({
            "verified": report.verified, "cases": report.cases, "entries": report.entries,
            "docket_head": str(report.docket),
            "breaks": [{"case": b.case, "seq": b.seq, "what": b.what} for b in report.breaks]}))
    else:
        for b in report.breaks:
            click.echo(for_terminal(str(b)))
        what = (f"{report.cases} case(s), {report.entries} entries; docket chain head "
                f"{report.docket}")
        click.echo(f"verified: {what}" if report.verified
                   else f"NOT VERIFIED: {len(report.breaks)} break(s); {what}")
    if not report.verified:
        raise click.exceptions.Exit(1)
