"""Mail announced as IDLE begins (before the server's "+ idling", kept by imaplib among
its untagged responses, never returned by `idle_check`) ends the IDLE at once, so the
listener catches up instead of waiting for the renewal (mail.listener.imap)."""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any

from mail.listener.imap import ImapListener, ImapTuning


class Client:
    """What `_idle` asks of an IMAPClient; `announced`: what came before "+ idling"."""

    def __init__(self, announced: dict[str, list[bytes]]) -> None:
        self._imap = SimpleNamespace(untagged_responses={})
        self.announced, self.checks, self.done = announced, 0, False

    def idle(self) -> None:
        self._imap.untagged_responses.update(self.announced)

    def idle_check(self, timeout: float) -> list[Any]:
        self.checks += 1
        return [(b"1", b"EXISTS")] if self.checks == 3 else []

    def idle_done(self) -> None:
        self.done = True


def idle(client: Client) -> None:
    listener = SimpleNamespace(halt=threading.Event(),
                               tuning=ImapTuning(idle_slice=0.01, spin_checks=1000))
    ImapListener._idle(listener, client)  # type: ignore[arg-type]


def test_mail_announced_as_idle_begins_ends_it_at_once() -> None:
    client = Client({"EXISTS": [b"2"]})
    idle(client)
    assert client.done and client.checks == 0


def test_with_nothing_announced_it_idles_until_the_push() -> None:
    client = Client({})
    idle(client)
    assert client.done and client.checks == 3
