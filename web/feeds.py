"""(filled in below)"""

from __future__ import annotations

from aiohttp import web


def routes(r: web.UrlDispatcher) -> None:
    return None
