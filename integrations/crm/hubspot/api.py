"""The HubSpot CRM endpoints planbot uses, over ``JsonApi`` (which maps statuses into the error tree).

Objects (v3): search, read, batch read, create (a 409 "already exists" — a contact's email is unique — gives the
existing record's id), update (PATCH), archive (DELETE). Associations (v4): batch read,
create the default association, remove, and the association types between two objects. Owners (v3). Properties
(v3): one property's definition (an enumeration's options). Record ids are numeric; anything else is not found, and
is never put into a URL.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from integrations.base.errors import NotFoundError, PermanentError
from integrations.crm.hubspot.options import Enumeration, Option
from integrations.http import JsonApi

SERVICE = "hubspot"
BATCH_LIMIT = 100  # inputs per batch request
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
        """One page of ``POST /crm/v3/objects/{type}/search``: the results and the cursor of the next page."""
        body: dict[str, Any] = {
            "filterGroups": [{"filters": list(group)} for group in groups],
            "properties": list(properties),
            "limit": self._page_size,
        }
        if after is not None:
            body["after"] = after
        answer = await self._api.request("POST", f"crm/v3/objects/{object_type}/search", json_body=body)
        following = ((answer.get("paging") or {}).get("next") or {}).get("after")
        return list(answer.get("results") or []), str(following) if following else None

    async def read(self, object_type: str, object_id: str, properties: Sequence[str]) -> dict[str, Any]:
        path = f"crm/v3/objects/{object_type}/{checked_id(object_id)}"
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
            answer = await self._api.request("POST", f"crm/v3/objects/{object_type}/batch/read", json_body=body)
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
            answer = await self._api.request("POST", f"crm/v3/objects/{object_type}", json_body=body)
        except PermanentError as error:  # the shared HTTP layer keeps HubSpot's message, which names the record
            existing = _EXISTING.search(str(error))
            if existing is None:
                raise
            return Created(existing.group(1), existed=True)
        return Created(str(answer["id"]))

    async def update(self, object_type: str, object_id: str, properties: Mapping[str, str]) -> dict[str, Any]:
        path = f"crm/v3/objects/{object_type}/{checked_id(object_id)}"
        answer: dict[str, Any] = await self._api.request("PATCH", path, json_body={"properties": dict(properties)})
        return answer

    async def archive(self, object_type: str, object_id: str) -> None:
        await self._api.request("DELETE", f"crm/v3/objects/{object_type}/{checked_id(object_id)}")

    async def associated(self, from_type: str, to_type: str, ids: Sequence[str]) -> dict[str, list[Target]]:
        """from id → its associated ``to_type`` records and their type ids (v4 batch read; none: left out)."""
        linked: dict[str, list[Target]] = {}
        for start in range(0, len(ids), BATCH_LIMIT):
            body = {"inputs": [{"id": object_id} for object_id in ids[start : start + BATCH_LIMIT]]}
            path = f"crm/v4/associations/{from_type}/{to_type}/batch/read"
            answer = await self._api.request("POST", path, json_body=body)
            for result in answer.get("results") or []:
                targets = [
                    (str(target["toObjectId"]), [int(t["typeId"]) for t in target.get("associationTypes") or []])
                    for target in result.get("to") or []
                ]
                linked[str(result["from"]["id"])] = targets
        return linked

    async def associate(self, from_type: str, from_id: str, to_type: str, to_id: str) -> None:
        path = f"crm/v4/objects/{from_type}/{checked_id(from_id)}/associations/default/{to_type}/{checked_id(to_id)}"
        await self._api.request("PUT", path)

    async def dissociate(self, from_type: str, from_id: str, to_type: str, to_id: str) -> None:
        path = f"crm/v4/objects/{from_type}/{checked_id(from_id)}/associations/{to_type}/{checked_id(to_id)}"
        await self._api.request("DELETE", path)

    async def owners(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        after: str | None = None
        while True:
            answer = await self._api.request("GET", "crm/v3/owners", params={"limit": 100, "after": after})
            found.extend(answer.get("results") or [])
            after = ((answer.get("paging") or {}).get("next") or {}).get("after")
            if not after:
                return found

    async def enumeration(self, object_type: str, name: str) -> Enumeration:
        """The label and options of an enumeration property (``GET /crm/v3/properties/{type}/{name}``)."""
        answer = await self._api.request("GET", f"crm/v3/properties/{object_type}/{name}")
        options = tuple(Option(str(o["value"]), str(o.get("label") or o["value"])) for o in answer.get("options") or [])
        return Enumeration(str(answer.get("label") or name), options)

    async def association_types(self, from_type: str, to_type: str) -> list[tuple[int, str | None]]:
        """The HUBSPOT_DEFINED association types from ``from_type`` to ``to_type``: (type id, label or None)."""
        answer = await self._api.request("GET", f"crm/v4/associations/{from_type}/{to_type}/labels")
        return [
            (int(t["typeId"]), t.get("label"))
            for t in answer.get("results") or []
            if t.get("category") == "HUBSPOT_DEFINED"
        ]
