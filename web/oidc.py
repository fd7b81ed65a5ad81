"""Sign-in through the city's OpenID Connect provider (filled in below)."""

from __future__ import annotations

from aiohttp import web

from web.deps import WebDeps


def routes(r: web.UrlDispatcher, deps: WebDeps) -> None:
    return None
