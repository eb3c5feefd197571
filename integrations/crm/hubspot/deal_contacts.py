"""A deal's contacts (contract v3) in HubSpot: the deal's associations with contacts (v4, the default type);
linking a contact checks it exists, unlinking removes the association."""

from collections.abc import Mapping, Sequence
from typing import Any

from integrations.base.errors import NotFoundError
from integrations.crm.hubspot.api import HubSpotApi, checked_id
from integrations.crm.hubspot.values import SERVICE

FIELDS = ("contacts", "addContacts", "removeContacts")


async def contacts_of(api: HubSpotApi, deal_ids: Sequence[str]) -> dict[str, list[str]]:
    linked = await api.associated("deals", "contacts", list(deal_ids))
    return {deal: list(dict.fromkeys(target for target, _types in linked.get(deal, []))) for deal in deal_ids}


async def link(api: HubSpotApi, deal_id: str, fields: Mapping[str, Any]) -> None:
    """Apply ``contacts`` (the whole list), ``addContacts`` and ``removeContacts`` to the deal's associations."""
    current = (await contacts_of(api, [deal_id]))[deal_id]
    wanted = fields.get("contacts")
    added = list(wanted if wanted is not None else fields.get("addContacts") or [])
    removed = set(fields.get("removeContacts") or [])
    if wanted is not None:
        removed |= set(current) - set(wanted)
    for contact in added:
        if contact not in current and contact not in removed:
            try:
                await api.read("contacts", checked_id(contact), [])
            except NotFoundError as error:
                raise NotFoundError(f"no Contact with id {contact!r} to link to the deal", service=SERVICE) from error
            await api.associate("deals", deal_id, "contacts", contact)
    for contact in current:
        if contact in removed:
            await api.dissociate("deals", deal_id, "contacts", contact)
