"""Fields an entity borrows from a linked record (a deal's company, a lead's contact; ``mapping.Link``): read
through associations, filtered by the linked records' ids, written by reusing, creating or editing that record.

A linked record is reused when one has the ``reuse_by`` value (equal, any case): found by search, which also sees
this connector's own recent writes (``Finder``), or, when HubSpot answers a create with 409 "already exists"
(a contact's email is unique), the record HubSpot names. With ``claims`` (a store every replica shares,
``integrations.base.creations``), a new one is created under a claim on (object type, the name as people read it):
another replica, or another request of this one, creating the same company at the same time gets its id, and so
does one asking within ``keep_seconds`` (while HubSpot's search cannot see it yet).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from integrations.base.creations import CreationClaims, create_once, name_key
from integrations.crm.hubspot.api import HubSpotApi, Target
from integrations.crm.hubspot.finder import Finder
from integrations.crm.hubspot.mapping import EntityMap, Link
from integrations.crm.hubspot.recent import RecentWrites
from integrations.crm.hubspot.search import NoMatchError, filter_groups, matches
from integrations.crm.hubspot.values import SERVICE, Values

MAX_LINKED_IDS = 50  # linked records a search filters by (one filter group each)
Record = dict[str, Any]


class Links:
    def __init__(
        self,
        api: HubSpotApi,
        finder: Finder,
        recent: RecentWrites,
        *,
        claims: CreationClaims | None = None,
        keep_seconds: float = 120.0,
    ) -> None:
        self._api = api
        self._finder = finder
        self._recent = recent
        self._claims = claims
        self._keep = keep_seconds

    async def add_fields(self, entity: EntityMap, link: Link, records: Sequence[Record], values: Values) -> None:
        """Set each record's linked fields from its primary linked record."""
        targets = await self._api.associated(entity.object_type, link.object_type, [r["id"] for r in records])
        chosen = {record_id: _primary(found, link) for record_id, found in targets.items() if found}
        linked = await self._api.read_many(link.object_type, sorted(set(chosen.values())), entity.link_properties())
        for record in records:
            properties = linked.get(chosen.get(record["id"], ""), {})
            record.update({name: values.decode(spec, properties) for name, spec in link.fields.items()})

    async def ids_matching(self, link: Link, filters: Mapping[str, Any], values: Values) -> list[str]:
        """The ids of linked records matching the filters on linked fields (raises ``NoMatchError`` for none)."""
        wanted = {name: value for name, value in filters.items() if name in link.fields}
        groups = filter_groups(link.fields, wanted, values)
        ids: list[str] = []
        async for page in self._finder.pages(link.object_type, groups, _properties(link)):
            for result in page:
                decoded = {n: values.decode(spec, result.get("properties") or {}) for n, spec in link.fields.items()}
                if matches(decoded, wanted) and str(result["id"]) not in ids:
                    ids.append(str(result["id"]))
            if len(ids) >= MAX_LINKED_IDS:
                break
        if not ids:
            raise NoMatchError
        return ids[:MAX_LINKED_IDS]

    async def link_for(self, link: Link, fields: Mapping[str, Any], values: Values) -> str | None:
        """The id of the record a new record links to: an existing one named by ``reuse_by``, or a new one."""
        given = {name: fields[name] for name in link.fields if fields.get(name) not in (None, "")}
        if not given and not link.always:
            return None
        key = str(fields.get(link.reuse_by or "") or "").strip()
        existing = await self._find(link, key, values) if key else None
        if existing is not None:
            return existing
        properties: dict[str, str] = {}
        for name, spec in {**link.copied_on_create, **link.fields}.items():
            if fields.get(name) not in (None, ""):
                properties.update(values.encode(spec, fields[name]))

        async def create() -> str:
            created = await self._api.create(link.object_type, properties)
            return created.id

        if key and self._claims is not None:
            claim = name_key(link.object_type, key)
            record_id = await create_once(self._claims, claim, create, keep_seconds=self._keep, service=SERVICE)
        else:
            record_id = await create()
        self._recent.wrote(link.object_type, record_id)  # found by id, not by search, while the index lags
        return record_id

    async def update(
        self, entity: EntityMap, link: Link, record_id: str, fields: Mapping[str, Any], values: Values
    ) -> None:
        """Link another record (``identifies``), or edit the linked one (creating it when there is none)."""
        found = await self._api.associated(entity.object_type, link.object_type, [record_id])
        current = [target for target, _ in found.get(record_id, [])]
        if link.identifies:
            wanted = await self.link_for(link, fields, values)
            if wanted is not None and wanted not in current:
                await self._api.associate(entity.object_type, record_id, link.object_type, wanted)
            for old in current:
                if old != wanted:
                    await self._api.dissociate(entity.object_type, record_id, link.object_type, old)
            return
        changes: dict[str, str] = {}
        for name, spec in link.fields.items():
            if name in fields:
                changes.update(values.encode(spec, fields[name]))
        if current:
            await self._api.update(link.object_type, current[0], changes)
            self._recent.wrote(link.object_type, current[0])
        else:
            created = await self.link_for(link, fields, values)
            if created is not None:
                await self._api.associate(entity.object_type, record_id, link.object_type, created)

    async def _find(self, link: Link, key: str, values: Values) -> str | None:
        spec = link.fields[link.reuse_by or ""]
        group = [{"propertyName": spec.names[0], "operator": "EQ", "value": key}]
        async for page in self._finder.pages(link.object_type, [group], list(spec.names)):
            for result in page:
                if str(values.decode(spec, result.get("properties") or {}) or "").casefold() == key.casefold():
                    return str(result["id"])
        return None


def _properties(link: Link) -> list[str]:
    return [name for spec in link.fields.values() for name in spec.names]


def _primary(found: list[Target], link: Link) -> str:
    """The linked record joined by the link's own association type (the primary one), else the first."""
    return next((target for target, types in found if link.association_type_id in types), found[0][0])
