"""The HubSpot CRM endpoints planbot uses, over ``JsonApi`` (which maps statuses into the error tree).

HubSpot's date-based API version ``VERSION`` (2026-09): the v4 paths are unsupported from 2027-03-30 and v1-v3 from
September 2027 (``integrations/crm/README.md``). Objects: search, read, batch read, create (a 409 "already exists" —
a contact's email is unique — gives the existing record's id), update (PATCH), archive (DELETE). Associations: batch
read (each record's associations page by page: a busy record's notes beyond the first page are read too), create the
default association, remove, and the association types between two objects. Properties: one property's definition
(an enumeration's options). Owners: v3 (``OWNERS``), which has no date-based path documented yet. Record ids are
numeric; anything else is not found, and is never put into a URL.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from integrations.base.errors import NotFoundError, PermanentError
from integrations.crm.hubspot.options import Enumeration, Option
from integrations.http import JsonApi

SERVICE = "hubspot"
VERSION = "2026-09"
OBJECTS = f"crm/objects/{VERSION}"
ASSOCIATIONS = f"crm/associations/{VERSION}"
PROPERTIES = f"crm/properties/{VERSION}"
OWNERS = "crm/v3/owners"
BATCH_LIMIT = 100  # inputs per batch request
MAX_ASSOCIATION_PAGES = 50  # pages of one record's associations read at most (HubSpot pages by 500)
Page = tuple[list[dict[str, Any]], str | None]
Target = tuple[str, list[int]]  # an associated record's id, and the association type ids linking to it
_EXISTING = re.compile(r"already exists\. Existing ID: (\d+)")  # HubSpot's 409 CONFLICT message


@dataclass(frozen=True, slots=True)
class Created:
    id: str
    existed: bool = False  # HubSpot kept the record that already had this unique value (409) and made none


def checked_id(object_id: str) -> str:
    if not object_id.isdigit() or not object_id.isascii():
        raise NotFoundError(f"no HubSpot record with id {object_id!r}", service=SERVICE)
    return object_id


class HubSpotApi:
    def __init__(self, api: JsonApi, *, page_size: int) -> None:
        self._api = api
        self._page_size = page_size

    async def search(
        self,
        object_type: str,
        groups: Sequence[Sequence[Mapping[str, Any]]],
        properties: Sequence[str],
        after: str | None,
    ) -> Page:
        """One page of ``POST /crm/objects/2026-09/{type}/search``: the results and the cursor of the next page."""
        body: dict[str, Any] = {
            "filterGroups": [{"filters": list(group)} for group in groups],
            "properties": list(properties),
            "limit": self._page_size,
        }
        if after is not None:
            body["after"] = after
        answer = await self._api.request("POST", f"{OBJECTS}/{object_type}/search", json_body=body)
        following = ((answer.get("paging") or {}).get("next") or {}).get("after")
        return list(answer.get("results") or []), str(following) if following else None

    async def read(self, object_type: str, object_id: str, properties: Sequence[str]) -> dict[str, Any]:
        path = f"{OBJECTS}/{object_type}/{checked_id(object_id)}"
        answer: dict[str, Any] = await self._api.request("GET", path, params={"properties": ",".join(properties)})
        return answer

    async def read_many(self, object_type: str, ids: Sequence[str], properties: Sequence[str]) -> dict[str, Any]:
        """id → properties, for the ids that exist."""
        found: dict[str, Any] = {}
        for start in range(0, len(ids), BATCH_LIMIT):
            body = {
                "inputs": [{"id": object_id} for object_id in ids[start : start + BATCH_LIMIT]],
                "properties": list(properties),
                "propertiesWithHistory": [],
            }
            answer = await self._api.request("POST", f"{OBJECTS}/{object_type}/batch/read", json_body=body)
            found.update({str(r["id"]): r.get("properties") or {} for r in answer.get("results") or []})
        return found

    async def create(
        self, object_type: str, properties: Mapping[str, str], associations: Sequence[tuple[str, int]] = ()
    ) -> Created:
        body: dict[str, Any] = {"properties": dict(properties)}
        if associations:
            body["associations"] = [
                {
                    "to": {"id": to_id},
                    "types": [{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": type_id}],
                }
                for to_id, type_id in associations
            ]
        try:
            answer = await self._api.request("POST", f"{OBJECTS}/{object_type}", json_body=body)
        except PermanentError as error:  # the shared HTTP layer keeps HubSpot's message, which names the record
            existing = _EXISTING.search(str(error))
            if existing is None:
                raise
            return Created(existing.group(1), existed=True)
        return Created(str(answer["id"]))

    async def update(self, object_type: str, object_id: str, properties: Mapping[str, str]) -> dict[str, Any]:
        path = f"{OBJECTS}/{object_type}/{checked_id(object_id)}"
        answer: dict[str, Any] = await self._api.request("PATCH", path, json_body={"properties": dict(properties)})
        return answer

    async def archive(self, object_type: str, object_id: str) -> None:
        await self._api.request("DELETE", f"{OBJECTS}/{object_type}/{checked_id(object_id)}")

    async def associated(self, from_type: str, to_type: str, ids: Sequence[str]) -> dict[str, list[Target]]:
        """from id → its associated ``to_type`` records and their type ids (batch read; none: left out). A record
        with more associations than a page holds is asked again with its ``after`` until none is left."""
        linked: dict[str, list[Target]] = {}
        pending: list[dict[str, str]] = [{"id": object_id} for object_id in ids]
        path = f"{ASSOCIATIONS}/{from_type}/{to_type}/batch/read"
        for _ in range(MAX_ASSOCIATION_PAGES):
            following: list[dict[str, str]] = []
            for start in range(0, len(pending), BATCH_LIMIT):
                answer = await self._api.request(
                    "POST", path, json_body={"inputs": pending[start : start + BATCH_LIMIT]}
                )
                for result in answer.get("results") or []:
                    record_id = str(result["from"]["id"])
                    linked.setdefault(record_id, []).extend(
                        (str(target["toObjectId"]), [int(t["typeId"]) for t in target.get("associationTypes") or []])
                        for target in result.get("to") or []
                    )
                    after = ((result.get("paging") or {}).get("next") or {}).get("after")
                    if after:
                        following.append({"id": record_id, "after": str(after)})
            if not following:
                break
            pending = following
        return linked

    async def associate(self, from_type: str, from_id: str, to_type: str, to_id: str) -> None:
        path = f"{OBJECTS}/{from_type}/{checked_id(from_id)}/associations/default/{to_type}/{checked_id(to_id)}"
        await self._api.request("PUT", path)

    async def dissociate(self, from_type: str, from_id: str, to_type: str, to_id: str) -> None:
        path = f"{OBJECTS}/{from_type}/{checked_id(from_id)}/associations/{to_type}/{checked_id(to_id)}"
        await self._api.request("DELETE", path)

    async def owners(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        after: str | None = None
        while True:
            answer = await self._api.request("GET", OWNERS, params={"limit": 100, "after": after})
            found.extend(answer.get("results") or [])
            after = ((answer.get("paging") or {}).get("next") or {}).get("after")
            if not after:
                return found

    async def enumeration(self, object_type: str, name: str) -> Enumeration:
        """The label and options of an enumeration property (``GET /crm/properties/2026-09/{type}/{name}``)."""
        answer = await self._api.request("GET", f"{PROPERTIES}/{object_type}/{name}")
        options = tuple(Option(str(o["value"]), str(o.get("label") or o["value"])) for o in answer.get("options") or [])
        return Enumeration(str(answer.get("label") or name), options)

    async def association_types(self, from_type: str, to_type: str) -> list[tuple[int, str | None]]:
        """The HUBSPOT_DEFINED association types from ``from_type`` to ``to_type``: (type id, label or None)."""
        answer = await self._api.request("GET", f"{ASSOCIATIONS}/{from_type}/{to_type}/labels")
        return [
            (int(t["typeId"]), t.get("label"))
            for t in answer.get("results") or []
            if t.get("category") == "HUBSPOT_DEFINED"
        ]
