"""Files shared in Slack as a ``FileSource`` (``integrations.base.files``): ``slack:<file id>`` → name, type, bytes.

``files.info`` (scope ``files:read``) gives the name, type, size and ``url_private_download``; a file larger than the
limit is refused there, before any download. ``describe`` and ``describe_shared`` (the files of a message, when it
arrives) give the name, type and size alone, for the approval card, without a download. The download goes through
the process's aiohttp session with the bot token as ``Authorization: Bearer``, only to Slack's file host (or the
API's own host: a stand-in), never elsewhere, and stops reading past the limit (a size that lied). Slack's answers
are mapped into the connector error tree.
"""

import asyncio
import logging
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from integrations.base.errors import (
    AuthError,
    NotFoundError,
    PermanentError,
    PermissionDeniedError,
    RateLimitError,
    TransientError,
)
from integrations.base.files import DEFAULT_TYPE, SHARED_PREFIX, FileFacts, FileTooLargeError, SharedFile

logger = logging.getLogger(__name__)
SERVICE = "slack"
FILE_HOST = "files.slack.com"
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
_GONE = {"file_not_found", "file_deleted", "invalid_arguments"}
_AUTH = {"not_authed", "invalid_auth", "token_revoked", "token_expired", "account_inactive"}


class SlackFiles:
    """Reads ``slack:`` files with the bot token (the ``AsyncWebClient``'s) over ``session``."""

    def __init__(
        self,
        client: AsyncWebClient,
        session: aiohttp.ClientSession,
        *,
        max_bytes: int = DEFAULT_MAX_BYTES,
        timeout_seconds: float = 30.0,
    ) -> None:
        self._client = client
        self._session = session
        self._max_bytes = max_bytes
        self._timeout = aiohttp.ClientTimeout(total=timeout_seconds)
        api = urlsplit(client.base_url)
        self._origins = {("https", FILE_HOST), (api.scheme, api.hostname or FILE_HOST)}

    async def describe(self, ref: str) -> FileFacts:
        """The file's name, type and size as ``files.info`` gives them; raises like ``fetch``."""
        info = await self._info(ref.strip().removeprefix(SHARED_PREFIX), ref)
        return facts_of(ref.strip(), info)

    async def fetch(self, ref: str, *, max_bytes: int | None = None) -> SharedFile:
        file_id = ref.strip().removeprefix(SHARED_PREFIX)
        limit = min(self._max_bytes, max_bytes or self._max_bytes)
        info = await self._info(file_id, ref)
        name = facts_of(ref, info).name
        size = info.get("size")
        if isinstance(size, int) and size > limit:
            raise FileTooLargeError(name, size=size, limit=limit, service=SERVICE)
        url = info.get("url_private_download") or info.get("url_private")
        if not isinstance(url, str) or info.get("is_external") or info.get("mode") == "tombstone":
            raise PermanentError(
                f"the Slack file {name!r} cannot be downloaded (a link or a removed file)", service=SERVICE
            )
        content = await self._download(url, name, limit)
        logger.info("fetched Slack file %s (%d bytes)", file_id, len(content))
        return SharedFile(name, str(info.get("mimetype") or DEFAULT_TYPE), content)

    async def _info(self, file_id: str, ref: str) -> dict[str, object]:
        if not file_id or not file_id.isalnum():
            raise NotFoundError(f"no Slack file {ref!r}", service=SERVICE)
        try:
            answer = await self._client.files_info(file=file_id)
        except SlackApiError as error:
            raise _mapped(error, ref) from None
        except (aiohttp.ClientError, TimeoutError) as error:
            raise TransientError(f"Slack did not answer ({error.__class__.__name__})", service=SERVICE) from None
        info = answer.get("file")
        if not isinstance(info, dict):
            raise NotFoundError(f"no Slack file {ref!r}", service=SERVICE)
        return info

    async def _download(self, url: str, name: str, limit: int) -> bytes:
        if (urlsplit(url).scheme, urlsplit(url).hostname) not in self._origins:  # the token goes nowhere else
            raise PermanentError(f"the Slack file {name!r} is not on Slack's file host", service=SERVICE)
        headers = {"Authorization": f"Bearer {self._client.token}"}
        try:
            async with self._session.get(url, headers=headers, timeout=self._timeout, allow_redirects=False) as got:
                if got.status in (401, 403) or 300 <= got.status < 400:  # Slack sends the unsigned to its sign-in page
                    raise AuthError("Slack refused the bot's token for the file download", service=SERVICE)
                if got.status == 404:
                    raise NotFoundError(f"the Slack file {name!r} is gone", service=SERVICE)
                if got.status == 429:
                    raise RateLimitError("Slack limited file downloads", service=SERVICE)
                if got.status >= 400:
                    raise TransientError(f"Slack answered {got.status} to the file download", service=SERVICE)
                content = bytearray()
                async for chunk in got.content.iter_chunked(64 * 1024):
                    content += chunk
                    if len(content) > limit:
                        raise FileTooLargeError(name, size=len(content), limit=limit, service=SERVICE)
        except (aiohttp.ClientError, TimeoutError) as error:
            raise TransientError(
                f"the Slack file download failed ({error.__class__.__name__})", service=SERVICE
            ) from None
        return bytes(content)


def facts_of(ref: str, info: dict[str, Any]) -> FileFacts:
    """A Slack file object (from ``files.info`` or a message's ``files``) as ``FileFacts``."""
    file_id = ref.strip().removeprefix(SHARED_PREFIX)
    name = str(info.get("name") or info.get("title") or f"slack-file-{file_id}")
    size = info.get("size")
    content_type = str(info.get("mimetype") or DEFAULT_TYPE)
    return FileFacts(ref.strip(), name, content_type, size if isinstance(size, int) and size >= 0 else None)


def _mapped(error: SlackApiError, ref: str) -> Exception:
    code = str(error.response.get("error") or "")
    if code in _GONE:
        return NotFoundError(f"no Slack file {ref!r} (not shared where the bot can see it)", service=SERVICE)
    if code in _AUTH:
        return AuthError("Slack refused the bot's token", service=SERVICE)
    if code == "missing_scope":
        return PermissionDeniedError("the Slack app lacks the files:read scope: reinstall it", service=SERVICE)
    if code == "ratelimited" or error.response.status_code == 429:
        retry = error.response.headers.get("Retry-After")
        return RateLimitError("Slack limited files.info", service=SERVICE, retry_after=float(retry) if retry else None)
    if error.response.status_code >= 500:
        return TransientError(f"Slack answered {error.response.status_code}", service=SERVICE)
    return PermanentError(f"Slack refused files.info ({code or 'unknown error'})", service=SERVICE)


async def describe_shared(client: AsyncWebClient, event: dict[str, Any], *, timeout: float = 5.0) -> list[FileFacts]:
    """The files shared with a message (its ``files``) by name, type and size, as ``files.info`` gives them now;
    where Slack does not answer, as the event lists them. Never raises: a file is then shown by its reference."""
    listed = event.get("files")
    found = [f for f in listed if isinstance(f, dict) and str(f.get("id") or "").isalnum()] if listed else []
    described: list[FileFacts] = []
    for listed_file in found:
        ref = f"{SHARED_PREFIX}{listed_file['id']}"
        try:
            answer = await asyncio.wait_for(client.files_info(file=str(listed_file["id"])), timeout)
            info = answer.get("file")
        except (SlackApiError, aiohttp.ClientError, TimeoutError) as error:
            logger.info("files.info failed for a shared file (%s)", error.__class__.__name__)
            info = None
        described.append(facts_of(ref, info if isinstance(info, dict) else listed_file))
    return described
