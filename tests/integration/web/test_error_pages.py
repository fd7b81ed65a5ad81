"""Every error is a page of the site (issue 41): an unknown path, a method a page does not
take, a body that cannot be read, each answered with the site's header, a sentence of what
happened and a way back, for a visitor and for someone signed in alike; and nothing on it
tells a case that exists from one that does not."""

from __future__ import annotations

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestServer

from ethicsbot.bootstrap import App, build_web_app
from tests.fixtures.web import Site, csrf_of, with_web
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, RESPONDENT
from tests.servers.net import free_ports
from tests.servers.smtp_sink import SmtpSink

SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")
HEADER = '<header class="site">'


def a_site_page(text: str) -> bool:
    return text.startswith("<!DOCTYPE html>") and HEADER in text


async def test_an_unknown_path_is_a_page_with_a_way_back(site: Site) -> None:
    for path in ("/no-such-page", "/cases/ETH-2026-0001/no-such-part", "/static/nothing.css"):
        answer = await site.get(path)
        assert answer.status == 404, path
        assert a_site_page(answer.text), (path, answer.text[:200])
        assert "Page not found" in answer.text and "404: Not Found" not in answer.text
        assert 'href="/">Back to the public page' in answer.text
        assert all(h in answer.headers for h in SECURITY)
    await site.sign_in(CHAIR)
    signed = await site.get("/no-such-page")
    assert signed.status == 404 and a_site_page(signed.text)
    assert 'href="/docket">Back to the docket' in signed.text
    assert "Sign out" in signed.text  # the header knows who is signed in


async def test_cases_leads_to_the_docket(site: Site) -> None:
    for path in ("/cases", "/cases/"):
        async with site.http.get(site.url + path, allow_redirects=False) as r:
            assert r.status in (301, 302, 303, 307, 308), path
            assert r.headers["Location"] == "/docket", path
    await site.sign_in(CHAIR)
    docket = await site.get("/cases")
    assert docket.status == 200 and docket.url.endswith("/docket")


async def test_a_method_a_page_does_not_take_is_a_page(site: Site) -> None:
    number = open_case(site.app)
    for path in (f"/cases/{number}", "/cases/ETH-2026-9999", "/docket"):
        answer = await site.post(path, {})
        assert answer.status == 405, path
        assert a_site_page(answer.text) and "405: Method Not Allowed" not in answer.text
        assert "Nothing was recorded" in answer.text and "POST request" in answer.text
    existing = await site.post(f"/cases/{number}", {})
    absent = await site.post("/cases/ETH-2026-9999", {})
    assert existing.text == absent.text  # nothing tells them apart
    assert existing.headers.get("Allow") == "GET,HEAD" or "GET" in existing.headers["Allow"]


async def test_a_confidential_case_and_an_absent_one_look_the_same(site: Site) -> None:
    theirs = open_case(site.app, "Lorna Bates")
    absent = "ETH-2026-9999"
    for path in ("", "/steps/open-session", "/complaint.txt", "/record.pdf", "/nothing"):
        anonymous = [await site.get(f"/cases/{n}{path}") for n in (theirs, absent)]
        assert anonymous[0].status == anonymous[1].status, path
        assert anonymous[0].text.replace(theirs, absent) == anonymous[1].text, path
    await site.sign_in(RESPONDENT)  # an official: only the cases against them
    for path in ("", "/steps/open-session", "/complaint.txt", "/record.pdf", "/nothing",
                 "/filings/1.eml"):
        seen = [await site.get(f"/cases/{n}{path}") for n in (theirs, absent)]
        assert seen[0].status == seen[1].status == 404, path
        assert a_site_page(seen[0].text), path
        assert seen[0].text.replace(theirs, absent) == seen[1].text, path


async def test_a_broken_multipart_body_is_400_on_every_form(site: Site) -> None:
    """A boundary the body does not have, or a malformed part header: 400 with the page,
    before anyone is signed in and after (issue 41: these were 500s)."""
    number = open_case(site.app)
    broken = [
        (b"--zz\r\nContent-Disposition: form-data; name=\"csrf\"\r\nBroken\r\n\r\nv\r\n"
         b"--zz--\r\n", "multipart/form-data; boundary=zz"),
        (b"--zz\r\n\x00\x01bad header\r\n\r\nv\r\n--zz--\r\n",
         "multipart/form-data; boundary=zz"),
        (b"--zz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nv\r\n",
         "multipart/form-data; boundary=zz"),  # never closed
        (b"not multipart at all", "multipart/form-data; boundary=\"unterminated"),
        (b"--zz\r\nContent-Disposition: form-data; name=\"csrf\"\r\nX: " + b"a" * 70_000
         + b"\r\n\r\nv\r\n--zz--\r\n", "multipart/form-data; boundary=zz"),  # too long
        (b"--zz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n"
         b"Content-Transfer-Encoding: x-unknown\r\n\r\nv\r\n--zz--\r\n",
         "multipart/form-data; boundary=zz"),
        (b"--zz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n"
         b"Content-Type: text/plain; charset=no-such-charset\r\n\r\nv\r\n--zz--\r\n",
         "multipart/form-data; boundary=zz"),
        (b"place=%zz%&csrf=%", "application/x-www-form-urlencoded"),
        (b"place=\xff\xfe&csrf=x", "application/x-www-form-urlencoded; charset=utf-8"),
        (b"place=a", "application/x-www-form-urlencoded; charset=no-such-charset"),
    ]
    posts = ["/sign-in", "/sign-in/link"]

    async def each(paths: list[str]) -> None:
        for path in paths:
            for body, kind in broken:
                async with site.http.post(site.url + path, data=body,
                                          headers={"Content-Type": kind}) as r:
                    text = await r.text()
                    assert r.status in (400, 403), (path, kind, r.status, text[:300])
                    assert a_site_page(text), (path, kind, text[:300])
                    assert all(h in r.headers for h in SECURITY)
                    if r.status == 400:
                        assert "could not be read" in text

    await each(posts)
    await site.sign_in(CHAIR)
    await each(["/feed", "/feed/revoke", "/sign-out", "/sessions/revoke", "/held/1",
                f"/cases/{number}/steps/schedule"])
    # still signed in: no broken body ended the session or took a step
    assert (await site.get("/docket")).status == 200


async def test_a_body_past_the_bound_is_413_as_a_page(site: Site) -> None:
    ask = await site.get("/sign-in")
    big = {"email": "a" * 300_000 + "@city.test", "csrf": csrf_of(ask.text)}
    answer = await site.post("/sign-in", big)
    assert answer.status == 413
    assert a_site_page(answer.text) and "too large" in answer.text.lower()


async def test_a_bug_is_a_page_of_the_site_with_its_headers(app: App, smtp_sink: SmtpSink
                                                            ) -> None:
    """A handler that fails unexpectedly: 500, the site's page saying nothing was
    recorded and whom to tell, never a traceback."""
    async def broken(_request: web.Request) -> web.Response:
        raise RuntimeError("a bug with a secret in it: /srv/ethicsbot/outbox")

    port = free_ports(1)[0]
    web_app = build_web_app(with_web(app, port), None)
    web_app.router.add_get("/broken", broken)
    server = TestServer(web_app, host="127.0.0.1", port=port)
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as http, \
                http.get(f"http://127.0.0.1:{port}/broken") as r:
            text = await r.text()
            assert r.status == 500 and a_site_page(text)
            assert "Something went wrong" in text and "tell the city clerk" in text
            assert "secret" not in text and "/srv" not in text and "Traceback" not in text
            assert all(h in r.headers for h in SECURITY)
    finally:
        await server.close()
