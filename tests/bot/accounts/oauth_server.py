"""A local OAuth 2 authorization server for the sign-in tests, built from authlib's server components: the
authorization code grant with PKCE (``CodeChallenge``, S256 required) and OpenID Connect's ID token, the refresh
token grant, and RFC 7009 revocation. Served by aiohttp on 127.0.0.1 (``PLANBOT_OAUTH_<SERVICE>_BASE_URL`` points
there), for one registered client with one exact redirect URI, at one service's paths (``paths``):

- ``GOOGLE``: Google's paths; an ID token when ``openid`` is asked for.
- ``HUBSPOT``: HubSpot's authorize page and its dated OAuth API (``/oauth/2026-03/token``, ``…/token/revoke``) with
  token introspection (``…/token/introspect``: the client's credentials and a token; who installed it, which hub).
- ``SALESFORCE``: ``/services/oauth2/authorize``, ``/token``, ``/revoke``; token answers name the org's
  ``instance_url`` and the identity URL (``id``), which answers with the user's name and address for the token.

The person signing in is ``SignInServer.person``; the authorization page consents for them at once (or refuses, with
``deny``). Access tokens it issues are handed to ``on_access`` (the Google Calendar stand-in accepts them), and a
revocation takes them back through ``on_revoke``.
"""

import hmac
import json
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from aiohttp import web
from authlib.oauth2 import AuthorizationServer, OAuth2Error, OAuth2Request
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants
from authlib.oauth2.rfc6749.requests import BasicOAuth2Payload
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from joserfc.jwk import OctKey

from tests.slack.kit.fake_web_api import serve_locally

AUTHORIZE_PATH = "/o/oauth2/v2/auth"
TOKEN_PATH = "/token"
REVOKE_PATH = "/revoke"
ID_TOKEN_KEY = "the-test-server-id-token-signing-key-0123456789"


@dataclass
class Person:
    sub: str
    email: str
    org: str = ""  # HubSpot: the hub's domain; Salesforce: the org's id
    instance_url: str = ""  # Salesforce: the person's org, named in every token answer


@dataclass(frozen=True)
class Paths:
    authorize: str
    token: str
    revoke: str
    introspect: str | None = None
    identity: str | None = None


GOOGLE = Paths(AUTHORIZE_PATH, TOKEN_PATH, REVOKE_PATH)
HUBSPOT = Paths(
    "/oauth/authorize",
    "/oauth/2026-03/token",
    "/oauth/2026-03/token/revoke",
    introspect="/oauth/2026-03/token/introspect",
)
SALESFORCE = Paths("/services/oauth2/authorize", "/services/oauth2/token", "/services/oauth2/revoke", identity="/id")


@dataclass
class Client(ClientMixin):  # type: ignore[misc]
    client_id: str
    client_secret: str
    redirect_uris: list[str]
    scope: str

    def get_client_id(self) -> str:
        return self.client_id

    def get_default_redirect_uri(self) -> str:
        return self.redirect_uris[0]

    def get_allowed_scope(self, scope: str) -> str:
        allowed = set(self.scope.split())
        return " ".join(s for s in (scope or "").split() if s in allowed)

    def check_redirect_uri(self, redirect_uri: str) -> bool:
        return redirect_uri in self.redirect_uris  # exact match, as the providers do

    def check_client_secret(self, client_secret: str) -> bool:
        return hmac.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method: str, endpoint: str) -> bool:
        return method == "client_secret_post"

    def check_response_type(self, response_type: str) -> bool:
        return response_type == "code"

    def check_grant_type(self, grant_type: str) -> bool:
        return grant_type in ("authorization_code", "refresh_token")


@dataclass
class Code:
    code: str
    client_id: str
    redirect_uri: str
    scope: str
    person: Person
    code_challenge: str | None
    code_challenge_method: str | None
    nonce: str | None = None

    def get_redirect_uri(self) -> str:
        return self.redirect_uri

    def get_scope(self) -> str:
        return self.scope

    def get_nonce(self) -> str | None:
        return self.nonce

    def get_auth_time(self) -> int:
        return int(time.time())

    def get_acr(self) -> None:
        return None

    def get_amr(self) -> None:
        return None


@dataclass
class Token(TokenMixin):  # type: ignore[misc]
    client_id: str
    person: Person
    scope: str
    access_token: str
    refresh_token: str | None
    revoked: bool = False

    def check_client(self, client: Client) -> bool:
        return client.client_id == self.client_id

    def get_scope(self) -> str:
        return self.scope

    def get_expires_in(self) -> int:
        return 3600

    def is_revoked(self) -> bool:
        return self.revoked

    def is_expired(self) -> bool:
        return False

    def get_user(self) -> Person:
        return self.person


class _Request(OAuth2Request):  # type: ignore[misc]
    """An aiohttp request, read beforehand (authlib's server is synchronous)."""

    def __init__(self, method: str, uri: str, headers: dict[str, str], query: dict[str, str], form: dict[str, str]):
        super().__init__(method, uri, headers=headers)
        self._query, self._form = query, form
        self.payload = BasicOAuth2Payload({**query, **form})

    @property
    def args(self) -> dict[str, str]:
        return self._query

    @property
    def form(self) -> dict[str, str]:
        return self._form


@dataclass
class SignInServer:
    person: Person
    client: Client
    url: str = ""
    deny: bool = False
    codes: dict[str, Code] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    token_requests: list[dict[str, str]] = field(default_factory=list)
    revocations: list[str] = field(default_factory=list)
    on_access: Callable[[str], None] = lambda token: None
    on_revoke: Callable[[str], None] = lambda token: None
    on_token: Callable[[str, Person], None] | None = None
    """Each access token with whose it is (each person's own stand-in account accepts theirs)."""
    paths: Paths = GOOGLE
    rotate: bool = False  # a refresh answers with a new refresh token and uses up the old one
    server: Any = None

    def issued(self, access: str, person: Person) -> None:
        self.on_access(access)
        if self.on_token is not None:
            self.on_token(access, person)

    def answer_fields(self, person: Person) -> dict[str, Any]:
        """What a token answer says besides the tokens (Salesforce: the org and the identity URL)."""
        if self.paths is not SALESFORCE:
            return {}
        return {
            "instance_url": person.instance_url,
            "id": f"{self.url}/id/{person.org}/{person.sub}",
            "issued_at": str(int(time.time() * 1000)),
            "signature": "c2lnbmF0dXJl",
        }

    def live(self, token: str) -> "Token | None":
        """The grant ``token`` (an access or refresh token) belongs to, unless revoked."""
        found = next((t for t in self.tokens if token in (t.access_token, t.refresh_token)), None)
        return found if found is not None and not found.revoked else None

    def refresh_tokens(self) -> list[str]:
        return [t.refresh_token for t in self.tokens if t.refresh_token]

    def revoke_all(self) -> None:
        """The person removes the app's access at the provider (as in Google's account settings)."""
        for token in self.tokens:
            token.revoked = True
            self.on_revoke(token.access_token)


def _server(world: SignInServer) -> AuthorizationServer:
    class Server(AuthorizationServer):  # type: ignore[misc]
        def query_client(self, client_id: str) -> Client | None:
            return world.client if client_id == world.client.client_id else None

        def save_token(self, token: dict[str, Any], request: OAuth2Request) -> None:
            old = request.refresh_token  # a refresh keeps the refresh token (Google)
            refresh = token.get("refresh_token") or (old.refresh_token if old is not None else None)
            saved = Token(world.client.client_id, request.user, token["scope"], token["access_token"], refresh)
            world.tokens.append(saved)
            world.issued(saved.access_token, request.user)
            token.update(world.answer_fields(request.user))  # the answer the client gets is this dict

        def send_signal(self, name: str, *args: Any, **kwargs: Any) -> None:
            return None

        def create_oauth2_request(self, request: _Request) -> _Request:
            return request

        def create_json_request(self, request: _Request) -> _Request:
            return request

        def handle_response(self, status: int, body: Any, headers: Any) -> web.Response:
            text = json.dumps(body) if isinstance(body, dict) else (body or "")
            return web.Response(status=status, text=text, headers=dict(headers))

    class AuthorizationCode(grants.AuthorizationCodeGrant):  # type: ignore[misc]
        TOKEN_ENDPOINT_AUTH_METHODS: ClassVar = ["client_secret_post"]

        def save_authorization_code(self, code: str, request: OAuth2Request) -> None:
            data = request.payload.data
            world.codes[code] = Code(
                code=code,
                client_id=request.client.client_id,
                redirect_uri=request.payload.redirect_uri,
                scope=request.payload.scope,
                person=request.user,
                code_challenge=data.get("code_challenge"),
                code_challenge_method=data.get("code_challenge_method"),
                nonce=data.get("nonce"),
            )

        def query_authorization_code(self, code: str, client: Client) -> Code | None:
            found = world.codes.get(code)
            return found if found is not None and found.client_id == client.client_id else None

        def delete_authorization_code(self, authorization_code: Code) -> None:
            world.codes.pop(authorization_code.code, None)

        def authenticate_user(self, authorization_code: Code) -> Person:
            return authorization_code.person

    class RefreshToken(grants.RefreshTokenGrant):  # type: ignore[misc]
        TOKEN_ENDPOINT_AUTH_METHODS: ClassVar = ["client_secret_post"]
        INCLUDE_NEW_REFRESH_TOKEN = world.rotate  # each refresh hands out a new refresh token, the old one dies

        def authenticate_refresh_token(self, refresh_token: str) -> Token | None:
            found = next((t for t in world.tokens if t.refresh_token == refresh_token), None)
            return found if found is not None and not found.revoked else None

        def authenticate_user(self, refresh_token: Token) -> Person:
            return refresh_token.person

        def revoke_old_credential(self, refresh_token: Token) -> None:
            world.on_revoke(refresh_token.access_token)  # the old access token; the refresh token lives on (Google)
            if world.rotate:  # ... unless refresh tokens rotate: then it is used up
                for each in world.tokens:
                    if each.refresh_token == refresh_token.refresh_token and each is not world.tokens[-1]:
                        each.revoked = True

    class IdToken(OpenIDCode):  # type: ignore[misc]
        def resolve_client_private_key(self, client: Client) -> OctKey:
            return OctKey.import_key(ID_TOKEN_KEY)

        def get_client_algorithm(self, client: Client) -> str:
            return "HS256"

        def get_client_claims(self, client: Client) -> dict[str, Any]:
            return {"iss": world.url, "aud": [client.client_id], "exp": int(time.time()) + 3600}

        def exists_nonce(self, nonce: str, request: OAuth2Request) -> bool:
            return False

        def generate_user_info(self, user: Person, scope: str) -> UserInfo:
            return UserInfo(sub=user.sub, email=user.email)

    class Revocation(RevocationEndpoint):  # type: ignore[misc]
        CLIENT_AUTH_METHODS: ClassVar = ["client_secret_post"]

        def query_token(self, token_string: str, token_type_hint: str | None) -> Token | None:
            return next((t for t in world.tokens if token_string in (t.refresh_token, t.access_token)), None)

        def revoke_token(self, token: Token, request: OAuth2Request) -> None:
            world.revocations.append(token.refresh_token or token.access_token)
            for each in world.tokens:  # the whole grant, as Google does
                if each.refresh_token == token.refresh_token:
                    each.revoked = True
                    world.on_revoke(each.access_token)

    server = Server()
    server.register_token_generator(
        "default",
        BearerTokenGenerator(
            access_token_generator=lambda *_, **__: f"access-{secrets.token_urlsafe(12)}",
            refresh_token_generator=lambda *_, **__: f"refresh-{secrets.token_urlsafe(12)}",
            expires_generator=lambda *_, **__: 3600,
        ),
    )
    server.register_grant(AuthorizationCode, [CodeChallenge(required=True), IdToken(require_nonce=False)])
    server.register_grant(RefreshToken)
    server.register_endpoint(Revocation)
    return server


def _app(world: SignInServer) -> web.Application:
    server = _server(world)

    async def authorize(request: web.Request) -> web.StreamResponse:
        ours = _Request("GET", str(request.url), dict(request.headers), dict(request.query), {})
        try:
            grant = server.get_consent_grant(ours, end_user=world.person)
        except OAuth2Error as error:  # a wrong client or redirect URI: said here, never sent to that URI
            return web.Response(status=400, text=f"refused: {error.error}: {error.description}")
        response: web.Response = server.create_authorization_response(
            ours, grant_user=None if world.deny else world.person, grant=grant
        )
        return response

    async def token(request: web.Request) -> web.StreamResponse:
        form = {k: str(v) for k, v in (await request.post()).items()}
        world.token_requests.append(form)
        response: web.Response = server.create_token_response(
            _Request("POST", str(request.url), dict(request.headers), {}, form)
        )
        return response

    async def revoke(request: web.Request) -> web.StreamResponse:
        form = {k: str(v) for k, v in (await request.post()).items()}
        ours = _Request("POST", str(request.url), dict(request.headers), {}, form)
        response: web.Response = server.create_endpoint_response("revocation", ours)
        return response

    async def introspect(request: web.Request) -> web.StreamResponse:
        """HubSpot's token introspection: the client's own credentials in the form, then what the token is."""
        form = {k: str(v) for k, v in (await request.post()).items()}
        client = world.client
        if form.get("client_id") != client.client_id or not client.check_client_secret(form.get("client_secret", "")):
            return web.json_response({"error": "invalid_client", "error_description": "unknown client"}, status=401)
        grant = world.live(form.get("token", ""))
        if grant is None:
            return web.json_response({"active": False})
        person = grant.person
        return web.json_response(
            {"active": True, "client_id": client.client_id, "user": person.email, "user_id": person.sub,
             "hub_domain": person.org, "hub_id": abs(hash(person.org)) % 10**8, "scopes": grant.scope.split(),
             "token_type": "access" if form["token"] == grant.access_token else "refresh"}
        )  # fmt: skip

    async def identity(request: web.Request) -> web.StreamResponse:
        """Salesforce's identity URL: who the access token is for."""
        grant = world.live(request.headers.get("Authorization", "").removeprefix("Bearer "))
        if grant is None or grant.access_token != request.headers["Authorization"].removeprefix("Bearer "):
            return web.json_response({"error": "Bad_OAuth_Token"}, status=403)
        person = grant.person
        if request.match_info["user"] != person.sub:
            return web.json_response({"error": "Forbidden"}, status=403)
        return web.json_response(
            {"id": str(request.url), "user_id": person.sub, "organization_id": person.org,
             "username": person.email, "email": person.email, "display_name": person.email}
        )  # fmt: skip

    app = web.Application()
    paths = world.paths
    app.router.add_get(paths.authorize, authorize)
    app.router.add_post(paths.token, token)
    app.router.add_post(paths.revoke, revoke)
    if paths.introspect is not None:
        app.router.add_post(paths.introspect, introspect)
    if paths.identity is not None:
        app.router.add_get(paths.identity + "/{org}/{user}", identity)
    return app


@asynccontextmanager
async def sign_in_server(world: SignInServer) -> AsyncIterator[SignInServer]:
    """``world`` served on 127.0.0.1 (``world.url`` set) until the block ends."""
    async with serve_locally(_app(world)) as url:
        world.url = url
        yield world
