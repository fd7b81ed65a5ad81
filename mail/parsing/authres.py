"""Optional: a forwarder's mail must pass DMARC (or DKIM for its own domain), as judged by
the city's own mail server in its Authentication-Results header (RFC 8601).

Only a header added by the configured, trusted server counts, and only the topmost one:
anything below it was written by whoever sent the message, who could write anything.
Without this check a forged From: of the mayor's address could open a case.
"""

from __future__ import annotations

import re
from email.message import Message

_RESULT = re.compile(r"\b(dkim|dmarc)\s*=\s*([a-z]+)\b([^;]*)", re.IGNORECASE)
_HEADER_D = re.compile(r"header\.(?:d|from)\s*=\s*([^\s;]+)", re.IGNORECASE)


def forwarder_authenticated(msg: Message, trusted_authserv: str, sender: str) -> str | None:
    """None when the trusted server vouches for `sender`'s domain; else why not."""
    domain = sender.rpartition("@")[2].lower()
    for value in msg.get_all("Authentication-Results") or []:
        text = " ".join(str(value).split())
        authserv = text.split(";", 1)[0].strip().split()[0].lower() if text else ""
        if authserv != trusted_authserv.lower():
            continue
        for method, result, props in _RESULT.findall(text):
            if result.lower() != "pass":
                continue
            if method.lower() == "dmarc":
                return None
            d = _HEADER_D.search(props)
            if d and d.group(1).lower().lstrip("@").endswith(domain):
                return None
        return (f"the city's mail server ({trusted_authserv}) did not confirm that this "
                f"mail really came from {domain} (no DMARC or DKIM pass)")
    return f"the message carries no Authentication-Results from {trusted_authserv}"
