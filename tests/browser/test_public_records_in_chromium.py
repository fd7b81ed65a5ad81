"""A stranger reads a closed case's released records in Chromium: the public page lists
the case, its page shows exactly the records released, and the keyboard reaches it."""

from __future__ import annotations

from typing import Any

from cases.public_records import PublicRecord
from tests.fixtures.web import Site
from tests.integration.bot.test_confidentiality import CONTACT, FACTS
from tests.integration.web.test_public import SUMMARY, closed_insufficient, release


async def test_a_stranger_reads_the_released_records(site: Site, browser: Any,
                                                    screenshot: Any) -> None:
    number = closed_insufficient(site.app)
    release(site.app, number, PublicRecord.COMPLAINT, PublicRecord.WRITTEN_REPORT)
    page = await browser.new_page()
    await page.goto(site.url + "/")
    await screenshot(page, "public")
    await page.get_by_role("link", name=number).focus()
    await page.keyboard.press("Enter")
    await page.wait_for_url(f"{site.url}/records/{number}")
    shown = await page.locator("main").inner_text()
    assert FACTS in shown and SUMMARY in shown
    assert not any(c in shown for c in CONTACT)
    await screenshot(page, "public-records")
