"""The public page in Chromium with meetings to come and past (issue 25, item 8): at 1280
and 390 px it passes the accessibility audit every page passes and nothing scrolls
sideways; the keyboard reaches a meeting's posting from the list."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from cases.commands import ScheduleBoardMeeting
from tests.browser.test_accessibility import SIDEWAYS, audit
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_postings import CHAIR, HEARING, SOONER


async def test_the_public_page_lists_meetings_meets_wcag_aa_and_fits_a_phone(
        site: Site, browser: Any, clock: FakeClock, screenshot: Any) -> None:
    later, sooner = open_case(site.app), open_case(site.app, "Lorna Bates")
    step(site.app, later, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"), actor=CHAIR)
    step(site.app, sooner, ScheduleBoardMeeting(SOONER, "Council Chambers, 1 Main Street West"),
         actor=CHAIR)
    await site.deliver()
    clock.set(SOONER + timedelta(days=1))
    page = await browser.new_page()
    failures: list[str] = []
    for width, shot in ((1280, "public-meetings"), (390, "phone-public")):
        await page.set_viewport_size({"width": width, "height": 900})
        answer = await page.goto(site.url + "/")
        assert answer is not None and answer.status == 200
        await screenshot(page, shot)
        tables = page.locator("table.postings")
        assert await tables.count() == 2  # to come, then past
        assert "City Hall, Room 2" in await tables.nth(0).inner_text()
        assert "Council Chambers" in await tables.nth(1).inner_text()
        failures += [f"/ at {width}: {f}" for f in await audit(page)]
        wide = await page.evaluate(SIDEWAYS)
        if wide["scroll"] > wide["width"]:
            failures.append(f"/ at {width}: {wide['scroll']} px wide: {wide['out']}")
    assert not failures, "\n".join(failures)

    await page.goto(site.url + "/")
    await page.get_by_role("link", name="Notice of special meeting of the Ethics Board"
                           ).first.focus()
    await page.keyboard.press("Enter")
    await page.wait_for_url(f"{site.url}/postings/{later.lower()}-meeting-1-r0.html")
    assert "City Hall, Room 2" in await page.content()
