"""The Gmail v1 methods planbot uses, over the shared JSON client (``integrations.http.JsonApi``).

    users.messages.list   GET  users/{userId}/messages            q, maxResults, pageToken
    users.messages.get    GET  users/{userId}/messages/{id}       format: full (headers, parts, text data) or raw
    users.messages.send   POST users/{userId}/messages/send       {"raw": base64url RFC 2822, "threadId"?}
                          POST upload/gmail/v1/users/{userId}/messages/send?uploadType=multipart  (a large message)
    users.getProfile      GET  users/{userId}/profile             the mailbox's address (left out of a reply to all)
    users.drafts.create   POST users/{userId}/drafts              {"message": {"raw", "threadId"?}} (v3)
                          POST upload/gmail/v1/users/{userId}/drafts?uploadType=multipart  (a large draft)
    users.messages.modify POST users/{userId}/messages/{id}/modify {"addLabelIds", "removeLabelIds"} (v3: UNREAD, INBOX)

Sending: the JSON ("metadata") path carries the message base64url-encoded inside JSON, a third larger, and Google
refuses large request bodies there (400 "Request payload size exceeds the limit", seen at 1 MiB); the discovery
document gives ``messages.send`` a media upload path taking ``message/*`` up to 36,700,160 bytes (35 MB). A message
up to ``INLINE_MOST`` bytes goes on the JSON path; a larger one as a multipart upload (``multipart/related``: the
metadata ``{"threadId"}`` as JSON, then the message as ``message/rfc822``, bytes as they are); one over
``UPLOAD_MOST`` is refused before anything is sent.

Status codes are mapped by ``JsonApi`` (401 → refresh the token once and retry; 429/5xx → TransientError...).
"""

import base64
import binascii
import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any, Literal
from urllib.parse import quote

import aiohttp

from integrations.base.errors import PermanentError
from integrations.http import JsonApi, RawBody

MAX_PAGE_SIZE = 500
View = Literal["metadata", "full", "raw"]
INLINE_MOST = 512 * 1024
"""Messages up to this size (bytes) go on the JSON path: 683 KB of base64 and JSON, well under the 1 MiB seen."""
UPLOAD_MOST = 36_700_160
"""``mediaUpload.maxSize`` of ``gmail.users.messages.send`` in Google's discovery document (35 MB)."""
UPLOAD_TIMEOUT = aiohttp.ClientTimeout(total=300, connect=5)
"""35 MB take minutes on a slow uplink: an upload gets this instead of the connector's per-call timeout."""


class GmailApi:
    def __init__(self, api: JsonApi, user_id: str = "me") -> None:
        self._api = api
        self._user = quote(user_id, safe="@")

    async def list_messages(self, *, q: str, max_results: int, page_token: str | None) -> dict[str, Any]:
        """One page: ``{"messages": [{"id", "threadId"}], "nextPageToken"?}`` (no ``messages`` when empty)."""
        params: dict[str, Any] = {"maxResults": min(max_results, MAX_PAGE_SIZE), "pageToken": page_token}
        if q:
            params["q"] = q
        return _object(await self._api.request("GET", f"users/{self._user}/messages", params=params))

    async def get_message(self, message_id: str, *, view: View = "metadata") -> dict[str, Any]:
        """``view`` is the ``format`` parameter: ``metadata`` (headers, snippet), ``full`` (also the MIME parts, with
        text parts' data) or ``raw`` (the whole RFC 2822 message, base64url)."""
        path = f"users/{self._user}/messages/{quote(message_id, safe='')}"
        return _object(await self._api.request("GET", path, params={"format": view}))

    async def send(self, raw: bytes, *, thread_id: str | None = None) -> dict[str, Any]:
        """Sends the RFC 2822 message ``raw`` (on the upload path when it is large); refuses one Gmail cannot take."""
        return await self._post_message(
            "messages/send",
            raw,
            thread_id,
            wrap=_as_is,
            too_large="the email with its files is {mb:.1f} MB and Gmail sends at most 35 MB: nothing was sent;"
            " share the largest files as links instead",
        )

    async def create_draft(self, raw: bytes, *, thread_id: str | None = None) -> dict[str, Any]:
        """Saves the RFC 2822 message ``raw`` as a draft (the upload path when it is large): ``{"id", "message"}``."""
        return await self._post_message(
            "drafts",
            raw,
            thread_id,
            wrap=_in_draft,
            too_large="the draft with its files is {mb:.1f} MB and Gmail keeps at most 35 MB: nothing was saved",
        )

    async def _post_message(
        self,
        path: str,
        raw: bytes,
        thread_id: str | None,
        *,
        wrap: Callable[[dict[str, str]], dict[str, Any]],
        too_large: str,
    ) -> dict[str, Any]:
        """POSTs ``raw`` to ``users/{userId}/{path}``: inside JSON up to ``INLINE_MOST`` bytes, as a multipart upload
        up to ``UPLOAD_MOST``, refused (``too_large``, its size in MB as ``mb``) above. ``wrap`` places the message
        resource (``raw``, ``threadId``) in the method's body."""
        message: dict[str, str] = {"threadId": thread_id} if thread_id else {}
        if len(raw) <= INLINE_MOST:
            body = wrap({"raw": base64.urlsafe_b64encode(raw).decode("ascii"), **message})
            return _object(await self._api.request("POST", f"users/{self._user}/{path}", json_body=body))
        if len(raw) > UPLOAD_MOST:
            raise PermanentError(too_large.format(mb=len(raw) / 1_048_576), service="gmail")
        url = f"{upload_root(self._api.base_url)}/users/{self._user}/{path}"
        answer = await self._api.request(
            "POST",
            url,
            params={"uploadType": "multipart"},
            raw=related(wrap(message) if message else {}, raw),
            absolute=True,
            timeout=UPLOAD_TIMEOUT,
        )
        return _object(answer)

    async def modify(self, message_id: str, *, add: list[str], remove: list[str]) -> dict[str, Any]:
        """Adds and removes labels of one message; the message (``id``, ``threadId``, ``labelIds``) after it."""
        path = f"users/{self._user}/messages/{quote(message_id, safe='')}/modify"
        body = {"addLabelIds": add, "removeLabelIds": remove}
        return _object(await self._api.request("POST", path, json_body=body))

    async def profile(self) -> dict[str, Any]:
        return _object(await self._api.request("GET", f"users/{self._user}/profile"))


def upload_root(api_url: str) -> str:
    """The upload twin of the API's URL: ``https://gmail.googleapis.com/gmail/v1`` →
    ``https://gmail.googleapis.com/upload/gmail/v1`` (Google's ``/upload`` prefix before the service path)."""
    root, found, rest = api_url.rstrip("/").rpartition("/gmail/")
    if not found:
        raise PermanentError(f"the Gmail API URL {api_url!r} does not end in /gmail/v1", service="gmail")
    return f"{root}/upload/gmail/{rest}"


def related(metadata: Mapping[str, Any], message: bytes) -> RawBody:
    """A ``multipart/related`` upload body: the metadata as JSON, then the message as it is."""
    boundary = f"planbot-{secrets.token_hex(12)}"
    delimiter = f"--{boundary}\r\n".encode()
    data = b"".join(
        [
            delimiter,
            b"Content-Type: application/json; charset=UTF-8\r\n\r\n",
            json.dumps(dict(metadata)).encode(),
            b"\r\n",
            delimiter,
            b"Content-Type: message/rfc822\r\n\r\n",
            message,
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    return RawBody(data, f"multipart/related; boundary={boundary}")


def headers_of(message: Mapping[str, Any]) -> dict[str, str]:
    """``payload.headers`` as a dict with lower-case names (the first value of a repeated header)."""
    payload = message.get("payload")
    return part_headers(payload if isinstance(payload, Mapping) else {})


def part_headers(part: Mapping[str, Any]) -> dict[str, str]:
    found: dict[str, str] = {}
    headers = part.get("headers")
    for header in headers if isinstance(headers, list) else []:
        if isinstance(header, dict) and "name" in header:
            found.setdefault(str(header["name"]).lower(), str(header.get("value", "")))
    return found


def decoded_data(value: Any) -> bytes | None:
    """Gmail's base64url ``data`` / ``raw`` (padding optional) as bytes; ``None`` when it is not that."""
    if not isinstance(value, str):
        return None
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None


def _object(answer: Any) -> dict[str, Any]:
    return answer if isinstance(answer, dict) else {}


def _as_is(message: dict[str, str]) -> dict[str, Any]:
    """``messages.send`` takes the message resource as its body."""
    return dict(message)


def _in_draft(message: dict[str, str]) -> dict[str, Any]:
    """``drafts.create`` takes a draft resource: the message under ``message``."""
    return {"message": message}
