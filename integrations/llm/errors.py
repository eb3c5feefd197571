"""Chat model failures mapped into the connector error tree, without importing any provider's SDK.

    timeout, connection error, 429, 408/409, 5xx, "overloaded"  →  TransientError (retry_after from Retry-After)
    401, 403, authentication / permission errors                 →  AuthError
    anything else (400, 404 unknown model, an empty answer, ...)  →  PermanentError

langchain-core's ``ModelError`` tree (``is_retryable``, ``ModelAuthenticationError``, ...) is read first; the
providers' SDKs (openai, anthropic, httpx underneath) name their errors alike and carry ``status_code`` and
``response``. All of it by duck typing, importing nothing. Retrying is the engine's job: this module only maps.
"""

from collections.abc import Mapping
from typing import Any

from integrations.base import AuthError, ConnectorError, PermanentError, TransientError

SERVICE = "llm"
_TRANSIENT_NAMES = frozenset(
    {
        "TimeoutError",
        "APITimeoutError",
        "APIConnectionError",
        "RateLimitError",
        "InternalServerError",
        "ServiceUnavailableError",
        "OverloadedError",
        "TimeoutException",
        "ConnectError",
        "ReadError",
        "RemoteProtocolError",
        "ClientConnectionError",
    }
)
_AUTH_NAMES = frozenset(
    {"AuthenticationError", "PermissionDeniedError", "ModelAuthenticationError", "ModelPermissionDeniedError"}
)


def connector_error(error: BaseException, *, service: str = SERVICE) -> ConnectorError:
    """The connector error for a chat model's failure (the original stays the ``__cause__`` when raised ``from``)."""
    if isinstance(error, ConnectorError):
        return error
    names = {cls.__name__ for cls in type(error).__mro__}
    status = _status(error)
    what = f"the language model failed ({type(error).__name__}{f' {status}' if status else ''})"
    if names & _AUTH_NAMES or status in (401, 403):
        return AuthError(what, service=service)
    retryable = getattr(error, "is_retryable", None) is True  # langchain-core's ModelError tree
    if retryable or names & _TRANSIENT_NAMES or status in (408, 409, 429) or (status is not None and status >= 500):
        return TransientError(what, service=service, retry_after=_retry_after(error))
    return PermanentError(what, service=service)


def _status(error: BaseException) -> int | None:
    status = getattr(error, "status_code", None)
    if status is None:
        status = getattr(getattr(error, "response", None), "status_code", None)
    return status if isinstance(status, int) else None


def _retry_after(error: BaseException) -> float | None:
    headers: Any = getattr(getattr(error, "response", None), "headers", None)
    if not isinstance(headers, Mapping):
        return None
    value = headers.get("retry-after") or headers.get("Retry-After")
    try:
        seconds = float(value) if value is not None else None
    except (TypeError, ValueError):
        return None
    return seconds if seconds is not None and seconds >= 0 else None
