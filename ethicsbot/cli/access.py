"""The command line in the access log (§6): every look at a case and every change made
from a terminal is written there like Slack's, allowed or not, with the operating-system
user as the actor (`os:alice`) and `cli` as the channel.

The command line reads the database directly, so whoever runs it could read the tables
anyway; the log is what lets the city say afterwards who looked at a case, and when.
"""

from __future__ import annotations

import getpass
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cases.errors import ProcedureError

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ethicsbot.bootstrap import App

CHANNEL = "cli"


def operator() -> str:
    """Who is at the terminal, for the access log and a case's history."""
    try:
        return f"os:{getpass.getuser()}"[:320]
    except (KeyError, OSError):  # no login name and no passwd entry (some containers)
        return "os:unknown"


def log_access(app: App, number: str | None, action: str, *, allowed: bool = True,
               session: Session | None = None) -> None:
    """One line in the access log: in `session` when given (the action's own transaction),
    else in a transaction of its own."""
    from storage import queries

    if session is not None:
        queries.log_access(session=session, at=app.clock(), who=operator(), number=number,
                           action=action[:80], channel=CHANNEL, allowed=allowed)
        return
    with app.session_factory.begin() as own:
        log_access(app, number, action, allowed=allowed, session=own)


@contextmanager
def refusal_logged(app: App, number: str | None, action: str) -> Iterator[None]:
    """Log `<action> refused` when the block is refused (a `ProcedureError`); the block
    logs its success itself, in its own transaction."""
    try:
        yield
    except ProcedureError:
        log_access(app, number, f"{action} refused", allowed=False)
        raise
