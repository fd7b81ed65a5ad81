"""`/readyz`: can this process do its job right now, and is everything owed done? The
database must be reachable and migrated; the IMAP and SMTP servers, when configured,
must accept a connection. A platform stops routing to (or restarts) a process that is
not ready, and the answer names the part that is not, never a host name or a password.

Beside the verdict it gives the figures of `ethicsbot status` (inbox waiting, notices
pending, overdue and failed, whether a worker is active and since when) and, in a
process that runs the worker, what this process is doing (active, standby, waiting for
the database since ...), and whether forwarders' mail is authenticated
(`ethicsbot.forwarders`), which does not make the process unready. The verdict on the
database is taken at each request; the figures cost an IMAP login and a few queries, so
they are computed at most once every `FIGURES_TTL` seconds however often anyone asks.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, Protocol

from ethicsbot.forwarders import Rules, forwarder_check
from ethicsbot.leadership import WorkerState
from ethicsbot.status import Sources, combine, database_state, inbox, outbox_and_worker, public


class App(Sources, Rules, Protocol):
    """What `/readyz` reads: the status figures' sources and intake's rules."""

TIMEOUT = 3.0
FIGURES_TTL = 5.0


class Readiness:
    """The `/readyz` answer for one process (`state`: its worker's, if it runs one)."""

    def __init__(self, app: App, greets: Callable[[], Awaitable[bool]],
                 state: WorkerState | None = None) -> None:
        """`greets`: whether the mail server answers with its greeting, as the dispatcher's
        probe asks (`mail.smtp`'s transport, built by `ethicsbot.bootstrap`)."""
        self.app, self.greets, self.state = app, greets, state
        self._figures: dict[str, Any] | None = None
        self._at = 0.0
        self._lock = asyncio.Lock()

    async def __call__(self) -> tuple[bool, dict[str, Any]]:
        s = self.app.settings
        database, figures = await asyncio.gather(self._database(), self._current())
        if database != "current":  # the verdict is live; the figures may be seconds old
            figures = {**figures, "notices": None, "worker": None, "idle": False}
        box = figures.get("inbox", {})
        parts = {"database": database}
        parts["imap"] = ((box.get("error") or "reachable") if s.uses_imap
                         else "not used (Maildir intake)")
        parts["smtp"] = (await _greets(self.greets) if s.uses_smtp
                         else "not used (.eml files in the outbox folder)")
        ready = parts["database"] == "current" and all(
            parts[k] == "reachable" or parts[k].startswith("not used") for k in ("imap", "smtp"))
        # said, not judged: the city may run without the check and stay ready
        parts["forwarders"] = forwarder_check(self.app)
        body: dict[str, Any] = {"status": "ready" if ready else "unready", **parts,
                                **{k: v for k, v in figures.items() if k not in parts}}
        if self.state is not None:
            body["this_process"] = _process(self.state)
        return ready, body

    async def _database(self) -> str:
        """Live, each time: a platform must see an outage at once (a few queries)."""
        try:
            return await asyncio.wait_for(asyncio.to_thread(database_state, self.app), TIMEOUT)
        except TimeoutError:
            return "unreachable (timed out)"

    async def _current(self) -> dict[str, Any]:
        async with self._lock:  # one computation at a time; the others wait and share it
            if self._figures is None or time.monotonic() - self._at > FIGURES_TTL:
                box, stored = await asyncio.gather(
                    _within(inbox, self.app, {"waiting": None, "error": "unknown (timed out)"}),
                    _within(outbox_and_worker, self.app,
                            {"database": "unreachable (timed out)"}))
                self._figures, self._at = public(combine(box, stored)), time.monotonic()
            return self._figures


async def _within(part: Callable[[App], dict[str, Any]], app: App,
                  late: dict[str, Any]) -> dict[str, Any]:
    """`part(app)` in a thread, or `late` if it takes longer than TIMEOUT."""
    try:
        return await asyncio.wait_for(asyncio.to_thread(part, app), TIMEOUT)
    except TimeoutError:
        return late


def _process(state: WorkerState) -> dict[str, Any]:
    out: dict[str, Any] = {"role": state.role, "since": state.since.isoformat()}
    if state.database.down_since is not None:
        out["database_down_since"] = datetime.fromtimestamp(
            state.database.down_since, UTC).isoformat()
    return out


async def _greets(greets: Callable[[], Awaitable[bool]]) -> str:
    """The mail server's greeting: a server that accepts the connection and says nothing
    is not reachable."""
    try:
        answered = await asyncio.wait_for(greets(), TIMEOUT)
    except TimeoutError:
        answered = False
    return "reachable" if answered else "unreachable (no greeting)"
