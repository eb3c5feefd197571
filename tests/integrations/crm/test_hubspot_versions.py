"""HubSpot after 2027: the connector calls the date-based API (2026-09) wherever HubSpot documents one, against a
stand-in that no longer serves the legacy v3/v4 paths; a busy record's associations are read past the first page."""

import aiohttp
import pytest

from integrations.crm.hubspot import HubSpotCrm, build
from tests.integrations.crm.conftest import hubspot_settings
from tests.integrations.crm.helpers import run
from tests.integrations.crm.hubspot_fake import ASSOCIATION_PAGE, FakeHubSpot

Fake = tuple[FakeHubSpot, str]
LEGACY = ("/crm/v3/objects/", "/crm/v4/", "/crm/v3/associations/", "/crm/v3/properties/")


@pytest.fixture
def crm(hubspot: Fake, session: aiohttp.ClientSession) -> HubSpotCrm:
    return build(session, hubspot_settings(hubspot[1]))


async def test_the_stand_in_answers_legacy_paths_with_404(hubspot: Fake, session: aiohttp.ClientSession) -> None:
    fake, base_url = hubspot
    company = fake.store.add("companies", {"name": "Initech"})
    headers = {"Authorization": "Bearer pat-test"}
    for path in (f"/crm/v3/objects/companies/{company.id}", "/crm/v4/associations/notes/companies/labels"):
        async with session.get(base_url + path, headers=headers) as answer:
            assert answer.status == 404, path
    async with session.get(f"{base_url}/crm/objects/2026-09/companies/{company.id}", headers=headers) as answer:
        assert answer.status == 200


async def test_every_call_uses_the_date_based_api_but_owners(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    company = await run(crm, "create_entity", entityType="Account", fields={"name": "Initech", "owner": "Dana Owner"})
    deal = await run(crm, "create_entity", entityType="Deal", fields={"name": "Renewal", "company": "Initech"})
    await run(crm, "update_entity", entityType="Deal", id=deal["id"], fields={"company": "Globex"})
    note = await run(
        crm, "create_entity", entityType="Note",
        fields={"body": "Call back", "about": {"entityType": "Account", "id": company["id"]}},
    )  # fmt: skip
    await run(crm, "fetch_entity", entityType="Note", filters={"about": {"entityType": "Account", "id": company["id"]}})
    await run(crm, "fetch_entity", entityType="Deal", filters={"company": "Globex"})
    await run(crm, "delete_entity", entityType="Note", id=note["id"])
    paths = {request["path"] for request in fake.requests}
    assert not [path for path in paths if path.startswith(LEGACY)]
    dated = {path for path in paths if path != "/crm/v3/owners"}
    assert all(path.split("/")[3] == "2026-09" for path in dated), sorted(dated)
    assert {path.split("/")[2] for path in dated} == {"objects", "associations", "properties"}


async def test_a_busy_records_notes_past_the_first_page_are_read(hubspot: Fake, crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    company = fake.store.add("companies", {"name": "Initech"})
    for n in range(ASSOCIATION_PAGE):
        note = fake.store.add("notes", {"hs_note_body": f"Call {n}", "hs_timestamp": "2026-03-02T14:00:00.000Z"})
        fake.store.associate("notes", note.id, "companies", company.id, 190)
    last = fake.store.add("notes", {"hs_note_body": "Renewal signed", "hs_timestamp": "2026-03-02T15:00:00.000Z"})
    fake.store.associate("notes", last.id, "companies", company.id, 190)
    about = {"entityType": "Account", "id": company.id}
    (found,) = await run(crm, "fetch_entity", entityType="Note", filters={"about": about, "body": "Renewal"})
    assert found["id"] == last.id
    reads = [r["json"] for r in fake.requests if r["path"] == "/crm/associations/2026-09/companies/notes/batch/read"]
    assert reads == [{"inputs": [{"id": company.id}]}, {"inputs": [{"id": company.id, "after": str(ASSOCIATION_PAGE)}]}]
