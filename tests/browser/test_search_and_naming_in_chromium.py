"""The docket's search by a case's words, and naming an official the directory does not
list, in Chromium at 1280 and 390 px (issue 25): each page passes the accessibility audit
every page passes (`test_accessibility.audit`) and nothing scrolls sideways on a phone.
The clerk finds a case by the complainant's street, which a council member, not entitled
to the complainant's contact details (§6), cannot; the clerk names a person the directory
does not list, and the case page names them."""

from __future__ import annotations

from typing import Any

from tests.browser.test_accessibility import SIDEWAYS, audit
from tests.fixtures.browser import signed_in_as
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case

CLERK, MEMBER = "clerk@city.test", "abrandt@city.test"
SIZES = ((1280, ""), (390, "phone-"))


async def checked(page: Any, where: str, width: int) -> list[str]:
    """The page's audit failures and any sideways scrolling, each named."""
    failures = [f"{where} at {width}: {f}" for f in await audit(page)]
    wide = await page.evaluate(SIDEWAYS)
    if wide["scroll"] > wide["width"]:
        failures.append(f"{where} at {width}: {wide['scroll']} px wide: {wide['out']}")
    return failures


async def search(page: Any, words: str) -> str:
    """Type `words` in the docket's search box and send it; the docket's table or its
    'none match' line."""
    await page.get_by_label("Search", exact=True).fill(words)
    await page.get_by_label("Search", exact=True).press("Enter")
    await page.wait_for_url("**/docket?*")
    return str(await page.locator("main").inner_text())


async def test_the_search_finds_a_case_by_the_words_its_reader_may_see(
        site: Site, browser: Any, screenshot: Any) -> None:
    # filed by Dana Whitfield of 1418 Larch Avenue: "... used City Hall for a campaign event"
    pruitt = open_case(site.app)
    bates = open_case(site.app, "Lorna Bates")
    page = await browser.new_page()
    failures: list[str] = []
    await signed_in_as(site, page, CLERK)
    for width, prefix in SIZES:
        await page.set_viewport_size({"width": width, "height": 900})
        await page.goto(site.url + "/docket")
        found = await search(page, "Larch Avenue")  # the complainant's address
        assert pruitt in found and bates in found, found
        await screenshot(page, f"{prefix}clerk-docket")  # before the audit moves the focus
        failures += await checked(page, "the clerk's search", width)
        await page.goto(site.url + f"/cases/{pruitt}")
        await screenshot(page, f"{prefix}clerk-case")

    await browser.clear_cookies()  # the clerk's session left behind
    await signed_in_as(site, page, MEMBER)
    for width, prefix in SIZES:
        await page.set_viewport_size({"width": width, "height": 900})
        await page.goto(site.url + "/docket")
        assert pruitt not in await search(page, "Larch Avenue")  # not theirs to see
        found = await search(page, "campaign event")  # the complaint's own words
        assert pruitt in found and bates in found, found
        await screenshot(page, f"{prefix}member-docket")
        failures += await checked(page, "the member's search", width)
        await page.goto(site.url + f"/cases/{pruitt}")
        await screenshot(page, f"{prefix}member-case")
        failures += await checked(page, "the member's case page", width)
    assert not failures, "\n".join(failures)


async def test_the_clerk_names_a_person_the_directory_does_not_list(
        site: Site, browser: Any, screenshot: Any) -> None:
    number = open_case(site.app, "the parks guy")
    form = f"/cases/{number}/steps/name-respondent"
    page = await browser.new_page()
    await signed_in_as(site, page, CLERK)
    failures: list[str] = []
    for width, prefix in SIZES:
        await page.set_viewport_size({"width": width, "height": 900})
        await page.goto(site.url + form)
        await page.get_by_role("radio", name="A person the directory does not list").check()
        await page.get_by_label("their full name").fill("Terry Vance")
        await page.get_by_label("Their postal address").fill(
            "12 Elm Street\nRiverton, WA 99301")
        await page.evaluate("document.activeElement && document.activeElement.blur()")
        await screenshot(page, f"{prefix}name-respondent")
        failures += await checked(page, form, width)
    assert not failures, "\n".join(failures)

    await page.get_by_role("button", name="Name the official complained against").click()
    assert "Recorded: respondent named." in await page.get_by_role("status").first.inner_text()
    assert "Terry Vance" in await page.locator("main").inner_text()
    assert "No official in the city's directory matched" not in await page.content()
