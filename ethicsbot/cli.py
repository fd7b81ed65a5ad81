"""`ethicsbot`: the command line (DESIGN.md contract). Commands stay thin: they parse
arguments, call the composition root and the service layer, and print.

Every expected failure (bad arguments, a refused step, a malformed settings value) ends
with one readable line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import sys

import click

from cases.errors import ProcedureError
from ethicsbot.directory_file import DirectoryError
from ethicsbot.leadership import AnotherWorkerIsRunning
from ethicsbot.settings import SettingsError


class CliError(Exception):
    """A one-line reason to stop; exit status 2."""


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """EthicsBot keeps a city's ethics-complaint docket (see README.md)."""


def _register() -> None:
    from ethicsbot import (
        cli_demo,
        cli_docket,
        cli_intake,
        cli_notices,
        cli_run,
        cli_status,
        cli_web,
        cli_worker,
    )

    for module in (cli_demo, cli_docket, cli_intake, cli_notices, cli_run, cli_status, cli_web,
                   cli_worker):
        module.register(cli)


def main(argv: list[str] | None = None) -> int:
    _register()
    try:
        # a command's own exit status (click.exceptions.Exit) comes back as the result
        code = cli.main(args=argv, prog_name="ethicsbot", standalone_mode=False)
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.exceptions.Abort:
        print("ethicsbot: aborted", file=sys.stderr)
        return 130
    except click.ClickException as e:
        print(f"ethicsbot: {e.format_message()}", file=sys.stderr)
        return 2
    except (CliError, ProcedureError, SettingsError, DirectoryError,
            AnotherWorkerIsRunning) as e:
        print(f"ethicsbot: {e}", file=sys.stderr)
        return 2
    return code if isinstance(code, int) else 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
