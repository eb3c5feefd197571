"""HubSpot's search index trails its objects API: the connector finds what it just wrote (by the id the write
returned), does not find what it just deleted or the old values of what it just changed, and takes a 409
"already exists" as the record it was looking for."""

import aiohttp

from integrations.crm.hubspot import HubSpotCrm, build
from tests.integrations.crm.conftest import hubspot_settings
from tests.integrations.crm.helpers import run
from tests.integrations.crm.hubspot_fake import FakeHubSpot

Fake = tuple[FakeHubSpot, str]


async def test_a_new_record_is_found_before_the_index_has_it(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    created = await run(hubspot_crm, "create_entity", entityType="Contact", fields={"name": "Nia Fresh"})
    assert fake.store.search_index("contacts", []) == []  # search does not know it yet
    assert await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"name": "nia"}) == [created]
    assert await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"name": "other"}) == []


async def test_changed_and_deleted_records_are_read_as_they_are_now(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    kept = await run(hubspot_crm, "create_entity", entityType="Contact", fields={"name": "Kim Buyer", "title": "Buyer"})
    gone = await run(hubspot_crm, "create_entity", entityType="Contact", fields={"name": "Kim Gone", "title": "Buyer"})
    fake.store.catch_up()
    changed = await run(
        hubspot_crm, "update_entity", entityType="Contact", id=kept["id"], fields={"title": "Head of Purchasing"}
    )
    await run(hubspot_crm, "delete_entity", entityType="Contact", id=gone["id"])
    stale = [o.properties["jobtitle"] for o in fake.store.search_index("contacts", [])]
    assert stale == ["Buyer", "Buyer"]  # the index still has both, as they were
    assert await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"title": "buyer"}) == []
    assert await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"title": "purchasing"}) == [changed]


async def test_without_the_window_search_decides(hubspot: Fake, session: aiohttp.ClientSession) -> None:
    fake, base_url = hubspot
    crm = build(session, hubspot_settings(base_url, index_lag_seconds=0))
    created = await run(crm, "create_entity", entityType="Contact", fields={"name": "Lou Later"})
    assert await run(crm, "fetch_entity", entityType="Contact", filters={"name": "lou"}) == []  # HubSpot's lag
    fake.store.catch_up()
    assert await run(crm, "fetch_entity", entityType="Contact", filters={"name": "lou"}) == [created]


async def test_a_deal_is_found_by_a_company_created_with_it(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    deal = await run(hubspot_crm, "create_entity", entityType="Deal", fields={"company": "Brand New Co"})
    again = await run(hubspot_crm, "create_entity", entityType="Deal", fields={"company": "brand new co"})
    assert deal["company"] == again["company"] == "Brand New Co"  # one company, found without the index
    found = await run(hubspot_crm, "fetch_entity", entityType="Deal", filters={"company": "brand new"})
    assert [d["id"] for d in found] == [deal["id"], again["id"]]


async def test_a_contact_that_already_exists_is_the_one_hubspot_names(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    theirs = fake.store.add(
        "contacts", {"firstname": "Ann", "lastname": "Lee", "email": "ann@example.com"}, indexed=False
    )
    lead = await run(
        hubspot_crm, "create_entity", entityType="Lead", fields={"company": "Globex", "email": "ANN@example.com"}
    )
    assert fake.store.associated("leads", lead["id"], "contacts") == {theirs.id: [578]}
    contact = await run(
        hubspot_crm, "create_entity", entityType="Contact", fields={"name": "Someone Else", "email": "ann@example.com"}
    )
    assert (contact["id"], contact["name"]) == (theirs.id, "Ann Lee")  # the existing record, as it is
    assert len(fake.store.search("contacts", [])) == 1
    conflicts = [r for r in fake.requests if r["method"] == "POST" and r["path"] == "/crm/objects/2026-09/contacts"]
    assert len(conflicts) == 2  # both creates were answered 409 and made nothing
