"""A contact's account (contract v3 ``accountId``) in HubSpot: the company the contact is associated with (v4, the
default type; HubSpot's primary company, type 1, is preferred when reading). Setting it replaces the contact's
company associations with the one named, which must exist."""

from collections.abc import Sequence

from integrations.base.errors import NotFoundError
from integrations.crm.hubspot.api import HubSpotApi, checked_id
from integrations.crm.hubspot.values import SERVICE

PRIMARY = 1  # HUBSPOT_DEFINED contact → company, primary


async def accounts_of(api: HubSpotApi, contact_ids: Sequence[str]) -> dict[str, str | None]:
    linked = await api.associated("contacts", "companies", list(contact_ids))
    found: dict[str, str | None] = {}
    for contact in contact_ids:
        targets = linked.get(contact, [])
        primary = [target for target, types in targets if PRIMARY in types]
        chosen = primary or [target for target, _types in targets]
        found[contact] = chosen[0] if chosen else None
    return found


async def contacts_at(api: HubSpotApi, account_id: str) -> list[str]:
    """The contacts associated with the company (none for an id of no company)."""
    try:
        company = checked_id(account_id)
    except NotFoundError:
        return []
    linked = await api.associated("companies", "contacts", [company])
    return list(dict.fromkeys(target for target, _types in linked.get(company, [])))


async def set_account(api: HubSpotApi, contact_id: str, account_id: str | None) -> None:
    current = (await api.associated("contacts", "companies", [contact_id])).get(contact_id, [])
    if account_id is not None:
        try:
            await api.read("companies", checked_id(account_id), [])
        except NotFoundError as error:
            raise NotFoundError(
                f"no Account with id {account_id!r} for the contact to work at", service=SERVICE
            ) from error
    for company, _types in current:
        if company != account_id:
            await api.dissociate("contacts", contact_id, "companies", company)
    if account_id is not None and account_id not in {company for company, _types in current}:
        await api.associate("contacts", contact_id, "companies", account_id)
