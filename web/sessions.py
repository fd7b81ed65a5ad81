"""The clerk's page for ending a person's web sessions and calendar addresses (a lost
laptop, a leaked feed, someone leaving): the same `web.auth.revoke_access` that
`ethicsbot sessions revoke EMAIL` calls. Only the mayor's office (`cases.access.may_revoke`)
opens it; every view, revocation and refusal is in the access log."""

from __future__ import annotations

from aiohttp import web

from cases.access import NOT_REVOKER, may_revoke
from storage import web_tokens
from storage.web_tokens import FEED, SESSION
from web import auth
from web.pages import viewer_of
from web.render import page
from web.request import deps_of, form, permitted, signed_in

routes = web.RouteTableDef()


def _allowed(request: web.Request, action: str) -> None:
    permitted(request, may_revoke, action, title="Not your page", sentence=NOT_REVOKER)


@routes.get("/sessions")
@signed_in
async def show(request: web.Request) -> web.StreamResponse:
    _allowed(request, "sessions page")
    return _page(request, None, 200)


def _page(request: web.Request, done: str | None, status: int,
          error: str | None = None) -> web.Response:
    deps, viewer = deps_of(request), viewer_of(request)
    with deps.session_factory.begin() as s:
        held = web_tokens.holders(session=s, kinds=(SESSION, FEED), now=deps.clock())
        if done is None and error is None:
            auth.log(s, deps, viewer.person.email, None, "sessions page", True)
    rows = []
    for email, kinds in sorted(held.items()):
        person = deps.directory.by_email(email)
        rows.append({"email": email, "name": person.name if person else None,
                     "sessions": kinds.get(SESSION, 0), "feeds": kinds.get(FEED, 0)})
    return page(request, "sessions.html.j2", status=status, rows=rows, done=done, error=error)


@routes.post("/sessions/revoke")
@signed_in
async def revoke(request: web.Request) -> web.StreamResponse:
    fields = await form(request)
    _allowed(request, "sessions revoke")
    deps, viewer = deps_of(request), viewer_of(request)
    email = (fields.get("email") or "").strip().lower()[:320]
    if "@" not in email:
        return _page(request, None, 400, "Give the email address whose sessions and calendar "
                                         "address to end.")
    ended = auth.revoke_access(deps, email, by=viewer.person.email)
    return _page(request, f"{ended} for {email}. They must sign in again and make a new "
                          "calendar address.", 200)
