"""WebDAV over the shared aiohttp session: one request, a timeout on it, the HTTP status mapped into the error tree.

    2xx (207 too): the answer   401: AuthError ("reconnect")
    403: PermissionDeniedError (the account may not do this), or PermanentError for a DAV precondition
    404/410: NotFoundError      412: TransientError (the resource changed meanwhile: the whole call runs again)
    429: RateLimitError         5xx, timeouts, resets: TransientError (``retry_after`` from Retry-After)
    other 4xx: PermanentError

Nothing here logs a credential, an event or a body: only the method, the path and the status.
"""

import base64
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp

from integrations.base.errors import (
    AuthError,
    NotFoundError,
    PermanentError,
    PermissionDeniedError,
    RateLimitError,
    TransientError,
)

logger = logging.getLogger(__name__)
SERVICE = "CalDAV"
XML = "application/xml; charset=utf-8"
ICALENDAR = "text/calendar; charset=utf-8"
_DAV_ERROR = re.compile(r"<([\w-]+:)?error[\s/>]")  # a precondition report (RFC 4918 §16), not a refusal


@dataclass(frozen=True, slots=True)
class DavAnswer:
    status: int
    text: str
    etag: str | None
    content_type: str
    dav: str = ""  # the DAV header: the features the server has (RFC 4918 §10.1)


class DavClient:
    def __init__(self, session: aiohttp.ClientSession, *, authorization: str | None, timeout: float) -> None:
        """``authorization``: the Authorization header value (see ``basic_auth``), or None."""
        self._session = session
        self._authorization = authorization
        self._timeout = aiohttp.ClientTimeout(total=timeout, connect=min(timeout, 5.0))

    async def send(
        self,
        method: str,
        url: str,
        *,
        body: str | None = None,
        content_type: str = XML,
        depth: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> DavAnswer:
        """The answer to ``method url``; raises from the connector error tree unless the status is 2xx."""
        sent = {**(headers or {})}
        if self._authorization:
            sent["Authorization"] = self._authorization
        if body is not None:
            sent["Content-Type"] = content_type
        if depth is not None:
            sent["Depth"] = depth
        try:
            async with self._session.request(
                method,
                url,
                data=body.encode() if body is not None else None,
                headers=sent,
                timeout=self._timeout,
            ) as response:
                text = await response.text(errors="replace")
                answer = DavAnswer(
                    response.status,
                    text,
                    response.headers.get("ETag"),
                    response.content_type,
                    ", ".join(response.headers.getall("DAV", [])),
                )
                retry_after = _seconds(response.headers.get("Retry-After"))
        except TimeoutError as error:
            raise TransientError("the CalDAV server did not answer in time", service=SERVICE) from error
        except aiohttp.ClientError as error:
            raise TransientError(
                f"the CalDAV server could not be reached ({error.__class__.__name__})", service=SERVICE
            ) from error
        if 200 <= answer.status < 300:
            return answer
        logger.info("%s %s -> %d", method, urlsplit(url).path, answer.status)
        raise _error(answer, retry_after)


def basic_auth(username: str, password: str) -> str:
    """The ``Authorization`` value for HTTP Basic (RFC 7617, UTF-8)."""
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode("ascii")


def _error(answer: DavAnswer, retry_after: float | None) -> Exception:
    status = answer.status
    if status == 429:
        return RateLimitError("the CalDAV server is rate limiting us", service=SERVICE, retry_after=retry_after)
    if status >= 500:
        message = f"the CalDAV server is busy or failing ({status})"
        return TransientError(message, service=SERVICE, retry_after=retry_after)
    if status == 412:
        return TransientError("the event changed meanwhile; reading it again", service=SERVICE, retry_after=0.0)
    if status == 401:
        return AuthError("the CalDAV server refused our credentials", service=SERVICE)
    if status == 403 and not _DAV_ERROR.search(answer.text):
        return PermissionDeniedError("the CalDAV server does not allow this to your account", service=SERVICE)
    if status in (404, 410):
        return NotFoundError("not found on the CalDAV server", service=SERVICE)
    return PermanentError(f"the CalDAV server refused the request ({status})", service=SERVICE)


def _seconds(raw: str | None) -> float | None:
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None
