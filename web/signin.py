"""The sign-in pages: ask for a link, open it, use it; or go through the city's OpenID
Connect provider and come back (`web.oidc`); sign out."""

from __future__ import annotations

from aiohttp import web

from web import auth, oidc
from web.keys import OIDC
from web.render import page, refusal
from web.request import anyone, client, deps_of, form, signed_in
from web.security import clear_cookie, form_token, session_cookie_name, set_cookie

BROWSER_COOKIE = "ethicsbot_oidc"  # binds a round trip through the provider to its browser

SENT = ("If {address} is in the city's directory for the ethics procedure, a sign-in link "
        "is on its way to it. The link works once, for 15 minutes. No mail? Check the "
        "address, wait a minute, or ask the city clerk.")
TOO_MANY = ("Too many sign-in links were asked for from here or for this address. Wait 15 "
            "minutes and try again, or ask the city clerk.")


routes = web.RouteTableDef()


def _provider_name(request: web.Request) -> str | None:
    cfg = deps_of(request).config.oidc
    return cfg.name if cfg is not None else None


@routes.get("/sign-in")
@anyone
async def ask(request: web.Request) -> web.StreamResponse:
    cookies: dict[str, str] = {}
    return page(request, "sign_in.html.j2", csrf=form_token(request, cookies), cookies=cookies,
                provider=_provider_name(request))


@routes.post("/sign-in")
@anyone
async def asked(request: web.Request) -> web.StreamResponse:
    fields = await form(request)
    address = (fields.get("email") or "").strip()[:320]
    if "@" not in address:
        cookies: dict[str, str] = {}
        return page(request, "sign_in.html.j2", status=400, cookies=cookies,
                    csrf=form_token(request, cookies), provider=_provider_name(request),
                    error="Give the email address the city's directory lists for you.")
    answer = auth.request_link(deps_of(request), address, client(request))
    if answer is auth.LinkAnswer.TOO_MANY:
        raise refusal(request, 429, "Try again later", TOO_MANY)
    return page(request, "message.html.j2", title="Check your mail",
                text=SENT.format(address=address))


@routes.get("/sign-in/link/{secret}")
@anyone
async def opened(request: web.Request) -> web.StreamResponse:
    secret = request.match_info["secret"]
    if not auth.link_usable(deps_of(request), secret, client(request)):
        raise refusal(request, 410, "This link cannot be used",
                      "This sign-in link has expired or was already used. Ask for a new "
                      "one on the sign-in page.")
    cookies: dict[str, str] = {}
    return page(request, "link.html.j2", secret=secret, csrf=form_token(request, cookies),
                cookies=cookies)


@routes.post("/sign-in/link")
@anyone
async def used(request: web.Request) -> web.StreamResponse:
    fields = await form(request)
    deps = deps_of(request)
    opened_session = auth.use_link(deps, fields.get("secret") or "", client(request))
    if opened_session is None:
        raise refusal(request, 410, "This link cannot be used",
                      "This sign-in link has expired or was already used. Ask for a new "
                      "one on the sign-in page.")
    response = web.HTTPSeeOther("/docket")
    set_cookie(response, deps.config, session_cookie_name(deps.config), opened_session)
    raise response


@routes.post("/sign-out")
@signed_in
async def sign_out(request: web.Request) -> web.StreamResponse:
    await form(request)
    deps = deps_of(request)
    name = session_cookie_name(deps.config)
    auth.sign_out(deps, request.cookies.get(name, ""))
    response = web.HTTPSeeOther("/")
    clear_cookie(response, deps.config, name)
    raise response


@routes.get("/sign-in/oidc")
@anyone
async def provider_start(request: web.Request) -> web.StreamResponse:
    """Off to the provider: a link, not a form, since the Content-Security-Policy lets
    forms post only here (a GET begins a round trip that only this browser can finish)."""
    deps, provider = deps_of(request), request.app.get(OIDC)
    if provider is None or deps.config.oidc is None:
        raise refusal(request, 404, "No such page", "Sign in with the link mailed to you.")
    try:
        started = await oidc.start(deps, provider, client(request))
    except oidc.OidcRefused as e:
        auth.log_alone(deps, f"web:{client(request)}", None, f"oidc sign-in refused: {e.why}",
                       False)
        raise refusal(request, e.status, "Sign-in refused", e.text) from None
    if started is None:
        raise refusal(request, 429, "Try again later", TOO_MANY)
    response = web.HTTPSeeOther(started.url)
    set_cookie(response, deps.config, BROWSER_COOKIE, started.browser,
               max_age=int(deps.config.oidc.round_trip.total_seconds()))
    raise response


@routes.get(oidc.CALLBACK)
@anyone
async def provider_back(request: web.Request) -> web.StreamResponse:
    """Back from the provider with a code (or an error): a session, or a refusal."""
    deps, provider = deps_of(request), request.app.get(OIDC)
    if provider is None:
        raise refusal(request, 404, "No such page", "Sign in with the link mailed to you.")
    query = {k: v[:4096] for k, v in request.query.items()}
    try:
        opened = await oidc.finish(deps, provider, query, request.cookies.get(BROWSER_COOKIE),
                                   client(request))
    except oidc.OidcRefused as e:
        refused = refusal(request, e.status, "Sign-in refused", e.text)
        clear_cookie(refused, deps.config, BROWSER_COOKIE)
        raise refused from None
    response = web.HTTPSeeOther("/docket")
    clear_cookie(response, deps.config, BROWSER_COOKIE)
    set_cookie(response, deps.config, session_cookie_name(deps.config), opened)
    raise response
