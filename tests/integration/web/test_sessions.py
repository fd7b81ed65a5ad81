"""The clerk's page ends a person's sessions and calendar address at once, through the
same function as `ethicsbot sessions revoke EMAIL`; nobody but the mayor's office opens
it; every view, revocation and refusal is logged."""

from __future__ import annotations

import html
from collections.abc import AsyncIterator

import aiohttp
import pytest

from cases.access import NOT_REVOKER
from tests.fixtures.web import Site, csrf_of
from tests.integration.web.test_docket import CLERK, COUNCIL, logged


@pytest.fixture
async def other(site: Site) -> AsyncIterator[Site]:
    """A second browser on the same docket."""
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    yield Site(site.app, site.url, site.sink, http)
    await http.close()


async def feed_of(site: Site) -> str:
    page = await site.get("/feed")
    made = await site.post("/feed", {"csrf": csrf_of(page.text)})
    return made.text.split('id="feed-url">')[1].split("<")[0]


async def test_the_clerk_ends_a_members_sessions_and_calendar_address(
        site: Site, other: Site) -> None:
    await other.sign_in(COUNCIL)
    feed = await feed_of(other)
    assert (await other.get(feed.removeprefix(site.url))).status == 200
    await site.sign_in(CLERK)
    page = await site.get("/sessions")
    assert page.status == 200 and "Anita Brandt" in page.text and COUNCIL in page.text
    assert 'href="/sessions"' in page.text  # in the clerk's menu
    done = await site.post("/sessions/revoke", {"csrf": csrf_of(page.text), "email": COUNCIL})
    assert done.status == 200
    assert (f"1 session(s) and 1 calendar address(es) ended for {COUNCIL}"
            in html.unescape(done.text))
    assert f'name="email" value="{COUNCIL}"' not in done.text  # nothing left to end
    assert (await other.get("/docket")).url.endswith("/sign-in")
    assert (await other.get(feed.removeprefix(site.url))).status == 404
    assert (None, f"revoked {COUNCIL}: 1 s, 1 f", True) in logged(site, CLERK)
    assert (None, "session refused: revoked", False) in logged(site, COUNCIL)
    assert (await site.get("/docket")).status == 200  # the clerk's own session goes on


async def test_only_the_mayors_office_opens_the_page(site: Site, other: Site) -> None:
    await other.sign_in(CLERK)
    await site.sign_in(COUNCIL)
    page = await site.get("/sessions")
    assert page.status == 403 and NOT_REVOKER in html.unescape(page.text)
    docket = await site.get("/docket")
    assert 'href="/sessions"' not in docket.text
    posted = await site.post("/sessions/revoke", {"csrf": csrf_of(docket.text),
                                                  "email": CLERK})
    assert posted.status == 403
    assert (await other.get("/docket")).status == 200  # nothing was ended
    seen = logged(site, COUNCIL)
    assert (None, "sessions page refused", False) in seen
    assert (None, "sessions revoke refused", False) in seen


async def test_the_command_line_ends_the_same(site: Site, other: Site) -> None:
    from web.auth import Revoked, revoke_access

    await other.sign_in(COUNCIL)
    await feed_of(other)
    assert revoke_access(site.app.web_deps(), COUNCIL.upper(), by="os:alice") == Revoked(1, 1)
    assert (await other.get("/docket")).url.endswith("/sign-in")
    assert revoke_access(site.app.web_deps(), COUNCIL, by="os:alice") == Revoked(0, 0)
