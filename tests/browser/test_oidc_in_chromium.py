"""Signing in through the city's OpenID Connect provider in a real headless Chromium: the
button on the sign-in page, the provider on loopback (`tests.servers.oidc`) and back to
the docket, with the round trip's cookie carried by the browser itself."""

from __future__ import annotations

from typing import Any

from tests.fixtures.oidc import OidcSite
from tests.servers.oidc import Account, Tamper

CHAIR = "hpark@city.test"


async def test_the_chair_signs_in_through_the_provider(oidc: OidcSite, browser: Any,
                                                      screenshot: Any) -> None:
    site, provider = oidc.site, oidc.provider
    provider.account = Account(CHAIR, name="Helen Park")
    page = await browser.new_page()
    await page.goto(site.url + "/sign-in")
    await screenshot(page, "sign-in-provider")
    await page.get_by_role("link", name="Sign in with Riverton Microsoft 365").click()
    await page.wait_for_url(site.url + "/docket")
    assert "Helen Park" in await page.locator("header").inner_text()
    assert provider.token_requests and provider.token_requests[0]["code_verifier"]


async def test_a_forged_token_in_the_browser_signs_nobody_in(oidc: OidcSite,
                                                             browser: Any) -> None:
    site, provider = oidc.site, oidc.provider
    provider.account, provider.tamper = Account(CHAIR), Tamper.SIGNATURE
    page = await browser.new_page()
    await page.goto(site.url + "/sign-in")
    await page.get_by_role("link", name="Sign in with Riverton Microsoft 365").click()
    await page.wait_for_url(f"{site.url}/sign-in/oidc/callback**")
    assert await page.locator("h1").inner_text() == "Sign-in refused"
    await page.goto(site.url + "/docket")
    assert page.url == site.url + "/sign-in"
