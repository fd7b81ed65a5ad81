"""Pages from `templates/web/` (Jinja2, autoescaped: complaint text is data, never markup)
and the small formatting helpers they use."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from aiohttp import web
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from cases.calendar import CityCalendar, countdown
from cases.filing import flag_text
from cases.text import words
from notices.mail_down import Banner, shown
from storage.leader import DATABASE_DOWN
from web.deps import WebDeps
from web.formats import CALENDAR, DIRECTORY, register
from web.formats import due as due_moment
from web.keys import DEPS, VIEWER
from web.security import FORM_COOKIE, set_cookie

_ENV = Environment(loader=PackageLoader("templates", "web"),
                   autoescape=select_autoescape(default=True, default_for_string=True),
                   undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def due_text(due: str | None, status: str, now: datetime, calendar: CityCalendar) -> str:
    if due is None:
        return "no due date (tolled, §7)" if status == "tolled" else "—"
    text = due_moment(due, calendar)
    if status in ("open", "missed"):
        text += f" ({countdown(datetime.fromisoformat(due), now)})"
    return text


_WRITTEN = "written to "  # the .eml transport's reply on embedded defaults: "written to PATH"
# a path on this server in a reply ("/srv/city/postings/eth-…-r0.html"), not part of a URL
_PATH = re.compile(r"(?<![\w:/.~])/(?:[^\s/,;:()<>]+/)+([^\s/,;:()<>]+)")


def proof_words(reply: str | None) -> str:
    """A delivery's reply as a page shows it: where the message or posting was written to
    a folder (no mail server set up, the postings folder), the reply named the file's path
    on the city's server, which is no reader's business: the page says where it went, by
    the file's name at most."""
    if not reply:
        return ""
    if reply.startswith(_WRITTEN):
        return "written to the outbox folder (no mail server is set up)"
    return _PATH.sub(lambda m: m.group(1), reply)


_ENV.filters["words"] = words
_ENV.filters["flag_text"] = flag_text
register(_ENV)  # day, moment, phone, person: the one way the web writes them


def page(request: web.Request, template: str, *, status: int = 200,
         cookies: dict[str, str] | None = None, **context: Any) -> web.Response:
    """Render `template` with the common context; set any double-submit cookie made for
    its forms."""
    deps = request.app[DEPS]
    viewer = request.get(VIEWER)
    html = _ENV.get_template(template).render(
        city=deps.directory.city, **{DIRECTORY: deps.directory, CALENDAR: deps.calendar},
        viewer=viewer,
        mail_down=_mail_down(deps) if viewer else None, **context)
    response = web.Response(text=html, status=status, content_type="text/html",
                            charset="utf-8")
    for name, value in (cookies or {}).items():
        set_cookie(response, deps.config, name, value, samesite="Strict",
                   max_age=3600 if name == FORM_COOKIE else None)
    return response


def _mail_down(deps: WebDeps) -> Banner | None:
    """The banner every signed-in page shows while outgoing mail is failing and the
    clerk has been told (`mail.mail_down`, stored by the worker); a database that fails
    here leaves the page to say what it can."""
    try:
        with deps.session_factory() as session:
            return shown(session, deps.calendar)
    except DATABASE_DOWN:
        return None


_ERRORS: dict[int, type[web.HTTPException]] = {
    400: web.HTTPBadRequest, 403: web.HTTPForbidden, 404: web.HTTPNotFound,
    409: web.HTTPConflict, 410: web.HTTPGone, 429: web.HTTPTooManyRequests,
    502: web.HTTPBadGateway}


def refusal(request: web.Request, status: int, title: str, text: str) -> web.HTTPException:
    """A page saying what happened and what to do, to raise with its HTTP status."""
    body = page(request, "message.html.j2", title=title, text=text).text or ""
    return _ERRORS[status](text=body, content_type="text/html")
