"""Sign-in through the city's OpenID Connect provider, against a real provider on
loopback (`tests.servers.oidc`, authlib's server): discovery, the authorize endpoint, the
token endpoint, the JWKS and a signed ID token. The code flow with PKCE, state and nonce
signs a listed person in; a bad signature, another audience, an expired token, another
nonce, an unverified email, a stranger, a replayed or foreign round trip are refused,
each in the access log."""

from __future__ import annotations

import html

import pytest
from sqlalchemy import select

from cases.access import NOT_LISTED
from storage.models import AccessLogRow, WebTokenRow
from tests.fixtures.app import FakeClock
from tests.fixtures.oidc import CLIENT_ID, OidcSite
from tests.fixtures.web import Answer, Site
from tests.integration.web.test_docket import CLERK
from tests.servers.oidc import Account, Tamper, query_of


def actions(site: Site) -> list[tuple[str, str, bool]]:
    with site.app.session_factory() as s:
        return [(r.who, r.action, r.allowed) for r in s.scalars(
            select(AccessLogRow).where(AccessLogRow.channel == "web").order_by(AccessLogRow.id))]


async def round_trip(o: OidcSite) -> tuple[str, str, Answer]:
    """Press the button, let the provider send the browser back: the authorization
    request's URL, the way back's URL, and the answer to it."""
    site = o.site
    page = await site.get("/sign-in")
    assert 'href="/sign-in/oidc"' in page.text
    assert "Sign in with Riverton Microsoft 365" in page.text
    off = await site.get("/sign-in/oidc", allow_redirects=False)
    assert off.status == 303, off.text
    to_provider = off.headers["Location"]
    async with site.http.get(to_provider, allow_redirects=False) as r:
        assert r.status == 302, await r.text()
        way_back = r.headers["Location"]
    answer = await site.get(way_back.removeprefix(site.url), allow_redirects=False)
    return to_provider, way_back, answer


async def test_a_listed_person_signs_in_through_the_provider(oidc: OidcSite) -> None:
    oidc.provider.account = Account(CLERK.upper())  # the directory matches any case
    asked, way_back, answer = await round_trip(oidc)
    request = query_of(asked)
    assert asked.startswith(oidc.provider.issuer + "/authorize?")
    assert request["response_type"] == "code" and request["client_id"] == CLIENT_ID
    assert request["code_challenge_method"] == "S256" and len(request["code_challenge"]) == 43
    assert set(request["scope"].split()) == {"openid", "email", "profile"}
    assert request["state"] and request["nonce"] and request["state"] != request["nonce"]
    assert request["redirect_uri"] == oidc.site.url + "/sign-in/oidc/callback"
    assert query_of(way_back)["state"] == request["state"]
    assert answer.status == 303 and answer.headers["Location"] == "/docket"
    docket = await oidc.site.get("/docket")
    assert docket.status == 200 and docket.url.endswith("/docket")
    [sent] = oidc.provider.token_requests
    assert sent["code_verifier"] and "client_secret" not in sent  # HTTP Basic, PKCE
    assert (CLERK, "signed in by oidc", True) in actions(oidc.site)
    with oidc.site.app.session_factory() as s:
        vias = set(s.scalars(select(WebTokenRow.via).where(WebTokenRow.kind == "session")))
        trip = s.scalars(select(WebTokenRow).where(WebTokenRow.kind == "oidc")).one()
    assert vias == {"oidc"} and trip.used_at is not None and trip.data == {}
    assert request["state"] not in str(trip.digest)  # kept only as its SHA-256


@pytest.mark.parametrize(("tamper", "why"), [
    (Tamper.SIGNATURE, "ID token refused: BadSignatureError"),
    (Tamper.AUDIENCE, "ID token refused: InvalidClaimError aud"),
    (Tamper.EXPIRED, "ID token refused: ExpiredTokenError exp"),
    (Tamper.NONCE, "ID token refused: InvalidClaimError nonce")])
async def test_an_id_token_that_fails_a_check_signs_nobody_in(
        oidc: OidcSite, tamper: Tamper, why: str) -> None:
    oidc.provider.account, oidc.provider.tamper = Account(CLERK), tamper
    _, _, answer = await round_trip(oidc)
    assert answer.status == 403 and "did not sign you in" in html.unescape(answer.text)
    assert (await oidc.site.get("/docket")).url.endswith("/sign-in")
    assert ("web:127.0.0.1", f"oidc sign-in refused: {why}", False) in actions(oidc.site)
    assert not any(a == "signed in by oidc" for _, a, _ in actions(oidc.site))


async def test_an_unverified_email_signs_nobody_in(oidc: OidcSite) -> None:
    oidc.provider.account = Account(CLERK, email_verified=False)
    _, _, answer = await round_trip(oidc)
    assert answer.status == 403
    assert (await oidc.site.get("/docket")).url.endswith("/sign-in")
    assert ("web:127.0.0.1", "oidc sign-in refused: email not verified (email_verified)",
            False) in actions(oidc.site)


@pytest.mark.parametrize("oidc", [{"oidc_email_verified_claim": "xms_edov"}], indirect=True)
async def test_entra_ids_verified_domain_claim_when_the_settings_name_it(
        oidc: OidcSite) -> None:
    # Entra ID sends no email_verified for work accounts; xms_edov says the domain is verified
    oidc.provider.account = Account(CLERK, email_verified=False)
    _, _, refused = await round_trip(oidc)
    assert refused.status == 403
    assert ("web:127.0.0.1", "oidc sign-in refused: email not verified (xms_edov)",
            False) in actions(oidc.site)
    oidc.provider.account = Account(CLERK, email_verified=False, claims={"xms_edov": True})
    _, _, answer = await round_trip(oidc)
    assert answer.status == 303 and (await oidc.site.get("/docket")).status == 200


async def test_an_email_the_directory_does_not_list_is_refused_as_a_stranger(
        oidc: OidcSite) -> None:
    oidc.provider.account = Account("nobody@city.test")
    _, _, answer = await round_trip(oidc)
    assert answer.status == 403 and NOT_LISTED in html.unescape(answer.text)
    stranger = await oidc.site.get("/docket")
    assert stranger.url.endswith("/sign-in")
    assert ("nobody@city.test", "oidc sign-in refused: not listed", False) in actions(oidc.site)


async def test_a_way_back_works_once_in_its_own_browser_and_in_time(
        oidc: OidcSite, clock: FakeClock) -> None:
    oidc.provider.account = Account(CLERK)
    _, way_back, answer = await round_trip(oidc)
    assert answer.status == 303
    again = await oidc.site.get(way_back.removeprefix(oidc.site.url), allow_redirects=False)
    assert again.status == 403

    # another browser handed the way back (a phished link) signs nobody in
    oidc.site.http.cookie_jar.clear()
    _, way_back, _ = await round_trip_without_returning(oidc)
    oidc.site.http.cookie_jar.clear()
    foreign = await oidc.site.get(way_back.removeprefix(oidc.site.url), allow_redirects=False)
    assert foreign.status == 403

    _, way_back, _ = await round_trip_without_returning(oidc)
    clock.advance(minutes=11)
    late = await oidc.site.get(way_back.removeprefix(oidc.site.url), allow_redirects=False)
    assert late.status == 403
    forged = await oidc.site.get("/sign-in/oidc/callback?state=forged&code=x",
                                 allow_redirects=False)
    assert forged.status == 403
    await oidc.site.get("/sign-in/oidc", allow_redirects=False)  # a new trip: the old forgotten
    with oidc.site.app.session_factory() as s:
        held = [t.data for t in s.scalars(select(WebTokenRow).where(
            WebTokenRow.kind == "oidc").order_by(WebTokenRow.id))]
    assert held[:-1] == [{}] * (len(held) - 1) and held[-1]["nonce"]  # no nonce, no verifier
    refused = [a for _, a, ok in actions(oidc.site) if a.startswith("oidc sign-in refused")]
    assert refused == ["oidc sign-in refused: round trip used or expired",
                       "oidc sign-in refused: round trip of another browser",
                       "oidc sign-in refused: round trip used or expired",
                       "oidc sign-in refused: unknown round trip"]


async def round_trip_without_returning(o: OidcSite) -> tuple[str, str, None]:
    off = await o.site.get("/sign-in/oidc", allow_redirects=False)
    async with o.site.http.get(off.headers["Location"], allow_redirects=False) as r:
        return off.headers["Location"], r.headers["Location"], None


async def test_the_provider_saying_no_signs_nobody_in(oidc: OidcSite) -> None:
    off = await oidc.site.get("/sign-in/oidc", allow_redirects=False)
    state = query_of(off.headers["Location"])["state"]
    denied = await oidc.site.get(f"/sign-in/oidc/callback?state={state}&error=access_denied",
                                 allow_redirects=False)
    assert denied.status == 403
    assert ("web:127.0.0.1", "oidc sign-in refused: provider answered access_denied",
            False) in actions(oidc.site)


async def test_without_a_provider_configured_there_is_no_button(site: Site) -> None:
    page = await site.get("/sign-in")
    assert "/sign-in/oidc" not in page.text
    assert (await site.get("/sign-in/oidc", allow_redirects=False)).status == 404


async def test_a_code_taken_from_the_way_back_is_worth_nothing_without_the_verifier(
        oidc: OidcSite) -> None:
    import aiohttp

    from tests.fixtures.oidc import CLIENT_SECRET

    oidc.provider.account = Account(CLERK)
    _, way_back, _ = await round_trip_without_returning(oidc)
    stolen = query_of(way_back)["code"]
    async with aiohttp.ClientSession() as http, http.post(
            oidc.provider.issuer + "/token",
            data={"grant_type": "authorization_code", "code": stolen,
                  "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                  "redirect_uri": oidc.site.url + "/sign-in/oidc/callback",
                  "code_verifier": "x" * 50}) as r:
        assert r.status == 400 and (await r.json())["error"] == "invalid_grant"


def test_the_settings_name_a_provider_whole_or_not_at_all(tmp_path: object) -> None:
    from ethicsbot.settings import SettingsError, load_settings

    with pytest.raises(SettingsError) as partial:
        load_settings(_env_file=None, oidc_issuer="https://accounts.google.com",
                      oidc_client_id="id")
    assert "ETHICSBOT_OIDC_CLIENT_SECRET is not set" in str(partial.value)
    with pytest.raises(SettingsError) as plain:
        load_settings(_env_file=None, oidc_issuer="http://login.city.example",
                      oidc_client_id="id", oidc_client_secret="s")
    assert "ETHICSBOT_OIDC_ISSUER" in str(plain.value) and "https" in str(plain.value)
    whole = load_settings(_env_file=None, oidc_issuer="https://accounts.google.com",
                          oidc_client_id="id", oidc_client_secret="s")
    assert whole.uses_oidc and not load_settings(_env_file=None).uses_oidc
