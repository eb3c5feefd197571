"""HubSpot enumerations: labels become the portal's options (read from the properties API, kept for a while), a
label that fits no option or several is refused naming them, and the stand-in refuses what HubSpot refuses."""

from typing import Any

import aiohttp
import pytest

from integrations.base import PermanentError
from integrations.crm.hubspot import HubSpotCrm
from tests.integrations.crm.helpers import run
from tests.integrations.crm.hubspot_fake import FakeHubSpot

Fake = tuple[FakeHubSpot, str]


def writes(fake: FakeHubSpot, object_type: str) -> list[dict[str, Any]]:
    objects = f"/crm/objects/2026-09/{object_type}"
    return [r for r in fake.requests if r["path"].startswith(objects) and r["method"] != "GET"
            and not r["path"].endswith("/search")]  # fmt: skip


async def test_industry_labels_are_written_as_hubspots_options(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    account = await run(
        hubspot_crm, "create_entity", entityType="Account", fields={"name": "Ship Co", "industry": "Logistics"}
    )
    stored = fake.store.objects[account["id"]].properties
    assert (stored["industry"], account["industry"]) == ("LOGISTICS_AND_SUPPLY_CHAIN", "Logistics and Supply Chain")
    for given, option in (
        ("computer software", "COMPUTER_SOFTWARE"),
        ("Hospital and Health Care", "HOSPITAL_HEALTH_CARE"),  # "&" in the label
        ("APPAREL_FASHION", "APPAREL_FASHION"),  # the internal value itself
        ("oil and energy", "OIL_ENERGY"),
    ):
        await run(hubspot_crm, "update_entity", entityType="Account", id=account["id"], fields={"industry": given})
        assert stored["industry"] == option, given
    reads = [r for r in fake.requests if r["path"] == "/crm/properties/2026-09/companies/industry"]
    assert len(reads) == 1  # the options are kept, not read for every call


async def test_an_industry_no_option_fits_names_the_nearest_and_writes_nothing(
    hubspot: Fake, hubspot_crm: HubSpotCrm
) -> None:
    fake, _ = hubspot
    with pytest.raises(PermanentError) as raised:
        await run(hubspot_crm, "create_entity", entityType="Account", fields={"name": "X", "industry": "Logistic"})
    assert str(raised.value).startswith(
        "HubSpot has no Industry 'Logistic'; the nearest options are 'Logistics and Supply Chain'"
    )
    with pytest.raises(PermanentError, match="HubSpot has no Industry 'Quantum knitting'; the nearest options are"):
        await run(
            hubspot_crm, "create_entity", entityType="Account", fields={"name": "X", "industry": "Quantum knitting"}
        )
    assert writes(fake, "companies") == []


async def test_an_industry_several_options_fit_asks_which(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    with pytest.raises(PermanentError) as raised:
        await run(hubspot_crm, "create_entity", entityType="Account", fields={"name": "X", "industry": "Health Care"})
    assert str(raised.value) == (
        "'Health Care' fits several HubSpot Industry options: 'Hospital & Health Care', 'Mental Health Care'; say which"
    )


async def test_industry_filters_name_options_by_label(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    fake.store.add("companies", {"name": "Truckers", "industry": "TRANSPORTATION_TRUCKING_RAILROAD"})
    fake.store.add("companies", {"name": "Forwarders", "industry": "PACKAGE_FREIGHT_DELIVERY"})
    found = await run(hubspot_crm, "fetch_entity", entityType="Account", filters={"industry": "trucking"})
    assert [(a["name"], a["industry"]) for a in found] == [("Truckers", "Transportation/Trucking/Railroad")]
    search = [r["json"] for r in fake.requests if r["path"].endswith("/companies/search")][-1]
    assert search["filterGroups"] == [
        {"filters": [{"propertyName": "industry", "operator": "IN", "values": ["transportation_trucking_railroad"]}]}
    ]
    exact = await run(
        hubspot_crm,
        "fetch_entity",
        entityType="Account",
        filters={"industry": {"in": ["package/freight delivery", "Retail"]}},
    )
    assert [a["name"] for a in exact] == ["Forwarders"]
    assert await run(hubspot_crm, "fetch_entity", entityType="Account", filters={"industry": "knitting"}) == []


async def test_the_stand_in_refuses_values_outside_an_enumeration(
    hubspot: Fake, session: aiohttp.ClientSession
) -> None:
    _, base_url = hubspot
    headers = {"Authorization": "Bearer pat-test"}

    async def create(object_type: str, properties: dict[str, str]) -> tuple[int, dict[str, Any]]:
        async with session.post(
            f"{base_url}/crm/objects/2026-09/{object_type}", json={"properties": properties}, headers=headers
        ) as answer:
            return answer.status, await answer.json()

    for object_type, properties in (
        ("companies", {"name": "A", "industry": "LOGISTICS"}),  # upper-cased label: not an option
        ("companies", {"name": "A", "lifecyclestage": "Lead"}),  # the label, not the value
        ("contacts", {"email": "a@example.com", "hs_lead_status": "new"}),  # values are case-sensitive
        ("companies", {"name": "A", "hubspot_owner_id": "999"}),  # no such owner
    ):
        status, body = await create(object_type, properties)
        assert (status, body["category"]) == (400, "VALIDATION_ERROR"), properties
        assert "Property values were not valid" in body["message"]
    status, _ = await create("contacts", {"email": "b@example.com", "hs_lead_status": "NEW"})
    assert status == 201


async def test_deals_of_several_companies_are_searched_one_filter_group_per_company(
    hubspot: Fake, hubspot_crm: HubSpotCrm
) -> None:
    fake, _ = hubspot
    for index in range(7):
        await run(hubspot_crm, "create_entity", entityType="Deal", fields={"company": f"Umbrella {index}"})
    await run(hubspot_crm, "create_entity", entityType="Deal", fields={"company": "Initech"})
    fake.requests.clear()
    found = await run(hubspot_crm, "fetch_entity", entityType="Deal", filters={"company": "umbrella"})
    assert sorted(deal["company"] for deal in found) == [f"Umbrella {index}" for index in range(7)]
    bodies = [r["json"] for r in fake.requests if r["path"].endswith("/deals/search")]
    groups = [group for body in bodies if body.get("after") is None for group in body["filterGroups"]]
    companies = {c.id for c in fake.store.search("companies", []) if str(c.properties["name"]).startswith("Umbrella")}
    by_company = [{"propertyName": "associations.company", "operator": "EQ", "value": c} for c in sorted(companies)]
    assert sorted((g["filters"] for g in groups), key=lambda f: f[0]["value"]) == [[f] for f in by_company]
    assert [len(body["filterGroups"]) for body in bodies if body.get("after") is None] == [5, 2]  # HubSpot's limit
