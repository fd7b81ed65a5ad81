"""The keys the web docket's application and requests hold: its dependencies, the
OpenID Connect provider (when the settings name one), the viewer signed in. Apart, so
that rendering and the request plumbing can read them without importing each other."""

from __future__ import annotations

from aiohttp import web

from web import auth, oidc
from web.deps import WebDeps

DEPS = web.AppKey("web_deps", WebDeps)
OIDC = web.AppKey("web_oidc", oidc.Provider)  # only when the settings name a provider
VIEWER: web.RequestKey[auth.Viewer | None] = web.RequestKey("ethicsbot_viewer",
                                                            auth.Viewer | None)  # type: ignore[arg-type]
