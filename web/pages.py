"""The signed-in pages: the docket, "my deadlines", one case as far as the reader may
see it, and a filing exactly as received. Each view and each refusal is logged."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from cases.access import (
    NOT_ENTITLED,
    NOT_LISTED,
    Actor,
    DocketScope,
    Refused,
    check_form,
    docket_access,
    docket_scope,
    sees_open_request,
)
from cases.calendar import CityCalendar, fmt_day
from cases.chain import is_destroyed
from cases.deadline_values import DEADLINES, status_at
from cases.deadlines import clocks_of_requests
from cases.directory import Directory
from cases.fields import offered_steps
from cases.history import EventKind, sees_in_history
from cases.levels import Access
from cases.meetings import Body
from cases.notices import INVITES, NoticeType, meeting_of
from cases.open_meetings import Quorum, body_quorum
from cases.public_records import entries
from cases.rights import RIGHTS, request_name
from cases.stages import Stage
from cases.text import whole_number, words
from cases.visibility import Notices, Visibility, responsibilities, visibility
from storage import filings, lookups, queries
from storage.public import released_case
from web import auth
from web.auth import CHANNEL
from web.deps import WebDeps
from web.docket_empty import NONE_IN, elsewhere
from web.entries import entry_details, motion_words
from web.formats import day, deadline_title, moment, moments_in, phone, spreadsheet_cell
from web.keys import VIEWER
from web.next_acts import outcomes, what_is_next
from web.public import record_items, released_page
from web.render import due_text, page, proof_words, refusal
from web.request import deps_of, signed_in

PAGE = 50
HISTORY_SHOWN = 25  # the case page shows the latest entries of a history; its pages, all
HISTORY_PAGE = 25
_NUMBER = re.compile(r"ETH-\d{4}-\d{4,6}")  # as `storage.repository` numbers cases


routes = web.RouteTableDef()


def viewer_of(request: web.Request) -> auth.Viewer:
    found: auth.Viewer | None = request.get(VIEWER)
    assert found is not None  # `signed_in` saw to it
    return found


@routes.get("/docket")
@signed_in
async def docket(request: web.Request) -> web.StreamResponse:
    deps, viewer = deps_of(request), viewer_of(request)
    scope = docket_scope(viewer.actor)
    current = whole_number(request.query.get("page", "1"), 5) or 1
    view = docket_view(request.query, deps.directory, viewer.actor, deps.config.at_risk)
    rows, more = await _docket(request, view, current, size=PAGE)
    now = deps.clock()
    flagged_for = viewer.person.email if docket_access(viewer.actor) is Access.FULL else None
    lines = [_docket_line(r, deps, now, flagged_for=flagged_for) for r in rows]
    others = [] if rows or current > 1 or view.show == "all" else elsewhere(
        view, await deps.docket.counts(
            lookups.Asker(viewer.actor, viewer.person.email, CHANNEL), now=now,
            view=replace(view, mine=_mine(viewer.actor))),
        lambda show: _view_query(replace(view, show=show, risk=deps.config.at_risk)))
    return page(request, "docket.html.j2", rows=lines, page_number=current, more=more,
                involving=scope is DocketScope.INVOLVING, view=view, shows=queries.SHOWS,
                sorts=queries.SORTS, stages=[s.value for s in Stage],
                query=_view_query(view), others=others, none_in=NONE_IN,
                risk=deps.config.at_risk.words)


@routes.get("/docket.csv")
@signed_in
async def docket_csv(request: web.Request) -> web.StreamResponse:
    """The docket as the page shows it, every line, as CSV for a spreadsheet."""
    deps = deps_of(request)
    rows, _ = await _docket(request, docket_view(request.query, deps.directory,
                                                 viewer_of(request).actor,
                                                 deps.config.at_risk), 1, size=None)
    now = deps.clock()
    out = io.StringIO()
    sheet = csv.writer(out)
    sheet.writerow(["Case", "Stage", "Received", "Respondents", "Next act", "Owed by",
                    "Due", "Status", "Hearing"])
    for r in (_docket_line(r, deps, now) for r in rows):
        sheet.writerow([spreadsheet_cell(x) for x in (
            r["number"], r["stage"], r["received"], "; ".join(r["respondents"]),
            r["act"] or "", r["owed_by"] or "", r["due"] or "", r["status"] or "",
            r["hearing"] or "")])
    return web.Response(text=out.getvalue(), content_type="text/csv", charset="utf-8",
                        headers={"Content-Disposition": 'attachment; filename="docket.csv"'})


async def _docket(request: web.Request, view: queries.DocketView, current: int, *,
                  size: int | None) -> lookups.Page:
    """Page `current` of the docket the reader may see, as `view` filters it (`size`
    None: all of it); refused with the page the docket's refusal says."""
    deps, viewer = deps_of(request), viewer_of(request)
    try:
        return await deps.docket.docket(
            lookups.Asker(viewer.actor, viewer.person.email, CHANNEL), current, size=size,
            now=deps.clock(), view=view)
    except Refused:
        raise refusal(request, 403, "Not listed", NOT_LISTED) from None


def docket_view(query: Mapping[str, str], directory: Directory,
                actor: Actor | None = None, risk: queries.RiskWindow | None = None
                ) -> queries.DocketView:
    """The docket's filter, stage, search and order from a request's query; what is not
    one of the choices is the default (a link typed by hand shows the open docket).
    "Waiting on me" is the deadlines `actor` answers for (`responsibilities`); "at risk"
    judges by `risk` (`WebConfig.at_risk`: the at-risk sweep's thresholds), without
    which it is not offered."""
    show, sort = query.get("show", ""), query.get("sort", "")
    mine = _mine(actor) if actor is not None and show == "mine" else ()
    stage = query.get("stage", "")
    search = " ".join(query.get("q", "").split())[:queries.SEARCH_CHARS] or None
    named = search.casefold() if search else None
    emails = tuple(p.email for p in directory.people()
                   if named and named in p.name.casefold())[:10]
    if show not in queries.SHOWS or (show == "at-risk" and risk is None):
        show = queries.SHOWS[0]
    return queries.DocketView(
        show=show,
        sort=sort if sort in queries.SORTS else queries.SORTS[0],
        stage=stage if stage in {s.value for s in Stage} else None,
        search=search, emails=emails, mine=mine,
        risk=risk if show == "at-risk" else None)


def _mine(actor: Actor) -> tuple[str, ...]:
    """The deadlines `actor` answers for (`responsibilities`): "waiting on me"."""
    answers = set(responsibilities(actor))
    return tuple(sorted(k for k, rule in DEADLINES.items() if rule.responsible in answers))


def _view_query(view: queries.DocketView) -> str:
    """The view as a query string, for the page links and the export."""
    default = queries.DocketView()
    pairs = {"show": view.show if view.show != default.show else "",
             "sort": view.sort if view.sort != default.sort else "",
             "stage": view.stage or "", "q": view.search or ""}
    return urlencode({k: v for k, v in pairs.items() if v})


def _docket_line(r: dict[str, Any], deps: WebDeps, now: datetime, *,
                 flagged_for: str | None = None) -> dict[str, Any]:
    """A docket row as the page shows it; with the flags for the city attorney its
    meetings carry when `flagged_for` (a reader with full access) is not complained
    against in it: the case page shows them to full access alone, and so does this."""
    against = {e.lower() for e in r["respondents"]}
    flags = r["flags"] if flagged_for and flagged_for.lower() not in against else 0
    status = (status_at(r["next_deadline"], "open", datetime.fromisoformat(r["next_due"]),
                        now).value if r["next_due"] else None)
    rule = DEADLINES.get(r["next_deadline"]) if r["next_deadline"] else None
    return {"number": r["number"], "stage": words(r["stage"]), "tolled": r["tolled"],
            "key": words(r["next_deadline"]) if r["next_deadline"] else None,
            "act": f"{rule.action} ({rule.section})" if rule else None,
            "owed_by": words(rule.responsible) if rule else None,
            "respondents": [deps.directory.name_of(e) for e in r["respondents"]],
            "status": status, "due": due_text(r["next_due"], status or "open", now,
                                              deps.calendar) if r["next_due"] else None,
            "received": moment(r["received_at"], deps.calendar),
            "hearing": moment(r["hearing"], deps.calendar) if r["hearing"] else None,
            "flags": flags}


def _day(on: object) -> str | None:
    """The day a step happened, when it was recorded on another ("Tue Dec 1, 2026")."""
    try:
        return fmt_day(date.fromisoformat(str(on))) if on else None
    except ValueError:
        return None


@routes.get("/deadlines")
@signed_in
async def my_deadlines(request: web.Request) -> web.StreamResponse:
    deps, viewer = deps_of(request), viewer_of(request)
    mine = [r.value for r in responsibilities(viewer.actor)]
    with deps.session_factory.begin() as session:
        auth.log(session, deps, viewer.person.email, None, "my deadlines", True)
        rows = queries.open_deadlines(session=session, responsible=mine, now=deps.clock(),
                                      asker=viewer.person.email) if mine else []
    now, email = deps.clock(), viewer.person.email.lower()
    lines = []
    for r in rows:
        if email in {x.lower() for x in r["respondents"]}:
            continue  # a case against the reader: they act in none of its deadlines
        status = r["status"]  # judged at `now` by the query
        lines.append({"number": r["number"], "key": deadline_title(r, deps.directory.name_of),
                      "status": status,
                      "responsible": words(r["responsible"]), "basis": r["basis"],
                      "due": due_text(r["due"], status, now, deps.calendar)})
    return page(request, "deadlines.html.j2", rows=lines)


@dataclass(frozen=True)
class CaseViewSeen:
    """The case view as the reader may see it: the access it gives them, the view, and
    what of it the page shows them (`cases.visibility`)."""

    access: Access
    view: queries.CaseView
    seen: Visibility


async def case_view(request: web.Request, number: str, action: str, *,
                    public_ok: bool = False) -> CaseViewSeen:
    """The case view as far as the reader may see it (`storage.lookups.DocketReader`, as
    Slack asks): refused alike whether hidden or absent, except to those who see the
    whole docket.
    Seeing only what anyone may see (PUBLIC) opens the case page (`public_ok`) and nothing
    else: no step form, no record, no original."""
    deps, viewer = deps_of(request), viewer_of(request)
    number = number.strip().upper()
    wanted = number if _NUMBER.fullmatch(number) else ""
    try:
        access, view = await deps.docket.case_view(
            lookups.Asker(viewer.actor, viewer.person.email, CHANNEL), wanted, action,
            now=deps.clock(), readings=deps.directory.readings, public_ok=public_ok)
    except lookups.NoSuchCase:
        raise refusal(request, 404, "No such case",
                      f"There is no case {number[:20]}. The docket lists every case.") from None
    except Refused:
        raise refusal(request, 404, "Not entitled", NOT_ENTITLED) from None
    delivered = (any(e["kind"] == EventKind.REPORT_DELIVERED for e in view["history"])
                 or not view["confidential"])
    return CaseViewSeen(access, view, visibility(access, delivered=delivered))


@routes.get("/cases/{number}")
@signed_in
async def case(request: web.Request) -> web.StreamResponse:
    deps, viewer = deps_of(request), viewer_of(request)
    looked = await case_view(request, request.match_info["number"], "case page", public_ok=True)
    d, seen, now = looked.view, looked.seen, deps.clock()
    if looked.access is Access.PUBLIC:  # entitled to no more than anyone: what was released
        with deps.session_factory.begin() as session:
            found = released_case(session=session, number=d["number"],
                                  readings=deps.directory.readings)
        if found is None:
            raise refusal(request, 404, "Not entitled", NOT_ENTITLED)
        return released_page(request, found)
    if d["history"] and is_destroyed(d["history"][0].get("data") or {}):  # RCW 40.14:
        # the file was destroyed: its history's moments and its certificate are what is left
        seen = replace(seen, complaint=False, contact=False, records=False, originals=False)
    email = viewer.person.email.lower()
    notices = [n for n in d["notices"] if seen.notices is Notices.ALL
               or (seen.notices is Notices.OWN and n["recipient"] == email)]
    for n in notices:
        n["attempts_text"] = [
            f"{a['outcome']} {moment(a['at'], deps.calendar)}: "
            f"{moments_in(proof_words(a['server_reply']), deps.calendar)}"
            for a in n["attempts"]]
    def name_of(official: str) -> str:
        named = d["named_officials"].get(official)
        return named["name"] if named else deps.directory.name_of(official)

    deadlines = [{**x, "due_text": due_text(x["due"], x["status"], now, deps.calendar),
                  "title": deadline_title(x, name_of)}
                 for x in d["deadlines"]]  # judged at `now` by the query
    history = history_lines(d, looked.access, deps)
    kind = request.query.get("recorded", "")
    recorded = f"Recorded: {words(kind)}." if kind in set(EventKind) else None
    latest = next((e for e in reversed(history) if e["kind"] == kind), None)
    if recorded and latest is not None and latest["motion"]:
        recorded += " " + latest["motion"]  # a motion that failed says so at once
    flagged = recorded is not None and looked.access is Access.FULL and \
        request.query.get("flagged", "0") not in ("", "0")
    if flagged:  # `cases.services.Taken.flags`: told at once, the meetings opened on it
        recorded = f"{recorded} It raised a flag for the city attorney: see the meetings."
    offered = offered_steps(viewer.actor, looked.access, d)

    return page(request, "case.html.j2", d=d, seen=seen, access=looked.access.value,
                rights=rights_lines(deadlines, offered, viewer.actor, d)
                if looked.access is Access.RESPONDENT else [],
                request_recorded=recorded, request_flagged=flagged,
                next_box=what_is_next(deadlines, offered, viewer.actor, d, now=now,
                                      calendar=deps.calendar, name_of=name_of),
                outcomes=outcomes(d, name_of, only=email
                                  if looked.access is Access.RESPONDENT else None),
                against=[d["named_officials"][e]["name"] if e in d["named_officials"]
                         else deps.directory.name_of(e, titled=True) for e in d["respondents"]],
                meetings=[meeting_line(m, deps.calendar, postings=notices, quorum=body_quorum(
                    Body(m["body"]), deps.directory, d["respondents"])) for m in d["meetings"]],
                filing=d.get("filing") or {}, deadlines=deadlines,
                notices=[n for n in notices if n["type"] not in INVITES],
                invites=invite_groups(with_replies(
                    [n for n in notices if n["type"] in INVITES], d["meetings"]),
                    d["meetings"], deps.calendar),
                history=history[-HISTORY_SHOWN:], history_count=len(history),
                history_latest=history_latest(history, deps.calendar),
                open_requests=[r for r in d.get("open_requests", [])
                               if sees_open_request(looked.access, r["proceeding"])],
                disclosures=disclosure_rows(d, looked.access, deps.calendar, now),
                records=record_items(entries(d["history"]), deps.calendar, name_of)
                if seen.records else [],
                received=moment(d["received_at"], deps.calendar),
                steps=offered,
                filings=d["filings"] if seen.originals else [])


def history_lines(d: Mapping[str, Any], access: Access, deps: WebDeps) -> list[dict[str, Any]]:
    """The case's history as its reader may see it (`cases.history.sees_in_history`), each
    entry in words: the case page's latest entries and the history's own pages alike."""
    return [{**e, "when": moment(e["at"], deps.calendar), "what": words(e["kind"]),
             "by": deps.directory.name_of(e["actor"]),
             "on": _day(e["data"].get("on")), "motion": motion_words(e["data"]),
             # the facts recorded, to those who see the whole case: a part of it (the
             # council's, the official's) shows what was done, not what was said
             "details": entry_details(e["data"], deps.directory, deps.calendar)
             if access is Access.FULL else ""}
            for e in d["history"] if sees_in_history(access, EventKind(e["kind"]))]


def history_latest(history: Sequence[Mapping[str, Any]], calendar: CityCalendar) -> str:
    """The folded history's one line: the latest entry's day (the day it happened, if it
    was recorded later) and what it did ("Fri Feb 26, 2027: council decided")."""
    if not history:
        return ""
    last = history[-1]
    return f"{last['on'] or day(last['at'], calendar)}: {last['what']}"


@routes.get("/cases/{number}/history")
@signed_in
async def case_history(request: web.Request) -> web.StreamResponse:
    """The whole history of a case, `HISTORY_PAGE` entries a page, oldest first: the case
    page shows only the latest `HISTORY_SHOWN`. Read through the case view with the
    case page's checks, so each reader sees here exactly the entries the case page
    shows them; one who may see only what was released has no history to page."""
    deps = deps_of(request)
    looked = await case_view(request, request.match_info["number"], "case history")
    if looked.access is Access.PUBLIC:
        raise refusal(request, 404, "Not entitled", NOT_ENTITLED)
    history = history_lines(looked.view, looked.access, deps)
    pages = max(1, -(-len(history) // HISTORY_PAGE))
    current = min(whole_number(request.query.get("page", "1"), 5) or 1, pages)
    start = (current - 1) * HISTORY_PAGE
    return page(request, "history.html.j2", d=looked.view, page_number=current, pages=pages,
                history=history[start:start + HISTORY_PAGE], count=len(history),
                first=start + 1)


def rights_lines(deadlines: list[dict[str, Any]], offered: list[dict[str, Any]],
                 actor: Actor, d: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The official's rights under the ordinance (`cases.rights`), each with the date it
    applies by when the case has one (judged at the moment of viewing), the request
    that exercises it when the official may make it now, and why not when the case is
    at that point but the request cannot be theirs (`cases.access.check_form`: §11's
    after the board found the complaint insufficient as to them, §12's with no violation
    found against them)."""
    # the official's own line of a deadline each official has their own of (§12)
    own = (actor.email or "").lower()
    due = {x["key"]: x for x in deadlines if x.get("official", "").lower() in ("", own)}
    out = []
    for right in RIGHTS:
        found = due.get(right.by) if right.by else None
        step = next((s for s in offered
                     if right.step and s["slug"] == right.step.slug),
                    None)
        not_theirs = None
        if right.step is not None and step is None and Stage(d["stage"]) in right.step.allowed_in:
            try:
                check_form(actor, right.step, d["respondents"], d["askers"])
            except Refused as e:
                not_theirs = str(e)
        out.append({"section": right.section, "name": right.name, "words": right.words,
                    "by": f"{right.by_words} {found['due_text']}"
                    if found and found["due"] else None,
                    "status": found["status"] if found and found["due"] else None,
                    "request": request_name(right), "step": step, "not_theirs": not_theirs})
    return out


def disclosure_rows(d: dict[str, Any], access: Access, calendar: CityCalendar,
                    now: datetime) -> list[dict[str, Any]]:
    """The public disclosure requests (RCW 42.56), each numbered and with its own clock,
    for those who see the whole case (the city attorney answers them, §6)."""
    requests = d.get("disclosure_requests") or []
    if access is not Access.FULL or not requests:
        return []
    clocks = clocks_of_requests(requests, calendar, now=now)
    return [{**r, "number": i, "status": clock.status.value, "basis": clock.basis,
             "due_text": due_text(clock.due.isoformat() if clock.due else None,
                                  clock.status.value, now, calendar),
             "released_words": ", ".join(words(x) for x in r["released"])}
            for i, (r, clock) in enumerate(zip(requests, clocks, strict=True), start=1)]


def meeting_line(m: dict[str, Any], calendar: CityCalendar, *,
                 postings: Sequence[Mapping[str, Any]] = (),
                 quorum: Quorum | None = None) -> dict[str, Any]:
    """One meeting of the case as its block on the case page shows it: when, where, open
    or closed, how the invited answered, whether its public notice is posted (RCW 42.30
    .077, .080: the posting's latest revision) and how many of the quorum accepted."""
    counted = Counter(m["answers"].values())
    state = ("cancelled" if m["cancelled"] else "tentative" if m["tentative"]
             else "recorded after it took place" if m["recorded_late"] else "")
    mine = [n for n in postings if n["type"] == NoticeType.MEETING_POSTING
            and meeting_of(n["slot"]) == m["number"]]
    latest = mine[-1] if mine else None
    posted = ("no public notice (recorded after it took place)" if m["recorded_late"]
              else f"posted {moment(latest['sent_at'], calendar)}"
              if latest is not None and latest["sent_at"]
              else "posting failed: see its notice below"
              if latest is not None and latest["status"] == "failed" else "not posted yet")
    accepted = sum(1 for who, a in m["answers"].items()
                   if a == "accepted" and quorum is not None and who in quorum.counted)
    return {"number": m["number"], "body": words(m["body"]), "kind": words(m["kind"]),
            "when": moment(m["starts_at"], calendar), "place": m["place"],
            "remote_link": m["remote_link"], "open": m["open"],
            "session": m["session"], "state": state,
            "irregular": list(m.get("irregular") or ()),
            "answers": ", ".join(f"{n} {words(a)}" for a, n in counted.items())
            or "no answer yet", "posted": posted,
            "quorum": "" if quorum is None else
            f"{accepted} accepted of the {quorum.needed} a quorum needs"}


def with_replies(invites: list[dict[str, Any]],
                 meetings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each invite with its recipient's answer to the meeting it invites to, as intake
    recorded it from their calendar (`mail.intake`); a deadline's entry asks for none."""
    answers = {m["number"]: m["answers"] for m in meetings}
    out = []
    for n in invites:
        meeting = meeting_of(n.get("slot") or "")
        if n["type"] != NoticeType.INVITE_MEETING or meeting is None:
            reply = "none asked (a deadline, not a meeting)"
        else:
            reply = answers.get(meeting, {}).get(n["recipient"].lower(), "no answer yet")
        out.append({**n, "reply": reply})
    return out


def invite_groups(invites: list[dict[str, Any]], meetings: list[dict[str, Any]],
                  calendar: CityCalendar) -> list[dict[str, Any]]:
    """The calendar invites folded as the notices are: one group a purpose (an invite's
    kind, for one meeting or one official's window), with how many of those owed were
    sent, each recipient's invite, its delivery and their answer under it."""
    held = {m["number"]: m for m in meetings}
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for n in invites:
        groups.setdefault((n["type"], n.get("slot") or ""), []).append(n)
    out = []
    for (kind, slot), rows in groups.items():
        meeting = held.get(meeting_of(slot) or 0)
        about = (f"meeting #{meeting['number']} ({words(meeting['body'])}, "
                 f"{moment(meeting['starts_at'], calendar)})" if meeting is not None
                 else f"official {slot.removeprefix('official-')}"
                 if slot.startswith("official-") else "")
        cancelled = sum(1 for n in rows if n["status"] == "cancelled")
        out.append({"kind": words(kind), "about": about, "owed": len(rows) - cancelled,
                    "sent": sum(1 for n in rows if n["status"] == "sent"),
                    "cancelled": cancelled, "rows": rows})
    return out


@routes.get("/cases/{number}/filings/{filing}.eml")
@signed_in
async def original(request: web.Request) -> web.StreamResponse:
    """A filing exactly as received, to those who may see the originals (FULL)."""
    looked = await case_view(request, request.match_info["number"], "filing original")
    if not looked.seen.originals:
        raise refusal(request, 404, "Not entitled", NOT_ENTITLED)
    deps, wanted = deps_of(request), request.match_info["filing"]
    raw, filing = None, whole_number(wanted, 12)
    if filing is not None:
        with deps.session_factory() as session:
            raw = filings.original(session, number=looked.view["number"], filing_id=filing)
    if raw is None:
        raise refusal(request, 404, "No such filing", "This case has no such filing.")
    return web.Response(body=raw, content_type="message/rfc822", headers={
        "Content-Disposition": f'attachment; filename="{looked.view["number"]}-'
                               f'filing-{wanted}.eml"'})


@routes.get("/cases/{number}/complaint.txt")
@signed_in
async def complaint(request: web.Request) -> web.StreamResponse:
    """The complaint as filed, as text to keep, to those who see the complaint on the case
    page, with what they see of it: the complainant's contact details only to those who
    see them (`cases.visibility`: not the official complained against, not the council)."""
    looked = await case_view(request, request.match_info["number"], "complaint download")
    if not looked.seen.complaint:
        raise refusal(request, 404, "Not entitled", NOT_ENTITLED)
    text = complaint_text(looked.view, looked.seen, deps_of(request).calendar)
    return web.Response(text=text, content_type="text/plain", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="{looked.view["number"]}-'
                               'complaint.txt"'})


def complaint_text(d: dict[str, Any], seen: Visibility, calendar: CityCalendar) -> str:
    """The complaint's text as filed: who filed it and when the city received it, against
    whom, the sections, the facts and the reasons, and the sections added since (§5)."""
    filing = d.get("filing") or {}
    by = filing.get("complainant") or {}
    received = moment(d["received_at"], calendar)  # as corrected, if it was
    withheld = (d.get("protection") or {}).get("statement") if filing.get("withheld") else None
    lines = [f"{d['number']}: " + ("a summary of the complaint" if withheld
                                   else "the complaint as filed"), "",
             f"Received by the city: {received}",
             "By: withheld" if withheld else f"By: {by.get('name') or '(no name given)'}"]
    if withheld:
        lines.append(withheld)
    elif seen.contact:
        lines += [f"Address: {by.get('address') or '(none given)'}",
                  f"Phone: {phone(by['phone']) if by.get('phone') else '(none given)'}",
                  f"Email: {by.get('email') or '(none given)'}"]
    else:
        lines.append("(The complainant's address, phone and email are not shown to you: "
                     "§6 keeps them confidential.)")
    lines += [f"Against: {', '.join(filing.get('respondents') or []) or '(no one named)'}",
              f"Sections: {', '.join(filing.get('code_sections') or []) or '(none given)'}"]
    for a in d.get("amendments") or []:
        lines.append(f"Sections added by amendment on {moment(a['at'], calendar)} (§5): "
                     f"{', '.join(a['added_sections']) or '(none)'}")
    if withheld:
        lines += ["", "Summary:", filing.get("facts") or "(none given)", ""]
    else:
        lines += ["", "Facts:", filing.get("facts") or "(none given)", "",
                  "Reasons:", filing.get("reasons") or "(none given)", ""]
    return "\n".join(lines)


@routes.get("/cases")
@routes.get("/cases/")
async def cases(_request: web.Request) -> web.StreamResponse:
    """The natural guess for the docket's address."""
    raise web.HTTPFound("/docket")
