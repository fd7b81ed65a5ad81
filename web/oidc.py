"""Sign-in through the city's OpenID Connect provider (Microsoft Entra ID, Google
Workspace), when the settings name one: the authorization code flow with PKCE (S256),
`state` and `nonce`, through authlib's pieces (the authorization URL, the code challenge,
the ID token's claims) and joserfc (its signature), over the web's own aiohttp.

The round trip is a `web_tokens` row of kind `oidc`: its secret is the `state` (kept only
as a SHA-256), it holds the nonce and the PKCE verifier until the browser comes back, and
it is bound to the browser that pressed the button by a second secret in a cookie, so a
callback URL sent to someone else signs nobody in. It works once, for `round_trip`.

The ID token must be signed by a key in the provider's JWKS with an asymmetric algorithm
the provider announces (never `none`, never a shared secret), name the configured issuer
(`iss`) and this client (`aud`, and `azp` when it has several audiences), be unexpired by
the city's clock (`exp`, a minute's leeway for the provider's), carry the nonce sent, and
say the email is verified (`email_verified`, or the claim the settings name: Entra ID's is
`xms_edov`). The email then names the person in the directory, as a mailed link does; one
the directory does not list gets the answer any stranger gets. Every refusal is logged.

The provider's discovery document and keys are kept per process for an hour (a key not
found is fetched again, at most once a minute): nothing of a person is kept here.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

import aiohttp
from authlib.oauth2.rfc6749.parameters import prepare_grant_uri
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet
from joserfc.jws import JWSRegistry

from cases.access import NOT_LISTED
from storage import web_tokens
from storage.web_tokens import OIDC
from web import auth
from web.deps import LOOPBACK, OidcConfig, WebDeps

ASYMMETRIC = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512")
LEEWAY = 60  # seconds of clock skew allowed between the provider and the city
KEEP = 3600.0  # seconds the discovery document and the keys are kept
REFETCH = 60.0  # at most this often are the keys fetched again for an unknown key id
MAX_BYTES = 512 * 1024  # a discovery document, a key set or a token response
SCOPE = "openid email profile"
CALLBACK = "/sign-in/oidc/callback"
REFUSED = ("The city's sign-in service did not sign you in. Try again from the sign-in "
           "page, or ask for a sign-in link by mail.")
UNREACHABLE = ("The city's sign-in service did not answer. Try again in a minute, or ask for "
               "a sign-in link by mail.")


class OidcRefused(Exception):
    """A sign-in through the provider refused: `why` goes to the access log, `text` to the
    person, `status` to the browser."""

    def __init__(self, why: str, text: str = REFUSED, status: int = 403) -> None:
        super().__init__(why)
        self.why, self.text, self.status = why, text, status


def secure_url(url: str) -> bool:
    """https, or plain http to this machine (a provider on loopback, in the tests)."""
    parts = urlsplit(url)
    return parts.scheme == "https" or (parts.scheme == "http"
                                       and (parts.hostname or "") in LOOPBACK)


class Provider:
    """The provider as its discovery document describes it, with its keys."""

    def __init__(self, config: OidcConfig) -> None:
        self.config = config
        self._meta: tuple[float, dict[str, Any]] | None = None
        self._keys: tuple[float, KeySet] | None = None

    async def metadata(self) -> dict[str, Any]:
        if self._meta is not None and time.monotonic() - self._meta[0] < KEEP:
            return self._meta[1]
        meta = await self._json("GET", self.config.discovery)
        if meta.get("issuer") != self.config.issuer:
            raise OidcRefused(f"discovery names issuer {str(meta.get('issuer'))[:60]!r}",
                              UNREACHABLE, 502)
        for key in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
            if not isinstance(meta.get(key), str) or not secure_url(meta[key]):
                raise OidcRefused(f"discovery has no usable {key}", UNREACHABLE, 502)
        self._meta = (time.monotonic(), meta)
        return meta

    async def keys(self, *, again: bool = False) -> KeySet:
        fresh = self._keys is not None and time.monotonic() - self._keys[0] < (
            REFETCH if again else KEEP)
        if self._keys is not None and fresh:
            return self._keys[1]
        found = await self._json("GET", (await self.metadata())["jwks_uri"])
        try:
            keys = KeySet.import_key_set(found)  # type: ignore[arg-type]
        except (JoseError, ValueError, TypeError, KeyError):
            raise OidcRefused("the provider's key set is not one", UNREACHABLE, 502) from None
        self._keys = (time.monotonic(), keys)
        return keys

    async def exchange(self, code: str, verifier: str, redirect_uri: str) -> dict[str, Any]:
        """The code for tokens at the token endpoint, the client authenticated as the
        provider prefers (client_secret_basic unless it takes only client_secret_post)."""
        meta, cfg = await self.metadata(), self.config
        form = {"grant_type": "authorization_code", "code": code,
                "redirect_uri": redirect_uri, "code_verifier": verifier}
        headers = {"Accept": "application/json"}
        methods = meta.get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
        if "client_secret_basic" in methods:
            pair = f"{quote(cfg.client_id, safe='')}:{quote(cfg.client_secret, safe='')}"
            headers["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
        else:
            form |= {"client_id": cfg.client_id, "client_secret": cfg.client_secret}
        return await self._json("POST", meta["token_endpoint"], data=form, headers=headers)

    async def claims(self, id_token: str, *, nonce: str, access_token: str | None,
                     now: float) -> dict[str, Any]:
        """The ID token's claims once its signature and claims are checked."""
        meta = await self.metadata()
        announced = meta.get("id_token_signing_alg_values_supported") or ["RS256"]
        algorithms = [a for a in announced if a in ASYMMETRIC]
        if not algorithms:
            raise OidcRefused("the provider announces no asymmetric signature", UNREACHABLE,
                              502)
        # headers this does not know are ignored, as authlib's own client does
        registry = JWSRegistry(algorithms=algorithms, strict_check_header=False)
        try:
            try:
                token = jwt.decode(id_token, await self.keys(), registry=registry)
            except InvalidKeyIdError:  # a key the provider has added since (rotation)
                token = jwt.decode(id_token, await self.keys(again=True), registry=registry)
        except (JoseError, ValueError) as e:
            raise OidcRefused(f"ID token refused: {type(e).__name__}") from None
        cfg = self.config
        checked = CodeIDToken(token.claims, token.header, options={
            "iss": {"essential": True, "value": cfg.issuer},
            "aud": {"essential": True, "value": cfg.client_id},
            "exp": {"essential": True}, "nonce": {"essential": True, "value": nonce}},
            params={"nonce": nonce, "client_id": cfg.client_id, "access_token": access_token})
        try:
            checked.validate(now=int(now), leeway=LEEWAY)
        except JoseError as e:
            raise OidcRefused(f"ID token refused: {type(e).__name__} "
                              f"{getattr(e, 'claim', '') or ''}".strip()) from None
        return dict(checked)

    async def _json(self, method: str, url: str, **kw: Any) -> dict[str, Any]:
        timeout = aiohttp.ClientTimeout(total=self.config.timeout)
        try:
            async with aiohttp.ClientSession(timeout=timeout) as http, http.request(
                    method, url, allow_redirects=False, **kw) as r:
                body = await r.content.read(MAX_BYTES + 1)
                status = r.status
        except (aiohttp.ClientError, TimeoutError) as e:
            raise OidcRefused(f"provider unreachable: {type(e).__name__}", UNREACHABLE,
                              502) from None
        if len(body) > MAX_BYTES:
            raise OidcRefused("provider answered too much", UNREACHABLE, 502)
        try:
            found = json.loads(body)
        except ValueError:
            found = None
        if not isinstance(found, dict):
            raise OidcRefused(f"provider answered {status} without JSON", UNREACHABLE, 502)
        if status != 200:
            raise OidcRefused(f"provider answered {status}: {str(found.get('error'))[:40]}")
        return found


@dataclass(frozen=True)
class Started:
    url: str  # the provider's authorization endpoint, with the request
    browser: str  # the cookie that binds the round trip to this browser


async def start(deps: WebDeps, provider: Provider, client: str) -> Started | None:
    """Begin a round trip for this browser; None when this client began too many."""
    cfg, meta, now = provider.config, await provider.metadata(), deps.clock()
    state, nonce, verifier, browser = (web_tokens.new_secret() for _ in range(4))
    with deps.session_factory.begin() as s:
        web_tokens.forget_link_urls(session=s, now=now, kind=OIDC)  # abandoned round trips
        since = now - deps.config.rate_window
        if web_tokens.count_since(session=s, kind=OIDC, since=since,
                                  client=client) >= 3 * deps.config.links_per_client:
            auth.log(s, deps, f"web:{client}", None, "oidc sign-in refused: too many", False)
            return None
        web_tokens.issue(session=s, kind=OIDC, email="", client=client, at=now,
                         expires_at=now + cfg.round_trip, secret=state, via="oidc",
                         data={"nonce": nonce, "verifier": verifier,
                               "browser": web_tokens.digest(browser)})
        auth.log(s, deps, f"web:{client}", None, "oidc sign-in started", True)
    url = prepare_grant_uri(meta["authorization_endpoint"], cfg.client_id, "code",
                            deps.config.url(CALLBACK), SCOPE, state, nonce=nonce,
                            code_challenge=create_s256_code_challenge(verifier),
                            code_challenge_method="S256")
    return Started(str(url), browser)


async def finish(deps: WebDeps, provider: Provider, query: Mapping[str, str],
                 browser: str | None, client: str) -> str:
    """Spend the round trip the browser came back with and open a session: its secret.
    OidcRefused (logged) otherwise."""
    try:
        return await _finish(deps, provider, query, browser, client)
    except _NotListed:
        raise  # logged with the verified email
    except OidcRefused as e:
        auth.log_alone(deps, f"web:{client}", None, f"oidc sign-in refused: {e.why}", False)
        raise


async def _finish(deps: WebDeps, provider: Provider, query: Mapping[str, str],
                  browser: str | None, client: str) -> str:
    cfg, now = provider.config, deps.clock()
    with deps.session_factory.begin() as s:
        row = web_tokens.find(session=s, kind=OIDC, secret=query.get("state", ""), lock=True)
        if row is None:
            raise OidcRefused("unknown round trip")
        if row.used_at is not None or row.expires_at is None or now >= row.expires_at:
            raise OidcRefused("round trip used or expired")
        if not browser or web_tokens.digest(browser) != row.data.get("browser"):
            raise OidcRefused("round trip of another browser")
        saved = web_tokens.spend(row, at=now)
    if query.get("error") or not query.get("code"):
        raise OidcRefused(f"provider answered {query.get('error', 'no code')[:40]}")
    tokens = await provider.exchange(query["code"][:2048], str(saved["verifier"]),
                                     deps.config.url(CALLBACK))
    if not isinstance(tokens.get("id_token"), str):
        raise OidcRefused("no ID token")
    access = tokens.get("access_token")
    claims = await provider.claims(tokens["id_token"], nonce=str(saved["nonce"]),
                                   access_token=access if isinstance(access, str) else None,
                                   now=now.timestamp())
    email = claims.get("email")
    if not isinstance(email, str) or "@" not in email:
        raise OidcRefused("no email in the ID token")
    if claims.get(cfg.email_verified_claim) is not True:
        raise OidcRefused(f"email not verified ({cfg.email_verified_claim})")
    person = deps.directory.by_email(email)
    if person is None:
        auth.log_alone(deps, email[:320], None, "oidc sign-in refused: not listed", False)
        raise _NotListed()
    with deps.session_factory.begin() as s:
        opened = auth.open_session(s, deps, person, client, via="oidc")
        auth.log(s, deps, person.email, None, "signed in by oidc", True)
    return opened


class _NotListed(OidcRefused):
    """Refused as a stranger is refused (the log line names the verified email)."""

    def __init__(self) -> None:
        super().__init__("not listed", NOT_LISTED)
