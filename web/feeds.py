"""Each person's calendar subscription: a private URL (the secret in it is stored only as
its SHA-256) serving an iCalendar feed of their own deadlines and the meetings they were
invited to, which Outlook, Google Calendar and Apple Calendar poll. Revocable: making a
new URL or revoking stops the old one at once.

What a feed shows is what its person may know: the deadlines their role must meet (the
same rows as "my deadlines", cases against them left out), with the arithmetic their role
sees anyway, and the invites that were mailed to them, as the case now stands. Summaries
carry the case number and the act, never a name. Each fetch is logged."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import date, datetime, timedelta

from aiohttp import web
from sqlalchemy.orm import Session

from cases.access import Actor
from cases.calendar import END_OF_DAY
from cases.deadlines import DEADLINES, DeadlineKey
from cases.notices import INVITES, NoticeType
from cases.visibility import responsibilities
from notices.invites import Invite, build_invite, to_feed
from storage import outbox, queries, web_tokens
from storage.repository import SqlCaseRepository
from storage.web_tokens import FEED
from web import auth
from web.deps import WebDeps
from web.formats import basis
from web.pages import viewer_of
from web.render import page, refusal
from web.request import client, deps_of, form, signed_in

routes = web.RouteTableDef()


@routes.get("/feed")
@signed_in
async def manage(request: web.Request) -> web.StreamResponse:
    deps, viewer = deps_of(request), viewer_of(request)
    with deps.session_factory.begin() as s:
        live = web_tokens.live(session=s, kind=FEED, email=viewer.person.email)
        auth.log(s, deps, viewer.person.email, None, "calendar feed page", True)
    return page(request, "feed.html.j2", live=len(live), url=None)


@routes.post("/feed")
@signed_in
async def create(request: web.Request) -> web.StreamResponse:
    return await _replace(request, new=True)


@routes.post("/feed/revoke")
@signed_in
async def revoke(request: web.Request) -> web.StreamResponse:
    return await _replace(request, new=False)


async def _replace(request: web.Request, *, new: bool) -> web.StreamResponse:
    """Revoke the reader's calendar address and, if `new`, make another: one address
    lives at a time, so making a new one stops the old one at once."""
    await form(request)
    deps, viewer = deps_of(request), viewer_of(request)
    email = viewer.person.email
    with deps.session_factory.begin() as s:
        web_tokens.revoke(session=s, email=email, kinds=(FEED,), at=deps.clock())
        secret = None
        if new:
            secret, _ = web_tokens.issue(session=s, kind=FEED, email=email,
                                         client=client(request), at=deps.clock())
        auth.log(s, deps, email, None, f"calendar feed {'made' if new else 'revoked'}", True)
    if secret is None:
        return page(request, "feed.html.j2", live=0, url=None, revoked=True)
    return page(request, "feed.html.j2", live=1, url=deps.config.url(f"/feed/{secret}.ics"))


@routes.get("/feed/{secret}.ics")
async def feed(request: web.Request) -> web.StreamResponse:
    deps = deps_of(request)
    with deps.session_factory.begin() as s:
        row = web_tokens.find(session=s, kind=FEED, secret=request.match_info["secret"])
        person = deps.directory.by_email(row.email) if row is not None else None
        if row is None or row.revoked_at is not None or person is None:
            auth.log(s, deps, row.email if row else f"web:{client(request)}", None,
                     "calendar feed refused", False)
            raise refusal(request, 404, "No such calendar",
                          "This calendar address was revoked or never existed. Make a new "
                          "one on the calendar feed page after signing in.")
        ics = _calendar(s, deps, person.email, auth.actor_of(deps, person))
        auth.log(s, deps, person.email, None, "calendar feed", True)
    return web.Response(text=ics, content_type="text/calendar", charset="utf-8", headers={
        "Content-Disposition": 'inline; filename="ethics-docket.ics"'})


def _calendar(s: Session, deps: WebDeps, email: str, actor: Actor) -> str:
    now, invites = deps.clock(), []
    mine = [r.value for r in responsibilities(actor)]
    rows = queries.open_deadlines(session=s, responsible=mine, now=now, asker=email,
                                  limit=500) if mine else []
    for r in rows:
        if email.lower() in {x.lower() for x in r["respondents"]} or r["due"] is None:
            continue  # not theirs to meet; a tolled one has no date to show
        invites.append(_deadline(r, deps))
    cases = SqlCaseRepository(s, deps.clock)
    for number, kind, slot in outbox.invited(s, recipient=email, types=INVITES):
        case = cases.get(number)
        if case is None:
            continue
        try:
            invite = build_invite(case, NoticeType(kind), deps.calendar, now=now,
                                  uid_domain=deps.uid_domain, slot=slot)
        except ValueError:
            continue
        # a day period's end as the web writes it ("end of day Thu Dec 24, 2026")
        invites.append(replace(invite, description=basis(invite.description)))
    return to_feed(invites, now=now, name=f"{deps.directory.city} ethics docket")


def _deadline(r: dict[str, object], deps: WebDeps) -> Invite:
    key = DeadlineKey(str(r["key"]))
    section, action = DEADLINES[key].section, DEADLINES[key].action
    due = deps.calendar.local(datetime.fromisoformat(str(r["due"])))
    start: date | datetime
    end: date | datetime
    if due.time() == END_OF_DAY:  # a day period: the whole last day
        start, end = due.date(), due.date() + timedelta(days=1)
    else:  # an hour period: the half hour before the instant it runs out
        start, end = due - timedelta(minutes=30), due
    # a deadline each official has their own of (§12) is an entry of its own: its UID
    # tells them apart by a digest of the official's email, so it names no one either
    whose = str(r.get("official") or "")
    tag = "-" + hashlib.sha256(whose.lower().encode()).hexdigest()[:12] if whose else ""
    text = f"{basis(r['basis'])}."
    if whose:  # its basis names whose determination it runs from: the feed names no one
        text = text.replace(whose, "one official")
    return Invite(uid=f"{str(r['number']).lower()}-deadline-{key.value}{tag}@{deps.uid_domain}",
                  sequence=0, method="PUBLISH", summary=f"{r['number']}: due: {action} "
                  f"({section})", description=text, start=start, end=end)
