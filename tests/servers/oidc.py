"""A real OpenID Connect provider on loopback for the tests, built from authlib's server
components (the authorization code grant, PKCE, OpenID Connect's ID token) on aiohttp,
with its own RSA signing key: a discovery document, an authorize endpoint, a token
endpoint and a JWKS, as Entra ID or Google Workspace serve them.

Its authorize endpoint signs in `account` without a login form (a browser already signed
in to the city's provider) and sends the browser back with a code. It can misbehave on
request (`tamper`): sign with a key it does not publish, name another audience, issue an
already expired token, echo another nonce; and an account's email may be unverified.
It keeps the city's clock, so expiry is judged as the docket judges it.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlsplit

from aiohttp import web
from authlib.oauth2.rfc6749 import (
    AuthorizationServer,
    ClientMixin,
    JsonRequest,
    OAuth2Error,
    OAuth2Payload,
    OAuth2Request,
)
from authlib.oauth2.rfc6749.grants import AuthorizationCodeGrant
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core.grants import OpenIDCode
from joserfc.jwk import RSAKey

from tests.fixtures.app import FakeClock


class Tamper(StrEnum):
    NONE = "none"
    SIGNATURE = "signature"  # signed by a key the JWKS does not hold, under the same kid
    AUDIENCE = "audience"  # issued to another client (with azp naming ours)
    EXPIRED = "expired"  # expired ten minutes ago by the shared clock
    NONCE = "nonce"  # another nonce than the one the client sent


@dataclass
class Account:
    email: str
    email_verified: bool = True
    sub: str = field(default_factory=lambda: secrets.token_hex(8))
    name: str = "A person"
    claims: dict[str, Any] = field(default_factory=dict)  # more, as Entra ID's xms_edov


@dataclass
class _Code:
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    account: Account
    auth_time: int

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return self.auth_time

    def get_acr(self) -> None:
        return None

    def get_amr(self) -> None:
        return None

    def is_expired(self) -> bool:
        return False


class _Client(ClientMixin):  # type: ignore[misc]
    def __init__(self, client_id: str, secret: str, redirect_uri: str) -> None:
        self.client_id, self.client_secret, self.redirect_uri = client_id, secret, redirect_uri

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_allowed_scope(self, scope: str) -> str:
        return " ".join(s for s in scope.split() if s in ("openid", "email", "profile"))

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri == self.redirect_uri

    def check_client_secret(self, client_secret: str) -> bool:
        return secrets.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type == "authorization_code"


class _Payload(OAuth2Payload):  # type: ignore[misc]
    def __init__(self, data: dict[str, str]) -> None:
        self._data = data

    @property
    def data(self) -> dict[str, str]:
        return self._data

    @property
    def datalist(self) -> dict[str, list[str]]:
        return {k: [v] for k, v in self._data.items()}


class _Request(OAuth2Request):  # type: ignore[misc]
    def __init__(self, method: str, url: str, headers: dict[str, str],
                 query: dict[str, str], form: dict[str, str]) -> None:
        super().__init__(method, url, headers=headers)
        self._args, self._form = query, form
        self.payload = _Payload({**query, **form})

    @property
    def args(self) -> dict[str, str]:
        return self._args

    @property
    def form(self) -> dict[str, str]:
        return self._form


class Provider(AuthorizationServer):  # type: ignore[misc]
    """The provider; `app` serves it, `issuer` is set once it listens."""

    def __init__(self, clock: FakeClock, *, client_id: str, client_secret: str,
                 redirect_uri: str) -> None:
        super().__init__(scopes_supported=["openid", "email", "profile"])
        self.clock, self.issuer = clock, ""
        self.client = _Client(client_id, client_secret, redirect_uri)
        self.key = RSAKey.generate_key(2048, parameters={"kid": "city-1", "use": "sig",
                                                         "alg": "RS256"})
        self.rogue = RSAKey.generate_key(2048, parameters={"kid": "city-1"})
        self.account: Account | None = None
        self.tamper = Tamper.NONE
        self.codes: dict[str, _Code] = {}
        self.token_requests: list[dict[str, str]] = []  # what the client sent, to check
        self.register_token_generator("default", BearerTokenGenerator(
            lambda **_kw: secrets.token_urlsafe(24)))
        self.register_grant(_Grant, [CodeChallenge(required=True), _IdToken(self)])

    # -- authlib's server interface -------------------------------------------------
    def query_client(self, client_id: str) -> _Client | None:
        return self.client if client_id == self.client.client_id else None

    def save_token(self, token: dict[str, Any], request: OAuth2Request) -> None:
        pass

    def create_oauth2_request(self, request: OAuth2Request) -> OAuth2Request:
        return request

    def create_json_request(self, request: Any) -> JsonRequest:
        raise NotImplementedError

    def handle_response(self, status: int, body: Any, headers: Any) -> web.Response:
        text = json.dumps(body) if isinstance(body, dict) else str(body or "")
        return web.Response(status=status, text=text, headers=dict(headers))

    def send_signal(self, name: str, *args: Any, **kwargs: Any) -> None:
        pass

    # -- the endpoints -------------------------------------------------------------
    @property
    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/.well-known/openid-configuration", self._discovery)
        app.router.add_get("/authorize", self._authorize)
        app.router.add_post("/token", self._token)
        app.router.add_get("/jwks", self._jwks)
        return app

    async def _discovery(self, _request: web.Request) -> web.Response:
        return web.json_response({
            "issuer": self.issuer, "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token", "jwks_uri": f"{self.issuer}/jwks",
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
            "scopes_supported": ["openid", "email", "profile"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic",
                                                      "client_secret_post"]})

    async def _jwks(self, _request: web.Request) -> web.Response:
        return web.json_response({"keys": [self.key.as_dict(private=False)]})

    async def _authorize(self, request: web.Request) -> web.StreamResponse:
        if self.account is None:
            return web.Response(status=401, text="nobody is signed in to the provider")
        asked = _Request("GET", str(request.url), dict(request.headers), dict(request.query), {})
        try:  # the request checked: client, redirect URI, PKCE challenge, nonce
            grant = self.get_consent_grant(asked, end_user=self.account)
        except OAuth2Error as error:
            return self.handle_error_response(asked, error)
        return self.create_authorization_response(asked, grant_user=self.account, grant=grant)

    async def _token(self, request: web.Request) -> web.StreamResponse:
        form = {k: v for k, v in (await request.post()).items() if isinstance(v, str)}
        self.token_requests.append(form)
        return self.create_token_response(
            _Request("POST", str(request.url), dict(request.headers), {}, form))

    def now(self) -> int:
        return int(self.clock().timestamp())


class _Grant(AuthorizationCodeGrant):  # type: ignore[misc]
    TOKEN_ENDPOINT_AUTH_METHODS: ClassVar[list[str]] = ["client_secret_basic",
                                                        "client_secret_post"]

    def save_authorization_code(self, code: str, request: OAuth2Request) -> None:
        server: Provider = self.server
        data = request.payload.data
        server.codes[code] = _Code(code, request.client.get_client_id(),
                                   data["redirect_uri"], request.scope, data.get("nonce"),
                                   data.get("code_challenge"),
                                   data.get("code_challenge_method"), request.user,
                                   server.now())

    def query_authorization_code(self, code: str, client: _Client) -> _Code | None:
        found = self.server.codes.get(code)
        return found if found is not None and found.client_id == client.client_id else None

    def delete_authorization_code(self, authorization_code: _Code) -> None:
        self.server.codes.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code: _Code) -> Account:
        return authorization_code.account


class _IdToken(OpenIDCode):  # type: ignore[misc]
    def __init__(self, provider: Provider) -> None:
        super().__init__(require_nonce=True)
        self.provider = provider

    def exists_nonce(self, nonce: str, request: OAuth2Request) -> bool:
        return any(c.nonce == nonce for c in self.provider.codes.values())

    def resolve_client_private_key(self, client: _Client) -> RSAKey:
        p = self.provider
        return p.rogue if p.tamper is Tamper.SIGNATURE else p.key

    def get_client_algorithm(self, client: _Client) -> str:
        return "RS256"

    def get_encode_header(self, client: _Client) -> dict[str, str]:
        return {"alg": "RS256", "kid": "city-1", "typ": "JWT"}

    def get_client_claims(self, client: _Client) -> dict[str, Any]:
        p, now = self.provider, self.provider.now()
        claims: dict[str, Any] = {"iss": p.issuer, "aud": [client.get_client_id()],
                                  "iat": now, "exp": now + 300, "auth_time": now}
        if p.tamper is Tamper.AUDIENCE:
            claims |= {"aud": ["someone-else"], "azp": client.get_client_id()}
        if p.tamper is Tamper.EXPIRED:
            claims |= {"iat": now - 900, "exp": now - 600}
        return claims

    def get_authorization_code_claims(self, authorization_code: _Code) -> dict[str, Any]:
        claims: dict[str, Any] = super().get_authorization_code_claims(authorization_code)
        if self.provider.tamper is Tamper.NONCE:
            claims["nonce"] = secrets.token_urlsafe(16)
        return claims

    def generate_user_info(self, user: Account, scope: str) -> dict[str, Any]:
        return {"sub": user.sub, "email": user.email, "email_verified": user.email_verified,
                "name": user.name, **user.claims}


def query_of(url: str) -> dict[str, str]:
    """The query of a URL (an authorization request, a way back)."""
    return dict(parse_qsl(urlsplit(url).query))
