"""The service's side of a sign-in: the code exchanged for tokens (with the PKCE verifier), the kinds the person
allowed, and which account it is (the label to show and the address it signed in as)."""

import base64
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from bot.accounts.oauth_providers import Provider
from planning.store.credentials import Kind

logger = logging.getLogger(__name__)
_TIMEOUT = aiohttp.ClientTimeout(total=20, connect=5)
AGAIN = "Open the app's Home tab in Slack and press Connect again."


class SignInError(Exception):
    """Why connecting failed, in a sentence for the person in the browser (never a token or a traceback)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Account:
    """Which account a sign-in was for: ``label`` to show, ``address`` the email address it signed in as (None when
    the service did not say)."""

    label: str
    address: str | None


async def exchange(
    http: aiohttp.ClientSession, provider: Provider, *, code: str, verifier: str, redirect_uri: str
) -> dict[str, Any]:
    """The service's tokens for ``code``; ``SignInError`` when it refuses or gives no lasting access."""
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect_uri,
        "client_id": provider.client_id,
        "client_secret": provider.client_secret,
        "code_verifier": verifier,
    }
    try:
        async with http.post(
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


def granted(provider: Provider, kind: Kind, scope: str) -> bool:
    """The kind's scopes are among those granted (compared by their last part: Microsoft may shorten them)."""
    given = {s.rsplit("/", 1)[-1].lower() for s in scope.split()}
    if provider.name == "salesforce" and "full" in given:
        return True
    return all(s.rsplit("/", 1)[-1].lower() in given for s in provider.kinds[kind].scopes)


async def account_of(http: aiohttp.ClientSession, provider: Provider, tokens: Mapping[str, Any]) -> Account:
    """Which account it is ("connected as …"): the ID token's address, else the service's answer."""
    label: str | None = None
    address: str | None = None
    try:
        if isinstance(tokens.get("id_token"), str):
            # straight from the token endpoint over TLS: OpenID Connect Core §3.1.3.7 lets TLS stand for the
            # signature check; only the address is read, nothing is trusted for access
            claims = _jwt_claims(tokens["id_token"])
            label = claims.get("email") or claims.get("preferred_username") or claims.get("upn")
            address = label
        elif provider.name == "hubspot":  # token introspection: who installed it, in which hub
            info = await _introspect(http, provider, str(tokens["access_token"]))
            address = info.get("user") or None
            label = f"{info.get('user', '')} ({info.get('hub_domain', '')})" if info.get("user") else None
        elif provider.name == "salesforce" and _identity_url(provider, str(tokens.get("id", ""))):
            info = await _get(http, str(tokens["id"]), str(tokens["access_token"]))
            label = info.get("username") or info.get("email")
            address = info.get("email") or info.get("username")
    except (TimeoutError, aiohttp.ClientError, ValueError, IndexError, KeyError):
        label = address = None
    text = " ".join(str(label).split())[:200] if label else ""
    found = str(address).strip()[:320] if address and "@" in str(address) else None
    return Account(text or f"{provider.title} account", found)


def _identity_url(provider: Provider, url: str) -> bool:
    """Salesforce's identity URL is fetched with the access token: only over TLS, or on the sign-in server itself."""
    if url.startswith("https://"):
        return True
    there, login = urlsplit(url), urlsplit(provider.token_url)
    return bool(there.netloc) and (there.scheme, there.netloc) == (login.scheme, login.netloc)


async def _introspect(http: aiohttp.ClientSession, provider: Provider, token: str) -> dict[str, Any]:
    """HubSpot's ``token/introspect`` (beside its token endpoint): the client's credentials and the token in the form,
    never in the URL."""
    form = {"client_id": provider.client_id, "client_secret": provider.client_secret, "token": token}
    form["token_type_hint"] = "access_token"
    url = f"{provider.token_url}/introspect"
    async with http.post(url, data=form, headers={"Accept": "application/json"}, timeout=_TIMEOUT) as answer:
        found = await _json(answer) if answer.status == 200 else {}
    return found if found.get("active") is True else {}


async def _get(http: aiohttp.ClientSession, url: str, token: str | None) -> dict[str, Any]:
    headers = {"Accept": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    async with http.get(url, headers=headers, timeout=_TIMEOUT) as answer:
        return await _json(answer) if answer.status == 200 else {}


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
