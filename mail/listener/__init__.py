"""Intake listeners: where complaints arrive, watched continuously.

    await run_imap_intake(app, stop=stop)      # the city's mailbox, over IMAP (IDLE)
    await run_maildir_intake(app, stop=stop)   # embedded default: ./mailbox/ on disk

Both hand every message to `mail.intake.take_in` and move it out of the inbox only
after its outcome is committed; neither ever deletes mail.
"""

from mail.listener.imap import ImapTuning, run_imap_intake
from mail.listener.maildir import run_maildir_intake

__all__ = ["ImapTuning", "run_imap_intake", "run_maildir_intake"]
