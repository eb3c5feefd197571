"""The HubSpot CRM connector: the four CRM tools of contract §3 over the CRM v3 objects and search APIs."""

import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import CreateEntityArgs, DeleteEntityArgs, FetchEntityArgs, UpdateEntityArgs
from integrations.base.errors import PermanentError
from integrations.base.records import FIELDS_BY_ENTITY, REQUIRED_ON_CREATE
from integrations.crm.hubspot.api import HubSpotApi, Target
from integrations.crm.hubspot.lookups import Lookups
from integrations.crm.hubspot.mapping import ENTITIES, EntityMap, Link
from integrations.crm.hubspot.search import Group, NoMatchError, filter_groups, linked_to, matches, requests
from integrations.crm.hubspot.settings import HubSpotSettings
from integrations.crm.hubspot.values import SERVICE, Values

logger = logging.getLogger(__name__)
DEFAULT_LIMIT = 100
MAX_LINKED_IDS = 50  # linked records a search filters by (one filter group each)
LOOKUPS_TTL_SECONDS = 300.0
Record = dict[str, Any]


class HubSpotCrm:
    """Runs ``fetch_entity``, ``create_entity``, ``update_entity`` and ``delete_entity`` against HubSpot."""

    name = "hubspot"
    tools = frozenset({"fetch_entity", "create_entity", "update_entity", "delete_entity"})

    def __init__(
        self, api: HubSpotApi, settings: HubSpotSettings, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._api = api
        self._settings = settings
        self._lookups = Lookups(api, ttl_seconds=LOOKUPS_TTL_SECONDS, clock=clock)
        self._created_links: dict[tuple[str, str], str] = {}  # the search index lags behind fresh records

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if isinstance(arguments, FetchEntityArgs):
            return await self.fetch(arguments)
        if isinstance(arguments, CreateEntityArgs):
            return await self.create(arguments)
        if isinstance(arguments, UpdateEntityArgs):
            return await self.update(arguments)
        if isinstance(arguments, DeleteEntityArgs):
            return await self.delete(arguments)
        raise PermanentError(f"hubspot does not run {tool!r}", service=SERVICE)

    async def fetch(self, args: FetchEntityArgs) -> list[Record]:
        entity = ENTITIES[args.entityType]
        values = await self._values(entity)
        link = entity.link
        unknown = set(args.filters) - set(entity.fields) - set(link.fields if link else ())
        if unknown:
            raise PermanentError(f"{entity.entity_type} has no field {sorted(unknown)[0]!r}", service=SERVICE)
        try:
            groups = filter_groups(entity.fields, args.filters, values)
            if link is not None and set(args.filters) & set(link.fields):
                ids = await self._linked_ids(link, args.filters, values)
                groups = linked_to(groups, link.pseudo_property, ids)
        except NoMatchError:
            return []
        limit = args.limit or DEFAULT_LIMIT
        found: dict[str, Record] = {}
        async for page in self._pages(entity.object_type, groups, entity.properties()):
            for record in await self._records(entity, page, values):
                if matches(record, args.filters):
                    found.setdefault(record["id"], record)
            if len(found) >= limit:
                break
        logger.debug("hubspot fetch %s: %d records", entity.entity_type, min(len(found), limit))
        return list(found.values())[:limit]

    async def _pages(
        self, object_type: str, groups: list[Group], properties: Sequence[str]
    ) -> AsyncIterator[list[dict[str, Any]]]:
        """The result pages of a search over ``groups``, request after request, ``max_pages`` pages at most each."""
        for batch in requests(groups):
            after: str | None = None
            for _ in range(self._settings.max_pages):
                page, after = await self._api.search(object_type, batch, properties, after)
                yield page
                if after is None:
                    break

    async def create(self, args: CreateEntityArgs) -> Record:
        entity = ENTITIES[args.entityType]
        values = await self._values(entity)
        fields = {name: value for name, value in args.fields.items() if value is not None}
        properties = self._own_properties(entity, fields, values) | self._defaults(entity, fields, values)
        associations: list[tuple[str, int]] = []
        if entity.link is not None:
            linked = await self._link_for(entity.link, fields, values)
            if linked is not None:
                associations.append((linked, entity.link.association_type_id))
        created = await self._api.create(entity.object_type, properties, associations)
        return await self._record(entity, str(created["id"]), values)

    async def update(self, args: UpdateEntityArgs) -> Record:
        entity = ENTITIES[args.entityType]
        values = await self._values(entity)
        current = await self._record(entity, args.id, values)
        needed = REQUIRED_ON_CREATE[entity.entity_type]
        if not any({**current, **args.fields}.get(name) not in (None, "") for name in needed):
            raise PermanentError(f"a {entity.entity_type} cannot lose its {' or '.join(needed)}", service=SERVICE)
        properties = self._own_properties(entity, args.fields, values)
        if properties:
            await self._api.update(entity.object_type, args.id, properties)
        link = entity.link
        if link is not None and set(args.fields) & set(link.fields):
            await self._update_link(entity, link, args.id, args.fields, values)
        return await self._record(entity, args.id, values)

    async def delete(self, args: DeleteEntityArgs) -> Record:
        entity = ENTITIES[args.entityType]
        await self._api.read(entity.object_type, args.id, [])  # archiving an unknown id answers 204
        await self._api.archive(entity.object_type, args.id)
        return {"id": args.id}

    async def _values(self, entity: EntityMap) -> Values:
        """Values for ``entity``'s fields, with the owners and enumeration options they need."""
        specs = [*entity.fields.values(), *(entity.link.fields.values() if entity.link else ())]
        owners = await self._lookups.owners() if any(spec.kind == "owner" for spec in specs) else []
        objects = {id(spec): entity.object_type for spec in entity.fields.values()}
        if entity.link is not None:
            objects.update({id(spec): entity.link.object_type for spec in entity.link.fields.values()})
        enumerations = {
            spec.names[0]: await self._lookups.enumeration(objects[id(spec)], spec.names[0])
            for spec in specs
            if spec.kind == "enum"
        }
        return Values(self._settings, owners, enumerations)

    def _own_properties(self, entity: EntityMap, fields: Mapping[str, Any], values: Values) -> dict[str, str]:
        properties: dict[str, str] = {}
        for name, value in fields.items():
            if name in entity.fields:
                properties.update(values.encode(entity.fields[name], value))
        return properties

    def _defaults(self, entity: EntityMap, fields: Mapping[str, Any], values: Values) -> dict[str, str]:
        """What HubSpot requires of a new deal (name, pipeline, stage) or lead (name)."""
        if entity.entity_type == "Deal":
            stage = values.encode(entity.fields["stage"], fields.get("stage", "prospecting"))
            name = fields.get("name") or f"{fields.get('company', 'New')} deal"
            return {"dealname": str(name), "pipeline": self._settings.deal_pipeline, **stage}
        if entity.entity_type == "Lead":
            pipeline = {"hs_pipeline": self._settings.lead_pipeline} if self._settings.lead_pipeline else {}
            name = fields.get("name") or fields.get("company") or fields.get("email") or "Lead"
            return {"hs_lead_name": str(name), **pipeline}
        return {}

    async def _record(self, entity: EntityMap, record_id: str, values: Values) -> Record:
        found = await self._api.read(entity.object_type, record_id, entity.properties())
        return (await self._records(entity, [found], values))[0]

    async def _records(self, entity: EntityMap, results: Sequence[Mapping[str, Any]], values: Values) -> list[Record]:
        records = []
        for result in results:
            properties = result.get("properties") or {}
            decoded = {name: values.decode(spec, properties) for name, spec in entity.fields.items()}
            records.append({"id": str(result["id"]), **decoded})
        if entity.link is not None and records:
            await self._add_linked_fields(entity, entity.link, records, values)
        order = ["id", *FIELDS_BY_ENTITY[entity.entity_type].model_fields]
        return [{key: record.get(key) for key in order} for record in records]

    async def _add_linked_fields(self, entity: EntityMap, link: Link, records: list[Record], values: Values) -> None:
        targets = await self._api.associated(entity.object_type, link.object_type, [r["id"] for r in records])
        chosen = {record_id: _primary(found, link) for record_id, found in targets.items() if found}
        linked = await self._api.read_many(link.object_type, sorted(set(chosen.values())), entity.link_properties())
        for record in records:
            properties = linked.get(chosen.get(record["id"], ""), {})
            record.update({name: values.decode(spec, properties) for name, spec in link.fields.items()})

    async def _linked_ids(self, link: Link, filters: Mapping[str, Any], values: Values) -> list[str]:
        """The ids of linked records matching the filters on linked fields (raises ``NoMatchError`` for none)."""
        wanted = {name: value for name, value in filters.items() if name in link.fields}
        groups = filter_groups(link.fields, wanted, values)
        properties = [name for spec in link.fields.values() for name in spec.names]
        ids: list[str] = []
        async for page in self._pages(link.object_type, groups, properties):
            for result in page:
                decoded = {
                    name: values.decode(spec, result.get("properties") or {}) for name, spec in link.fields.items()
                }
                if matches(decoded, wanted) and str(result["id"]) not in ids:
                    ids.append(str(result["id"]))
            if len(ids) >= MAX_LINKED_IDS:
                break
        if not ids:
            raise NoMatchError
        return ids[:MAX_LINKED_IDS]

    async def _link_for(self, link: Link, fields: Mapping[str, Any], values: Values) -> str | None:
        """The id of the record a new record links to: an existing one named by ``reuse_by``, or a new one."""
        given = {name: fields[name] for name in link.fields if fields.get(name) not in (None, "")}
        if not given and not link.always:
            return None
        key = str(fields.get(link.reuse_by or "") or "").strip()
        if key:
            remembered = self._created_links.get((link.object_type, key.casefold()))
            existing = remembered or await self._find_linked(link, key, values)
            if existing is not None:
                return existing
        properties: dict[str, str] = {}
        for name, spec in {**link.copied_on_create, **link.fields}.items():
            if fields.get(name) not in (None, ""):
                properties.update(values.encode(spec, fields[name]))
        created = str((await self._api.create(link.object_type, properties))["id"])
        if key:
            self._created_links[(link.object_type, key.casefold())] = created
        return created

    async def _find_linked(self, link: Link, key: str, values: Values) -> str | None:
        spec = link.fields[link.reuse_by or ""]
        group = [{"propertyName": spec.names[0], "operator": "EQ", "value": key}]
        page, _ = await self._api.search(link.object_type, [group], list(spec.names), None)
        same = [
            r for r in page if str(values.decode(spec, r.get("properties") or {}) or "").casefold() == key.casefold()
        ]
        return str(same[0]["id"]) if same else None

    async def _update_link(
        self, entity: EntityMap, link: Link, record_id: str, fields: Mapping[str, Any], values: Values
    ) -> None:
        current = [
            target
            for target, _ in (await self._api.associated(entity.object_type, link.object_type, [record_id])).get(
                record_id, []
            )
        ]
        if link.identifies:
            wanted = await self._link_for(link, fields, values)
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
        else:
            created = await self._link_for(link, fields, values)
            if created is not None:
                await self._api.associate(entity.object_type, record_id, link.object_type, created)


def _primary(found: list[Target], link: Link) -> str:
    """The linked record joined by the link's own association type (the primary one), else the first."""
    return next((target for target, types in found if link.association_type_id in types), found[0][0])
