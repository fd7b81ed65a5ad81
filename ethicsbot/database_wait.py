"""A long-running process started while its database cannot be reached waits for it.

`worker`, `web` and `run` are started by a platform, often at the same moment as the
database (a reboot, a deploy, a failover). Exiting then would need a person, or a
supervisor's crash loop, to bring them back; instead they wait, retrying with the same
capped backoff as a worker that loses its database midway (`ethicsbot.leadership`), say
so once in the log (and `/readyz` says `unreachable`), migrate the schema when it is back
and start on their own. A database that is misconfigured (`database_errors`: a wrong
password, a database that does not exist, a newer schema) is no outage: the
`DatabaseUnavailable` propagates and the command ends in one line, exit 2.
"""

from __future__ import annotations

import asyncio

from ethicsbot.bootstrap import App, try_migrate
from ethicsbot.leadership import RETRY_CAP, RETRY_INITIAL
from storage.retry import Backoff, Outage, wait_for_stop

WAITING = f"waiting for it (trying every {RETRY_CAP:g} s at most)"


async def database_ready(app: App, *, stop: asyncio.Event, outage: Outage) -> bool:
    """Once the schema is migrated, True; False if `stop` was set first. An unreachable
    database is noted in `outage` (one warning, then one when it is back)."""
    backoff = Backoff(RETRY_INITIAL, RETRY_CAP)
    while not app.migrated:
        if (reason := await asyncio.to_thread(try_migrate, app.engine)) is None:
            app.migrated = True
            outage.recovered()
            break
        outage.failed(reason, then=WAITING)
        if await wait_for_stop(stop, backoff.next()):
            return False
    return not stop.is_set()
