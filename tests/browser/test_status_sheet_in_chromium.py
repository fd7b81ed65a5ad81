"""The public status sheet in Chromium (issue 41, build item 6): with a complaint, a
noticed meeting to come and the docket's heads of two days, at 1280 and 390 px it passes
the accessibility audit every page passes and nothing scrolls sideways, not even a
64-digit head on a phone."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from cases.commands import ScheduleBoardMeeting
from tests.browser.test_accessibility import SIDEWAYS, audit
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case


async def test_the_status_sheet_meets_wcag_aa_and_fits_a_phone(
        site: Site, browser: Any, clock: FakeClock) -> None:
    number = open_case(site.app)
    clock.advance(days=1)
    step(site.app, number, ScheduleBoardMeeting(clock.now + timedelta(days=3),
                                                "City Hall, Room 2", further=True))
    await site.deliver()
    page = await browser.new_page()
    failures: list[str] = []
    for width in (1280, 390):
        await page.set_viewport_size({"width": width, "height": 900})
        answer = await page.goto(site.url + "/status")
        assert answer is not None and answer.status == 200
        assert await page.locator("table.heads tbody tr").count() == 2
        assert "next" in await page.locator("table.status").inner_text()
        failures += [f"/status at {width}: {f}" for f in await audit(page)]
        wide = await page.evaluate(SIDEWAYS)
        if wide["scroll"] > wide["width"]:
            failures.append(f"/status at {width}: {wide['scroll']} px wide: {wide['out']}")
    assert not failures, "\n".join(failures)
