"""The public page (no sign-in): meeting postings and the records released after
closure (§13), and nothing else.

Two seams, filled by work landing beside this: meeting postings come from
`WebDeps.postings` (the composition root hands in the meetings work's list of postings;
until then it lists none), and released records from `released_records` (public
disclosure releases, §6, recorded by the city attorney; until those are recorded nothing
is released, whatever was closed).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web
from sqlalchemy.orm import Session

from web import auth
from web.app import anyone, deps_of, who
from web.render import page


def released_records(_session: Session) -> list[dict[str, Any]]:
    """The §13 records released after closure, newest first: none until releases are
    recorded (the `lifecycle` work records public disclosure releases)."""
    return []


@anyone
async def home(request: web.Request) -> web.StreamResponse:
    deps = deps_of(request)
    with deps.session_factory.begin() as session:
        records = released_records(session)
        auth.log(session, deps, who(request), None, "public page", True)
    return page(request, "public.html.j2", postings=deps.postings(), records=records)
