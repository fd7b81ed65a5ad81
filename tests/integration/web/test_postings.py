"""The public page lists the meetings' current postings, and serves them as posted (HTML
and PDF), to anyone; nothing else in the folder is reachable."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import select

from cases.commands import RequestOpenSession, ScheduleBoardMeeting
from cases.meetings import Proceeding
from storage.models import AccessLogRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case

HEARING = datetime(2026, 12, 15, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
SOONER = datetime(2026, 12, 3, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
CHAIR = "hpark@city.test"


async def test_the_public_page_lists_and_serves_the_meetings_postings(site: Site) -> None:
    number = open_case(site.app)
    step(site.app, number, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"),
         actor="hpark@city.test")
    await site.deliver()  # the dispatcher writes the posting to the folder
    public = await site.get("/")
    assert "Notice of special meeting of the Ethics Board" in public.text
    href = f"/postings/{number.lower()}-meeting-1-r0.pdf"
    assert href in public.text and "posted Mon Nov 30, 2026" in public.text
    async with site.http.get(site.url + href) as r:
        assert r.status == 200 and r.content_type == "application/pdf"
        assert (await r.read()).startswith(b"%PDF")
    page = await site.get(href.replace(".pdf", ".html"))
    assert page.status == 200 and "Business to be transacted" in page.text
    assert "Pruitt" not in page.text  # no name in public (§6)
    for probe in ("index.json", f"{number.lower()}-meeting-1-r0.json", "..%2Fethicsbot.db"):
        assert (await site.get(f"/postings/{probe}")).status == 404
    with site.app.session_factory() as s:
        shown = [(r.action, r.allowed) for r in s.scalars(
            select(AccessLogRow).where(AccessLogRow.action.like("posting%")))]
    assert (f"posting {number.lower()}-meeting-1-r0.pdf", True) in shown
    # each refusal logged too, a stranger's repeated ones once a minute (issue 24)
    assert shown.count(("posting refused", False)) == 1


async def test_the_public_page_lists_meetings_by_date_and_says_how_to_write_to_the_city(
        site: Site, clock: FakeClock) -> None:
    """Issue 25, item 8: the meetings to come first, the soonest first, then those past,
    each with its date, body, place and whether it is open to the public; the postings
    name no person and the page no case content (§6); how to write to the city is the
    directory's (§1, §6)."""
    later, sooner = open_case(site.app), open_case(site.app, "Lorna Bates")
    step(site.app, later, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"), actor=CHAIR)
    step(site.app, sooner, ScheduleBoardMeeting(SOONER, "Council Chambers"), actor=CHAIR)
    # the official against `later` asks for an open session: its posting is revised
    step(site.app, later, RequestOpenSession(Proceeding.BOARD, via="paper",
                                             evidence="letter on file"))
    await site.deliver()

    page = (await site.get("/")).text
    coming = page.index("Coming meetings")
    first, second = page.index("Thu Dec 3, 2026 6:00 PM PST"), page.index(
        "Tue Dec 15, 2026 6:00 PM PST")
    assert coming < first < second and "Past meetings" not in page
    row_sooner, row_later = page[first:second], page[second:page.index("</table>", second)]
    assert "Council Chambers" in row_sooner
    assert "open meeting; the evaluation in executive session" in row_sooner
    assert "City Hall, Room 2" in row_later and "open to the public" in row_later
    assert "Ethics Board" in row_sooner and "Ethics Board" in row_later
    assert f"/postings/{later.lower()}-meeting-1-r1.html" in row_later  # the current one
    assert "-meeting-1-r0" not in row_later

    clock.set(SOONER + timedelta(days=1))  # the sooner meeting is past now
    page = (await site.get("/")).text
    coming, past = page.index("Coming meetings"), page.index("Past meetings")
    assert coming < page.index("Tue Dec 15, 2026") < past < page.index("Thu Dec 3, 2026")

    for secret in ("Pruitt", "Bates", "Whitfield", "campaign event", "2.94.030",
                   "dw@example.net"):
        assert secret not in page, secret
    for contact in ("Riverton", "Teresa Lindqvist", 'href="mailto:mayor@city.test"',
                    "Marcus Holt", 'href="mailto:cityadmin@city.test"',
                    "Jordan Lee", 'href="mailto:attorney@city.test"'):
        assert contact in page, contact
