"""`ethicsbot notices ID` (the proof of notice, JSON or CSV) and `ethicsbot resend`."""

from __future__ import annotations

import click

from ethicsbot.cli.access import log_access, refusal_logged
from ethicsbot.cli.terminal import CliError, for_terminal


def register(group: click.Group) -> None:
    group.add_command(notices)
    group.add_command(resend)


@click.command()
@click.argument("number")
@click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json",
              show_default=True, help="JSON per notice, or CSV with one line per attempt.")
def notices(number: str, fmt: str) -> None:
    """Every notice owed on a case and each delivery attempt: time, recipient,
    Message-ID and the mail server's reply."""
    from ethicsbot.bootstrap import bootstrap
    from notices.proof import export_notice_log

    app, number = bootstrap(), number.strip().upper()
    with refusal_logged(app, number, "notice log"):  # §6: every look at a case is logged
        text = export_notice_log(app.uow, number, fmt)
    log_access(app, number, "notice log")
    click.echo(for_terminal(text), nl=False)


@click.command()
@click.argument("number")
@click.argument("notice_type")
@click.argument("recipient")
def resend(number: str, notice_type: str, recipient: str) -> None:
    """Send a notice again on purpose (a new generation, a new Message-ID)."""
    from ethicsbot.bootstrap import bootstrap
    from notices.proof import resend as owe_again

    if "@" not in recipient:
        raise CliError(f"{recipient!r} is not an email address")
    app, number, action = bootstrap(), number.strip().upper(), f"resend {notice_type}"
    with refusal_logged(app, number, action):
        generation = owe_again(app.uow, number, notice_type, recipient)
    log_access(app, number, action)
    click.echo(f"{notice_type} to {recipient} owed again (generation {generation}); "
               "the dispatcher sends it")
