"""The three Gmail v1 methods planbot uses, over the shared JSON client (``integrations.http.JsonApi``).

    users.messages.list   GET  users/{userId}/messages            q, maxResults, pageToken
    users.messages.get    GET  users/{userId}/messages/{id}       format (metadata: every header, no body)
    users.messages.send   POST users/{userId}/messages/send       {"raw": base64url RFC 2822, "threadId"?}

Status codes are mapped by ``JsonApi`` (401 → refresh the token once and retry; 429/5xx → TransientError...).
"""

import base64
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from integrations.http import JsonApi

MAX_PAGE_SIZE = 500


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

    async def get_message(self, message_id: str, *, view: str = "metadata") -> dict[str, Any]:
        """``view`` is the ``format`` parameter: ``metadata`` gives every header and the snippet, not the body."""
        path = f"users/{self._user}/messages/{quote(message_id, safe='')}"
        return _object(await self._api.request("GET", path, params={"format": view}))

    async def send(self, raw: bytes, *, thread_id: str | None = None) -> dict[str, Any]:
        body: dict[str, str] = {"raw": base64.urlsafe_b64encode(raw).decode("ascii")}
        if thread_id:
            body["threadId"] = thread_id
        return _object(await self._api.request("POST", f"users/{self._user}/messages/send", json_body=body))


def headers_of(message: Mapping[str, Any]) -> dict[str, str]:
    """``payload.headers`` as a dict with lower-case names (the first value of a repeated header)."""
    found: dict[str, str] = {}
    payload = message.get("payload")
    for header in payload.get("headers", []) if isinstance(payload, dict) else []:
        if isinstance(header, dict) and "name" in header:
            found.setdefault(str(header["name"]).lower(), str(header.get("value", "")))
    return found


def _object(answer: Any) -> dict[str, Any]:
    return answer if isinstance(answer, dict) else {}
