"""The public page (no sign-in): meeting postings, the records released after closure
(§13), how to write to the city, and nothing else.

Meeting postings come from `WebDeps.postings` (the composition root lists the postings
folder's current ones, `mail.postings`) and are served from `WebDeps.postings_dir` at
`/postings/NAME`; the page lists them by meeting date, those to come first, each with
its body, place and whether it is open to the public or an executive session (an
agenda names the case number only, never a person, §6). How to write to the city is
the directory's: the mayor and the city administrator, who receive complaints (§1).

Released records are exactly those `cases.public_records.released` lets
anyone see (released through a disclosure request, or at closure if the city reads §13
so; `storage.public`): the complaint without the complainant's contact details, the
sufficiency determination, the written report, as released. The page lists the cases;
each case's page shows its records, and each showing is in the access log with the
records shown, as Slack logs it. A case with nothing released, open or absent gets the
same answer.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from aiohttp import web

from cases.calendar import CityCalendar, day_of, fmt_day
from cases.chain import Head
from cases.public_records import (
    WORDS,
    Determination,
    Entry,
    Finding,
    PublicRecord,
    Report,
    shown_action,
)
from cases.readings import StatusListing, describe
from cases.text import whole_number, words
from storage import annual, public, status
from web import auth
from web.deps import Posting
from web.formats import moment, spreadsheet_cell
from web.render import page, refusal
from web.report_pdf import render_report_pdf
from web.request import anyone, deps_of, permitted, signed_in, who

PAGE = 20
_NUMBER = re.compile(r"ETH-\d{4}-\d{4,6}")
_POSTED = re.compile(r"eth-\d{4}-\d{4,6}-meeting-\d+-(minutes-)?r\d+\.(html|pdf)")
NONE_RELEASED = ("No records of that case have been released. A case's complaint, "
                 "sufficiency determination and written report become public after it "
                 "closes, once released through a public disclosure request filed with the "
                 "city attorney (§6, §13). The public page lists every case with released "
                 "records.")


routes = web.RouteTableDef()


@routes.get("/postings/{name}")
@anyone
async def posting(request: web.Request) -> web.StreamResponse:
    """One posted meeting notice, HTML or PDF, as the postings folder keeps it; each
    showing and each refusal in the access log, as the public page's."""
    deps, name = deps_of(request), request.match_info["name"]
    folder = deps.postings_dir
    path = folder / name if folder is not None and _POSTED.fullmatch(name) else None
    found = path is not None and path.is_file()
    auth.log_alone(deps, who(request), None, f"posting {name[:60]}" if found
                   else "posting refused", found)
    if path is None or not found:
        raise refusal(request, 404, "No such posting",
                      "That meeting notice is not posted. The public page lists those that "
                      "are.")
    kind = "application/pdf" if name.endswith(".pdf") else "text/html"
    return web.Response(body=path.read_bytes(), content_type=kind,
                        charset="utf-8" if kind == "text/html" else None)


@routes.get("/")
@anyone
async def home(request: web.Request) -> web.StreamResponse:
    deps = deps_of(request)
    wanted = request.query.get("page", "1")
    current = whole_number(wanted, 5) or 1
    with deps.session_factory.begin() as session:
        rows, more = public.released_cases(session=session, readings=deps.directory.readings,
                                           limit=PAGE, offset=(current - 1) * PAGE)
        auth.log(session, deps, who(request), None,
                 "public page" if current == 1 else f"public page {current}", True)
    listing = [{"number": r["number"], "closed": day_of(r["closed_at"], deps.calendar),
                "records": [WORDS[PublicRecord(x)] for x in r["released"]]} for r in rows]
    upcoming, past = meetings_posted(deps.postings(), deps.clock(), deps.calendar)
    directory = deps.directory
    return page(request, "public.html.j2", upcoming=upcoming, past=past, records=listing,
                page_number=current, more=more, mayor=directory.mayor,
                administrator=directory.administrator, attorney=directory.city_attorney)


# the status sheet's plain words for each stage (a case dismissed as time-barred says so)
STATUS_WORDS = {
    "received": "received", "hearing_scheduled": "hearing scheduled",
    "hearing_begun": "under review", "hearing_concluded": "under review",
    "reported": "under review", "report_delivered": "under review",
    "referred": "referred to a hearing", "determined": "determined",
    "council_decided": "decided by the council", "closed": "closed",
    "void": "closed: opened by mistake",
}
_CASE_OF_POSTING = re.compile(r"/postings/(eth-\d{4}-\d{4,6})-meeting-")


@routes.get("/status")
@anyone
async def status_sheet(request: web.Request) -> web.StreamResponse:
    """Where every complaint stands (those the city's reading `status_listing` lists, said
    on the page) (issue 41), modelled on the Washington Legislative
    Ethics Board's public status sheet: number, day received, status in plain words, the
    days of its posted meetings (the next one marked); the officials' names and how each
    one's matter ended only once the case is closed and its complaint released (§6,
    §13); and the docket chain's head at the end of each recent day, to keep. Each
    showing is in the access log."""
    deps = deps_of(request)
    current = whole_number(request.query.get("page", "1"), 5) or 1
    with deps.session_factory.begin() as session:
        rows, more = status.status_sheet(session=session, readings=deps.directory.readings,
                                         limit=STATUS_PAGE, offset=(current - 1) * STATUS_PAGE)
        days = status.docket_days(session=session, calendar=deps.calendar,
                                  days=HEAD_DAYS + 1)
        auth.log(session, deps, who(request), None,
                 "status sheet" if current == 1 else f"status sheet page {current}", True)
    return page(request, "status.html.j2", rows=_sheet_rows(request, rows), more=more,
                page_number=current, heads=_head_lines(days[:HEAD_DAYS]),
                older_heads=len(days) > HEAD_DAYS,
                every=deps.directory.readings.status_listing is StatusListing.FROM_RECEIPT,
                listing=describe(deps.directory.readings.status_listing))


@routes.get("/status.csv")
@anyone
async def status_sheet_csv(request: web.Request) -> web.StreamResponse:
    """The status sheet as CSV, every complaint, the newest first: what the page shows,
    one row a complaint (the next noticed meeting alone, of its meetings)."""
    deps = deps_of(request)
    with deps.session_factory.begin() as session:
        rows, _ = status.status_sheet(session=session, readings=deps.directory.readings,
                                      limit=None)
        auth.log(session, deps, who(request), None, "status sheet (CSV)", True)
    out = io.StringIO()
    sheet = csv.writer(out, lineterminator="\r\n")
    sheet.writerow(["Case", "Received", "Status", "Next meeting", "Officials", "Outcome"])
    for r in _sheet_rows(request, rows):
        sheet.writerow([spreadsheet_cell(x) for x in (
            r["number"], r["received"], r["status"],
            f"{r['next']['when']} ({r['next']['body']})" if r["next"] else "",
            "confidential" if r["officials"] is None else ", ".join(r["officials"]),
            "; ".join(f"{o['name']}: {o['outcome']}" for o in r["outcomes"]))])
    return web.Response(text=out.getvalue(), content_type="text/csv", charset="utf-8",
                        headers={"Content-Disposition":
                                 'attachment; filename="ethics-complaints-status.csv"'})


@routes.get("/status/docket-heads.csv")
@anyone
async def docket_heads_csv(request: web.Request) -> web.StreamResponse:
    """The docket chain's head at the end of every day it grew, the newest first: each
    `COUNT:HASH` is what `ethicsbot verify --against` checks the docket against."""
    deps = deps_of(request)
    with deps.session_factory.begin() as session:
        days = status.docket_days(session=session, calendar=deps.calendar)
        auth.log(session, deps, who(request), None, "docket heads (CSV)", True)
    out = io.StringIO()
    sheet = csv.writer(out, lineterminator="\r\n")
    sheet.writerows([("day", "head"), *((h["day"], h["head"]) for h in _head_lines(days))])
    return web.Response(text=out.getvalue(), content_type="text/csv", charset="utf-8",
                        headers={"Content-Disposition":
                                 'attachment; filename="ethics-docket-heads.csv"'})


def _sheet_rows(request: web.Request, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sheet's rows as the page and the CSV write them: an official's outcome by the
    directory's name for them, told only where the officials are (`status.status_sheet`)."""
    deps = deps_of(request)
    meetings = meetings_by_case(deps.postings(), deps.calendar)
    now = deps.clock()
    out = []
    for r in rows:
        held = meetings.get(r["number"], [])
        out.append({
            "number": r["number"],
            "received": day_of(r["received_at"].isoformat(), deps.calendar),
            "status": status_words(r["stage"], r["dismissed"]),
            "officials": r["officials"] if r["released"] else None,
            "outcomes": [{"name": deps.directory.name_of(official), "outcome": outcome}
                         for official, outcome in r["outcomes"]] if r["released"] else [],
            "released": r["released"], "meetings": held,
            "next": next((m for m in held if not m["cancelled"] and m["at"] is not None
                          and m["at"] >= now), None)})
    return out


def _head_lines(days: list[tuple[date, Head]]) -> list[dict[str, str]]:
    return [{"day": d.isoformat(), "shown": fmt_day(d), "head": str(h)} for d, h in days]


HEAD_DAYS = 14  # the days of docket heads the page shows; the CSV has every one
STATUS_PAGE = 50


def status_words(stage: str, dismissed: bool) -> str:
    if dismissed and stage != "void":
        return ("dismissed as time-barred (§4), closed" if stage == "closed"
                else "dismissed as time-barred (§4)")
    return STATUS_WORDS.get(stage, stage.replace("_", " "))


def meetings_by_case(postings: list[Posting], calendar: CityCalendar
                     ) -> dict[str, list[dict[str, Any]]]:
    """Each case's meetings as their postings (already public) say, soonest first."""
    out: dict[str, list[dict[str, Any]]] = {}
    for p in sorted(postings, key=lambda p: p.meeting_at.isoformat() if p.meeting_at else "~"):
        found = _CASE_OF_POSTING.match(p.href)
        if found is None:
            continue
        out.setdefault(found.group(1).upper(), []).append(
            {"when": moment(p.meeting_at, calendar) if p.meeting_at else "see the notice",
             "at": p.meeting_at, "body": p.body, "cancelled": p.cancelled, "html":
             p.href.removesuffix(".pdf") + ".html"})
    return out


def meetings_posted(postings: list[Posting], now: datetime, calendar: CityCalendar
                    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The meetings' current postings by meeting date: those still to come, soonest first,
    then those past, the latest first (a posting that does not say when its meeting is
    goes with the past, by when it was posted)."""
    def line(p: Posting) -> dict[str, Any]:
        return {"title": p.title, "posted": p.published_at, "pdf": p.href,
                "html": p.href.removesuffix(".pdf") + ".html",
                "when": moment(p.meeting_at, calendar) if p.meeting_at else None,
                "body": p.body, "place": p.place, "remote_link": p.remote_link,
                "open": p.open, "cancelled": p.cancelled, "minutes": p.minutes}

    ahead = sorted((p for p in postings if p.meeting_at and p.meeting_at >= now),
                   key=lambda p: p.meeting_at or now)
    behind = sorted((p for p in postings if not (p.meeting_at and p.meeting_at >= now)),
                    key=lambda p: (p.meeting_at is not None, p.meeting_at or now),
                    reverse=True)
    return [line(p) for p in ahead], [line(p) for p in behind]


@routes.get("/records/{number}")
@anyone
async def records(request: web.Request) -> web.StreamResponse:
    deps = deps_of(request)
    number = request.match_info["number"].strip().upper()
    valid = bool(_NUMBER.fullmatch(number))
    with deps.session_factory.begin() as session:
        found = public.released_case(session=session, number=number,
                                     readings=deps.directory.readings) if valid else None
        auth.log(session, deps, who(request), number[:20] if valid else None,
                 shown_action(found["released"]) if found else "public records refused",
                 found is not None)
    if found is None:
        raise refusal(request, 404, "No released records", NONE_RELEASED)
    return released_page(request, found)


def released_page(request: web.Request, found: dict[str, Any]) -> web.Response:
    """A case's released records, as the public page and a reader entitled to no more
    (`cases.access.Access.PUBLIC`) see them."""
    calendar = deps_of(request).calendar
    on = found["released_on"]
    return page(request, "released.html.j2", number=found["number"],
                closed=day_of(found["closed_at"], calendar),
                released=[{"what": WORDS[PublicRecord(r)], "on": day_of(on.get(r), calendar)}
                          for r in found["released"]],
                complaint=found["complaint"],
                received=moment(found["complaint"]["received_at"], calendar)
                if found["complaint"] else "",
                items=record_items(found["entries"], calendar))


def record_items(found: list[Entry], calendar: CityCalendar,
                 name_of: Callable[[str], str] = str) -> list[dict[str, str]]:
    """The §13 records (`cases.public_records.entries`) as a page shows them, each
    official by `name_of` (the case page: the directory's names); a final determination
    is about one official, and its title says whom, so that two are never just "final
    determination" twice."""
    out = []
    for x in found:
        match x:
            case Report():
                named = replace(x, as_to=tuple((name_of(w), f) for w, f in x.as_to))
                out.append({"title": f"Written report ({day_of(x.on, calendar)})",
                            "text": f"The board found the complaint {named.words} "
                                    f"(§7, §8). {x.summary}".strip(), "file": x.report_file})
            case Finding():
                alone = replace(x, as_to=tuple((name_of(w), f) for w, f in x.as_to))
                out.append({"title": f"Sufficiency determination ({day_of(x.on, calendar)})",
                            "text": f"The board found the complaint {alone.words} (§7, §8).",
                            "file": ""})
            case Determination():
                whom = name_of(x.as_to) if x.as_to else ""
                text = replace(x, as_to=whom).words
                out.append({"title": "Final determination"
                                     + (f" as to {whom}" if whom else "")
                                     + f" ({day_of(x.on, calendar)})",
                            "text": f"{text[0].upper()}{text[1:]} (§11, §12).", "file": ""})
    return out


REPORT_READERS = auth.REPORT_READERS
NOT_A_REPORT_READER = ("The yearly report on the ethics program is for the city council, "
                       "the mayor's office and the city attorney.")


def _yearly(request: web.Request, what: str) -> tuple[int, dict[str, Any]]:
    """The year asked for (this year in city time when none is) and its report, to a
    reader of `REPORT_READERS` only; each look, and each refusal, logged."""
    permitted(request, lambda a: a.has(REPORT_READERS), f"yearly report{what}",
              title="Not your page", sentence=NOT_A_REPORT_READER)
    deps = deps_of(request)
    now = deps.clock()
    this_year = deps.calendar.local_date(now).year
    year = whole_number(request.query.get("year", str(this_year)), 4) or this_year
    with deps.session_factory.begin() as session:
        found = annual.yearly_report(session=session, year=year, calendar=deps.calendar,
                                     now=now)
        auth.log(session, deps, who(request), None, f"yearly report {year}{what}", True)
    return year, found


@routes.get("/report")
@signed_in
async def yearly_report(request: web.Request) -> web.StreamResponse:
    """The yearly report to the council (`storage.annual`, as `ethicsbot report`): counts
    only, no names; each look logged."""
    year, found = _yearly(request, "")
    return page(request, "report.html.j2", report=found, year=year,
                records_rows=annual.records_lines(found["records_requests"]))


@routes.get("/report.csv")
@signed_in
async def yearly_report_csv(request: web.Request) -> web.StreamResponse:
    """The same report as CSV, one count a row (part, item, count), for a spreadsheet."""
    year, found = _yearly(request, " (CSV)")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([("part", "item", "count"), *report_rows(found)])
    return web.Response(text=out.getvalue(), content_type="text/csv", charset="utf-8",
                        headers={"Content-Disposition":
                                 f'attachment; filename="ethics-program-{year}.csv"'})


@routes.get("/report.pdf")
@signed_in
async def yearly_report_pdf(request: web.Request) -> web.StreamResponse:
    """The same report as a tagged PDF (`web.report_pdf`), to print or file with the
    council's papers."""
    year, found = _yearly(request, " (PDF)")
    deps = deps_of(request)
    now = deps.clock()
    body = render_report_pdf(found, city=deps.directory.city, created=now,
                             made_on=moment(now, deps.calendar))
    return web.Response(body=body, content_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="ethics-program-{year}.pdf"'})


def report_rows(found: dict[str, Any]) -> list[tuple[str, str, int | float | str]]:
    """The report's counts as the CSV's rows, in the page's order: what no row can hold
    (no complaint reached a step: no median) is empty."""
    def cell(v: int | float | str | None) -> int | float | str:
        return "" if v is None or v == "—" else v

    return [
        ("complaints", "received", found["received"]),
        *(("outcome", k, v) for k, v in found["outcomes"].items()),
        *(("council", k, v) for k, v in found["council_actions"].items()),
        *((f"deadline: {words(k)}", s, n) for k, v in found["deadlines"].items()
          for s, n in v.items()),
        *((f"deadlines of {role}", s, n) for role, v in found["deadlines_by_role"].items()
          for s, n in v.items()),
        *(("complaints reaching", step, v["cases"])
          for step, v in found["days_to_step"].items()),
        *(("median days from receipt", step, cell(v["median"]))
          for step, v in found["days_to_step"].items()),
        *(("public records requests", label, cell(v))
          for label, v in annual.records_lines(found["records_requests"])),
    ]
