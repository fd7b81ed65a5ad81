"""Every error is a page of the site: an unknown address (404), a method a page does not
take (405), a body past the bound (413), a request aiohttp refuses, a bug (500), each
answered with the site's header (the reader's own, signed in or not), a sentence of what
happened and what to do, and a way back to the docket or the public page.

The pages raise their own refusals (`web.render.refusal`, already pages); what reaches
here as aiohttp's bare text is worded here. None of it depends on what the address names:
a case that exists and one that does not (or one the reader may not see) get the same
page, since the router answers before any case is looked up."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from web.keys import VIEWER
from web.render import page
from web.request import resolve_viewer
from web.security import BUG

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

_WORDS: dict[int, tuple[str, str]] = {
    400: ("Request not understood",
          "This request could not be read, so nothing was done or recorded. Go back, "
          "reload the page and try again."),
    404: ("Page not found",
          "There is no page at this address. Check the address, or go back and follow "
          "the site's links."),
    405: ("Nothing was recorded",
          "This address does not take a {method} request, so nothing was done or "
          "recorded. Go back to the page you came from, reload it and use its links and "
          "buttons."),
    413: ("Form too large",
          "What was sent is too large to read, so nothing was recorded. Shorten what you "
          "typed and send it again; if it must be that long, ask the city clerk."),
    500: ("Something went wrong", BUG),
}
_OTHER = ("Request not answered",
          "This request could not be answered (HTTP {status}), so nothing was done or "
          "recorded. Go back and try again; if it happens again, tell the city clerk.")
_KEPT = ("Allow", "Retry-After")  # what a client acts on, from the error aiohttp raised


def error_pages() -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def as_pages(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except web.HTTPException as e:
            if e.status < 400 or e.content_type == "text/html":  # a redirect, or a page
                raise
            return _page(request, e.status, {k: e.headers[k] for k in _KEPT
                                             if k in e.headers})
        except Exception:
            log.exception("unexpected error on %s %s", request.method, request.path)
            return _page(request, 500, {})
    return as_pages


def _page(request: web.Request, status: int, headers: dict[str, str]) -> web.Response:
    if VIEWER not in request:  # the router answered before any page looked
        try:
            resolve_viewer(request)
        except Exception:  # the database is away: the page still says what happened
            log.exception("no viewer for the error page of %s", request.path)
            request[VIEWER] = None
    title, text = _WORDS.get(status, _OTHER)
    answer = page(request, "message.html.j2", status=status, title=title,
                  text=text.format(method=request.method[:20], status=status))
    answer.headers.update(headers)
    return answer
