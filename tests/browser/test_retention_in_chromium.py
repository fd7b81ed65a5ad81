"""The retention queue in the real Chromium (issue 38): WCAG 2.1 AA as the other pages
are checked (`tests.browser.test_accessibility.audit`) and nothing scrolling sideways at
1280 and 390 px, for the clerk (lines linked to their cases, a hold's reason) and the
records officer (no case to link to), with a line in each part of the queue."""

from __future__ import annotations

from typing import Any

from cases import commands as c
from tests.browser.test_accessibility import SIDEWAYS, audit
from tests.fixtures.app import FakeClock
from tests.fixtures.browser import signed_in_as
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.web.test_retention_queue import (
    ATTORNEY,
    CLERK,
    RECORDS,
    app,
    due_case,
)

__all__ = ["app"]  # the example city's, by name

CATEGORY = "CORE — the ethics complaint series the records officer confirms"


async def test_the_retention_queue_meets_wcag_aa_and_fits_a_phone(
        site: Site, browser: Any, clock: FakeClock) -> None:
    due_case(site, clock)
    requested, held = due_case(site, clock), due_case(site, clock)
    step(site.app, requested, c.RequestDestruction(CATEGORY, 6), actor=CLERK)
    step(site.app, held, c.PlaceLegalHold("Whitfield v. Riverton: preserve the file"),
         actor=ATTORNEY)
    failures: list[str] = []
    for who in (CLERK, RECORDS):
        page = await browser.new_page()
        await page.context.clear_cookies()  # the clerk's session left behind
        await signed_in_as(site, page, who)
        for width in (1280, 390):
            await page.set_viewport_size({"width": width, "height": 900})
            await page.goto(site.url + "/retention")
            assert await page.locator(".retention li").count() == 3, who
            failures += [f"{who} at {width}: {f}" for f in await audit(page)]
            wide = await page.evaluate(SIDEWAYS)
            if wide["scroll"] > wide["width"]:
                failures.append(f"{who} at {width}: {wide['scroll']} px wide: {wide['out']}")
        await page.close()
    assert not failures, "\n".join(failures)
