"""The public status sheet (issue 41): every case with its number, the day received, its
status in plain words and the days of its posted meetings; the officials named only once
the case is closed and its complaint released (§6, §13), never the complainant or the
facts; a void case as "closed: opened by mistake"; each showing in the access log."""

from __future__ import annotations

import dataclasses
import html
from datetime import date, timedelta

from cases import commands as c
from cases.meetings import Action
from cases.motions import Motion
from cases.public_records import PublicRecord
from cases.readings import Readings, StatusListing
from ethicsbot.bootstrap import App
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import EMERGENCY, EMERGENCY_GROUND, convene, step
from tests.fixtures.web import Site, reported, start_site, with_web
from tests.integration.bot.conftest import open_case
from tests.integration.bot.test_confidentiality import CONTACT, FACTS
from tests.integration.web.test_docket import logged
from tests.integration.web.test_public import STRANGER, release
from tests.servers.net import free_ports
from tests.servers.smtp_sink import SmtpSink


def dismissing(app: App, number: str) -> None:
    """§4: the board's meeting noticed with the time bar on its agenda, under way with its
    roll call, where the board dismisses the complaint as time-barred by motion."""
    clock = app.clock
    assert isinstance(clock, FakeClock)
    step(app, number, c.ScheduleBoardMeeting(
        clock.now + timedelta(minutes=1), "City Hall, Room 2", emergency=EMERGENCY,
        emergency_ground=EMERGENCY_GROUND, further=True, also=(Action.TIME_BAR,)))
    clock.advance(minutes=1)
    board = frozenset(p.email for p in app.directory.board)
    step(app, number, c.RecordRollCall(
        tuple(sorted(board)), board=board,
        council=frozenset(p.email for p in app.directory.council),
        mayor=app.directory.mayor.email))
    step(app, number, c.DismissAsTimeBarred(date(2024, 1, 5), "the minutes were published",
                                            motion=Motion(unanimous=True)))


def row_of(page: str, number: str) -> str:
    """The sheet's row of one case, as text."""
    start = page.index(f"{number}</")
    return page[page.rfind("<tr>", 0, start):page.index("</tr>", start)]


async def test_the_sheet_names_no_one_while_confidential_and_the_officials_once_released(
        site: Site) -> None:
    app = site.app
    waiting = open_case(app, "Gary Pruitt")  # received, no step yet
    heard = open_case(app, "Gary Pruitt")  # its hearing noticed and under way
    convene(app, heard)
    step(app, heard, c.BeginHearing())
    voided = open_case(app, "Gary Pruitt")
    step(app, voided, c.VoidCase("a duplicate", "mayor@city.test"))
    barred = open_case(app, "Gary Pruitt")
    dismissing(app, barred)
    closing = open_case(app, "Gary Pruitt")
    reported(app, closing, sufficient=False, summary="no prima facie showing",
             actor="hpark@city.test")

    await site.deliver()  # the dispatcher posts the meetings' notices
    sheet = await site.get("/status")
    assert sheet.status == 200
    page = html.unescape(sheet.text)
    # confidential (§6): the report delivered but the case not closed names no one
    assert "Gary Pruitt" not in page and "Dana Whitfield" not in page and FACTS not in page
    for part in CONTACT:
        assert part not in page
    assert "received" in row_of(page, waiting) and "confidential" in row_of(page, waiting)
    assert "Mon Nov 30, 2026" in row_of(page, waiting)
    assert "under review" in row_of(page, heard)
    assert "City Hall" not in page  # the meeting by its day and body, its notice linked
    assert "/postings/" + heard.lower() + "-meeting-1-r" in row_of(page, heard)
    assert "closed: opened by mistake" in row_of(page, voided)
    assert "dismissed as time-barred (§4)" in row_of(page, barred)
    assert "under review" in row_of(page, closing)
    assert (None, "status sheet", True) in logged(site, STRANGER)
    assert "/status" in (await site.get("/")).text  # linked from the public page

    # closed, still nothing released: still no names
    step(app, closing, c.CloseCase("insufficient"), actor="hpark@city.test")
    page = html.unescape((await site.get("/status")).text)
    assert "Gary Pruitt" not in page and "closed" in row_of(page, closing)
    # the complaint released (§13): the same case now names its official, and only it
    release(app, closing, PublicRecord.COMPLAINT)
    page = html.unescape((await site.get("/status")).text)
    assert "Gary Pruitt" in row_of(page, closing)
    assert f'href="/records/{closing}"' in page
    for other in (waiting, heard, voided, barred):
        assert "Gary Pruitt" not in row_of(page, other)
    assert "Dana Whitfield" not in page and FACTS not in page


async def test_the_sheet_is_paged(site: Site) -> None:
    numbers = [open_case(site.app) for _ in range(52)]
    first = (await site.get("/status")).text
    assert numbers[-1] in first and numbers[0] not in first and "?page=2" in first
    second = (await site.get("/status?page=2")).text
    assert numbers[0] in second and numbers[-1] not in second
    assert (None, "status sheet page 2", True) in logged(site, STRANGER)


async def test_by_the_other_reading_a_complaint_is_listed_once_a_meeting_is_called_on_it(
        app: App, smtp_sink: SmtpSink) -> None:
    """`status_listing: from_first_notice`: a complaint waiting for its hearing is not on
    the sheet, the same complaint is once its meeting is called (the notice names it by
    number anyway), and a closed one is; a case opened by mistake never is. The default
    lists every one (above); the page says which reading it used."""
    city = dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(status_listing=StatusListing.FROM_FIRST_NOTICE)))
    port = free_ports(1)[0]
    server, site = await start_site(with_web(city, port), smtp_sink, port)
    try:
        waiting = open_case(city, "Gary Pruitt")
        voided = open_case(city, "Gary Pruitt")
        step(city, voided, c.VoidCase("a duplicate", "mayor@city.test"))
        closing = open_case(city, "Gary Pruitt")
        reported(city, closing, sufficient=False, summary="no prima facie showing",
                 actor="hpark@city.test")
        step(city, closing, c.CloseCase("insufficient"), actor="hpark@city.test")
        page = html.unescape((await site.get("/status")).text)
        assert waiting not in page and voided not in page, page
        assert "closed" in row_of(page, closing)
        assert "once a meeting on it is called, its notice naming its number" in page
        csv_text = (await site.get("/status.csv")).text
        assert waiting not in csv_text and closing in csv_text
        convene(city, waiting)  # its hearing called: the notice names it
        page = html.unescape((await site.get("/status")).text)
        assert "confidential" in row_of(page, waiting) and voided not in page
    finally:
        await site.http.close()
        await server.close()
