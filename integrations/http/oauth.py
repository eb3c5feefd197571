"""OAuth2 access tokens from a refresh token (Google, HubSpot, Salesforce all speak this).

A revoked or expired refresh token (``invalid_grant``) is an ``AuthError`` that the conversation turns into
"reconnect your account". Tokens are never logged.
"""

import asyncio
import hashlib
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from integrations.base.errors import AuthError, PermanentError, TransientError

EXPIRY_MARGIN_SECONDS = 60


class StaticToken:
    """A long-lived token (a HubSpot private-app token, a test token): nothing to refresh."""

    def __init__(self, token: str, service: str) -> None:
        self._token = token
        self._service = service
        self.account = fingerprint(service, token)

    async def token(self) -> str:
        return self._token

    async def refresh(self) -> str:
        raise AuthError(f"{self._service} refused the token; reconnect the account", service=self._service)


class OAuth2Refresher:
    def __init__(
        self,
        *,
        session: aiohttp.ClientSession,
        token_url: str,
        client_id: str,
        client_secret: str,
        refresh_token: str,
        service: str,
        clock: Callable[[], float] = time.monotonic,
        on_token: Callable[[dict[str, Any]], None] | None = None,
        scope: str | None = None,
        account: str | None = None,
    ) -> None:
        """``account``: a name of the account (default: a fingerprint of the client and the first refresh token)."""
        self._session = session
        self._token_url = token_url
        self._client = (client_id, client_secret)
        self._refresh_token = refresh_token
        self._service = service
        self._clock = clock
        self._on_token = on_token
        self._scope = scope  # Microsoft's token endpoint wants the scopes again on a refresh
        self._access: str | None = None
        self._expires_at = 0.0
        self._lock = asyncio.Lock()
        self.account = account or fingerprint(token_url, client_id, refresh_token)

    async def token(self) -> str:
        if self._access is None or self._clock() >= self._expires_at:
            async with self._lock:  # concurrent first calls: one sign-in, the others wait for it
                fresh = self._access is not None and self._clock() < self._expires_at
            return self._access if fresh and self._access is not None else await self.refresh()
        return self._access

    async def refresh(self) -> str:
        async with self._lock:
            form = {
                "grant_type": "refresh_token",
                "refresh_token": self._refresh_token,
                "client_id": self._client[0],
                "client_secret": self._client[1],
            }
            if self._scope:
                form["scope"] = self._scope
            try:
                async with self._session.post(self._token_url, data=form, timeout=aiohttp.ClientTimeout(total=20)) as r:
                    status, body = r.status, await _json(r)
            except (TimeoutError, aiohttp.ClientError) as error:
                raise TransientError(f"{self._service} sign-in did not answer", service=self._service) from error
            if status >= 500 or status == 429:
                raise TransientError(f"{self._service} sign-in failed ({status})", service=self._service)
            if status != 200 or "access_token" not in body:
                code = str(body.get("error", f"HTTP {status}"))
                if code in ("invalid_grant", "invalid_client", "unauthorized_client"):
                    raise AuthError(
                        f"{self._service} access was revoked or expired ({code}); reconnect the account",
                        service=self._service,
                    )
                raise PermanentError(f"{self._service} sign-in failed ({code})", service=self._service)
            self._access = str(body["access_token"])
            self._expires_at = self._clock() + float(body.get("expires_in", 3600)) - EXPIRY_MARGIN_SECONDS
            if body.get("refresh_token"):  # some services rotate refresh tokens
                self._refresh_token = str(body["refresh_token"])
            if self._on_token is not None:
                self._on_token({k: v for k, v in body.items() if k != "access_token"})
            return self._access


def fingerprint(*parts: str) -> str:
    """A name for an account that is not its secret (a hash of it, cut short)."""
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


async def _json(response: aiohttp.ClientResponse) -> dict[str, Any]:
    try:
        body = await response.json(content_type=None)
    except (ValueError, aiohttp.ContentTypeError):
        return {}
    return body if isinstance(body, dict) else {}
