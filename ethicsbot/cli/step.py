"""`ethicsbot step`: any procedural step at a terminal, in the words `/ethics` takes in
Slack (`bot.commands.steps.SPECS`), for the clerk or the city's IT person when Slack is
not at hand. The same checks as every surface (`cases.services.take_step_as`): the role
the table of steps gives the step, never one's own case, a body's act by motion at its
meeting. `--as` names the person taking it, as the directory lists them; the access log
also keeps the login name at the terminal."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    group.add_command(step)


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--as", "as_email", required=True, metavar="EMAIL",
              help="Who takes the step: their email in the city's directory.")
@click.argument("words", nargs=-1, required=True)
def step(as_email: str, words: tuple[str, ...]) -> None:
    """Take a step on a case: WORDS as after `/ethics` in Slack, e.g.

    ethicsbot step --as clerk@city.test continuance grant ETH-2026-0001 5 motion: unanimous

    `/ethics help` in Slack lists every step with an example."""
    from bot.access import Caller
    from bot.commands.args import Words
    from bot.commands.steps import find_spec
    from bot.service import case_number
    from cases.history import EventKind
    from cases.services import take_step_as
    from cases.text import words as said
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.cli.access import log_access, operator
    from ethicsbot.cli.terminal import CliError, for_terminal
    from storage.uow import SqlUnitOfWork

    app = bootstrap()
    person = app.directory.by_email(as_email)
    if person is None:
        raise CliError(f"{as_email!r} is not in the city's directory: give the email of the "
                       "person taking the step.")
    caller = Caller(f"cli:{operator()}", person, app.directory.roles_of(person))
    spec, rest = find_spec(list(words))
    if not rest:
        raise CliError(f"Give the case number: ethicsbot step --as EMAIL {spec.usage}")
    number = case_number(rest[0])
    run = spec.run(Words(rest[1:], spec.usage, caller, app.calendar, now=app.clock()),
                   app.directory)

    def log(uow: SqlUnitOfWork, case: str, action: str, allowed: bool) -> None:
        log_access(app, case, f"{action} as {person.email}", allowed=allowed,
                   session=uow.session)

    taken = take_step_as(app.uow, caller.actor, number, run.step, run.build,
                         directory=app.directory, calendar=app.calendar, clock=app.clock,
                         log=log)
    event = taken.event
    click.echo(for_terminal(f"{number}: {said(event.kind)}: recorded. `ethicsbot case "
                            f"{number}` shows the deadlines now."))
    for flag in taken.flags:
        click.echo(for_terminal(f"For the city attorney: {flag}"))
    if event.kind is EventKind.COMPLAINANT_WITHHELD:  # what had already gone, what to mail
        click.echo(for_terminal(str(event.data["note"])))
