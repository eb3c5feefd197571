"""The Gmail v1 methods planbot uses, over the shared JSON client (``integrations.http.JsonApi``).

    users.messages.list   GET  users/{userId}/messages            q, maxResults, pageToken
    users.messages.get    GET  users/{userId}/messages/{id}       format: full (headers, parts, text data) or raw
    users.messages.send   POST users/{userId}/messages/send       {"raw": base64url RFC 2822, "threadId"?}
    users.getProfile      GET  users/{userId}/profile             the mailbox's address (left out of a reply to all)

Status codes are mapped by ``JsonApi`` (401 → refresh the token once and retry; 429/5xx → TransientError...).
"""

import base64
import binascii
from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import quote

from integrations.http import JsonApi

MAX_PAGE_SIZE = 500
View = Literal["metadata", "full", "raw"]


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
        body: dict[str, str] = {"raw": base64.urlsafe_b64encode(raw).decode("ascii")}
        if thread_id:
            body["threadId"] = thread_id
        return _object(await self._api.request("POST", f"users/{self._user}/messages/send", json_body=body))

    async def profile(self) -> dict[str, Any]:
        return _object(await self._api.request("GET", f"users/{self._user}/profile"))


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
