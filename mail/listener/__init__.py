"""Intake listeners: where complaints arrive, watched continuously.

    await run_imap_intake(account, ctx, stop=stop)   # the city's mailbox, over IMAP (IDLE)
    await run_maildir_intake(root, ctx, stop=stop)   # embedded default: ./mailbox/ on disk

(`ethicsbot.bootstrap` builds the account and the intake context from the settings.)

Both hand every message to `mail.intake.take_in` and move it out of the inbox only
after its outcome is committed; neither ever deletes mail.

The names below are imported when first used: a module of this package that needs
none of them (`retry`, `waiting`, which `ethicsbot status` reads) does not bring in the
whole intake with it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mail.listener.imap import ImapTuning, IntakeMailbox, run_imap_intake
    from mail.listener.maildir import run_maildir_intake

__all__ = ["ImapTuning", "IntakeMailbox", "run_imap_intake", "run_maildir_intake"]
_HOME = {"ImapTuning": "imap", "IntakeMailbox": "imap", "run_imap_intake": "imap",
         "run_maildir_intake": "maildir"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"mail.listener.{_HOME[name]}"), name)
