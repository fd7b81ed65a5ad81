"""`ethicsbot intake --json FILE.eml` (parse only) and `ethicsbot file FILE.eml` (open a case)."""

from __future__ import annotations

from pathlib import Path

import click

from cases import commands as c
from ethicsbot.cli.access import log_access, operator
from ethicsbot.cli.terminal import CliError, for_terminal, json_for_terminal


def register(group: click.Group) -> None:
    group.add_command(intake)
    group.add_command(file)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror or e}") from e


@click.command()
@click.argument("path", metavar="FILE.eml", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, default=True, help="Print JSON (the only format).")
def intake(path: Path, as_json: bool) -> None:
    """Parse a message as intake would, and print the filing. Opens no case."""
    from ethicsbot.bootstrap import parse_rules
    from ethicsbot.directory_file import city_calendar, load_directory
    from ethicsbot.settings import load_settings
    from mail.parsing import intake_json

    settings = load_settings()
    directory, _ = load_directory(settings.directory)
    rules = parse_rules(settings, directory, city_calendar(directory, settings.timezone))
    result = rules.parse(_read(path))
    click.echo(json_for_terminal(intake_json(result)))


@click.command()
@click.argument("path", metavar="FILE.eml", type=click.Path(path_type=Path), required=False)
@click.option("--received", help="When the city really received it (ISO; without an offset, "
              "city time). The statutory clocks run from this.")
@click.option("--quarantined", "held", type=int, metavar="N",
              help="Open the case from intake record #N, a message held in quarantine that "
              "is a complaint after all (its alert names N); nothing refuses it this time.")
@click.option("--withhold", "basis", type=click.Choice(["42.41", "42.56.240"]),
              help="Withhold the complainant's identity from the official and the council "
              "as the case opens, before its notices go (the city's reading "
              "complainant_protection must allow it): RCW 42.41.030 (a city employee's "
              "report) or RCW 42.56.240(2); with --summary and --as.")
@click.option("--summary", help="With --withhold: the summary the official and the council "
              "get instead of the complaint, naming no one who filed it.")
@click.option("--as", "as_email", metavar="EMAIL",
              help="With --withhold: the clerk recording it (the mayor's office).")
def file(path: Path | None, received: str | None, held: int | None, basis: str | None,
         summary: str | None, as_email: str | None) -> None:
    """Open a case from a message that arrived another way (paper scanned to mail, ...),
    or from one intake held for review (--quarantined N)."""
    from cases.access import Actor, check_step
    from cases.commands import WithholdComplainant
    from cases.protection import ProtectionBasis
    from ethicsbot.bootstrap import bootstrap
    from ethicsbot.cli.docket import parse_moment
    from mail.intake import Outcome, open_held, take_in

    if (path is None) == (held is None):
        raise CliError("give either FILE.eml or --quarantined N")
    if (basis is None) != (summary is None) or (basis is None) != (as_email is None):
        raise CliError("--withhold, --summary and --as go together: the basis, the summary "
                       "the official and the council get instead, and the clerk recording it")
    app = bootstrap()
    then = None
    if basis is not None and summary is not None and as_email is not None:
        person = app.directory.by_email(as_email)
        if person is None:
            raise CliError(f"{as_email!r} is not in the city's directory: give the email of "
                           "the clerk recording the protection.")
        check_step(Actor(person.email, app.directory.roles_of(person)),
                   c.WithholdComplainant.step)
        then = WithholdComplainant(ProtectionBasis(f"rcw-{basis}"), summary)
    received_at = parse_moment(received, app.calendar, "--received") if received else None
    if held is not None:
        result = open_held(held, app.intake(), actor=as_email or operator(),
                           received_at=received_at, then=then)
        log_access(app, result.case_number, f"open case from quarantined #{held} "
                   f"({result.outcome.value})")
        if result.outcome is not Outcome.OPENED:
            raise CliError(f"no case opened: {result.detail}")
        click.echo(result.case_number)
        return
    assert path is not None
    result = take_in(_read(path), app.intake(), source="cli", received_at=received_at,
                     then=None if then is None or as_email is None else (then, as_email))
    log_access(app, result.case_number, f"file complaint ({result.outcome.value})")
    if result.outcome is Outcome.OPENED:
        click.echo(result.case_number)
        if then is not None:
            click.echo(for_terminal(f"ethicsbot: {result.case_number}: the complainant is "
                                    "withheld from the official and the council; its §2 "
                                    "notices carry the summary"), err=True)
        return
    if result.outcome is Outcome.DUPLICATE and result.case_number:
        click.echo(result.case_number)
        click.echo(for_terminal(f"ethicsbot: {path} was {result.detail}; no new case"),
                   err=True)
        if then is not None:
            click.echo(for_terminal("ethicsbot: nothing was withheld: record it on that case "
                                    f"with `ethicsbot step --as {as_email} "
                                    f"withhold-complainant {result.case_number} {basis} "
                                    "SUMMARY`"), err=True)
        return
    what = {Outcome.CORRESPONDENCE: "filed as correspondence",
            Outcome.CALENDAR_REPLY: "an answer to a meeting's invitation, filed with its case",
            }.get(result.outcome, "kept in quarantine; the clerk is told")
    raise CliError(f"{path} opened no case: {result.detail} ({what})")
