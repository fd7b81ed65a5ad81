"""The messages intake held for review (the clerk's quarantine): who sent each, why it
was held, the message as text (never its HTML, never run), the original to download,
and the clerk's two answers: a complaint after all (a case is opened from it, the
statutory clocks running from its receipt) or not a complaint (kept, marked). Only the
mayor's office and the administrator, who receive complaints (§1), see them; every look
and every answer is logged, refusals too."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Callable
from email.message import EmailMessage
from typing import Any, TypeVar

from aiohttp import web
from sqlalchemy.orm import Session

from cases.access import may_file_paper
from cases.text import whole_number
from storage import filings
from web import auth
from web.deps import WebDeps
from web.formats import moment
from web.render import page, refusal
from web.request import deps_of, form, permitted, signed_in

T = TypeVar("T")
PREVIEW_BYTES = 1_000_000  # read of a held message for its text: its start is enough
PREVIEW_CHARS = 20_000
NOT_OFFICE = ("Only the mayor's office and the city administrator review the messages "
              "intake held (§1). Ask the city clerk.")


routes = web.RouteTableDef()


def _office(request: web.Request, action: str) -> str:
    """The reader's email, if they may review held messages; else a logged 403."""
    return permitted(request, may_file_paper, action, title="Not yours to review",
                     sentence=NOT_OFFICE).person.email


def _filing_id(request: web.Request) -> int:
    number = whole_number(request.match_info["filing"], 12)
    if number is None:
        raise refusal(request, 404, "No such message",
                      "There is no such held message. The list of held messages shows them all.")
    return number


def _looked(request: web.Request, who: str, action: str, read: Callable[[Session], T]) -> T:
    """What `read` finds, the look logged in the same transaction (allowed: it found
    something)."""
    deps = deps_of(request)
    with deps.session_factory.begin() as session:
        found = read(session)
        auth.log(session, deps, who, None, action, found is not None)
    return found


@routes.get("/held")
@signed_in
async def held_list(request: web.Request) -> web.StreamResponse:
    who = _office(request, "held messages")
    rows = _looked(request, who, "held messages", filings.held)
    return page(request, "held.html.j2",
                rows=[_line(r, r.size, deps_of(request)) for r in rows], one=None)


def _line(row: Any, size: int, deps: WebDeps) -> dict[str, Any]:
    return {"id": row.id, "taken": moment(row.taken_at.isoformat(), deps.calendar),
            "source": row.source, "sender": row.sender or "(none given)",
            "reason": row.reason or "held", "size": size}


def _held(request: web.Request, action: str) -> filings.HeldMessage:
    who = _office(request, action)
    filing_id = _filing_id(request)
    row = _looked(request, who, f"{action} #{filing_id}",
                  lambda session: filings.held_message(session, filing_id))
    if row is None:
        raise refusal(request, 404, "No such message",
                      f"Intake record #{filing_id} is not a held message (it may have been "
                      "opened as a case or marked as no complaint already).")
    return row


@routes.get("/held/{filing}")
@signed_in
async def held_one(request: web.Request) -> web.StreamResponse:
    row = _held(request, "held message")
    deps = deps_of(request)
    return page(request, "held.html.j2", rows=[],
                one={**_line(row, len(row.raw), deps), **_readable(row.raw)})


@routes.get("/held/{filing}/original.eml")
@signed_in
async def held_original(request: web.Request) -> web.StreamResponse:
    """The message exactly as received, as a download: never shown in the browser."""
    row = _held(request, "held message original")
    return web.Response(body=row.raw, content_type="application/octet-stream", headers={
        "Content-Disposition": f'attachment; filename="held-{row.id}.eml"'})


@routes.post("/held/{filing}")
@signed_in
async def decide(request: web.Request) -> web.StreamResponse:
    fields = await form(request)
    who = _office(request, "held message decision")
    deps, filing_id = deps_of(request), _filing_id(request)
    answer = fields.get("decision", "")
    if deps.held is None or answer not in ("open", "dismiss"):
        raise refusal(request, 400, "No decision",
                      "Choose “Open as a case” or “Not a complaint”.")
    decided = deps.held.open if answer == "open" else deps.held.dismiss
    number, detail = decided(filing_id, who)
    auth.log_alone(deps, who, number, f"held message #{filing_id}: "
                   f"{'open as a case' if answer == 'open' else 'not a complaint'}",
                   number is not None or answer == "dismiss")
    if answer == "open" and number is None:
        raise refusal(request, 409, "No case opened", f"No case was opened: {detail}.")
    raise web.HTTPSeeOther(f"/cases/{number}" if number else "/held?done=1")


def _readable(raw: bytes) -> dict[str, str]:
    """The message's headers a person reads and its text, as text: the plain part, else
    nothing (an HTML-only message is read from the download, never rendered here)."""
    try:
        msg = email.message_from_bytes(raw[:PREVIEW_BYTES], policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        body = msg.get_body(("plain",))
        text = body.get_content() if body is not None else ""
        return {"subject": str(msg.get("Subject", ""))[:300],
                "from": str(msg.get("From", ""))[:300], "date": str(msg.get("Date", ""))[:100],
                "text": str(text)[:PREVIEW_CHARS] or "(no plain text: download the original)"}
    except Exception:  # malformed mail: the download is still there
        return {"subject": "", "from": "", "date": "",
                "text": "(this message could not be read as text: download the original)"}
