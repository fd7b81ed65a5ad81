"""The clerk's case page fits three screens before any part is opened (issue 41, item 1),
at 1280x800 and 390x844 in Chromium: the long parts (meetings, complaint, deadlines,
notices, invites, filings, history) are folded, each a line with its count; opening one
shows it."""

from __future__ import annotations

from typing import Any

from tests.fixtures.browser import signed_in_as
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CLERK

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
