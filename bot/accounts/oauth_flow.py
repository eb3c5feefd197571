"""Connecting an account through the service's sign-in page: ``begin`` (from a Connect link) and ``finish`` (the
service's callback). Authorization code with PKCE (S256); a single-use ``state``, kept ten minutes, bound to the
link's team and user and to the browser that started it (a cookie); the exact redirect URI
``{PLANBOT_PUBLIC_URL}/accounts/<service>/callback``. The tokens are sealed with the vault; nothing is logged but who
connected which kind.
"""

import base64
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import aiohttp
from cryptography.fernet import InvalidToken

from bot.accounts.book import Accounts
from bot.accounts.oauth_links import LinkError, fernet, read_link
from bot.accounts.oauth_providers import OAuthSetup, Provider
from bot.accounts.oauth_states import PendingSignIn, SignInStates, digest
from bot.accounts.vault import VaultError
from planning.store.credentials import WORKSPACE, Kind

logger = logging.getLogger(__name__)
STATE_TTL = timedelta(minutes=10)
COOKIE = "planbot_sign_in"
OnConnected = Callable[[str, str, tuple[Kind, ...], str], Awaitable[None]]
"""Called with the team, the account's user (empty: the workspace's CRM), the kinds just connected and who connected
them (the same user, or the admin who connected the workspace's CRM): App Home, plans waiting for the account."""
AGAIN = "Open the app's Home tab in Slack and press Connect again."


def per_kind(notify: Callable[..., Awaitable[None]]) -> OnConnected:
    """An ``OnConnected`` from ``notify(team, user, kind, by=...)`` called for each kind (``bot.slack.connect``)."""

    async def each(team: str, user: str, kinds: tuple[Kind, ...], by: str) -> None:
        for kind in kinds:
            await notify(team, user, kind, by=by)

    return each


class SignInError(Exception):
    """Why connecting failed, in a sentence for the person in the browser (never a token or a traceback)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Redirect:
    url: str
    cookie: str
    cookie_path: str
    secure: bool


@dataclass(frozen=True)
class Connected:
    title: str
    label: str
    team: str
    user: str
    kinds: tuple[Kind, ...]
    refused: tuple[Kind, ...]  # asked for, but the person did not allow its scopes


def _now() -> datetime:
    return datetime.now(UTC)


class OAuthConnections:
    def __init__(
        self,
        setup: OAuthSetup,
        accounts: Accounts,
        states: SignInStates,
        http: aiohttp.ClientSession,
        *,
        secret: str | None,
        clock: Callable[[], datetime] = _now,
        on_connected: OnConnected | None = None,
    ) -> None:
        self._setup = setup
        self._accounts = accounts
        self._states = states
        self._http = http
        self._secret = secret
        self._clock = clock
        self.on_connected = on_connected

    async def close(self) -> None:
        await self._states.close()
        await self._http.close()

    def cookie_path(self, service: str) -> str:
        """The service's pages under PLANBOT_PUBLIC_URL, which may have a path (behind a proxy)."""
        return f"{urlsplit(self._setup.public_url or '').path.rstrip('/')}/accounts/{service}/"

    def redirect_uri(self, service: str) -> str:
        return f"{self._setup.public_url}/accounts/{service}/callback"

    def _provider(self, service: str) -> Provider:
        provider = self._setup.providers.get(service)
        if provider is not None:
            if not self._setup.public_url:
                raise SignInError("PLANBOT_PUBLIC_URL is not set on this install: ask its admin to set it.", 503)
            if self._secret is None:
                raise SignInError("PLANBOT_SECRET_KEY is not set on this install: ask its admin to set it.", 503)
            return provider
        if service in self._setup.unavailable:
            raise SignInError(self._setup.unavailable[service][:1].upper() + self._setup.unavailable[service][1:], 404)
        raise SignInError("There is no such service to connect.", 404)

    async def begin(self, service: str, link_token: str | None) -> Redirect:
        """Check the Connect link, keep a new sign-in, and send the browser to the service's consent page."""
        provider = self._provider(service)
        if not link_token:
            raise SignInError(f"Open this page from the Connect button in the app's Home tab in Slack. {AGAIN}")
        now = self._clock()
        try:
            link = read_link(link_token, service, secret=self._secret, now=now.timestamp())
        except (LinkError, VaultError) as error:
            raise SignInError(f"{str(error)[:1].upper()}{str(error)[1:]}.") from None
        kinds = tuple(provider.kinds)
        if link.shared:
            if "crm" not in provider.kinds:
                raise SignInError("Only a CRM can be connected for the whole workspace.")
            kinds = ("crm",)
        state, verifier, cookie = secrets.token_urlsafe(32), secrets.token_urlsafe(64), secrets.token_urlsafe(32)
        pending = PendingSignIn(
            state_hash=digest(state),
            team=link.team,
            user=link.user,
            shared=link.shared,
            service=service,
            kinds=kinds,
            verifier=fernet(self._secret).encrypt(verifier.encode()),
            browser=digest(cookie),
            expires_at=now + STATE_TTL,
        )
        await self._states.put(pending, now=now)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        query = {
            "response_type": "code",
            "client_id": provider.client_id,
            "redirect_uri": self.redirect_uri(service),
            "scope": " ".join(provider.scopes(kinds)),
            "state": state,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            **provider.authorize_params,
        }
        url = f"{provider.authorize_url}?{urlencode(query, quote_via=quote)}"
        secure = urlsplit(str(self._setup.public_url)).scheme == "https"
        return Redirect(url=url, cookie=cookie, cookie_path=self.cookie_path(service), secure=secure)

    async def finish(self, service: str, query: Mapping[str, str], cookie: str | None) -> Connected:
        """The service sent the browser back: take the state (once), exchange the code with the verifier, store."""
        provider = self._provider(service)
        state = query.get("state")
        if not state:
            raise SignInError(f"This page was opened without a sign-in to finish. {AGAIN}")
        pending = await self._states.take(digest(state))
        if pending is None or pending.service != service:
            raise SignInError(f"This sign-in was already finished, or is not one planbot started. {AGAIN}")
        if self._clock() >= pending.expires_at:
            raise SignInError(f"This sign-in took too long and has expired. {AGAIN}")
        if not cookie or not hmac.compare_digest(digest(cookie), pending.browser):
            raise SignInError(f"Finish the sign-in in the browser where you started it. {AGAIN}")
        if query.get("error"):
            if query["error"] == "access_denied":
                raise SignInError(f"You did not allow access, so nothing was connected. {AGAIN}")
            said = "".join(c for c in query["error"][:64] if c.isalnum() or c in "_-.")
            raise SignInError(f"{provider.title} did not complete the sign-in ({said}). {AGAIN}")
        code = query.get("code")
        if not code:
            raise SignInError(f"{provider.title} sent no authorization code back. {AGAIN}")
        try:
            verifier = fernet(self._secret).decrypt(pending.verifier).decode()
        except (InvalidToken, VaultError):
            raise SignInError(f"This sign-in can no longer be finished (the install's key changed). {AGAIN}") from None
        tokens = await self._exchange(provider, code, verifier)
        return await self._store(provider, pending, tokens)

    async def _exchange(self, provider: Provider, code: str, verifier: str) -> dict[str, Any]:
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.redirect_uri(provider.name),
            "client_id": provider.client_id,
            "client_secret": provider.client_secret,
            "code_verifier": verifier,
        }
        try:
            async with self._http.post(
                provider.token_url, data=form, headers={"Accept": "application/json"}, timeout=_TIMEOUT
            ) as answer:
                status, body = answer.status, await _json(answer)
        except (TimeoutError, aiohttp.ClientError):
            raise SignInError(f"{provider.title} did not answer. Try again in a moment: {AGAIN}", 502) from None
        if status != 200 or not isinstance(body.get("access_token"), str):
            error = "".join(c for c in str(body.get("error", f"HTTP {status}"))[:64] if c.isalnum() or c in " _-.")
            logger.info("%s refused a code exchange (%s)", provider.name, error)
            raise SignInError(f"{provider.title} did not accept the sign-in ({error}). {AGAIN}", 502)
        if not isinstance(body.get("refresh_token"), str):
            raise SignInError(
                f"{provider.title} gave no lasting access (no refresh token), so nothing was connected. {AGAIN}", 502
            )
        return body

    async def _store(self, provider: Provider, pending: PendingSignIn, tokens: dict[str, Any]) -> Connected:
        scope = str(tokens.get("scope") or " ".join(provider.scopes(pending.kinds)))
        kinds = tuple(k for k in pending.kinds if _granted(provider, k, scope))
        refused = tuple(k for k in pending.kinds if k not in kinds)
        if not kinds:
            raise SignInError(
                f"You did not allow the access planbot needs for your {' and '.join(refused)}, so nothing was "
                f"connected. {AGAIN}"
            )
        credentials: dict[str, Any] = {"refresh_token": tokens["refresh_token"], "scope": scope}
        if provider.name == "salesforce":
            if not str(tokens.get("instance_url", "")).startswith(("https://", "http://")):
                raise SignInError(f"Salesforce did not say which org the account is in. {AGAIN}", 502)
            credentials["instance_url"] = str(tokens["instance_url"]).rstrip("/")
        label = await self._label(provider, tokens)
        user = WORKSPACE if pending.shared else pending.user
        try:
            for kind in kinds:
                service = provider.kinds[kind].service
                await self._accounts.save(
                    team=pending.team,
                    user=user,
                    kind=kind,
                    service=service,
                    label=label,
                    credentials=credentials,
                )
        except VaultError as error:
            raise SignInError(f"{error}.", 503) from None
        if self.on_connected is not None:
            try:
                await self.on_connected(pending.team, user, kinds, pending.user)
            except Exception as error:  # the account is connected: telling Slack is a courtesy
                logger.warning("after connecting %s: %s", provider.name, type(error).__name__)
        return Connected(provider.title, label, pending.team, user, kinds, refused)

    async def _label(self, provider: Provider, tokens: Mapping[str, Any]) -> str:
        """Which account it is, to show ("connected as …"): the ID token's address, else the service's answer."""
        found: str | None = None
        try:
            if isinstance(tokens.get("id_token"), str):
                # straight from the token endpoint over TLS: OpenID Connect Core §3.1.3.7 lets TLS stand for the
                # signature check; only the address is read, nothing is trusted for access
                claims = _jwt_claims(tokens["id_token"])
                found = claims.get("email") or claims.get("preferred_username") or claims.get("upn")
            elif provider.name == "hubspot":
                url = provider.token_url.removesuffix("token") + "access-tokens/" + quote(tokens["access_token"], "")
                info = await self._get(url, None)
                found = f"{info.get('user', '')} ({info.get('hub_domain', '')})" if info.get("user") else None
            elif provider.name == "salesforce" and str(tokens.get("id", "")).startswith("https://"):
                info = await self._get(str(tokens["id"]), str(tokens["access_token"]))
                found = info.get("username") or info.get("email")
        except (TimeoutError, aiohttp.ClientError, ValueError, IndexError, KeyError):
            found = None
        text = " ".join(str(found).split())[:200] if found else ""
        return text or f"{provider.title} account"

    async def _get(self, url: str, token: str | None) -> dict[str, Any]:
        headers = {"Accept": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
        async with self._http.get(url, headers=headers, timeout=_TIMEOUT) as answer:
            return await _json(answer) if answer.status == 200 else {}


_TIMEOUT = aiohttp.ClientTimeout(total=20, connect=5)


def _granted(provider: Provider, kind: Kind, scope: str) -> bool:
    """The kind's scopes are among those granted (compared by their last part: Microsoft may shorten them)."""
    given = {s.rsplit("/", 1)[-1].lower() for s in scope.split()}
    if provider.name == "salesforce" and "full" in given:
        return True
    return all(s.rsplit("/", 1)[-1].lower() in given for s in provider.kinds[kind].scopes)


def _jwt_claims(token: str) -> dict[str, Any]:
    payload = token.split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    if not isinstance(claims, dict):
        raise ValueError("the ID token holds no claims")
    return claims


async def _json(answer: aiohttp.ClientResponse) -> dict[str, Any]:
    try:
        body = await answer.json(content_type=None)
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}
