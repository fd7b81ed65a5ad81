"""Sign-in by a one-time link mailed through the outbox to the real SMTP sink, on SQLite
and PostgreSQL: the same answer for unknown addresses, single use, 15 minutes, rate
limits, sessions that end, and every refusal in the access log."""

from __future__ import annotations

from sqlalchemy import select

from storage.models import AccessLogRow, WebTokenRow
from tests.fixtures.app import FakeClock
from tests.fixtures.web import Site, csrf_of
from web import auth

CLERK, STRANGER = "clerk@city.test", "nobody@example.net"


def log_lines(site: Site) -> list[tuple[str, str, bool, str]]:
    with site.app.session_factory() as s:
        return [(r.who, r.action, r.allowed, r.channel)
                for r in s.scalars(select(AccessLogRow).order_by(AccessLogRow.id))]


async def ask(site: Site, email: str) -> int:
    page = await site.get("/sign-in")
    return (await site.post("/sign-in", {"email": email, "csrf": csrf_of(page.text)})).status


async def test_a_link_from_the_sink_signs_in_once_and_opens_the_docket(site: Site) -> None:
    done = await site.sign_in(CLERK)
    assert done.status == 200 and done.url.endswith("/docket"), done.text
    assert "Open docket" in done.text and "Renée Castillo" in done.text
    cookie = next(c for c in site.http.cookie_jar if c.key == "ethicsbot_session")
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert not cookie["secure"]  # plain HTTP on loopback; Secure everywhere else
    with site.app.session_factory() as s:
        rows = list(s.scalars(select(WebTokenRow)))
    assert {r.kind for r in rows} == {"link", "session"}
    link = next(r for r in rows if r.kind == "link")
    assert link.used_at is not None and link.data == {}  # the mailed URL is forgotten
    assert (CLERK, "signed in by link", True, "web") in log_lines(site)


async def test_the_mailed_url_is_wiped_once_sent_and_the_link_still_signs_in(
        site: Site) -> None:
    """Issue 24: a copy or a backup of the database signs nobody in, also while a link is
    live: once its mail was handed to the transport, only the secret's digest is kept."""
    assert await ask(site, CLERK) == 200
    link = await site.link_mailed_to(CLERK)  # delivered, as the worker does
    with site.app.session_factory() as s:
        [row] = list(s.scalars(select(WebTokenRow).where(WebTokenRow.kind == "link")))
        assert row.used_at is None and row.data == {}  # nothing of the URL stays
        assert link.rsplit("/", 1)[1] not in str(row.digest)
    opened = await site.get(link.removeprefix(site.url))
    done = await site.post("/sign-in/link", {"secret": link.rsplit("/", 1)[1],
                                             "csrf": csrf_of(opened.text)})
    assert done.status == 200 and done.url.endswith("/docket")


async def test_a_used_link_is_refused_and_logged(site: Site) -> None:
    await site.sign_in(CLERK)
    link = await site.link_mailed_to(CLERK)
    again = await site.get(link.removeprefix(site.url))
    assert again.status == 410 and "expired or was already used" in again.text
    site.http.cookie_jar.clear()
    page = await site.get("/sign-in")
    spent = await site.post("/sign-in/link", {"secret": link.rsplit("/", 1)[1],
                                              "csrf": csrf_of(page.text)})
    assert spent.status == 410
    refused = [line for line in log_lines(site) if line[1].startswith("sign-in link refused")]
    assert refused and all(who == CLERK and not ok for who, _, ok, _ in refused)


async def test_an_expired_link_is_refused(site: Site, clock: FakeClock) -> None:
    assert await ask(site, CLERK) == 200
    link = await site.link_mailed_to(CLERK)
    clock.advance(minutes=15)
    opened = await site.get(link.removeprefix(site.url))
    assert opened.status == 410
    assert (CLERK, "sign-in link refused: used or expired", False, "web") in log_lines(site)


async def test_an_unknown_address_gets_the_same_answer_and_no_mail(site: Site) -> None:
    page = await site.get("/sign-in")
    known = await site.post("/sign-in", {"email": CLERK, "csrf": csrf_of(page.text)})
    unknown = await site.post("/sign-in", {"email": STRANGER, "csrf": csrf_of(page.text)})
    assert known.status == unknown.status == 200
    assert known.text.replace(CLERK, "X") == unknown.text.replace(STRANGER, "X")
    mail = await site.deliver()
    assert [m["To"] for m in mail] == ["Renée Castillo <clerk@city.test>"]
    assert mail[0]["Subject"] == "Your sign-in link to the ethics docket"


async def test_links_are_rate_limited_per_address_and_per_client(site: Site) -> None:
    assert [await ask(site, CLERK) for _ in range(4)] == [200, 200, 200, 429]
    assert [await ask(site, STRANGER) for _ in range(4)] == [200, 200, 200, 429]
    others = [await ask(site, f"p{i}@example.net") for i in range(5)]
    assert others == [200, 200, 200, 200, 429]  # ten from this client, then no more
    assert len(await site.deliver()) == 3  # only the listed address got mail


async def test_a_stranger_spends_only_their_own_quota_and_their_refusals_are_one_row(
        site: Site) -> None:
    """Issue 24: the 3 links per address are counted per client, so a stranger asking for
    the clerk's address from elsewhere does not lock the clerk out; and a refusal repeated
    costs one access-log row a minute, not one a request."""
    deps = site.app.web_deps()
    for _ in range(3):
        assert auth.request_link(deps, CLERK, "198.51.100.7") is auth.LinkAnswer.SENT
    for _ in range(20):
        assert auth.request_link(deps, CLERK, "198.51.100.7") is auth.LinkAnswer.TOO_MANY
    assert auth.request_link(deps, CLERK, "127.0.0.1") is auth.LinkAnswer.SENT  # the clerk
    with site.app.session_factory() as s:
        refused = s.scalars(select(AccessLogRow.action).where(
            AccessLogRow.who == "web:198.51.100.7", AccessLogRow.allowed.is_(False))).all()
    assert refused == ["sign-in link refused: too many"]


async def test_a_forged_session_is_refused_and_logged(site: Site) -> None:
    site.http.cookie_jar.update_cookies({"ethicsbot_session": "forged-" + "x" * 40})
    answer = await site.get("/docket", allow_redirects=False)
    assert answer.status == 303 and answer.headers["Location"] == "/sign-in"
    assert any(a == "session refused: unknown (forged or from another database)" and not ok
               for _, a, ok, _ in log_lines(site))


async def test_sessions_end_when_idle_signed_out_or_revoked(site: Site, clock: FakeClock
                                                            ) -> None:
    from web.auth import Revoked, revoke_access

    await site.sign_in(CLERK)
    clock.advance(minutes=29)
    assert (await site.get("/docket")).url.endswith("/docket")
    clock.advance(minutes=29)  # each use restarts the idle timeout
    assert (await site.get("/docket")).url.endswith("/docket")
    clock.advance(minutes=31)
    assert (await site.get("/docket")).url.endswith("/sign-in")

    await site.sign_in(CLERK)
    docket = await site.get("/docket")
    out = await site.post("/sign-out", {"csrf": csrf_of(docket.text)})
    assert out.url.endswith("/") and (await site.get("/docket")).url.endswith("/sign-in")

    await site.sign_in(CLERK)
    # the idle one had ended but was never revoked: it is marked too
    assert revoke_access(site.app.web_deps(), CLERK, by="os:alice") == Revoked(2, 0)
    assert (await site.get("/docket")).url.endswith("/sign-in")
    assert (CLERK, "session refused: revoked", False, "web") in log_lines(site)


async def test_forms_without_or_with_a_wrong_csrf_token_are_refused(site: Site) -> None:
    missing = await site.post("/sign-in", {"email": CLERK})
    assert missing.status == 403
    await site.get("/sign-in")
    wrong = await site.post("/sign-in", {"email": CLERK, "csrf": "w" * 43})
    assert wrong.status == 403
    await site.sign_in(CLERK)
    out = await site.post("/sign-out", {"csrf": "w" * 43})
    assert out.status == 403
    page = await site.get("/sign-in")
    other_site = await site.post("/sign-in", {"email": CLERK, "csrf": csrf_of(page.text)},
                                 headers={"Origin": "https://evil.example"})
    assert other_site.status == 403
    refusals = [a for _, a, ok, _ in log_lines(site) if a.startswith("form refused")]
    assert refusals == ["form refused: a form without its token",
                        "form refused: a form with a wrong token",
                        "form refused: a form with a wrong token",
                        "form refused: a form from https://evil.example"]
    assert len(await site.deliver()) == 1  # only the sign-in that passed mailed a link


async def test_every_page_carries_the_security_headers(site: Site) -> None:
    answer = await site.get("/")
    h = answer.headers
    assert h["Content-Security-Policy"].startswith("default-src 'none'")
    assert "frame-ancestors 'none'" in h["Content-Security-Policy"]
    assert h["X-Content-Type-Options"] == "nosniff" and h["Referrer-Policy"] == "same-origin"
    assert h["X-Frame-Options"] == "DENY" and h["Cache-Control"] == "no-store"
    assert "Strict-Transport-Security" not in h  # plain HTTP on loopback
