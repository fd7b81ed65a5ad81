"""The sign-in pages: ask for a link, open it, use it; sign out."""

from __future__ import annotations

from aiohttp import web

from web import auth
from web.app import anyone, client, deps_of, form, signed_in
from web.render import page, refusal
from web.security import clear_cookie, form_token, session_cookie_name, set_cookie

SENT = ("If {address} is in the city's directory for the ethics procedure, a sign-in link "
        "is on its way to it. The link works once, for 15 minutes. No mail? Check the "
        "address, wait a minute, or ask the city clerk.")
TOO_MANY = ("Too many sign-in links were asked for from here or for this address. Wait 15 "
            "minutes and try again, or ask the city clerk.")


def routes(r: web.UrlDispatcher) -> None:
    r.add_get("/sign-in", ask)
    r.add_post("/sign-in", asked)
    r.add_get("/sign-in/link/{secret}", opened)
    r.add_post("/sign-in/link", used)
    r.add_post("/sign-out", sign_out)


@anyone
async def ask(request: web.Request) -> web.StreamResponse:
    cookies: dict[str, str] = {}
    return page(request, "sign_in.html.j2", csrf=form_token(request, cookies), cookies=cookies)


@anyone
async def asked(request: web.Request) -> web.StreamResponse:
    fields = await form(request)
    address = (fields.get("email") or "").strip()[:320]
    if "@" not in address:
        cookies: dict[str, str] = {}
        return page(request, "sign_in.html.j2", status=400, cookies=cookies,
                    csrf=form_token(request, cookies),
                    error="Give the email address the city's directory lists for you.")
    answer = auth.request_link(deps_of(request), address, client(request))
    if answer is auth.LinkAnswer.TOO_MANY:
        raise refusal(request, 429, "Try again later", TOO_MANY)
    return page(request, "message.html.j2", title="Check your mail",
                text=SENT.format(address=address))


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


@signed_in
async def sign_out(request: web.Request) -> web.StreamResponse:
    await form(request)
    deps = deps_of(request)
    name = session_cookie_name(deps.config)
    auth.sign_out(deps, request.cookies.get(name, ""))
    response = web.HTTPSeeOther("/")
    clear_cookie(response, deps.config, name)
    raise response
