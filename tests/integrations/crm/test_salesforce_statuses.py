"""Salesforce lead statuses come from the org (LeadStatus): a converted status is never written, an org where only
conversion qualifies a lead says so, converted leads read as qualified, and the statuses are read once."""

from collections.abc import AsyncIterator

import aiohttp
import pytest

from integrations.base import PermanentError
from integrations.crm.salesforce import SalesforceCrm, build
from tests.integrations.crm.conftest import TODAY, salesforce_settings
from tests.integrations.crm.helpers import run
from tests.integrations.crm.salesforce_fake import FakeSalesforce, running
from tests.integrations.crm.salesforce_schema import CLASSIC_LEAD_STATUSES

Fake = tuple[FakeSalesforce, str]


@pytest.fixture
async def classic_org(session: aiohttp.ClientSession) -> AsyncIterator[tuple[FakeSalesforce, SalesforceCrm]]:
    fake = FakeSalesforce(lead_statuses=CLASSIC_LEAD_STATUSES)
    async with running(fake) as base_url:
        yield fake, build(session, salesforce_settings(base_url), today=lambda: TODAY)


async def test_qualified_is_the_orgs_qualified_status(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    lead = await run(salesforce_crm, "create_entity", entityType="Lead", fields={"company": "Q Co"})
    assert lead["status"] == "new"
    qualified = await run(
        salesforce_crm, "update_entity", entityType="Lead", id=lead["id"], fields={"status": "qualified"}
    )
    assert (qualified["status"], fake.records["Lead"][lead["id"]]["Status"]) == ("qualified", "Qualified")
    await run(salesforce_crm, "fetch_entity", entityType="Lead", filters={"status": "qualified"})
    assert [q for q in fake.queries if "FROM LeadStatus" in q] == [
        "SELECT ApiName, MasterLabel, IsConverted, IsDefault FROM LeadStatus ORDER BY SortOrder LIMIT 200"
    ]  # read once, kept


async def test_an_org_where_only_conversion_qualifies_says_so_and_writes_nothing(
    classic_org: tuple[FakeSalesforce, SalesforceCrm],
) -> None:
    fake, crm = classic_org
    lead = await run(crm, "create_entity", entityType="Lead", fields={"company": "Classic Co"})
    with pytest.raises(PermanentError) as raised:
        await run(crm, "update_entity", entityType="Lead", id=lead["id"], fields={"status": "qualified"})
    assert str(raised.value).startswith(
        "in this Salesforce org a lead becomes qualified only by converting it ('Closed - Converted' is set by lead "
        "conversion, which makes a contact, an account and perhaps an opportunity): convert it in Salesforce"
    )
    assert "'Closed - Converted' (conversion)" in str(raised.value)
    with pytest.raises(PermanentError, match="only by converting it"):
        await run(crm, "create_entity", entityType="Lead", fields={"company": "Classic Co", "status": "qualified"})
    assert fake.records["Lead"][lead["id"]]["Status"] == "Open - Not Contacted"
    assert not [r for r in fake.requests if r["method"] == "PATCH"]
    unqualified = await run(crm, "update_entity", entityType="Lead", id=lead["id"], fields={"status": "unqualified"})
    assert unqualified["status"] == "unqualified"


async def test_converted_leads_read_as_qualified(classic_org: tuple[FakeSalesforce, SalesforceCrm]) -> None:
    fake, crm = classic_org
    converted = fake.add("Lead", {"LastName": "Done", "Company": "Conv Co", "Status": "Closed - Converted"})
    fake.add("Lead", {"LastName": "Open", "Company": "Conv Co", "Status": "Working - Contacted"})
    found = await run(crm, "fetch_entity", entityType="Lead", filters={"company": "conv", "status": "qualified"})
    assert [(lead["id"], lead["status"]) for lead in found] == [(converted, "qualified")]


async def test_a_status_the_org_lacks_names_the_orgs_statuses(salesforce: Fake, session: aiohttp.ClientSession) -> None:
    _, base_url = salesforce
    statuses = {"new": ["Fresh"], "contacted": ["Working - Contacted"], "qualified": ["Qualified"],
                "unqualified": ["Closed - Not Converted"]}  # fmt: skip
    crm = build(session, salesforce_settings(base_url, lead_statuses=statuses))
    with pytest.raises(PermanentError) as raised:
        await run(crm, "create_entity", entityType="Lead", fields={"company": "X", "status": "new"})
    assert str(raised.value).startswith(
        "this Salesforce org has no lead status for new (configured: Fresh); its lead statuses are "
        "'Open - Not Contacted', 'Working - Contacted', 'Qualified', 'Closed - Converted' (conversion)"
    )
