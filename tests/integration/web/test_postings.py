"""The public page lists the meetings' current postings, and serves them as posted (HTML
and PDF), to anyone; nothing else in the folder is reachable."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import select

from cases.commands import ScheduleHearing
from storage.models import AccessLogRow
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case

HEARING = datetime(2026, 12, 15, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


async def test_the_public_page_lists_and_serves_the_meetings_postings(site: Site) -> None:
    number = open_case(site.app)
    step(site.app, number, ScheduleHearing(HEARING, "City Hall, Room 2"),
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
