"""Mount the web docket on the aiohttp application `bot.web` builds (beside
`/slack/events`, `/healthz` and `/readyz`): every page's routes (each module's `routes`,
each route written on its handler), the stylesheet and the security headers. The
plumbing the pages share is `web.request`."""

from __future__ import annotations

from importlib import resources

from aiohttp import web

from web import feeds, held, oidc, pages, public, record, retention, sessions, signin, steps
from web.deps import WebDeps
from web.errors import error_pages
from web.keys import DEPS, OIDC
from web.security import headers_middleware


def mount(web_app: web.Application, deps: WebDeps) -> web.Application:
    """Add every page of the docket to `web_app` and return it."""
    web_app[DEPS] = deps
    if deps.config.oidc is not None:
        web_app[OIDC] = oidc.Provider(deps.config.oidc)
    web_app.middlewares.append(headers_middleware(deps.config))
    web_app.middlewares.append(error_pages())  # inside: its pages get the headers too
    web_app.router.add_get("/static/web.css", _css)
    for module in (public, signin, pages, steps, held, retention, record, feeds, sessions):
        web_app.add_routes(module.routes)
    return web_app


_CSS = resources.files("web").joinpath("static/web.css")


async def _css(_request: web.Request) -> web.Response:
    return web.Response(body=_CSS.read_bytes(), content_type="text/css", charset="utf-8",
                        headers={"Cache-Control": "public, max-age=3600"})
