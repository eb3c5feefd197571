"""The HubSpot connector against the fake HubSpot: the requests it sends, paging, associations, stages, owners,
and every kind of failure mapped into the error tree."""

from typing import Any

import aiohttp
import pytest

from integrations.base import AuthError, DailyLimitError, NotFoundError, PermanentError
from integrations.crm.hubspot import HubSpotCrm, build
from integrations.crm.hubspot.settings import DEFAULT_DEAL_STAGES
from planning.engine.runner import describe_failure
from tests.integrations.crm.conftest import hubspot_settings
from tests.integrations.crm.helpers import NoSleep, run, runner_for
from tests.integrations.crm.hubspot_fake import FakeHubSpot

Fake = tuple[FakeHubSpot, str]


def searches(fake: FakeHubSpot, object_type: str) -> list[dict[str, Any]]:
    return [r["json"] for r in fake.requests if r["path"] == f"/crm/objects/2026-09/{object_type}/search"]


async def test_fetch_pages_through_search_results_with_after(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    for index in range(5):
        fake.store.add("contacts", {"firstname": f"P{index}", "lastname": "Pager", "company": "Paging Co"})
    found = await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"company": "paging co"})
    assert [record["name"] for record in found] == ["P0 Pager", "P1 Pager", "P2 Pager", "P3 Pager", "P4 Pager"]
    bodies = searches(fake, "contacts")
    assert [body.get("after") for body in bodies] == [None, "2", "4"]
    assert bodies[0] == {
        "filterGroups": [{"filters": [{"propertyName": "company", "operator": "CONTAINS_TOKEN", "value": "*paging*"}]}],
        "properties": ["firstname", "lastname", "email", "phone", "company", "jobtitle"],
        "limit": 2,
    }


async def test_limit_stops_paging_early(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    for index in range(5):
        fake.store.add("contacts", {"firstname": f"L{index}", "lastname": "Limit"})
    found = await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"name": "limit"}, limit=3)
    assert [record["name"] for record in found] == ["L0 Limit", "L1 Limit", "L2 Limit"]
    assert len(searches(fake, "contacts")) == 2


async def test_person_names_search_first_or_last_name_and_match_exactly(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    fake.store.add("contacts", {"firstname": "Priya", "lastname": "Shah"})
    fake.store.add("contacts", {"firstname": "Shahid", "lastname": "Priyam"})
    found = await run(hubspot_crm, "fetch_entity", entityType="Contact", filters={"name": "PRIYA SHAH"})
    assert [record["name"] for record in found] == ["Priya Shah"]
    assert searches(fake, "contacts")[0]["filterGroups"] == [
        {"filters": [{"propertyName": "firstname", "operator": "CONTAINS_TOKEN", "value": "*PRIYA*"}]},
        {"filters": [{"propertyName": "lastname", "operator": "CONTAINS_TOKEN", "value": "*PRIYA*"}]},
    ]


async def test_deal_filters_become_company_then_deal_searches(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    won = await run(
        hubspot_crm,
        "create_entity",
        entityType="Deal",
        fields={"company": "Acme", "amount": 9000, "stage": "closed_won"},
    )
    await run(
        hubspot_crm,
        "create_entity",
        entityType="Deal",
        fields={"company": "Acme", "amount": 500, "stage": "closed_lost"},
    )
    await run(
        hubspot_crm,
        "create_entity",
        entityType="Deal",
        fields={"company": "Globex", "amount": 9000, "stage": "closed_won"},
    )
    fake.requests.clear()
    found = await run(
        hubspot_crm,
        "fetch_entity",
        entityType="Deal",
        filters={"company": "acme", "stage": "won", "amount": {"gt": 1000}},
    )
    assert found == [won]
    company_search, deal_search = searches(fake, "companies")[0], searches(fake, "deals")[0]
    assert company_search["filterGroups"] == [
        {"filters": [{"propertyName": "name", "operator": "CONTAINS_TOKEN", "value": "*acme*"}]}
    ]
    acme = fake.store.search("companies", company_search["filterGroups"])[0].id
    assert deal_search["filterGroups"] == [
        {
            "filters": [
                {"propertyName": "associations.company", "operator": "EQ", "value": acme},
                {"propertyName": "amount", "operator": "GT", "value": "1000"},
                {"propertyName": "dealstage", "operator": "IN", "values": ["closedwon"]},
            ]
        }
    ]


async def test_a_stage_text_naming_no_stage_asks_nothing(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    assert await run(hubspot_crm, "fetch_entity", entityType="Deal", filters={"stage": "zzz"}) == []
    assert fake.requests == []


async def test_deals_are_associated_with_one_company_found_or_created(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    first = await run(
        hubspot_crm, "create_entity", entityType="Deal", fields={"company": "Initech", "stage": "negotiation"}
    )
    second = await run(
        hubspot_crm, "create_entity", entityType="Deal", fields={"company": "INITECH", "name": "Renewal"}
    )
    companies = fake.store.search("companies", [])
    assert [c.properties["name"] for c in companies] == ["Initech"]
    assert fake.store.associated("deals", first["id"], "companies") == {companies[0].id: [5]}
    assert fake.store.associated("deals", second["id"], "companies") == {companies[0].id: [5]}
    assert first == {
        "id": first["id"],
        "name": "Initech deal",
        "company": "Initech",
        "amount": None,
        "stage": "negotiation",
        "closeDate": None,
        "contacts": [],  # (v3) its contact associations
    }
    assert fake.store.objects[first["id"]].properties["dealstage"] == "decisionmakerboughtin"
    assert fake.store.objects[first["id"]].properties["pipeline"] == "default"
    assert second["stage"] == "prospecting"

    moved = await run(hubspot_crm, "update_entity", entityType="Deal", id=first["id"], fields={"company": "Hooli"})
    hooli = next(c.id for c in fake.store.search("companies", []) if c.properties["name"] == "Hooli")
    assert moved["company"] == "Hooli"
    assert fake.store.associated("deals", first["id"], "companies") == {hooli: [5]}


async def test_deal_stage_ids_read_as_contract_stages(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    deal = fake.store.add(
        "deals",
        {"dealname": "Legacy", "dealstage": "contractsent", "pipeline": "default", "closedate": "2026-04-30T00:00:00Z"},
    )
    found = await run(hubspot_crm, "fetch_entity", entityType="Deal", filters={"stage": {"in": ["negotiation"]}})
    assert found == [
        {
            "id": deal.id,
            "name": "Legacy",
            "company": None,
            "amount": None,
            "stage": "negotiation",
            "closeDate": "2026-04-30",
            "contacts": [],
        }
    ]
    assert searches(fake, "deals")[0]["filterGroups"][0]["filters"] == [
        {"propertyName": "dealstage", "operator": "IN", "values": ["contractsent", "decisionmakerboughtin"]}
    ]


async def test_close_date_filters_by_month_as_a_millisecond_range(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    march = await run(
        hubspot_crm, "create_entity", entityType="Deal", fields={"company": "Dated", "closeDate": "2026-03-31"}
    )
    await run(hubspot_crm, "create_entity", entityType="Deal", fields={"company": "Dated", "closeDate": "2026-04-01"})
    assert fake.store.objects[march["id"]].properties["closedate"] == "2026-03-31T00:00:00Z"
    assert await run(hubspot_crm, "fetch_entity", entityType="Deal", filters={"closeDate": "2026-03"}) == [march]
    assert searches(fake, "deals")[-1]["filterGroups"][0]["filters"] == [
        {"propertyName": "closedate", "operator": "GTE", "value": "1772323200000"},
        {"propertyName": "closedate", "operator": "LT", "value": "1775001600000"},
    ]


async def test_leads_get_a_primary_contact_reused_by_email(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    fields = {"name": "Ann Lee", "email": "ann@example.com", "phone": "555", "company": "Globex", "status": "contacted"}
    lead = await run(hubspot_crm, "create_entity", entityType="Lead", fields=fields)
    assert lead == {"id": lead["id"], **fields}
    contact = fake.store.search("contacts", [])[0]
    assert {k: contact.properties[k] for k in ("firstname", "lastname", "email", "phone", "company")} == {
        "firstname": "Ann", "lastname": "Lee", "email": "ann@example.com", "phone": "555", "company": "Globex"
    }  # fmt: skip
    assert fake.store.associated("leads", lead["id"], "contacts") == {contact.id: [578]}
    assert fake.store.objects[lead["id"]].properties["hs_pipeline_stage"] == "attempting-stage-id"
    again = await run(
        hubspot_crm, "create_entity", entityType="Lead", fields={"name": "Ann again", "email": "ANN@example.com"}
    )
    assert len(fake.store.search("contacts", [])) == 1 and again["company"] == "Globex"

    changed = await run(
        hubspot_crm, "update_entity", entityType="Lead", id=lead["id"], fields={"phone": "777", "status": "qualified"}
    )
    assert changed == {**lead, "phone": "777", "status": "qualified"}
    assert contact.properties["phone"] == "777"


async def test_account_owner_is_a_hubspot_owner_by_name(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    account = await run(
        hubspot_crm,
        "create_entity",
        entityType="Account",
        fields={"name": "Owned", "owner": "dana owner", "industry": "Computer Software"},
    )
    stored = fake.store.objects[account["id"]].properties
    assert (stored["hubspot_owner_id"], stored["industry"]) == ("71", "COMPUTER_SOFTWARE")
    assert (account["owner"], account["industry"]) == ("Dana Owner", "Computer Software")
    assert await run(hubspot_crm, "fetch_entity", entityType="Account", filters={"owner": "DANA"}) == [account]
    assert await run(hubspot_crm, "fetch_entity", entityType="Account", filters={"owner": "nobody"}) == []
    with pytest.raises(PermanentError, match="no HubSpot user named 'Nobody'"):
        await run(hubspot_crm, "update_entity", entityType="Account", id=account["id"], fields={"owner": "Nobody"})
    assert [r["path"] for r in fake.requests].count("/crm/v3/owners") == 1  # cached


async def test_unknown_ids_are_not_found_without_archiving(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    with pytest.raises(NotFoundError):
        await run(hubspot_crm, "update_entity", entityType="Contact", id="424242", fields={"title": "x"})
    with pytest.raises(NotFoundError):
        await run(hubspot_crm, "delete_entity", entityType="Deal", id="424242")
    with pytest.raises(NotFoundError):
        await run(hubspot_crm, "delete_entity", entityType="Deal", id="../owners")
    assert [(r["method"], r["path"]) for r in fake.requests] == [
        ("GET", "/crm/objects/2026-09/contacts/424242"),
        ("GET", "/crm/objects/2026-09/deals/424242"),
    ]


async def test_a_refused_value_is_permanent_with_hubspots_message(
    hubspot: Fake, session: aiohttp.ClientSession
) -> None:
    _, base_url = hubspot
    stages = {**DEFAULT_DEAL_STAGES, "prospecting": ["nosuchstage"]}
    crm = build(session, hubspot_settings(base_url, deal_stages=stages))
    with pytest.raises(PermanentError) as raised:
        await run(crm, "create_entity", entityType="Deal", fields={"company": "Acme"})
    assert str(raised.value).startswith(
        'hubspot refused the request: Property values were not valid: [{"isValid": false, "message": "nosuchstage '
        "was not one of the allowed options"
    )


async def test_a_rejected_private_app_token_is_an_auth_error(hubspot: Fake, session: aiohttp.ClientSession) -> None:
    _, base_url = hubspot
    crm = build(session, hubspot_settings(base_url, access_token="pat-revoked"))
    with pytest.raises(AuthError):
        await run(crm, "fetch_entity", entityType="Contact", filters={})


async def test_oauth_apps_refresh_after_a_401_and_retry(hubspot: Fake, session: aiohttp.ClientSession) -> None:
    fake, base_url = hubspot
    settings = hubspot_settings(
        base_url,
        access_token=None,
        client_id="app",
        client_secret="secret",
        refresh_token="refresh-1",
        token_url=f"{base_url}/oauth/v1/token",
    )
    crm = build(session, settings)
    assert await run(crm, "fetch_entity", entityType="Contact", filters={}) == []
    fake.tokens.discard("oauth-access-1")  # revoked early: the next call gets a 401
    assert await run(crm, "fetch_entity", entityType="Contact", filters={}) == []
    assert fake.issued == 2
    assert [r["path"] for r in fake.requests].count("/crm/objects/2026-09/contacts/search") == 3


async def test_rate_limits_and_server_errors_are_retried_by_the_runner(hubspot: Fake, hubspot_crm: HubSpotCrm) -> None:
    fake, _ = hubspot
    fake.store.add("contacts", {"firstname": "Retry", "lastname": "Me"})
    limited = {"status": "error", "message": "You have reached your secondly limit.", "errorType": "RATE_LIMIT",
               "correlationId": "c-1", "policyName": "SECONDLY"}  # fmt: skip
    fake.fail_next = [(429, limited, {"Retry-After": "2"}), (502, {"status": "error", "message": "Bad gateway"}, {})]
    sleep = NoSleep()
    found = await runner_for(hubspot_crm, sleep).run(
        "fetch_entity", {"entityType": "Contact", "filters": {"name": "retry"}}
    )
    assert [record["name"] for record in found] == ["Retry Me"]
    assert sleep.delays == [0.25]  # the 429 was waited out (Retry-After) by the HTTP layer, the 502 by the runner


async def test_a_used_up_daily_limit_is_not_retried_and_says_when_it_resets(
    hubspot: Fake, hubspot_crm: HubSpotCrm
) -> None:
    fake, _ = hubspot
    fake.daily_allowance = len(fake.requests)
    sleep = NoSleep()
    with pytest.raises(DailyLimitError) as raised:
        await runner_for(hubspot_crm, sleep).run("fetch_entity", {"entityType": "Contact", "filters": {}})
    assert sleep.delays == [] and len(fake.requests) == fake.daily_allowance + 1
    told = describe_failure(raised.value).message
    assert told == "the daily limit of HubSpot is used up; it resets at midnight in the HubSpot account's time zone"
