"""Intake listeners: where complaints arrive, watched continuously.

    await run_imap_intake(account, ctx, stop=stop)   # the city's mailbox, over IMAP (IDLE)
    await run_maildir_intake(root, ctx, stop=stop)   # embedded default: ./mailbox/ on disk

(`ethicsbot.bootstrap` builds the account and the intake context from the settings.)

Both hand every message to `mail.intake.take_in` and move it out of the inbox only
after its outcome is committed; neither ever deletes mail.
"""

from mail.listener.imap import ImapTuning, IntakeMailbox, run_imap_intake
from mail.listener.maildir import run_maildir_intake

__all__ = ["ImapTuning", "IntakeMailbox", "run_imap_intake", "run_maildir_intake"]
