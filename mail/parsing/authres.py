"""A forwarder's mail must pass DMARC (or DKIM for its own domain), as judged by the city's
own mail server in its Authentication-Results header (RFC 8601), whenever that server's
authserv-id is configured (`ETHICSBOT_TRUSTED_AUTHSERV_ID`).

Only a header added by the configured, trusted server counts, and only the topmost one:
anything below it was written by whoever sent the message, who could write anything.
Without this check a forged From: of the mayor's address could open a case.

Domains match exactly or as a dot-bounded subdomain: a DKIM signature of `mail.city.test`
vouches for `mayor@city.test`, one of `evilcity.test` does not. DMARC passes only for the
From domain it names (`header.from`), which must be the sender's: a message with two
From headers could have been judged on the other one.
"""

from __future__ import annotations

import re
from email.message import Message

_RESULT = re.compile(r"\b(dkim|dmarc)\s*=\s*([a-z]+)\b([^;]*)", re.IGNORECASE)
_HEADER_D = re.compile(r"header\.(?:d|from)\s*=\s*([^\s;]+)", re.IGNORECASE)


def within(domain: str, parent: str) -> bool:
    """`domain` is `parent` or one of its subdomains (`evilcity.test` is not `city.test`)."""
    domain, parent = domain.lower().strip(".@"), parent.lower().strip(".")
    return bool(parent) and (domain == parent or domain.endswith("." + parent))


def forwarder_authenticated(msg: Message, trusted_authserv: str, sender: str) -> str | None:
    """None when the trusted server vouches for `sender`'s domain; else why not."""
    domain = sender.rpartition("@")[2].lower()
    for value in msg.get_all("Authentication-Results") or []:
        text = " ".join(str(value).split())
        words = text.split(";", 1)[0].split()
        if not words or words[0].lower() != trusted_authserv.lower():
            continue
        for method, result, props in _RESULT.findall(text):
            if result.lower() != "pass":
                continue
            d = _HEADER_D.search(props)
            vouched = d.group(1) if d else ""
            if method.lower() == "dmarc" and vouched.lower().strip(".") == domain:
                return None
            if method.lower() == "dkim" and within(vouched, domain):
                return None
        return (f"the city's mail server ({trusted_authserv}) did not confirm that this "
                f"mail really came from {domain} (no DMARC or DKIM pass)")
    return f"the message carries no Authentication-Results from {trusted_authserv}"
