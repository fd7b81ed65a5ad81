"""Machine mail a forwarder passes on (a failure notice forwarded from Apple Mail, an
abuse report attached whole) when nobody outside the city wrote anything in it: named
for what it is, never a case.

Its own module because it is the one verdict on machine mail that needs the forward read
into its messages (`mail.parsing.forwards`), which itself reads `mail.parsing.classify`,
so the verdict cannot stand there; `mail.parsing.intake` asks it once a forwarder's mail
is read whole.
"""

from __future__ import annotations

from cases.directory import Directory
from mail.parsing.city import forwarders
from mail.parsing.classify import (
    KINDS,
    Rejection,
    recipient_in,
)
from mail.parsing.forwards import Segment

__all__ = ["forwarded_machine_mail"]


def forwarded_machine_mail(thread: list[Segment], sender: str,
                            directory: Directory) -> Rejection | None:
    """A forwarder passing on machine mail it got (Apple Mail's forward of a failure
    notice, an abuse report forwarded as an attachment) when nobody outside the city
    wrote anything in it, nor anyone in it but the forwarders: named for what it is,
    never a case. (A bounce that carries a resident's letter is that resident's
    complaint, and a city employee's own message around one is theirs: `gather` reads
    them.)"""
    machine = next((s for s in reversed(thread) if s.machine and not s.outer), None)
    if machine is None or machine.machine is None:
        return None
    offices = forwarders(directory)
    if any(not (s.machine or s.outer or s.returned) and s.email not in offices
           for s in thread):
        return None
    kind, what = machine.machine, KINDS[machine.machine]
    by = machine.email or machine.name or "a mail system"
    if kind == "delivery_status":
        to = recipient_in(machine.text)
        return Rejection("bounce", f"{sender} forwarded {what} from {by}: mail could not be "
                         f"delivered{f' to {to}' if to else ''}; nothing to file.", kind,
                         recipient=to)
    return Rejection("auto_reply", f"{sender} forwarded {what} from {by}; machine-generated "
                     "mail never opens a case.", kind)

