"""Whether a forwarder's mail must prove where it came from, said where operators look.

Intake trusts the `forwarders` of the directory file; without the DMARC/DKIM check
(`mail.parsing.authres`, on when the city's mail server is named) a From: line is just
text, and a stranger who writes the mayor's address there opens a case in the mayor's
name. The check cannot be on by default, since only the city knows which server's
Authentication-Results to trust; so while it is off, `ethicsbot run` and `worker` warn
at start and `/readyz` says so (a field, not a failure: the city may accept the risk).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mail.parsing import ParseRules


class Rules(Protocol):
    """Where intake's rules come from (the App built by `ethicsbot.bootstrap`)."""

    def parse_rules(self) -> ParseRules: ...

UNCHECKED = ("forwarders are not authenticated: anyone can forge a forwarder's From: "
             "(the mayor's address, say) and open a case in their name. To check them, set "
             "ETHICSBOT_TRUSTED_AUTHSERV_ID to the authserv-id your mail server writes in "
             "Authentication-Results (docs/install.md, 'The intake mailbox').")


def forwarders_checked_by(app: Rules) -> str | None:
    """The mail server whose DMARC/DKIM verdict a forwarder's mail needs; None if none."""
    return app.parse_rules().trusted_authserv


def forwarder_check(app: Rules) -> str:
    """For `/readyz`, which anyone may ask: whether forwarders are checked (not by which
    server: the answer names no host)."""
    if forwarders_checked_by(app):
        return "checked (DMARC or DKIM, as the city's mail server judged it)"
    return ("not checked: a forged From: of a forwarder opens a case; set "
            "ETHICSBOT_TRUSTED_AUTHSERV_ID")
