"""The official complained against in Chromium, at 1280 and 390 px (issue 25, item 5):
their case page opens with their rights, its pages pass the accessibility audit every
page passes (`test_accessibility.audit`) and nothing scrolls sideways on a phone; they
ask for an open session from the form the page offers, and the page shows it recorded."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from cases import commands as c
from tests.browser.test_accessibility import SIDEWAYS, audit
from tests.fixtures.browser import signed_in_as
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case

RESPONDENT = "gpruitt@city.test"


async def test_the_officials_page_meets_wcag_aa_fits_a_phone_and_takes_a_request(
        site: Site, browser: Any, screenshot: Any) -> None:
    number = open_case(site.app)
    step(site.app, number, c.ScheduleBoardMeeting(site.app.clock() + timedelta(days=3),
                                             "Council Chambers, City Hall"))
    page = await browser.new_page()
    await signed_in_as(site, page, RESPONDENT)
    failures: list[str] = []
    for width, shot in ((1280, "respondent"), (390, "phone-respondent")):
        await page.set_viewport_size({"width": width, "height": 900})
        for path in ("/docket", f"/cases/{number}", f"/cases/{number}/steps/open-session"):
            answer = await page.goto(site.url + path)
            assert answer is not None and answer.status == 200, path
            failures += [f"{path} at {width}: {f}" for f in await audit(page)]
            wide = await page.evaluate(SIDEWAYS)
            if wide["scroll"] > wide["width"]:
                failures.append(f"{path} at {width}: {wide['scroll']} px wide: {wide['out']}")
            if path == f"/cases/{number}":
                first = await page.locator("main h2").first.inner_text()
                assert first == "Your rights under the ordinance", first
                assert "Council Chambers, City Hall" in await page.locator(
                    "#meetings + details.part summary").inner_text()
                await page.goto(site.url + path)  # as it opens, the focus nowhere
                await screenshot(page, shot)
    assert not failures, "\n".join(failures)

    await page.goto(site.url + f"/cases/{number}")
    await page.locator("ul.steps").get_by_role(
        "link", name="Ask that the proceedings be open to the public").click()
    await page.get_by_label("board", exact=True).check()
    await page.get_by_role("button", name="Ask that the proceedings be open to the public"
                           ).click()
    assert await page.locator("p[role=status]").first.inner_text() == (
        "Recorded: open session requested.")
    assert "asked by Gary Pruitt by web" in await page.content()  # by name (issue 41)
