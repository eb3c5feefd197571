"""The Salesforce CRM connector: the four CRM tools of contract §3 over SOQL and the sObject REST API, for
contacts, leads, opportunities, accounts, and (v2) classic notes and tasks about a record (``activities``)."""

import logging
import time
from collections.abc import Callable, Mapping
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from integrations.base.arguments import CreateEntityArgs, DeleteEntityArgs, FetchEntityArgs, UpdateEntityArgs
from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.records import FIELDS_BY_ENTITY, REQUIRED_ON_CREATE
from integrations.crm.salesforce import contact_roles, soql
from integrations.crm.salesforce.activities import SOBJECT_OF, about_conditions, about_fields, about_of
from integrations.crm.salesforce.api import SalesforceApi, checked_id
from integrations.crm.salesforce.mapping import SOBJECTS, SObjectMap
from integrations.crm.salesforce.query import LOCAL, NoMatchError, conditions
from integrations.crm.salesforce.settings import SalesforceSettings
from integrations.crm.salesforce.statuses import OrgStatuses
from integrations.crm.salesforce.values import SERVICE, Picklists, decode, encode

logger = logging.getLogger(__name__)
DEFAULT_LIMIT = 100
SCAN_LIMIT = 2000  # records read to apply a filter SOQL cannot (a note's body)
STATUSES_TTL_SECONDS = 300.0
Record = dict[str, Any]


class SalesforceCrm:
    """Runs ``fetch_entity``, ``create_entity``, ``update_entity`` and ``delete_entity`` against Salesforce."""

    name = "salesforce"
    tools = frozenset({"fetch_entity", "create_entity", "update_entity", "delete_entity"})

    def __init__(
        self,
        api: SalesforceApi,
        settings: SalesforceSettings,
        *,
        today: Callable[[], date] = date.today,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._api = api
        self._settings = settings
        self._statuses = OrgStatuses(api, ttl_seconds=STATUSES_TTL_SECONDS, clock=clock)
        self._today = today

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if isinstance(arguments, FetchEntityArgs):
            return await self.fetch(arguments)
        if isinstance(arguments, CreateEntityArgs):
            return await self.create(arguments)
        if isinstance(arguments, UpdateEntityArgs):
            return await self.update(arguments)
        if isinstance(arguments, DeleteEntityArgs):
            return await self.delete(arguments)
        raise PermanentError(f"salesforce does not run {tool!r}", service=SERVICE)

    async def fetch(self, args: FetchEntityArgs) -> list[Record]:
        entity = _entity_of(args.entityType)
        picklists = await self._picklists(entity)
        try:
            where = conditions(entity, args.filters, picklists)
            about = about_conditions(entity, args.filters["about"]) if "about" in args.filters else []
        except NoMatchError:
            return []
        if about is None:
            return []
        if entity.entity_type == "Activity":  # (v3) logged calls and emails: tasks of those subtypes
            where = [*where, "TaskSubtype IN ('Call', 'Email')"]
        limit = args.limit or DEFAULT_LIMIT
        local = {n: str(v).casefold() for n, v in args.filters.items() if (entity.entity_type, n) in LOCAL - _ABOUT}
        scan = SCAN_LIMIT if local else limit
        query = soql.select(entity.sobject, entity.selected(), [*where, *about], limit=scan)
        found = [_record(entity, row, picklists) for row in await self._api.query(query, limit=scan)]
        found = [r for r in found if all(text in str(r.get(n) or "").casefold() for n, text in local.items())]
        logger.debug("salesforce fetch %s: %d records", entity.entity_type, min(len(found), limit))
        return await self._with_contacts(entity, found[:limit])

    async def create(self, args: CreateEntityArgs) -> Record:
        entity = _entity_of(args.entityType)
        picklists = await self._picklists(entity)
        links = {name: args.fields[name] for name in contact_roles.FIELDS if name in args.fields}
        skipped = {"about", *contact_roles.FIELDS}
        fields = {name: value for name, value in args.fields.items() if value is not None and name not in skipped}
        values = self._defaults(entity, fields, picklists) | await self._values(entity, fields, picklists)
        if entity.about:
            about = args.fields.get("about")
            if about is not None:
                await self._check_about(entity, about)
            values |= {k: v for k, v in about_fields(entity, about).items() if v is not None}
        record_id = await self._api.create(entity.sobject, values)
        if links:
            await contact_roles.link(self._api, record_id, links)
        return await self._load(entity, record_id, picklists)

    async def update(self, args: UpdateEntityArgs) -> Record:
        entity = _entity_of(args.entityType)
        picklists = await self._picklists(entity)
        current = await self._load(entity, args.id, picklists)
        needed = REQUIRED_ON_CREATE[entity.entity_type]
        if not any({**current, **args.fields}.get(name) not in (None, "") for name in needed):
            raise PermanentError(f"a {entity.entity_type} cannot lose its {' or '.join(needed)}", service=SERVICE)
        fields = {name: value for name, value in args.fields.items() if name not in ("about", *contact_roles.FIELDS)}
        values = await self._values(entity, fields, picklists)
        about = args.fields.get("about")
        if "about" in args.fields and about != current.get("about"):
            if entity.sobject == "Note":
                raise PermanentError(
                    "Salesforce cannot move a note to another record: delete it and add it to the other one",
                    service=SERVICE,
                )
            if about is not None:
                await self._check_about(entity, about)
            values |= about_fields(entity, about)
        if values:
            await self._api.update(entity.sobject, args.id, values)
        links = {name: args.fields[name] for name in contact_roles.FIELDS if name in args.fields}
        if links and entity.sobject == "Opportunity":
            await contact_roles.link(self._api, args.id, links)
        return await self._load(entity, args.id, picklists)

    async def delete(self, args: DeleteEntityArgs) -> Record:
        entity = _entity_of(args.entityType)
        await self._api.delete(entity.sobject, args.id)
        return {"id": args.id}

    async def _picklists(self, entity: SObjectMap) -> Picklists:
        """The picklists of ``entity``: a lead's or task's statuses are the org's own."""
        if entity.sobject == "Lead":
            return Picklists(self._settings, lead_statuses=await self._statuses.lead())
        if entity.sobject == "Task":
            return Picklists(self._settings, task_statuses=await self._statuses.task())
        return Picklists(self._settings)

    async def _check_about(self, entity: SObjectMap, about: Mapping[str, Any]) -> None:
        """The record a note or task is to be about exists."""
        missing = NotFoundError(
            f"no {about['entityType']} with id {about['id']!r} for the {entity.entity_type} to be about",
            service=SERVICE,
        )
        try:
            where = [f"Id = {soql.quoted(checked_id(str(about['id'])))}"]
        except NotFoundError as error:
            raise missing from error
        if not await self._api.query(soql.select(SOBJECT_OF[about["entityType"]], ["Id"], where, limit=1), limit=1):
            raise missing

    async def _load(self, entity: SObjectMap, record_id: str, picklists: Picklists) -> Record:
        where = [f"Id = {soql.quoted(checked_id(record_id))}"]
        found = await self._api.query(soql.select(entity.sobject, entity.selected(), where, limit=1), limit=1)
        if not found:
            raise NotFoundError(f"no {entity.entity_type} with id {record_id!r}", service=SERVICE)
        return (await self._with_contacts(entity, [_record(entity, found[0], picklists)]))[0]

    async def _with_contacts(self, entity: SObjectMap, records: list[Record]) -> list[Record]:
        """(v3) A deal's ``contacts``: its contact roles."""
        if entity.sobject != "Opportunity" or not records:
            return records
        linked = await contact_roles.contacts_of(self._api, [str(r["id"]) for r in records])
        return [{**record, "contacts": linked.get(str(record["id"]), [])} for record in records]

    async def _values(self, entity: SObjectMap, fields: Mapping[str, Any], picklists: Picklists) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, value in fields.items():
            spec = entity.fields.get(name)
            if spec is None:
                raise PermanentError(f"{entity.entity_type} has no field {name!r}", service=SERVICE)
            if spec.kind == "account":
                values[spec.writes[0]] = await self._account_id(str(value)) if value not in (None, "") else None
            elif spec.kind == "owner":
                values[spec.writes[0]] = await self._user_id(entity, value)
            else:
                values.update(encode(spec, value, picklists))
        return values

    def _defaults(self, entity: SObjectMap, fields: Mapping[str, Any], picklists: Picklists) -> dict[str, Any]:
        """What Salesforce requires of a new record that the contract leaves optional."""
        spec = entity.fields
        if entity.sobject == "Opportunity":
            close = self._today() + timedelta(days=self._settings.default_close_days)
            return {
                "Name": str(fields.get("name") or f"{fields.get('company', 'New')} deal"),
                "StageName": picklists.write("deal_stage", fields.get("stage", "prospecting")),
                "CloseDate": str(fields.get("closeDate") or close.isoformat()),
            }
        if entity.sobject == "Lead":
            name = fields.get("name") or fields.get("company") or fields.get("email")
            return encode(spec["name"], name, picklists) | encode(spec["company"], fields.get("company"), picklists)
        if entity.entity_type == "Activity":  # logged: done, on its day
            day = fields.get("occurredAt") or self._today().isoformat()
            return {"Status": picklists.task_status("done")} | encode(spec["occurredAt"], day, picklists)
        if entity.sobject == "Task":
            return encode(spec["status"], fields.get("status", "open"), picklists)
        return {}

    async def _account_id(self, name: str) -> str:
        """The Account named ``name`` (the oldest, if several), created when there is none."""
        query = soql.select("Account", ["Id"], [f"Name = {soql.quoted(name)}"], limit=1)
        found = await self._api.query(query, limit=1)
        return str(found[0]["Id"]) if found else await self._api.create("Account", {"Name": name})

    async def _user_id(self, entity: SObjectMap, value: Any) -> str:
        if value in (None, ""):
            raise PermanentError(f"a Salesforce {entity.entity_type} always has an owner", service=SERVICE)
        for field in ("Name", "Email", "Username"):
            query = soql.select("User", ["Id"], [f"{field} = {soql.quoted(str(value))}", "IsActive = TRUE"], limit=2)
            found = await self._api.query(query, limit=2)
            if len(found) == 1:
                return str(found[0]["Id"])
            if found:
                raise PermanentError(f"several Salesforce users are named {value!r}", service=SERVICE)
        raise PermanentError(f"no active Salesforce user named {value!r}", service=SERVICE)


_ABOUT = {("Note", "about"), ("Task", "about")}


def _record(entity: SObjectMap, row: Mapping[str, Any], picklists: Picklists) -> Record:
    decoded = {name: decode(spec, row, picklists) for name, spec in entity.fields.items()}
    if entity.about:
        decoded["about"] = about_of(entity, row)
    return {
        "id": str(row["Id"]),
        **{name: decoded.get(name) for name in FIELDS_BY_ENTITY[entity.entity_type].model_fields if name in decoded},
    }


def _entity_of(entity_type: str) -> SObjectMap:
    """The mapping of a record type; a type this connector does not map yet (v3 ``Activity``) is refused."""
    found = SOBJECTS.get(entity_type)
    if found is None:
        raise PermanentError(
            f"Salesforce records of type {entity_type} are not supported yet: nothing was done", service=SERVICE
        )
    return found
