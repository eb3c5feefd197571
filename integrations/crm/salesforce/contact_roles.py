"""A deal's contacts (contract v3) in Salesforce: ``OpportunityContactRole`` rows (``OpportunityId``,
``ContactId``), one per contact; linking a contact already linked adds no second row, unlinking deletes its rows."""

from collections.abc import Mapping, Sequence
from typing import Any

from integrations.base.errors import NotFoundError
from integrations.crm.salesforce import soql
from integrations.crm.salesforce.api import SERVICE, SalesforceApi, checked_id

ROLE = "OpportunityContactRole"
FIELDS = ("contacts", "addContacts", "removeContacts")


async def contacts_of(api: SalesforceApi, deal_ids: Sequence[str]) -> dict[str, list[str]]:
    """Each deal's contact ids, in the order they were linked."""
    found: dict[str, list[str]] = {deal: [] for deal in deal_ids}
    if not deal_ids:
        return found
    where = [f"OpportunityId IN {soql.listed(soql.quoted(checked_id(d)) for d in deal_ids)}"]
    query = soql.select(ROLE, ["Id", "OpportunityId", "ContactId"], where, limit=2000, order_by="CreatedDate")
    for row in await api.query(query, limit=2000):
        contacts = found.setdefault(str(row["OpportunityId"]), [])
        if str(row["ContactId"]) not in contacts:
            contacts.append(str(row["ContactId"]))
    return found


async def link(api: SalesforceApi, deal_id: str, fields: Mapping[str, Any]) -> None:
    """Apply ``contacts`` (the whole list), ``addContacts`` and ``removeContacts`` to the deal's contact roles."""
    query = soql.select(ROLE, ["Id", "ContactId"], [f"OpportunityId = {soql.quoted(checked_id(deal_id))}"], limit=2000)
    rows = [(str(r["Id"]), str(r["ContactId"])) for r in await api.query(query, limit=2000)]
    linked = {contact for _, contact in rows}
    wanted = fields.get("contacts")
    added = list(wanted if wanted is not None else fields.get("addContacts") or [])
    removed = set(fields.get("removeContacts") or [])
    if wanted is not None:
        removed |= linked - set(wanted)
    for contact in added:
        if contact not in linked and contact not in removed:
            await _check_contact(api, contact)
            await api.create(ROLE, {"OpportunityId": deal_id, "ContactId": contact})
            linked.add(contact)
    for role_id, contact in rows:
        if contact in removed:
            await api.delete(ROLE, role_id)


async def _check_contact(api: SalesforceApi, contact: str) -> None:
    missing = NotFoundError(f"no Contact with id {contact!r} to link to the deal", service=SERVICE)
    try:
        where = [f"Id = {soql.quoted(checked_id(contact))}"]
    except NotFoundError as error:
        raise missing from error
    if not await api.query(soql.select("Contact", ["Id"], where, limit=1), limit=1):
        raise missing
