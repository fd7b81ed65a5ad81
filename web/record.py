"""The case record: one download of everything the database holds about a case (the
history, the deadlines with their basis, every notice with its proof, the filings as
received, the invites), as a PDF to read and a ZIP of the originals beside it.

Reproducible byte for byte from the database: every date in it (the PDF's creation date,
the ZIP entries' times, the invites' DTSTAMP) is the record's own last moment (the latest
event, delivery attempt or filing), entries are sorted, and nothing reads the wall clock.
Two downloads of an unchanged case are the same file, so its digest can be quoted.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from datetime import UTC, datetime
from typing import Any

from aiohttp import web
from sqlalchemy.orm import Session

from cases.case import Case
from cases.chain import EMPTY, Head
from cases.notices import INVITES, NoticeType, invite_slots, meeting_slot
from notices.invites import build_invite, to_feed
from notices.proof import proof_csv
from storage import chain, filings, queries
from storage.repository import SqlCaseRepository
from templates.released import released_pdf
from web import auth
from web.deps import WebDeps
from web.pages import case_view, viewer_of
from web.record_data import Record
from web.record_pdf import render_pdf
from web.render import refusal
from web.request import deps_of, signed_in

routes = web.RouteTableDef()


def load(session: Session, deps: WebDeps, number: str, *, releases: bool = False
         ) -> Record | None:
    """The record of case `number`; `releases`: with each released instalment's PDFs (the
    ZIP and their own downloads; the record PDF lists, not carries, them)."""
    detail = queries.case_view(session=session, number=number, now=deps.clock(),
                               readings=deps.directory.readings)
    if detail is None:
        return None
    rows = filings.of_case(session, number)
    moments = [detail["received_at"], *(e["at"] for e in detail["history"]),
               *(a["at"] for n in detail["notices"] for a in n["attempts"]),
               *(f["taken_at"] for f in detail["filings"])]
    moment = max(datetime.fromisoformat(m) for m in moments if m).astimezone(UTC)
    case = SqlCaseRepository(session, deps.clock).get(number)
    invites = []
    if case is not None:
        wanted = [(p, slot) for p in sorted(INVITES - {NoticeType.INVITE_MEETING})
                  for slot in invite_slots(case, p)]
        wanted += [(NoticeType.INVITE_MEETING, meeting_slot(m.number))
                   for m in case.meetings.all]  # each meeting its own entry
        for purpose, slot in wanted:
            try:
                invites.append(build_invite(case, purpose, deps.calendar, now=moment,
                                            uid_domain=deps.uid_domain, slot=slot))
            except ValueError:
                continue  # e.g. a council window for a case without a violation
    return Record(number, deps.directory.city, moment, detail,
                  [(i, s, bytes(raw)) for i, s, raw in rows], invites, deps.calendar,
                  deps.directory, _head(session, number, detail["history"]),
                  _releases(case, deps) if case is not None and releases else ())


def _releases(case: Case, deps: WebDeps) -> tuple[tuple[str, bytes], ...]:
    """Each instalment released, as the requester got it and as it was prepared (the
    working copy marks each cut): both in the record (issue 27), dated by the release."""
    out = []
    for n, x in enumerate(case.disclosure_requests, start=1):
        for inst in x.instalments:
            at = case.history[inst.index].at
            for kind in ("released", "working"):
                out.append((f"public-records/request-{n}-instalment-{inst.number}-{kind}.pdf",
                            released_pdf(case, n, inst, calendar=deps.calendar, created=at,
                                         working=kind == "working")))
    return tuple(out)


def _head(session: Session, number: str, history: list[dict[str, Any]]) -> Head:
    """The chain's head at the last entry of `history` (the history the record prints,
    whatever committed since it was read)."""
    if not history:
        return EMPTY
    return chain.head_at(session, number, max(e["seq"] for e in history))


async def _fetch(request: web.Request, what: str, *, releases: bool = False) -> Record:
    looked = await case_view(request, request.match_info["number"], f"case record {what}")
    deps, viewer = deps_of(request), viewer_of(request)
    if not looked.seen.originals:
        auth.log_alone(deps, viewer.person.email, looked.view["number"],
                       f"case record {what} refused", False)
        raise refusal(request, 403, "Not entitled",
                      "The complete case record is for the mayor's office, the board and "
                      "the city attorney (§6).")
    with deps.session_factory() as session:
        found = load(session, deps, looked.view["number"], releases=releases)
    assert found is not None
    return found


def _download(request: web.Request, record: Record, what: str, body: bytes,
              content_type: str) -> web.Response:
    """`body` as the download of the file `what` (saved as "ETH-...-" and its name), the
    export recorded in the docket chain first (`storage.chain.record_export`): which file,
    its SHA-256, for whom, and the case head it was made from. The case's own history is
    left as it is, so the next download of an unchanged case is the same file."""
    deps = deps_of(request)
    with deps.session_factory.begin() as session:
        chain.record_export(session, number=record.number, what=what,
                            digest=hashlib.sha256(body).hexdigest(),
                            by=viewer_of(request).person.email, at=deps.clock())
    name = what.rsplit("/", 1)[-1]
    return web.Response(body=body, content_type=content_type, headers={
        "Content-Disposition": f'attachment; filename="{record.number}-{name}"'})


@routes.get("/cases/{number}/record.pdf")
@signed_in
async def pdf(request: web.Request) -> web.StreamResponse:
    record = await _fetch(request, "pdf")
    return _download(request, record, "record.pdf", render_pdf(record), "application/pdf")


@routes.get("/cases/{number}/record.zip")
@signed_in
async def archive(request: web.Request) -> web.StreamResponse:
    record = await _fetch(request, "zip", releases=True)
    return _download(request, record, "record.zip", render_zip(record), "application/zip")


@routes.get("/cases/{number}/public-records/{name}")
@signed_in
async def released(request: web.Request) -> web.StreamResponse:
    """One instalment released on a public records request, as released or as prepared
    (the working copy, its cuts marked): the same file the record's ZIP keeps, to those
    who may have the whole record; each download is an export in the docket chain."""
    record = await _fetch(request, "public records", releases=True)
    name = f"public-records/{request.match_info['name']}"
    found = dict(record.releases).get(name)
    if found is None:
        raise refusal(request, 404, "No such instalment",
                      "The case page lists each instalment released on a public records "
                      "request, as released and as prepared.")
    return _download(request, record, name, found, "application/pdf")


def render_zip(record: Record) -> bytes:
    """The record as a ZIP: the PDF, the data as JSON, the proof of notice as CSV, each
    filing's bytes as received, each invite as iCalendar; sorted, every entry dated with
    the record's moment, so the same database gives the same bytes."""
    n = record.number
    files: dict[str, bytes] = {
        f"{n}/record.pdf": render_pdf(record),
        f"{n}/record.json": json.dumps(record.detail, indent=2, sort_keys=True,
                                       ensure_ascii=False).encode(),
        f"{n}/proof-of-notice.csv": proof_csv(record.number, record.detail["notices"]).encode(),
        f"{n}/README.txt": _readme(record).encode(),
        f"{n}/chain-head.txt": (f"{record.number}\nentries {record.head.count}\n"
                                f"head {record.head.hash}\n").encode(),
    }
    for filing_id, source, raw in record.originals:
        files[f"{n}/filings/{filing_id:06d}-{source}.eml"] = raw
    for name, raw in record.releases:
        files[f"{n}/{name}"] = raw
    if record.invites:
        files[f"{n}/invites.ics"] = to_feed(record.invites, now=record.moment,
                                            name=f"{n} invites").encode()
    stamp = record.moment.timetuple()[:6]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type, info.create_system = zipfile.ZIP_DEFLATED, 3
            info.external_attr = 0o100644 << 16
            z.writestr(info, files[name], compresslevel=9)
    return out.getvalue()


def _readme(record: Record) -> str:
    lines = [f"Case record of {record.number}, City of {record.city}.",
             f"As the database stood at {record.moment.isoformat()} (the record's last "
             "event, delivery attempt or filing); every date in these files is that one.",
             "", "record.pdf           the record to read", "record.json          the same, as "
             "data", "proof-of-notice.csv  every notice owed and each delivery attempt",
             "filings/             each message or form exactly as received (SHA-256 below)",
             "invites.ics          the calendar entries as the case now stands",
             "public-records/      each instalment released on a public records request, "
             "as released", "                     and as prepared (working: the cuts "
             "marked)",
             "chain-head.txt       the history chain's head these files were made from: "
             "how many", "                     entries, the last one's hash (`ethicsbot "
             "verify` checks it)", ""]
    lines += [f"{record.digest_of(raw)}  filings/{i:06d}-{s}.eml"
              for i, s, raw in record.originals]
    return "\n".join(lines) + "\n"
