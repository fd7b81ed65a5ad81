"""How many messages wait in the intake folder: what `ethicsbot status` and `/readyz`
report as the inbox. Intake moves every message it has taken in out of the folder, so
what is left is waiting (or was refused by a bug and left for the clerk).
"""

from __future__ import annotations

import os
import ssl
from pathlib import Path

from imapclient import IMAPClient, SocketTimeout


def imap_waiting(*, host: str, port: int, user: str, password: str, folder: str,
                 use_ssl: bool, verify_tls: bool = True, timeout: float = 5.0) -> int:
    """Messages in `folder` on the IMAP server (STATUS, without selecting it)."""
    context = None
    if use_ssl and not verify_tls:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    imap = IMAPClient(host, port=port, ssl=use_ssl, ssl_context=context,
                      timeout=SocketTimeout(connect=timeout, read=timeout))
    try:
        imap.login(user, password)
        return int(imap.folder_status(folder, [b"MESSAGES"])[b"MESSAGES"])
    finally:
        try:
            imap.logout()
        except (OSError, IMAPClient.Error):
            imap.shutdown()


def maildir_waiting(root: Path) -> int:
    """Files in the Maildir's new/ (dot-files are a deliverer's temporaries)."""
    try:
        return sum(1 for e in os.scandir(root / "new") if not e.name.startswith("."))
    except FileNotFoundError:
        return 0
