"""The public page shows exactly the §13 records released after closure (the complaint
without the complainant's contact details, the sufficiency determination, the written
report, as released), each showing in the access log, and nothing else: an open case, a
closed case with nothing released and an absent one get the same answer."""

from __future__ import annotations

import dataclasses
import html
import io
import zipfile
from datetime import timedelta

from pdfminer.high_level import extract_text
from sqlalchemy import select

from cases import commands as c
from cases.disclosure import AnswerKind, Redaction
from cases.protection import ProtectionBasis
from cases.public_records import PublicRecord
from cases.readings import ComplainantProtection, Readings, Release
from ethicsbot.bootstrap import App
from storage.models import AccessLogRow
from tests.fixtures.cases import step
from tests.fixtures.web import Site, csrf_of, reported, start_site, with_web
from tests.integration.bot.conftest import open_case
from tests.integration.bot.test_confidentiality import CONTACT, FACTS
from tests.integration.web.test_docket import ATTORNEY, logged
from tests.integration.web.test_record import download
from tests.servers.net import free_ports
from tests.servers.smtp_sink import SmtpSink

REASONS = "misuse of city property"
SUMMARY = "no prima facie showing"
STRANGER = "web:127.0.0.1"
HEARING_PLACE = "City Hall, Room 2"  # where `convene` holds the board's hearing


def closed_insufficient(app: App) -> str:
    number = open_case(app)
    reported(app, number, sufficient=False, summary=SUMMARY, report_file="F0REPORT1",
             actor="hpark@city.test")
    step(app, number, c.CloseCase("insufficient"), actor="hpark@city.test")
    return number


def release(app: App, number: str, *records: PublicRecord,
            redactions: tuple[Redaction, ...] = ()) -> None:
    """A request, and its records prepared by the clerk and released by the attorney."""
    step(app, number, c.RecordDisclosureRequest("A. Reporter, Riverton Ledger"),
         actor=ATTORNEY)
    step(app, number, c.PrepareInstalment(records, redactions, final=True))
    step(app, number, c.ReleaseRecords(), actor=ATTORNEY)


def text(answer_text: str) -> str:
    return html.unescape(answer_text)


async def test_an_unreleased_closed_case_shows_nothing(site: Site) -> None:
    number = closed_insufficient(site.app)
    still_open = open_case(site.app)
    home = await site.get("/")
    assert home.status == 200 and number not in home.text and still_open not in home.text
    assert "No records have been released." in home.text
    numbers = (number, still_open, "ETH-2026-9999")
    answers = [await site.get(f"/records/{n}") for n in numbers]
    assert {a.status for a in answers} == {404}
    assert len({a.text.replace(n, "N") for a, n in zip(answers, numbers, strict=True)}) == 1
    for a in answers:
        assert FACTS not in a.text and SUMMARY not in a.text
    assert (number, "public records refused", False) in logged(site, STRANGER)
    # the disclosure request answered without records releases nothing either
    step(site.app, number, c.RecordDisclosureRequest("A. Reporter"), actor=ATTORNEY)
    step(site.app, number, c.AnswerDisclosure(
        AnswerKind.ACKNOWLEDGE, estimate=site.app.calendar.local_date(site.app.clock())
        + timedelta(days=20), text="exempt: estimate"), actor=ATTORNEY)
    assert number not in (await site.get("/")).text
    assert (await site.get(f"/records/{number}")).status == 404
    # the city attorney's case page lists each request with its own clock (RCW 42.56.520)
    await site.sign_in(ATTORNEY)
    page = text((await site.get(f"/cases/{number}")).text)
    assert "Public disclosure requests (§6, RCW 42.56)" in page
    assert "#1 A. Reporter, received" in page and "request received" in page
    assert 'class="badge met">met' in page
    assert "answered" in page and "(exempt: estimate)" in page


async def test_released_records_are_shown_exactly_and_each_showing_logged(site: Site) -> None:
    number = closed_insufficient(site.app)
    release(site.app, number, PublicRecord.COMPLAINT, PublicRecord.WRITTEN_REPORT)
    home = await site.get("/")
    assert f'href="/records/{number}"' in home.text
    assert "the complaint, the written report" in home.text
    assert FACTS not in home.text  # the list names the records; the case's page shows them
    shown = await site.get(f"/records/{number}")
    page = text(shown.text)
    assert shown.status == 200
    for part in (FACTS, REASONS, "Dana Whitfield", "Gary Pruitt", "2.94.030", SUMMARY,
                 "F0REPORT1", "found the complaint insufficient", "The complaint, released"):
        assert part in page, part
    for part in (*CONTACT, "A. Reporter", HEARING_PLACE, "hpark@city.test"):
        assert part not in page, part  # contact details, the requester, the rest of the case
    assert (number, "public records shown: complaint, written_report", True) in logged(
        site, STRANGER)
    with site.app.session_factory() as s:
        assert s.scalar(select(AccessLogRow.channel).where(
            AccessLogRow.action.startswith("public records shown"))) == "web"


async def test_a_redacted_complaint_is_shown_without_the_redacted_text(site: Site) -> None:
    """Issue 27: text an instalment redacted is gone from what the public sees, its
    exemption in its place; the rest of the complaint is shown."""
    number = closed_insufficient(site.app)
    secret = "campaign event"  # words of the facts, as the records officer cut them
    release(site.app, number, PublicRecord.COMPLAINT, redactions=(
        Redaction("complaint", "RCW 42.56.240(2)", "a witness's identity", secret),))
    page = text((await site.get(f"/records/{number}")).text)
    assert secret not in page and "[redacted: RCW 42.56.240(2)]" in page
    assert FACTS.split()[0] in page
    # the case record keeps both versions: as released (cut) and as prepared (marked)
    await site.sign_in(ATTORNEY)
    zipped = await download(site, f"/cases/{number}/record.zip")
    with zipfile.ZipFile(io.BytesIO(zipped)) as z:
        released, working = (
            extract_text(io.BytesIO(z.read(f"{number}/public-records/request-1-instalment-1-"
                                           f"{kind}.pdf"))) for kind in ("released", "working"))
    assert secret not in released and "[redacted: RCW 42.56.240(2)]" in released
    assert secret in working and "NOT FOR RELEASE" in working
    # each is also a download of its own, linked from the case page, and an export
    page = (await site.get(f"/cases/{number}")).text
    link = f"/cases/{number}/public-records/request-1-instalment-1-released.pdf"
    assert f'href="{link}"' in page
    alone = await download(site, link)
    assert alone == zipfile.ZipFile(io.BytesIO(zipped)).read(
        f"{number}/public-records/request-1-instalment-1-released.pdf")
    assert (await site.get(f"/cases/{number}/public-records/request-9-instalment-1-"
                           "released.pdf")).status == 404


async def test_the_finding_alone_is_shown_without_the_report_or_the_complaint(
        site: Site) -> None:
    number = closed_insufficient(site.app)
    release(site.app, number, PublicRecord.SUFFICIENCY_DETERMINATION)
    page = text((await site.get(f"/records/{number}")).text)
    assert "Sufficiency determination" in page and "insufficient" in page
    for part in (SUMMARY, "F0REPORT1", FACTS, REASONS, "Dana Whitfield"):
        assert part not in page, part
    assert (number, "public records shown: sufficiency_determination", True) in logged(
        site, STRANGER)


async def test_a_listed_reader_entitled_to_no_more_sees_what_was_released(site: Site) -> None:
    number = closed_insufficient(site.app)
    await site.sign_in("lbates@city.test")  # an official, not the respondent
    hidden = await site.get(f"/cases/{number}")
    assert hidden.status == 404 and FACTS not in hidden.text
    release(site.app, number, PublicRecord.WRITTEN_REPORT)
    case = text((await site.get(f"/cases/{number}")).text)
    assert SUMMARY in case and FACTS not in case and CONTACT[0] not in case
    assert (number, "public records shown: written_report", True) in logged(
        site, "lbates@city.test")
    pdf = await site.get(f"/cases/{number}/record.pdf")
    assert pdf.status == 404  # the record is for the city's offices, not the public
    form = await site.get("/docket")
    step_form = await site.post(f"/cases/{number}/steps/close", {"csrf": csrf_of(form.text)})
    assert step_form.status == 403


async def test_a_city_reading_release_at_closure_shows_them_at_closure(
        app: App, smtp_sink: SmtpSink) -> None:
    at_closure = dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(release=Release.AT_CLOSURE)))
    port = free_ports(1)[0]
    server, site = await start_site(with_web(at_closure, port), smtp_sink, port)
    try:
        number = open_case(at_closure)
        assert (await site.get(f"/records/{number}")).status == 404  # open: confidential
        closed = closed_insufficient(at_closure)
        assert f"/records/{closed}" in (await site.get("/")).text
        page = text((await site.get(f"/records/{closed}")).text)
        assert FACTS in page and SUMMARY in page and CONTACT[0] not in page
    finally:
        await site.http.close()
        await server.close()


async def test_the_city_attorney_releases_records_from_the_web_form(site: Site) -> None:
    """§13 from the web: the request and the release are recorded through their forms, the
    records named in words, and the released records are then public (issue 24: the
    release form once handed the step strings for records, and answered 500)."""
    number = closed_insufficient(site.app)
    await site.sign_in(ATTORNEY)
    form = await site.get(f"/cases/{number}/steps/disclosure-request")
    asked = await site.post(f"/cases/{number}/steps/disclosure-request", {
        "csrf": csrf_of(form.text), "requester": "A. Reporter", "records": "written report"})
    assert asked.status == 200, asked.text
    await site.sign_in("clerk@city.test")  # the clerk prepares the instalment
    form = await site.get(f"/cases/{number}/steps/instalment")
    wrong = await site.post(f"/cases/{number}/steps/instalment", {
        "csrf": csrf_of(form.text), "records": "the diary", "final": "no"})
    assert wrong.status == 400 and "is not one of: complaint" in text(wrong.text)
    prepared = await site.post(f"/cases/{number}/steps/instalment", {
        "csrf": csrf_of(form.text), "records": "complaint, written report", "final": "yes"})
    assert prepared.status == 200, prepared.text
    # the clerk may not release it: the city attorney approves (issue 27)
    refused = await site.get(f"/cases/{number}/steps/release")
    assert refused.status == 403
    assert (await site.get(f"/records/{number}")).status == 404
    await site.sign_in(ATTORNEY)
    form = await site.get(f"/cases/{number}/steps/release")
    released = await site.post(f"/cases/{number}/steps/release", {"csrf": csrf_of(form.text)})
    assert released.status == 200, released.text
    shown = text((await site.get(f"/records/{number}")).text)
    assert "the complaint" in shown and "Written report" in shown


async def test_a_protected_complainants_complaint_is_shown_with_the_identity_redacted(
        app: App, smtp_sink: SmtpSink) -> None:
    """Issue 38, part 5: released after closure, a protected complainant's complaint is
    the complaint itself, its facts and reasons as filed, the complainant's name cut and
    the cut citing RCW 42.41.030; not the clerk's summary."""
    protecting = dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(complainant_protection=ComplainantProtection
                                         .WITHHELD_WHERE_RECORDED)))
    port = free_ports(1)[0]
    server, site = await start_site(with_web(protecting, port), smtp_sink, port)
    try:
        number = open_case(protecting)
        step(protecting, number, c.WithholdComplainant(
            ProtectionBasis.RCW_42_41, "Alleges a misuse of city property by an official."))
        reported(protecting, number, sufficient=False, summary=SUMMARY,
                 report_file="F0REPORT1", actor="hpark@city.test")
        step(protecting, number, c.CloseCase("insufficient"), actor="hpark@city.test")
        release(protecting, number, PublicRecord.COMPLAINT)
        page = text((await site.get(f"/records/{number}")).text)
        assert FACTS in page and REASONS in page
        assert "[redacted: RCW 42.41.030]" in page and "Dana Whitfield" not in page
        assert "Alleges a misuse of city property" not in page
    finally:
        await site.http.close()
        await server.close()
