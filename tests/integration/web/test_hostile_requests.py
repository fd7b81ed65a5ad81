"""Requests a stranger shapes to break the docket (issue 24): a form body that cannot be
read, one past the bound however it is framed, and what every answer carries. Each gets a
4xx with the security headers, and no answer names the server's software and version."""

from __future__ import annotations

from collections.abc import AsyncIterator

from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR

SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")


async def post_raw(site: Site, path: str, body: bytes | AsyncIterator[bytes],
                   content_type: str) -> tuple[int, dict[str, str]]:
    async with site.http.post(site.url + path, data=body,
                              headers={"Content-Type": content_type}) as r:
        await r.read()
        return r.status, dict(r.headers)


async def test_an_unreadable_form_is_400_with_the_headers(site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(CHAIR)
    path = f"/cases/{number}/steps/schedule"
    shapes = [
        (b"--x\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nv\r\n",
         "multipart/form-data; boundary="),  # an empty boundary
        (b"garbage without any boundary at all", "multipart/form-data; boundary=zz"),
        (b"place=\xff\xfe&csrf=x", "application/x-www-form-urlencoded; charset=utf-8"),
        (b"place=a&csrf=x", "application/x-www-form-urlencoded; charset=x-no-such-charset"),
    ]
    for body, kind in shapes:
        status, headers = await post_raw(site, path, body, kind)
        assert 400 <= status < 500, (kind, status)
        assert all(h in headers for h in SECURITY), (kind, headers)
        assert headers.get("Server") == "EthicsBot"


async def test_a_chunked_body_past_the_bound_is_413_before_it_is_read_whole(
        site: Site) -> None:
    number = open_case(site.app)
    await site.sign_in(CHAIR)

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: chunked framing
        for _ in range(40):
            yield b"place=" + b"a" * 16_384 + b"&"

    status, headers = await post_raw(site, f"/cases/{number}/steps/schedule", chunks(),
                                     "application/x-www-form-urlencoded")
    assert status == 413 and all(h in headers for h in SECURITY)


async def test_no_answer_names_the_server_software(site: Site) -> None:
    for path in ("/healthz", "/", "/no-such-page", "/docket"):
        answer = await site.get(path)
        assert answer.headers.get("Server") == "EthicsBot", (path, answer.headers)
        assert "aiohttp" not in str(answer.headers) and "Python" not in str(answer.headers)
