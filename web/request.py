"""The plumbing every page of the web docket shares: who is signed in, the CSRF check of
every form, the refusal page of a form that fails it."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from multidict import MultiDict, MultiDictProxy

from cases.access import Actor
from web import auth
from web.deps import WebDeps
from web.keys import DEPS, VIEWER
from web.render import refusal
from web.security import (
    CSRF_FIELD,
    FORM_COOKIE,
    CsrfRefused,
    check_origin,
    check_token,
    clear_cookie,
    client_address,
    session_cookie_name,
)

log = logging.getLogger(__name__)
FORM_LIMIT = 256 * 1024  # a step form is a few hundred bytes; a stranger's is refused early

Page = Callable[[web.Request], Awaitable[web.StreamResponse]]


def deps_of(request: web.Request) -> WebDeps:
    return request.app[DEPS]


def permitted(request: web.Request, allowed: Callable[[Actor], bool], action: str, *,
              title: str, sentence: str) -> auth.Viewer:
    """The signed-in reader when `allowed` lets them in; else their refusal is logged
    (`action refused`) and a 403 page says why and whom to ask."""
    viewer: auth.Viewer | None = request.get(VIEWER)
    assert viewer is not None  # `signed_in` saw to it
    if not allowed(viewer.actor):
        auth.log_alone(deps_of(request), viewer.person.email, None, f"{action} refused",
                       False)
        raise refusal(request, 403, title, sentence)
    return viewer


def client(request: web.Request) -> str:
    return client_address(request, deps_of(request).config)


def who(request: web.Request) -> str:
    """The access log's name for whoever asks: their email, else their address."""
    viewer: auth.Viewer | None = request.get(VIEWER)
    return viewer.person.email if viewer else f"web:{client(request)}"


def resolve_viewer(request: web.Request) -> auth.Viewer | None:
    deps = deps_of(request)
    secret = request.cookies.get(session_cookie_name(deps.config))
    found = auth.viewer(deps, secret, client(request))
    request[VIEWER] = found
    return found


def anyone(handler: Page) -> Page:
    """A page for everyone: the viewer is known if signed in."""
    @functools.wraps(handler)
    async def wrapped(request: web.Request) -> web.StreamResponse:
        resolve_viewer(request)
        return await handler(request)
    return wrapped


def signed_in(handler: Page) -> Page:
    """A page for signed-in people only; others are sent to the sign-in page."""
    @functools.wraps(handler)
    async def wrapped(request: web.Request) -> web.StreamResponse:
        if resolve_viewer(request) is None:
            response = web.HTTPSeeOther("/sign-in")
            config = deps_of(request).config
            if request.cookies.get(session_cookie_name(config)):
                clear_cookie(response, config, session_cookie_name(config))
            raise response
        return await handler(request)
    return wrapped


async def _posted(request: web.Request) -> MultiDictProxy[str | Any]:
    """The posted body as a form: 413 past the app's bound (`client_max_size`, however it
    is framed), 400 when it cannot be read as one. Whatever aiohttp's parser of a
    stranger's bytes raises is a body that cannot be read (a broken multipart boundary or
    part header, `HttpProcessingError`; bytes that are not the declared charset; a
    charset Python does not know); only the server's own faults (a part spooled to a full
    disk, `OSError`) stay errors."""
    try:
        return await request.post()
    except (web.HTTPException, OSError):
        raise
    except Exception as e:
        log.info("form not read on %s %s: %s", request.method, request.path,
                 type(e).__name__)
        raise refusal(request, 400, "Form not read", FORM_NOT_READ) from None


FORM_NOT_READ = ("This form could not be read (it did not come as a browser sends a form), "
                 "so nothing was recorded. Go back, reload the page and send it again.")


async def form(request: web.Request) -> MultiDictProxy[str]:
    """The posted form, once its origin and CSRF token are checked (refused: 403, logged).
    Signed in: the session's token; before sign-in: the double-submit cookie."""
    deps = deps_of(request)
    try:
        check_origin(request, deps.config)
        if request.content_length is not None and request.content_length > FORM_LIMIT:
            raise web.HTTPRequestEntityTooLarge(max_size=FORM_LIMIT,
                                                actual_size=request.content_length)
        data = await _posted(request)
        fields: MultiDictProxy[str] = MultiDictProxy(
            MultiDict((k, v) for k, v in data.items() if isinstance(v, str)))
        viewer: auth.Viewer | None = request.get(VIEWER)
        expected = viewer.csrf if viewer else request.cookies.get(FORM_COOKIE)
        check_token(fields.get(CSRF_FIELD), expected)
    except CsrfRefused as e:
        with deps.session_factory.begin() as session:
            auth.log(session, deps, who(request), request.match_info.get("number"),
                     f"form refused: {e}", False)
        raise refusal(request, 403, "Form refused",
                      "This form has expired or did not come from this site. Go back, "
                      "reload the page and try again.") from None
    return fields
