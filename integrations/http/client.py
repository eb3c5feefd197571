"""A small JSON-over-HTTP client on aiohttp; nothing here logs a token or a body."""

import json
import logging
from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol

import aiohttp

from integrations.base.errors import (
    AuthError,
    DailyLimitError,
    NotFoundError,
    PermanentError,
    PermissionDeniedError,
    QuotaError,
    RateLimitError,
    TransientError,
)
from integrations.http.limits import SHARED, Limiter, limits_of

logger = logging.getLogger(__name__)
DEFAULT_TIMEOUT = aiohttp.ClientTimeout(total=20, connect=5)
WAITS_FOR_RETRY_AFTER = 3
"""A 429 with ``Retry-After`` is waited out here, this many times (nothing happened, so any call may repeat);
a longer wait than ``LONGEST_WAIT_SECONDS`` goes to the caller as ``RateLimitError``."""
LONGEST_WAIT_SECONDS = 10.0


class RawBody(NamedTuple):
    """A request body that is not JSON (a media upload): its bytes and their ``Content-Type``."""

    data: bytes
    content_type: str


class _Body(NamedTuple):
    json: Any
    form: Mapping[str, str] | None
    raw: RawBody | None
    timeout: aiohttp.ClientTimeout


class TokenSource(Protocol):
    """Gives a bearer token; ``refresh`` is called once after a 401. ``account`` names the account the tokens
    are for (never a secret): requests of one account share its service's limits."""

    @property
    def account(self) -> str: ...

    async def token(self) -> str: ...

    async def refresh(self) -> str: ...


class JsonApi:
    def __init__(
        self,
        *,
        session: aiohttp.ClientSession,
        base_url: str,
        tokens: TokenSource | None,
        service: str,
        timeout: aiohttp.ClientTimeout = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
        limiter: Limiter = SHARED,
    ) -> None:
        self._session = session
        self._headers = dict(headers or {})  # sent with every call (Microsoft Graph's ``Prefer``)
        self._base = base_url.rstrip("/")
        self._tokens = tokens
        self._service = service
        self._timeout = timeout
        self._gate = limiter.gate(service, self._base, tokens.account if tokens is not None else "")

    @property
    def base_url(self) -> str:
        return self._base

    async def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        json_body: Any = None,
        form: Mapping[str, str] | None = None,
        raw: RawBody | None = None,
        absolute: bool = False,
        timeout: aiohttp.ClientTimeout | None = None,
    ) -> Any:
        """The JSON answer of ``method path`` (``None`` for 204); raises from the connector error tree.
        ``raw`` is a body sent as it is (an upload); ``timeout`` replaces the client's for this call."""
        url = path if absolute else f"{self._base}/{path.lstrip('/')}"
        body = _Body(json_body, form, raw, timeout or self._timeout)
        for _ in range(WAITS_FOR_RETRY_AFTER):
            status, headers, text = await self._authorized(method, url, params, body)
            wait = _retry_after(headers) if status == 429 and not _daily_limit(status, text) else None
            if wait is None or wait > LONGEST_WAIT_SECONDS:
                break
            logger.info("%s %s -> 429; waiting %.1f s as asked", method, _path_only(url), wait)
            self._gate.pause(wait)
        return self._answer(method, url, status, headers, text)

    async def _authorized(
        self, method: str, url: str, params: Mapping[str, Any] | None, body: _Body
    ) -> tuple[int, Mapping[str, str], str]:
        """One request through the account's gate, with a token refreshed once after a 401."""
        token = await self._tokens.token() if self._tokens else None
        async with self._gate.slot(_path_only(url)):
            status, headers, text = await self._send(method, url, params, body, token)
        if status == 401 and self._tokens is not None:
            token = await self._tokens.refresh()
            async with self._gate.slot(_path_only(url)):
                status, headers, text = await self._send(method, url, params, body, token)
        return status, headers, text

    async def _send(
        self, method: str, url: str, params: Mapping[str, Any] | None, body: _Body, token: str | None
    ) -> tuple[int, Mapping[str, str], str]:
        headers = {"Accept": "application/json", **self._headers}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data: Any = body.form
        if body.raw is not None:
            data = body.raw.data
            headers["Content-Type"] = body.raw.content_type
        query = [
            (name, _param(item))
            for name, value in (params or {}).items()
            for item in (value if isinstance(value, list | tuple) else [value])  # a list: the parameter repeated
            if item is not None
        ]
        try:
            async with self._session.request(
                method, url, params=query, json=body.json, data=data, headers=headers, timeout=body.timeout
            ) as response:
                return response.status, dict(response.headers), await response.text()
        except TimeoutError as error:
            raise TransientError(f"{self._service} did not answer in time", service=self._service) from error
        except aiohttp.ClientError as error:
            raise TransientError(
                f"{self._service} could not be reached ({error.__class__.__name__})", service=self._service
            ) from error

    def _answer(self, method: str, url: str, status: int, headers: Mapping[str, str], text: str) -> Any:
        if 200 <= status < 300:
            if status == 204 or not text.strip():
                return None
            try:
                return json.loads(text)
            except json.JSONDecodeError as error:
                raise PermanentError(
                    f"{self._service} answered with something that is not JSON", service=self._service
                ) from error
        message = _message_of(text) or f"HTTP {status}"
        logger.info("%s %s -> %d", method, _path_only(url), status)
        if _daily_limit(status, text):
            limits = limits_of(self._service)
            raise DailyLimitError(service=self._service, label=limits.label, resets=limits.daily_reset)
        if status == 429:
            raise RateLimitError(
                f"{self._service} is rate limiting us", service=self._service, retry_after=_retry_after(headers)
            )
        if status >= 500:
            raise TransientError(
                f"{self._service} had a server error ({status})",
                service=self._service,
                retry_after=_retry_after(headers),
            )
        if status == 403:
            raise self._forbidden(text, message, headers)
        if status == 401:
            raise AuthError(f"{self._service} refused our credentials: {message}", service=self._service)
        if status in (404, 410):
            raise NotFoundError(f"{self._service}: not found", service=self._service)
        raise PermanentError(f"{self._service} refused the request: {message}", service=self._service)

    def _forbidden(self, text: str, message: str, headers: Mapping[str, str]) -> Exception:
        """A 403 is a rate limit, a used-up quota, or a refusal of this action; never "reconnect" (a bad or
        revoked grant is a 401, or ``invalid_grant`` from the token endpoint)."""
        reasons = _reasons(text)
        if reasons & _RATE_LIMIT_REASONS or any(code in text for code in _RATE_LIMIT_CODES):
            return RateLimitError(
                f"{self._service} is rate limiting us", service=self._service, retry_after=_retry_after(headers)
            )
        if reasons & _QUOTA_REASONS:
            return QuotaError(
                f"{self._service}: a usage limit of your account is reached ({message}); it lifts after a while,"
                " usually hours",
                service=self._service,
            )
        scope = " (the access granted to planbot does not cover it)" if reasons & _SCOPE_REASONS else ""
        return PermissionDeniedError(
            f"{self._service} does not allow this to your account: {message}{scope}", service=self._service
        )


# Google: error.errors[].reason; Salesforce: errorCode (REQUEST_LIMIT_EXCEEDED is also the daily total: _daily_limit)
_RATE_LIMIT_REASONS = frozenset({"rateLimitExceeded", "userRateLimitExceeded"})
_RATE_LIMIT_CODES = ("REQUEST_LIMIT_EXCEEDED", "RATE_LIMIT")
_QUOTA_REASONS = frozenset({"quotaExceeded"})
_DAILY_REASONS = frozenset({"dailyLimitExceeded"})


def _daily_limit(status: int, text: str) -> bool:
    """The service's answer when its daily allowance is used up: Salesforce's 403 ``REQUEST_LIMIT_EXCEEDED``
    ("TotalRequests Limit exceeded"; the same code for too many concurrent long requests is a rate limit),
    HubSpot's 429 with ``policyName: DAILY``, Google's 403 ``dailyLimitExceeded``."""
    if status not in (403, 429):
        return False
    try:
        body = json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return False
    if isinstance(body, list):
        return status == 403 and any(
            isinstance(item, dict)
            and item.get("errorCode") == "REQUEST_LIMIT_EXCEEDED"
            and "concurrent" not in str(item.get("message") or "").casefold()
            for item in body
        )
    if isinstance(body, dict) and str(body.get("policyName") or "").upper() == "DAILY":
        return True
    return bool(_reasons(text) & _DAILY_REASONS)


_SCOPE_REASONS = frozenset({"ACCESS_TOKEN_SCOPE_INSUFFICIENT", "insufficientPermissions"})


def _reasons(text: str) -> set[str]:
    """Google's error reasons (``error.errors[].reason``, ``error.details[].reason``) and status."""
    try:
        body = json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return set()
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return set()
    found = {str(error["status"])} if error.get("status") else set()
    for item in [*(error.get("errors") or []), *(error.get("details") or [])]:
        if isinstance(item, dict) and item.get("reason"):
            found.add(str(item["reason"]))
    return found


def _param(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _retry_after(headers: Mapping[str, str]) -> float | None:
    raw = next((v for k, v in headers.items() if k.lower() == "retry-after"), None)
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None


def _message_of(text: str) -> str | None:
    """The service's own error message (Google, HubSpot and Salesforce shapes), without echoing the body."""
    try:
        body = json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return None
    if isinstance(body, list) and body and isinstance(body[0], dict):  # Salesforce: [{"message", "errorCode"}]
        return str(body[0].get("message") or body[0].get("errorCode") or "")[:200] or None
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):  # Google: {"error": {"code", "message", "status"}}
            return str(error.get("message") or error.get("status") or "")[:200] or None
        return str(body.get("message") or body.get("error_description") or error or "")[:200] or None
    return None


def _path_only(url: str) -> str:
    return url.split("?", 1)[0]
