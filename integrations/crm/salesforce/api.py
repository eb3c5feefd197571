"""The Salesforce REST endpoints planbot uses, over ``JsonApi``: SOQL query (following ``nextRecordsUrl``) and
sObject create, update (PATCH) and delete. Record ids are 15 or 18 letters and digits; anything else is not
found, and is never put into a URL."""

import re
from collections.abc import Mapping
from typing import Any

from integrations.base.errors import NotFoundError, PermanentError
from integrations.http import JsonApi

SERVICE = "salesforce"
_ID = re.compile(r"[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?")


def checked_id(record_id: str) -> str:
    if not _ID.fullmatch(record_id):
        raise NotFoundError(f"no Salesforce record with id {record_id!r}", service=SERVICE)
    return record_id


class SalesforceApi:
    def __init__(self, api: JsonApi, *, version: str) -> None:
        self._api = api
        self._data = f"services/data/{version}"

    async def query(self, soql: str, *, limit: int) -> list[dict[str, Any]]:
        """The records of ``soql``, following ``nextRecordsUrl`` until ``limit`` records or the last batch."""
        answer = await self._api.request("GET", f"{self._data}/query", params={"q": soql})
        records: list[dict[str, Any]] = list(answer.get("records") or [])
        while not answer.get("done", True) and answer.get("nextRecordsUrl") and len(records) < limit:
            following = str(answer["nextRecordsUrl"])
            answer = await self._api.request("GET", following, absolute=following.startswith(("http://", "https://")))
            records.extend(answer.get("records") or [])
        return records[:limit]

    async def create(self, sobject: str, fields: Mapping[str, Any]) -> str:
        answer = await self._api.request("POST", f"{self._data}/sobjects/{sobject}", json_body=dict(fields))
        if not isinstance(answer, dict) or not answer.get("success") or not answer.get("id"):
            raise PermanentError(f"salesforce did not create the {sobject}", service=SERVICE)
        return str(answer["id"])

    async def update(self, sobject: str, record_id: str, fields: Mapping[str, Any]) -> None:
        path = f"{self._data}/sobjects/{sobject}/{checked_id(record_id)}"
        await self._api.request("PATCH", path, json_body=dict(fields))

    async def delete(self, sobject: str, record_id: str) -> None:
        await self._api.request("DELETE", f"{self._data}/sobjects/{sobject}/{checked_id(record_id)}")
