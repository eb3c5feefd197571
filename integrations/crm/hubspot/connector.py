"""The HubSpot CRM connector: the four CRM tools of contract §3 over the CRM v3 objects and search APIs, for
contacts, companies, deals, leads, and (v2) notes and tasks about a record (``about``).

HubSpot's search index trails writes by seconds; what this connector wrote lately is read by id instead
(``Finder``), so a record is found right after it is created or changed, and not after it is deleted.
"""

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import CreateEntityArgs, DeleteEntityArgs, FetchEntityArgs, UpdateEntityArgs
from integrations.base.creations import CreationClaims
from integrations.base.errors import PermanentError
from integrations.base.records import FIELDS_BY_ENTITY, REQUIRED_ON_CREATE
from integrations.crm.hubspot import contact_account, deal_contacts
from integrations.crm.hubspot.about import AboutLinks
from integrations.crm.hubspot.api import HubSpotApi
from integrations.crm.hubspot.finder import Finder
from integrations.crm.hubspot.links import Links
from integrations.crm.hubspot.lookups import Lookups
from integrations.crm.hubspot.mapping import ENTITIES, EntityMap
from integrations.crm.hubspot.recent import RecentWrites
from integrations.crm.hubspot.search import NoMatchError, filter_groups, linked_to, matches
from integrations.crm.hubspot.settings import HubSpotSettings
from integrations.crm.hubspot.values import DUE_TIME, SERVICE, Values

logger = logging.getLogger(__name__)
DEFAULT_LIMIT = 100
LOOKUPS_TTL_SECONDS = 300.0
Record = dict[str, Any]


class HubSpotCrm:
    """Runs ``fetch_entity``, ``create_entity``, ``update_entity`` and ``delete_entity`` against HubSpot."""

    name = "hubspot"
    tools = frozenset({"fetch_entity", "create_entity", "update_entity", "delete_entity"})

    def __init__(
        self,
        api: HubSpotApi,
        settings: HubSpotSettings,
        *,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        claims: CreationClaims | None = None,
    ) -> None:
        """``claims``: where replicas sharing a store claim a company before creating it (``links``), scoped to this
        account by the caller; None: this process alone remembers what it created."""
        self._api = api
        self._settings = settings
        self._lookups = Lookups(api, ttl_seconds=LOOKUPS_TTL_SECONDS, clock=clock)
        self._recent = RecentWrites(keep_seconds=settings.index_lag_seconds, clock=clock)
        self._finder = Finder(api, self._recent, max_pages=settings.max_pages)
        self._links = Links(api, self._finder, self._recent, claims=claims, keep_seconds=settings.index_lag_seconds)
        self._about = AboutLinks(api, self._lookups)
        self._now = now

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
        entity = _entity_of(args.entityType)
        values = await self._values(entity)
        link = entity.link
        unknown = set(args.filters) - set(entity.fields) - set(link.fields if link else ()) - _about_of(entity)
        if entity.entity_type == "Contact":
            unknown.discard("accountId")
        if unknown:
            raise PermanentError(f"{entity.entity_type} has no field {sorted(unknown)[0]!r}", service=SERVICE)
        if "about" in args.filters:
            return await self._fetch_about(entity, args, values)
        if entity.entity_type == "Contact" and "accountId" in args.filters:  # (v3) the company's contacts
            ids = await contact_account.contacts_at(self._api, str(args.filters["accountId"]))
            return await self._read_matching(entity, ids, args, values, "accountId")
        try:
            groups = filter_groups(entity.fields, args.filters, values)
            if link is not None and set(args.filters) & set(link.fields):
                ids = await self._links.ids_matching(link, args.filters, values)
                groups = linked_to(groups, link.pseudo_property, ids)
        except NoMatchError:
            return []
        limit = args.limit or DEFAULT_LIMIT
        found: dict[str, Record] = {}
        async for page in self._finder.pages(entity.object_type, groups, entity.properties()):
            for record in await self._records(entity, page, values):
                if matches(record, args.filters):
                    found.setdefault(record["id"], record)
            if len(found) >= limit:
                break
        logger.debug("hubspot fetch %s: %d records", entity.entity_type, min(len(found), limit))
        return sorted(found.values(), key=lambda record: int(record["id"]))[:limit]

    async def _fetch_about(self, entity: EntityMap, args: FetchEntityArgs, values: Values) -> list[Record]:
        """Notes or tasks about a record: its associations, read fresh, then the other filters."""
        ids = await self._about.ids_about(entity.object_type, args.filters["about"])
        return await self._read_matching(entity, ids, args, values, "about")

    async def _read_matching(
        self, entity: EntityMap, ids: list[str], args: FetchEntityArgs, values: Values, by: str
    ) -> list[Record]:
        """The records ``ids``, read fresh, that the filters other than ``by`` match."""
        fresh = await self._api.read_many(entity.object_type, ids, entity.properties())
        results = [{"id": record_id, "properties": fresh[record_id]} for record_id in ids if record_id in fresh]
        others = {name: value for name, value in args.filters.items() if name != by}
        found = [record for record in await self._records(entity, results, values) if matches(record, others)]
        return found[: args.limit or DEFAULT_LIMIT]

    async def create(self, args: CreateEntityArgs) -> Record:
        entity = _entity_of(args.entityType)
        _refuse_unmapped(entity, args.fields)
        values = await self._values(entity)
        fields = {name: value for name, value in args.fields.items() if value is not None}
        properties = self._own_properties(entity, fields, values) | self._defaults(entity, fields, values)
        associations: list[tuple[str, int]] = []
        if entity.link is not None:
            linked = await self._links.link_for(entity.link, fields, values)
            if linked is not None:
                associations.append((linked, entity.link.association_type_id))
        if entity.has_about and fields.get("about"):
            associations.append(await self._about.association(entity.object_type, entity.entity_type, fields["about"]))
        created = await self._api.create(entity.object_type, properties, associations)
        self._recent.wrote(entity.object_type, created.id)
        if entity.entity_type == "Deal" and set(deal_contacts.FIELDS) & set(args.fields):
            await deal_contacts.link(self._api, created.id, args.fields)
        if entity.entity_type == "Contact" and args.fields.get("accountId"):
            await contact_account.set_account(self._api, created.id, str(args.fields["accountId"]))
        return await self._record(entity, created.id, values)  # an existing contact with that email: as it is

    async def update(self, args: UpdateEntityArgs) -> Record:
        entity = _entity_of(args.entityType)
        _refuse_unmapped(entity, args.fields)
        values = await self._values(entity)
        current = await self._record(entity, args.id, values)
        needed = REQUIRED_ON_CREATE[entity.entity_type]
        if not any({**current, **args.fields}.get(name) not in (None, "") for name in needed):
            raise PermanentError(f"a {entity.entity_type} cannot lose its {' or '.join(needed)}", service=SERVICE)
        if entity.entity_type == "Task" and "status" in args.fields and args.fields["status"] is None:
            raise PermanentError("a Task's status is open or done", service=SERVICE)
        properties = self._own_properties(entity, args.fields, values)
        if properties:
            await self._api.update(entity.object_type, args.id, properties)
        link = entity.link
        if link is not None and set(args.fields) & set(link.fields):
            await self._links.update(entity, link, args.id, args.fields, values)
        if entity.has_about and "about" in args.fields:
            old, new = current.get("about"), args.fields["about"]
            await self._about.move(entity.object_type, entity.entity_type, args.id, old, new)
        if entity.entity_type == "Deal" and set(deal_contacts.FIELDS) & set(args.fields):
            await deal_contacts.link(self._api, args.id, args.fields)
        if entity.entity_type == "Contact" and "accountId" in args.fields:
            account = args.fields["accountId"]
            await contact_account.set_account(self._api, args.id, str(account) if account else None)
        self._recent.wrote(entity.object_type, args.id)
        return await self._record(entity, args.id, values)

    async def delete(self, args: DeleteEntityArgs) -> Record:
        entity = _entity_of(args.entityType)
        await self._api.read(entity.object_type, args.id, [])  # archiving an unknown id answers 204
        await self._api.archive(entity.object_type, args.id)
        self._recent.deleted(entity.object_type, args.id)
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
        """What HubSpot requires of a new deal (name, pipeline, stage), lead (name), note or task (a time: the
        note's, the task's due date, today when it has none), and a new task's status (open)."""
        now = self._now().astimezone(UTC)
        if entity.entity_type == "Note" or (entity.entity_type == "Activity" and not fields.get("occurredAt")):
            return {"hs_timestamp": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
        if entity.entity_type == "Task":
            status = values.encode(entity.fields["status"], fields.get("status", "open"))
            due = {} if fields.get("dueDate") else {"hs_timestamp": f"{now.date().isoformat()}{DUE_TIME}"}
            return {**status, **due}
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
            await self._links.add_fields(entity, entity.link, records, values)
        if entity.has_about and records:
            await self._about.add(entity.object_type, records)
        if entity.entity_type == "Contact" and records:  # (v3) its account: the associated company
            accounts = await contact_account.accounts_of(self._api, [str(record["id"]) for record in records])
            for record in records:
                record["accountId"] = accounts.get(str(record["id"]))
        if entity.entity_type == "Deal" and records:  # (v3) its contacts: the deal's contact associations
            linked = await deal_contacts.contacts_of(self._api, [str(record["id"]) for record in records])
            for record in records:
                record["contacts"] = linked.get(str(record["id"]), [])
        order = ["id", *FIELDS_BY_ENTITY[entity.entity_type].model_fields]
        return [{key: record.get(key) for key in order if key in record} for record in records]


def _about_of(entity: EntityMap) -> set[str]:
    return {"about"} if entity.has_about else set()


def _entity_of(entity_type: str) -> EntityMap:
    """The mapping of a record type; a type this connector does not map yet (v3 ``Activity``) is refused."""
    found = ENTITIES.get(entity_type)
    if found is None:
        raise PermanentError(
            f"HubSpot records of type {entity_type} are not supported yet: nothing was done", service=SERVICE
        )
    return found


def _refuse_unmapped(entity: EntityMap, fields: Mapping[str, Any]) -> None:
    """A field this connector does not write yet (v3: a contact's accountId) is refused, never dropped in silence."""
    mapped = set(entity.fields) | set(entity.link.fields if entity.link else ()) | _about_of(entity)
    if entity.entity_type == "Deal":
        mapped |= set(deal_contacts.FIELDS)
    if entity.entity_type == "Contact":
        mapped.add("accountId")
    unmapped = sorted(set(fields) - mapped)
    if unmapped:
        raise PermanentError(
            f"HubSpot: {entity.entity_type} field {unmapped[0]!r} is not supported yet: nothing was written",
            service=SERVICE,
        )
