"""Sign in with Slack (OpenID Connect) on the Slack stand-in's host, as Slack documents it.

    slack.openid.redirect_urls.append(public + "/accounts/slack/callback")
    browser.cookie_jar.update_cookies({"d": slack.openid.sign_in("U0PRIYA")}, URL(slack.root))

- ``GET /openid/connect/authorize`` (beside ``/api/``): the browser must be signed in to the workspace (a ``d``
  cookie, ``sign_in``); ``response_type=code``, the app's ``client_id``, a ``scope`` of ``openid`` with at most
  ``email`` and ``profile``, a ``redirect_uri`` that is one of the app's redirect URLs (none given: its first one),
  a ``team`` (if given) that is the signed-in person's. Approving (at once; ``deny`` refuses) redirects with a
  ``code`` and the ``state`` as given. Refusals are an error page (HTTP 400/401) that redirects nowhere.
- ``openid.connect.token`` (a Web API method, no token): the client id and secret (form or HTTP Basic); a code is
  good once (``invalid_code`` after) and for the ``redirect_uri`` it was issued with (``bad_redirect_uri``). The
  answer: ``access_token`` (``xoxp-``), ``token_type: Bearer``, ``id_token``: a JWT signed RS256 with the key
  served at ``GET /openid/connect/keys`` (JWKS, ``kid`` in the header), with ``iss: https://slack.com``, ``sub``,
  ``aud`` (the client id), ``exp`` (5 minutes), ``iat``, ``auth_time``, ``nonce`` (as given to authorize),
  ``https://slack.com/user_id``, ``https://slack.com/team_id``, ``email``, ``email_verified``, ``name``.
- ``GET /.well-known/openid-configuration``: the discovery document with those endpoints.

``tamper`` changes the claims of the next ID tokens (a test of what the app checks); ``sign_with_other_key`` signs
them with a key the JWKS does not hold.
"""

import base64
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import web
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from tests.slack.kit.oauth_exchange import ExchangeRefusedError, check_client, error_page, redeem_code

if TYPE_CHECKING:
    from tests.slack.kit.fake_web_api import FakeSlackWebApi

ISSUER = "https://slack.com"
SIGN_IN_CLIENT_ID = "1234567890.1122334455"
SIGN_IN_CLIENT_SECRET = "sign-in-with-slack-client-secret"
AUTHORIZE_PATH = "/openid/connect/authorize"
KEYS_PATH = "/openid/connect/keys"
TOKEN_METHOD = "openid.connect.token"
ALLOWED_SCOPES = frozenset({"openid", "email", "profile"})
ID_TOKEN_SECONDS = 300


@dataclass
class _Code:
    user_id: str
    team_id: str
    redirect_uri: str | None
    nonce: str | None
    scopes: frozenset[str]
    used: bool = False


@dataclass
class SlackOpenId:
    """The Sign in with Slack side of one stand-in: its app's credentials and redirect URLs, the browsers signed in."""

    api: "FakeSlackWebApi"
    client_id: str = SIGN_IN_CLIENT_ID
    client_secret: str = SIGN_IN_CLIENT_SECRET
    redirect_urls: list[str] = field(default_factory=list)
    deny: bool = False
    tamper: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    sign_with_other_key: bool = False
    token_requests: list[dict[str, str]] = field(default_factory=list)
    sessions: dict[str, tuple[str, str]] = field(default_factory=dict)  # cookie → (user id, team id)
    _codes: dict[str, _Code] = field(default_factory=dict)
    _key: rsa.RSAPrivateKey = field(default_factory=lambda: rsa.generate_private_key(65537, 2048))
    _other: rsa.RSAPrivateKey = field(default_factory=lambda: rsa.generate_private_key(65537, 2048))
    kid: str = field(default_factory=lambda: f"slack-test-{secrets.token_hex(4)}")

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get(AUTHORIZE_PATH, self._authorize)
        app.router.add_get(KEYS_PATH, self._keys)
        app.router.add_get("/.well-known/openid-configuration", self._discovery)

    def sign_in(self, user_id: str, *, team_id: str | None = None) -> str:
        """A browser session of ``user_id`` in ``team_id`` (default: the stand-in's workspace); the ``d`` cookie."""
        key = secrets.token_urlsafe(16)
        self.sessions[key] = (user_id, team_id or self.api.team_id)
        return key

    # --- the browser's side ---------------------------------------------------------------------------------

    async def _authorize(self, request: web.Request) -> web.Response:
        session = self.sessions.get(request.cookies.get("d", ""))
        query = request.query
        if session is None:
            return error_page(401, "not_signed_in")
        user_id, team_id = session
        if query.get("client_id") != self.client_id:
            return error_page(400, "invalid_client_id")
        if query.get("response_type") != "code":
            return error_page(400, "unsupported_response_type")
        scopes = frozenset(query.get("scope", "").split())
        if "openid" not in scopes or not scopes <= ALLOWED_SCOPES:
            return error_page(400, "invalid_scope")
        redirect = query.get("redirect_uri")
        if redirect is not None and redirect not in self.redirect_urls:
            return error_page(400, "bad_redirect_uri")
        target = redirect or (self.redirect_urls[0] if self.redirect_urls else None)
        if target is None:
            return error_page(400, "no_redirect_uri")
        if query.get("team") and query["team"] != team_id:
            return error_page(401, "not_signed_in_to_team")
        state = query.get("state", "")
        if self.deny:
            return _redirect(target, {"error": "access_denied", "state": state})
        code = f"{secrets.token_hex(4)}.{secrets.token_hex(20)}"
        self._codes[code] = _Code(user_id, team_id, redirect, query.get("nonce"), scopes)
        return _redirect(target, {"code": code, "state": state})

    async def _keys(self, request: web.Request) -> web.Response:
        numbers = self._key.public_key().public_numbers()
        jwk = {"kty": "RSA", "alg": "RS256", "use": "sig", "kid": self.kid, "n": _b64(numbers.n), "e": _b64(numbers.e)}
        return web.json_response({"keys": [jwk]})

    async def _discovery(self, request: web.Request) -> web.Response:
        root = str(request.url.origin())
        return web.json_response(
            {
                "issuer": ISSUER,
                "authorization_endpoint": root + AUTHORIZE_PATH,
                "token_endpoint": f"{root}/api/{TOKEN_METHOD}",
                "jwks_uri": root + KEYS_PATH,
                "scopes_supported": sorted(ALLOWED_SCOPES),
                "response_types_supported": ["code"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "claims_supported": ["sub", "auth_time", "iss"],
                "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
            }
        )

    # --- openid.connect.token -------------------------------------------------------------------------------

    def token(self, args: dict[str, Any], basic: tuple[str, str] | None) -> dict[str, Any]:
        client_id, client_secret = basic or (str(args.get("client_id") or ""), str(args.get("client_secret") or ""))
        self.token_requests.append({k: str(v) for k, v in args.items() if k != "client_secret"})
        try:
            check_client(client_id, client_secret, app_id=self.client_id, app_secret=self.client_secret)
            code = redeem_code(self._codes, args)
        except ExchangeRefusedError as refused:
            return refused.answer
        access = f"xoxp-{secrets.token_hex(12)}"
        return {"ok": True, "access_token": access, "token_type": "Bearer", "id_token": self._id_token(code)}

    def _id_token(self, code: _Code) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": ISSUER,
            "sub": code.user_id,
            "aud": self.client_id,
            "exp": now + ID_TOKEN_SECONDS,
            "iat": now,
            "auth_time": now,
            "https://slack.com/user_id": code.user_id,
            "https://slack.com/team_id": code.team_id,
        }
        if code.nonce is not None:
            claims["nonce"] = code.nonce
        person = self.api.users.get(code.user_id)
        if person is not None and "email" in code.scopes:
            claims.update(email=person.email, email_verified=True)
        if person is not None and "profile" in code.scopes:
            claims.update(name=person.real_name, given_name="", family_name="", locale="en-US")
        if self.tamper is not None:
            claims = self.tamper(claims)
        return self.sign(claims)

    def sign(self, claims: dict[str, Any]) -> str:
        """``claims`` as Slack signs an ID token (with another key when ``sign_with_other_key``)."""
        header = {"alg": "RS256", "typ": "JWT", "kid": self.kid}
        signing_input = f"{_b64_json(header)}.{_b64_json(claims)}".encode()
        key = self._other if self.sign_with_other_key else self._key
        signature = key.sign(signing_input, padding.PKCS1v15(), hashes.SHA256())
        return f"{signing_input.decode()}.{_b64(signature)}"


def _b64(value: int | bytes) -> str:
    raw = value if isinstance(value, bytes) else value.to_bytes((value.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _b64_json(value: dict[str, Any]) -> str:
    return _b64(json.dumps(value, separators=(",", ":")).encode())


def _redirect(target: str, query: dict[str, str]) -> web.Response:
    joiner = "&" if "?" in target else "?"
    return web.Response(status=302, headers={"Location": f"{target}{joiner}{urlencode(query)}"})
