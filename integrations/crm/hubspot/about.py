"""A note's or task's ``about`` (contract §3 v2): the record it is associated with (v4 associations).

Written as an association made with the note or task (HubSpot's unlabeled type between the two objects, read from
the associations API); the record must exist. Read back as the associated record of the first kind in
``READ_ORDER`` (a note HubSpot also associated with the contact's company reads as about the contact). Filtering
by ``about`` reads the record's associations, not the search index, so it is never behind.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from integrations.base.errors import NotFoundError, PermanentError
from integrations.crm.hubspot.api import HubSpotApi, checked_id
from integrations.crm.hubspot.lookups import Lookups
from integrations.crm.hubspot.values import SERVICE

OBJECT_OF = {"Contact": "contacts", "Lead": "leads", "Deal": "deals", "Account": "companies"}
READ_ORDER = ("Deal", "Lead", "Contact", "Account")
Record = dict[str, Any]


class AboutLinks:
    def __init__(self, api: HubSpotApi, lookups: Lookups) -> None:
        self._api = api
        self._lookups = lookups

    async def association(self, object_type: str, entity_type: str, about: Mapping[str, Any]) -> tuple[str, int]:
        """(record id, association type) for a new ``object_type`` record about ``about``, which must exist."""
        target, record_id = OBJECT_OF[about["entityType"]], str(about["id"])
        try:
            await self._api.read(target, checked_id(record_id), [])
        except NotFoundError as error:
            raise NotFoundError(
                f"no {about['entityType']} with id {record_id!r} for the {entity_type} to be about", service=SERVICE
            ) from error
        return record_id, await self._lookups.association_type(object_type, target)

    async def add(self, object_type: str, records: Sequence[Record]) -> None:
        """Set each record's ``about`` from its associations."""
        ids = [record["id"] for record in records]
        found: dict[str, dict[str, str]] = {}
        for entity_type in reversed(READ_ORDER):  # the first kind in READ_ORDER wins
            linked = await self._api.associated(object_type, OBJECT_OF[entity_type], ids)
            for record_id, targets in linked.items():
                if targets:
                    found[record_id] = {"entityType": entity_type, "id": targets[0][0]}
        for record in records:
            record["about"] = found.get(record["id"])

    async def ids_about(self, object_type: str, about: Any) -> list[str]:
        """The ids of the ``object_type`` records associated with ``about`` (``{entityType, id}``)."""
        if not isinstance(about, Mapping):
            raise PermanentError(
                "filter notes and tasks by the record they are about: {entityType, id}", service=SERVICE
            )
        record_id = str(about["id"])
        if not record_id.isdigit():
            return []
        linked = await self._api.associated(OBJECT_OF[about["entityType"]], object_type, [record_id])
        return sorted({target for target, _ in linked.get(record_id, [])}, key=int)

    async def move(
        self, object_type: str, entity_type: str, record_id: str, old: Mapping[str, Any] | None, new: Any
    ) -> None:
        """Associate the record with ``new`` (``None``: with nothing) instead of ``old``."""
        if new is not None:
            target_id, _ = await self.association(object_type, entity_type, new)
            await self._api.associate(object_type, record_id, OBJECT_OF[new["entityType"]], target_id)
        if old is not None and (new is None or dict(old) != dict(new)):
            await self._api.dissociate(object_type, record_id, OBJECT_OF[old["entityType"]], str(old["id"]))
