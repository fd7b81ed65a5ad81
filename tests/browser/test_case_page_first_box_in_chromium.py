"""The case page's first box in Chromium, at 1280 and 390 px (issue 41, item 2): a closed
case opens with each official's outcome, an open one with the reader's own next act,
each the page's first section and whole in the first screen, passing the accessibility
audit every page passes, nothing scrolling sideways on a phone. The official's own page
of a closed case too: their outcome before their rights and hearings."""

from __future__ import annotations

from typing import Any

from cases import commands as c
from tests.browser.test_accessibility import SIDEWAYS, audit
from tests.fixtures.app import FakeClock
from tests.fixtures.browser import signed_in_as
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK
from tests.integration.web.test_form_access import BATES, PRUITT, two_heard

HEIGHT = 900


async def first_box(site: Site, page: Any, path: str, heading: str) -> list[str]:
    """Open `path` at 1280 and 390 px: `heading` is the first section's, the section is
    whole within the first screen; what the audit and the width check find."""
    failures: list[str] = []
    for width in (1280, 390):
        await page.set_viewport_size({"width": width, "height": HEIGHT})
        answer = await page.goto(site.url + path)
        assert answer is not None and answer.status == 200, path
        assert await page.locator("main h2").first.inner_text() == heading, width
        box = await page.locator("main section").first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= HEIGHT, (width, box)
        failures += [f"{path} at {width}: {f}" for f in await audit(page)]
        wide = await page.evaluate(SIDEWAYS)
        if wide["scroll"] > wide["width"]:
            failures.append(f"{path} at {width}: {wide['scroll']} px wide: {wide['out']}")
    return failures


async def test_a_closed_case_opens_with_each_officials_outcome(
        site: Site, browser: Any, clock: FakeClock) -> None:
    number = two_heard(site.app, {PRUITT: True, BATES: False})
    step(site.app, number, c.Refer("myu@examiners.example", respondent=PRUITT), CHAIR)
    step(site.app, number, c.RecordDetermination(False, respondent=PRUITT), CLERK)
    step(site.app, number, c.CloseCase("no violation found"), CLERK)
    clock.advance(hours=3)
    page = await browser.new_page()
    await signed_in_as(site, page, CLERK)
    failures = await first_box(site, page, f"/cases/{number}", "Outcome, official by official")
    outcome = await page.locator("section.outcome").inner_text()
    assert "Gary Pruitt: no violation" in outcome and "Lorna Bates: the complaint was found " \
        "insufficient" in outcome
    # each official's own page opens with their own matter's outcome, above their rights
    # and hearings: Pruitt's no violation, Bates's insufficiency, each not the other's
    for official, own, other in ((PRUITT, "Gary Pruitt: no violation", "Lorna Bates"),
                                 (BATES, "Lorna Bates: the complaint was found insufficient",
                                  "Gary Pruitt:")):
        await browser.clear_cookies()  # one context: the clerk's session ends here
        theirs = await browser.new_page()
        await signed_in_as(site, theirs, official)
        failures += await first_box(site, theirs, f"/cases/{number}", "Outcome")
        said = await theirs.locator("section.outcome").inner_text()
        assert own in said and other not in said, said
        assert await theirs.locator("section.rights").count() == 1  # below it
        await theirs.close()
    assert not failures, "\n".join(failures)


async def test_an_open_case_opens_with_the_readers_own_next_act(
        site: Site, browser: Any) -> None:
    number = open_case(site.app)
    await site.deliver()
    page = await browser.new_page()
    await signed_in_as(site, page, CHAIR)
    failures = await first_box(site, page, f"/cases/{number}", "What is next")
    mine = await page.locator("ul.acts.mine").inner_text()
    assert mine.startswith("Begin the sufficiency hearing (§7)"), mine
    assert not failures, "\n".join(failures)
