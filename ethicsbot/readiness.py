"""`/readyz`: can this process do its job right now? The database must be reachable and
migrated; the IMAP and SMTP servers, when configured, must accept a connection. A
platform stops routing to (or restarts) a process that is not ready, and the answer
names the part that is not, never a host name or a password. It also says whether
forwarders' mail is authenticated (`ethicsbot.forwarders`), which does not make the
process unready."""

from __future__ import annotations

import asyncio
import contextlib

from ethicsbot.bootstrap import App
from ethicsbot.forwarders import forwarder_check
from storage.migrate import is_current

TIMEOUT = 3.0


async def readiness(app: App) -> tuple[bool, dict[str, str]]:
    s = app.settings
    parts = {"database": await _database(app)}
    parts["imap"] = (await _reachable(s.imap_host, s.imap_port_effective) if s.uses_imap
                     and s.imap_host else "not used (Maildir intake)")
    parts["smtp"] = (await _reachable(s.smtp_host, s.smtp_port_effective) if s.uses_smtp
                     and s.smtp_host else "not used (.eml files in the outbox folder)")
    ready = parts["database"] == "current" and all(
        parts[k] in ("reachable",) or parts[k].startswith("not used") for k in ("imap", "smtp"))
    # said, not judged: the city may run without the check and stay ready
    parts["forwarders"] = forwarder_check(app)
    return ready, {"status": "ready" if ready else "unready", **parts}


async def _database(app: App) -> str:
    try:
        current = await asyncio.to_thread(is_current, app.engine)
    except Exception as e:  # unreachable: say what kind of failure, never the URL
        return f"unreachable ({type(e).__name__})"
    return "current" if current else "not migrated: run `ethicsbot migrate`"


async def _reachable(host: str, port: int) -> str:
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
    except (OSError, TimeoutError) as e:
        return f"unreachable ({type(e).__name__})"
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    return "reachable"
