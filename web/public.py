"""The public page (no sign-in): meeting postings and the records released after
closure (§13), and nothing else.

Meeting postings come from `WebDeps.postings` (the composition root lists the postings
folder's current ones, `mail.postings`) and are served from `WebDeps.postings_dir` at
`/postings/NAME`; released records from `released_records` (public
disclosure releases, §6, recorded by the city attorney; until those are recorded nothing
is released, whatever was closed).
"""

from __future__ import annotations

import re
from typing import Any

from aiohttp import web
from sqlalchemy.orm import Session

from web import auth
from web.app import anyone, deps_of, who
from web.render import page, refusal


def released_records(_session: Session) -> list[dict[str, Any]]:
    """The §13 records released after closure, newest first: none until releases are
    recorded (the `lifecycle` work records public disclosure releases)."""
    return []


_POSTED = re.compile(r"eth-\d{4}-\d{4,6}-meeting-\d+-r\d+\.(html|pdf)")


@anyone
async def posting(request: web.Request) -> web.StreamResponse:
    """One posted meeting notice, HTML or PDF, as the postings folder keeps it."""
    deps, name = deps_of(request), request.match_info["name"]
    folder = deps.postings_dir
    path = folder / name if folder is not None and _POSTED.fullmatch(name) else None
    if path is None or not path.is_file():
        raise refusal(request, 404, "No such posting",
                      "That meeting notice is not posted. The public page lists those that "
                      "are.")
    kind = "application/pdf" if name.endswith(".pdf") else "text/html"
    return web.Response(body=path.read_bytes(), content_type=kind,
                        charset="utf-8" if kind == "text/html" else None)


@anyone
async def home(request: web.Request) -> web.StreamResponse:
    deps = deps_of(request)
    with deps.session_factory.begin() as session:
        records = released_records(session)
        auth.log(session, deps, who(request), None, "public page", True)
    return page(request, "public.html.j2", postings=deps.postings(), records=records)
