"""The clerk's case page fits three screens before any part is opened (issue 41, item 1),
at 1280x800 and 390x844 in Chromium: the long parts (meetings, complaint, deadlines,
notices, invites, filings, history) are folded, each a line with its count; opening one
shows it. The official's own page too: their rights folded under one line of what they
may ask now and the next date, their hearings under the coming one."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from cases.commands import ScheduleBoardMeeting
from tests.fixtures.browser import signed_in_as
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK, RESPONDENT

SCREENS = 3


async def test_the_clerks_case_page_fits_three_screens_and_a_part_opens(
        site: Site, browser: Any) -> None:
    number = open_case(site.app)
    await site.deliver()
    page = await browser.new_page()
    await signed_in_as(site, page, CLERK)
    for width, height in ((1280, 800), (390, 844)):
        await page.set_viewport_size({"width": width, "height": height})
        await page.goto(site.url + f"/cases/{number}")
        tall = await page.evaluate("document.documentElement.scrollHeight")
        assert tall <= SCREENS * height, (width, tall)
        notices = page.locator("#notices + details.part")
        assert not await notices.locator("table").first.is_visible()
        summary = await notices.locator("summary.part").inner_text()
        assert " delivered" in summary, summary
        history = page.locator("#history + details.part")
        assert not await history.locator("ol.history").is_visible()
        await history.locator("summary.part").click()
        assert await history.locator("ol.history").is_visible()
        assert "Complaint received" in await history.locator("ol.history").inner_text()


async def test_the_officials_own_case_page_fits_three_screens_and_their_rights_open(
        site: Site, browser: Any) -> None:
    number = open_case(site.app)
    step(site.app, number, ScheduleBoardMeeting(site.app.clock() + timedelta(days=3),
                                                "Council Chambers, City Hall"), actor=CHAIR)
    await site.deliver()
    page = await browser.new_page()
    await signed_in_as(site, page, RESPONDENT)
    for width, height in ((1280, 800), (390, 844)):
        await page.set_viewport_size({"width": width, "height": height})
        await page.goto(site.url + f"/cases/{number}")
        tall = await page.evaluate("document.documentElement.scrollHeight")
        assert tall <= SCREENS * height, (width, tall)
        rights = page.locator("section.rights details.part")
        summary = await rights.locator("summary.part").inner_text()
        # what they may ask now, and the next date the case sets
        assert summary.startswith(
            "You may now ask that the proceedings be open to the public (§13, §14); next, "
            "the registered-mail copy is due by end of day Thu Dec 3, 2026"), summary
        assert summary.endswith("Your 7 rights under the ordinance, and their dates in "
                                "this case"), summary
        assert not await rights.locator("ul.rights").is_visible()
        hearings = page.locator("#meetings + details.part")
        assert "the coming one: #1 board" in await hearings.locator(
            "summary.part").inner_text()
        assert "Council Chambers, City Hall" in await hearings.locator(
            "summary.part").inner_text()
        assert not await hearings.locator("table").is_visible()
        await rights.locator("summary.part").click()
        assert await rights.locator("ul.rights").is_visible()
        assert "§11, to be heard by the ethics board." in await rights.locator(
            "ul.rights").inner_text()
