"""Microsoft Graph v1.0 over the shared JSON client (``integrations.http.JsonApi``), for the mailbox and the
calendar of the signed-in account (``/me``).

Every call says ``Prefer: IdType="ImmutableId"`` (a message keeps its id when it moves, so a sent draft is
found in Sent Items under the id it had as a draft), ``outlook.body-content-type="text"`` (bodies as plain text)
and ``outlook.timezone="UTC"`` (event times in UTC). Collections come in pages linked by ``@odata.nextLink``,
which is followed only while it points at the same API. Status codes are mapped by ``JsonApi`` (401 → refresh
once, then ``AuthError``; 404 → ``NotFoundError``; 429/503 → ``TransientError`` with ``Retry-After``).
"""

from collections.abc import AsyncIterator, Mapping
from typing import Any
from urllib.parse import quote

from integrations.base.errors import PermanentError
from integrations.http import JsonApi

SERVICE = "Microsoft 365"
PREFER = 'IdType="ImmutableId", outlook.body-content-type="text", outlook.timezone="UTC"'
MAX_PAGES = 20


def segment(value: str) -> str:
    """An id as one path segment (Graph ids are URL-safe base64, but nothing is taken on trust)."""
    return quote(value.strip(), safe="")


class Graph:
    def __init__(self, api: JsonApi) -> None:
        self._api = api
        self._address: str | None = None

    async def get(self, path: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return _object(await self._api.request("GET", path, params=params))

    async def post(self, path: str, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return _object(await self._api.request("POST", path, json_body=dict(body) if body is not None else None))

    async def patch(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        return _object(await self._api.request("PATCH", path, json_body=dict(body)))

    async def delete(self, path: str) -> None:
        await self._api.request("DELETE", path)

    async def pages(self, path: str, params: Mapping[str, Any]) -> AsyncIterator[list[dict[str, Any]]]:
        """Each page's ``value``, following ``@odata.nextLink`` (at most ``MAX_PAGES`` pages)."""
        page = await self.get(path, params)
        for _ in range(MAX_PAGES):
            yield [item for item in page.get("value") or [] if isinstance(item, dict)]
            link = page.get("@odata.nextLink")
            if not isinstance(link, str) or not link:
                return
            if not link.startswith(f"{self._api.base_url}/"):
                raise PermanentError("Microsoft Graph linked a page outside the API", service=SERVICE)
            page = _object(await self._api.request("GET", link, absolute=True))

    async def my_address(self) -> str:
        """The signed-in account's address (``mail``, else its sign-in name), asked once."""
        if self._address is None:
            me = await self.get("me", {"$select": "mail,userPrincipalName"})
            self._address = str(me.get("mail") or me.get("userPrincipalName") or "")
        return self._address


def _object(answer: Any) -> dict[str, Any]:
    return answer if isinstance(answer, dict) else {}
