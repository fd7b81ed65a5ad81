"""`ethicsbot`: the command line (README, "Commands"). Commands stay thin: they parse
arguments, call the composition root and the service layer, and print.

Every expected failure (bad arguments, a refused step, a malformed settings value) ends
with one readable line on stderr and a non-zero exit, never a traceback.

What a command prints may quote a stranger (a sender's name, a complaint): it goes out
through `for_terminal` (or `json_for_terminal`), so escape sequences and bidirectional
controls are shown as marks and cannot clear the screen, retitle the window or reorder
the words.

A command imports what it uses, inside its function (`ethicsbot status` needs no mail
parser, `deadlines` no database driver): this module imports none of them either. The
errors that end in one line are named by module and class and looked up among the
modules already loaded, since an exception of a module never imported cannot have been
raised (bench/cli_start.py measures what each command imports).
"""

from __future__ import annotations

import sys

import click

from ethicsbot.cli.terminal import for_terminal


def _one_line(error: object) -> str:
    return for_terminal(" ".join(str(error).split("\n")))


# (module, class) of each expected failure: one line on stderr, exit status 2
ONE_LINE_ERRORS = (
    ("ethicsbot.cli.terminal", "CliError"), ("cases.errors", "ProcedureError"),
    ("ethicsbot.settings", "SettingsError"), ("ethicsbot.directory_file", "DirectoryError"),
    ("ethicsbot.leadership", "AnotherWorkerIsRunning"),
    ("ethicsbot.database_errors", "DatabaseUnavailable"), ("cases.access", "Refused"),
)


def _raised(error: BaseException, where: str, name: str) -> bool:
    """Whether `error` is a `where.name`; False when that module was never imported."""
    module = sys.modules.get(where)
    kind = getattr(module, name, None) if module is not None else None
    return isinstance(kind, type) and isinstance(error, kind)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """EthicsBot keeps a city's ethics-complaint docket (see README.md)."""


def _register() -> None:
    from ethicsbot.cli import (
        audit,
        demo,
        disclosures,
        docket,
        intake,
        notices,
        report,
        retention,
        runner,
        status,
        step,
        verify,
        web,
        worker,
    )

    for module in (audit, demo, disclosures, docket, intake, notices, report, retention, runner,
                   status, step, verify, web, worker):
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
        print(f"ethicsbot: {_one_line(e.format_message())}", file=sys.stderr)
        return 2
    except Exception as e:
        if any(_raised(e, where, name) for where, name in ONE_LINE_ERRORS):
            print(f"ethicsbot: {_one_line(e)}", file=sys.stderr)
            return 2
        if _raised(e, "sqlalchemy.exc", "SQLAlchemyError"):  # opened, then failed midway
            print(f"ethicsbot: {_one_line(_database_failed(e))}", file=sys.stderr)
            return 2
        raise
    return code if isinstance(code, int) else 0


def _database_failed(error: Exception) -> Exception:
    from sqlalchemy.exc import SQLAlchemyError

    from ethicsbot.database_errors import failed
    from ethicsbot.settings import load_settings

    assert isinstance(error, SQLAlchemyError)
    try:
        return failed(load_settings().database_url, error)
    except Exception:  # the settings themselves are what failed: say the database's words
        return error


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
