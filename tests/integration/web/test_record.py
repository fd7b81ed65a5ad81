"""The case record download: a PDF and a ZIP of the originals, for those entitled, the
same bytes every time from the same database (on SQLite and PostgreSQL)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

from pypdf import PdfReader
from sqlalchemy import select

from cases import commands as c
from mail.intake import Outcome, take_in
from storage import chain
from storage.models import AccessLogRow, DocketChainRow, EventRow, FilingRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.tagged_pdf import read_tagged
from tests.fixtures.web import Site
from tests.integration.mail.complaints import corpus

ATTORNEY, COUNCIL = "attorney@city.test", "abrandt@city.test"
CLIENTS = Path(__file__).resolve().parents[2] / "data" / "clients"


def opened(site: Site) -> str:
    result = take_in(corpus("gmail-forward-letter.eml"), site.app.intake(), source="imap",
                     received_at=site.app.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    return result.case_number


async def download(site: Site, path: str) -> bytes:
    async with site.http.get(site.url + path) as r:
        assert r.status == 200, await r.text()
        assert r.headers["Content-Disposition"].startswith("attachment;")
        return await r.read()


async def test_the_city_attorney_downloads_the_whole_record_byte_for_byte(
        site: Site, clock: FakeClock) -> None:
    number = opened(site)
    step(site.app, number, c.ScheduleBoardMeeting(clock() + __import__("datetime").timedelta(
        days=8), "Council Chambers"), actor="hpark@city.test")
    await site.sign_in(ATTORNEY)
    first_pdf = await download(site, f"/cases/{number}/record.pdf")
    first_zip = await download(site, f"/cases/{number}/record.zip")
    clock.advance(minutes=20)  # the wall clock moves; the record does not
    assert await download(site, f"/cases/{number}/record.pdf") == first_pdf
    assert await download(site, f"/cases/{number}/record.zip") == first_zip

    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(first_pdf)).pages)
    for part in (f"Case No. {number}", "complaint by Dana Whitfield, complainant",
                 "Received Mon Nov 30, 2026", "Hearing scheduled", "Docket entries",
                 "Complaint to respondent", "Gary Pruitt", "SHA-256",
                 "sufficiency hearing window"):
        assert part in " ".join(text.split()), part
    assert "respondent_informed" not in text and "{" not in text  # no program output

    z = zipfile.ZipFile(io.BytesIO(first_zip))
    names = z.namelist()
    assert names == sorted(names)
    assert {i.date_time for i in z.infolist()} == {z.getinfo(names[0]).date_time}
    with site.app.session_factory() as s:
        raw = s.scalars(select(FilingRow.raw)).one()
    eml = next(n for n in names if n.startswith(f"{number}/filings/"))
    assert z.read(eml) == raw  # the message exactly as received
    assert hashlib.sha256(raw).hexdigest() in z.read(f"{number}/README.txt").decode()
    data = json.loads(z.read(f"{number}/record.json"))
    assert [e["kind"] for e in data["history"]][:1] == ["complaint_received"]
    assert z.read(f"{number}/record.pdf") == first_pdf
    assert b"BEGIN:VEVENT" in z.read(f"{number}/invites.ics")
    assert b"METHOD" not in z.read(f"{number}/invites.ics")
    assert b"/CreationDate" in first_pdf


async def test_a_council_member_may_not_download_the_record(site: Site) -> None:
    number = opened(site)
    await site.sign_in(COUNCIL)
    case = await site.get(f"/cases/{number}")
    assert case.status == 200 and "record.pdf" not in case.text
    refused = await site.get(f"/cases/{number}/record.zip")
    assert refused.status == 403
    with site.app.session_factory() as s:
        assert s.scalars(select(AccessLogRow.action).where(
            AccessLogRow.who == COUNCIL, AccessLogRow.allowed.is_(False))).all() == [
            "case record zip refused"]


async def test_the_record_says_what_intake_asked_the_clerk_to_confirm(site: Site) -> None:
    """A receipt date that could be read two ways is 'To confirm' on the case page; the
    record the city attorney relies on says so too."""
    raw = (CLIENTS / "53-date-en-ambiguous-flagged.eml").read_bytes()
    result = take_in(raw, site.app.intake(), source="imap", received_at=site.app.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    await site.sign_in(ATTORNEY)
    pdf = await download(site, f"/cases/{result.case_number}/record.pdf")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "To confirm: the receipt date" in text


async def test_the_record_carries_the_head_it_was_made_from_and_each_export_is_chained(
        site: Site, clock: FakeClock) -> None:
    """Issue 27: the PDF's first page and footer and the ZIP's chain-head.txt name the
    history chain's head; each download is a docket-chain entry (what, its SHA-256, for
    whom, from which head), and the case's own history is left as it was."""
    number = opened(site)
    await site.sign_in(ATTORNEY)
    with site.app.session_factory() as s:
        head = s.scalars(select(EventRow.hash).order_by(EventRow.seq.desc())).first()
        count = len(s.scalars(select(EventRow.id)).all())
    assert head is not None
    pdf = await download(site, f"/cases/{number}/record.pdf")
    archive = await download(site, f"/cases/{number}/record.zip")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert f"history entry #{count - 1}, SHA-256 {head}" in text
    assert f"{number} — case record — chain head #{count - 1} {head[:16]}… — page 1" in text
    z = zipfile.ZipFile(io.BytesIO(archive))
    assert z.read(f"{number}/chain-head.txt").decode() == (
        f"{number}\nentries {count}\nhead {head}\n")
    with site.app.session_factory() as s:
        exports = s.scalars(select(DocketChainRow).where(DocketChainRow.kind == "export")
                            .order_by(DocketChainRow.position)).all()
        assert [(e.case_number, e.seq, e.head, e.detail) for e in exports] == [
            (number, count - 1, head, {"what": what, "sha256": hashlib.sha256(body).hexdigest(),
                                       "by": ATTORNEY})
            for what, body in (("record.pdf", pdf), ("record.zip", archive))]
        assert len(s.scalars(select(EventRow.id)).all()) == count
        assert chain.verify(s).verified


async def test_the_record_pdf_is_tagged_for_a_screen_reader(site: Site, clock: FakeClock) -> None:
    """Issue 27, item 6: the case record reads as it looks: the caption's title a heading,
    the caption's two columns paragraphs, each section a heading, the docket and the other
    tables with their column headers (once, not again on each page), the footer an
    artifact; its language and its title in the viewer's window."""
    number = opened(site)
    for i in range(40):  # a history that runs over pages
        step(site.app, number, c.FileCorrespondence(f"resident{i}@example.net",
                                                    f"Re: {number} ({i})"))
    await site.sign_in(ATTORNEY)
    pdf = await download(site, f"/cases/{number}/record.pdf")
    t = read_tagged(pdf)
    assert (t.marked, t.lang, t.title, t.display_doc_title) == (
        True, "en", f"Case record {number}", True)
    assert t.root is not None and t.untagged == ""
    assert ["".join(h.text.split()) for h in t.elements("H1")] == [  # over two lines
        "CITYOFRIVERTONETHICSCOMPLAINTPROCEDURE"]
    assert [h.text for h in t.elements("H2")] == [
        "The complaint", "Docket entries", "Deadlines", "Notices, with proof of delivery",
        "Calendar invites, as the case now stands",
        "Filings as received (the originals are in the ZIP)"]
    paragraphs = [" ".join(p.text.split()) for p in t.elements("P")]
    assert paragraphs[0].startswith("In the matter of a complaint by")
    assert paragraphs[1].startswith(f"Case No. {number}")
    docket = t.elements("Table")[1]
    rows = [r for r in docket.kids if r.role == "TR"]
    assert [c.text for c in rows[0].kids] == ["No.", "Date", "Entry", "By", "Recorded"]
    assert {c.attributes.get("Scope") for c in rows[0].kids} == {"/Column"}
    assert len(rows) > 41 and all([c.role for c in r.kids] == ["TD"] * 5 for r in rows[1:])
    assert [r.kids[0].text for r in rows[1:]] == [str(i) for i in range(1, len(rows))]
    assert sum("Correspondence filed" in r.kids[2].text for r in rows) == 40
    pages = len({page for page, _ in t.drawn})
    assert pages >= 2 and t.artifacts.count("case record — chain head") == pages
    text = "".join("".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert sorted(text) == sorted("".join((t.root.all_text() + t.artifacts).split()))
