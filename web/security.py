"""The browser-facing rules every page follows: security headers with a strict
Content-Security-Policy, cookie attributes, the client's address, and the CSRF check of
every form.

CSRF: a signed-in form carries its session's token; a form shown before sign-in (asking
for a link, confirming one) carries a random value that must equal a SameSite=Strict
cookie set with the form (double submit). Either way a POST whose Origin header names
another site is refused before its body is read.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from storage.web_tokens import new_secret
from web.deps import WebConfig

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
FORM_COOKIE = "ethicsbot_form"
CSRF_FIELD = "csrf"

CSP = ("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
       "frame-ancestors 'none'; base-uri 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # a sign-in or feed URL never leaves this site in a Referer; same-origin requests keep
    # their Origin (under no-referrer browsers send "Origin: null", which is refused)
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


class CsrfRefused(Exception):
    """A form came without its token, with another one, or from another site."""


def session_cookie_name(config: WebConfig) -> str:
    # __Host-: the browser keeps it only when Secure, for this host and path / alone
    return "__Host-ethicsbot" if config.secure else "ethicsbot_session"


def headers_middleware(config: WebConfig) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def add_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as e:
            response = e
            _stamp(response, config, request)
            raise
        except Exception:  # a bug the error page could not word (`web.errors`): said plainly
            log.exception("unexpected error on %s %s", request.method, request.path)
            response = web.Response(status=500, text=BUG, content_type="text/plain")
        _stamp(response, config, request)
        return response
    return add_headers


BUG = ("Something went wrong and nothing was recorded. Try again; if it happens again, "
        "tell the city clerk (the time of your attempt helps).")


def _stamp(response: web.StreamResponse, config: WebConfig, request: web.Request) -> None:
    if response.prepared:
        return
    for k, v in HEADERS.items():
        response.headers.setdefault(k, v)
    if config.secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    if not request.path.startswith("/static/"):
        response.headers.setdefault("Cache-Control", "no-store")


def client_address(request: web.Request, config: WebConfig) -> str:
    """Who asked, for rate limits and the log: the last hop a trusted proxy added, else
    the peer."""
    if config.trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        hops = [h.strip() for h in forwarded.split(",") if h.strip()]
        if hops:
            return hops[-1][:64]
    return (request.remote or "unknown")[:64]


def set_cookie(response: web.StreamResponse, config: WebConfig, name: str, value: str, *,
               max_age: int | None = None, samesite: str = "Lax") -> None:
    response.set_cookie(name, value, max_age=max_age, path="/", httponly=True,
                        secure=config.secure, samesite=samesite)


def clear_cookie(response: web.StreamResponse, config: WebConfig, name: str) -> None:
    """Expire a cookie with the attributes it was set with (a __Host- cookie needs them)."""
    set_cookie(response, config, name, "", max_age=0)


def form_token(request: web.Request, response_cookies: dict[str, str]) -> str:
    """The double-submit value for a form shown before sign-in: the browser's cookie, or
    a new one (put in `response_cookies` for the page to set)."""
    current = request.cookies.get(FORM_COOKIE, "")
    if 20 <= len(current) <= 100:
        return current
    value = response_cookies.setdefault(FORM_COOKIE, new_secret())
    return value


def check_origin(request: web.Request, config: WebConfig) -> None:
    origin = request.headers.get("Origin")
    if origin is not None and origin != "null" and origin != config.origin:
        raise CsrfRefused(f"a form from {origin[:80]}")
    if origin == "null":
        raise CsrfRefused("a form from an opaque origin")


def check_token(given: str | None, expected: str | None) -> None:
    if not given or not expected:
        raise CsrfRefused("a form without its token")
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise CsrfRefused("a form with a wrong token")
