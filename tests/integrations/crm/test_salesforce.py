"""The Salesforce connector against the fake org: the SOQL it sends (user text only ever as data), batches
followed through nextRecordsUrl, Accounts and Users looked up, picklists, OAuth refresh, and failures."""

import logging
from typing import Any

import aiohttp
import pytest
from pydantic import ValidationError

from integrations.base import AuthError, DailyLimitError, NotFoundError, PermanentError
from integrations.crm.salesforce import SalesforceCrm, SalesforceSettings, build, connect
from planning.engine.runner import describe_failure
from tests.integrations.crm.conftest import TODAY, salesforce_settings
from tests.integrations.crm.helpers import NoSleep, run, runner_for
from tests.integrations.crm.salesforce_fake import FakeSalesforce
from tests.integrations.crm.salesforce_soql import Condition, Pattern

Fake = tuple[FakeSalesforce, str]
HOSTILE = "O'Brien\\' OR Name LIKE '%"


def soql_requests(fake: FakeSalesforce) -> list[str]:
    return [r["query"]["q"] for r in fake.requests if r["path"].endswith("/query")]


async def test_user_text_with_quotes_backslashes_and_soql_reaches_salesforce_as_data(
    salesforce: Fake, salesforce_crm: SalesforceCrm
) -> None:
    fake, _ = salesforce
    fake.add("Contact", {"FirstName": "Pat", "LastName": HOSTILE + "_x"})
    fake.add("Contact", {"FirstName": "Pat", "LastName": "O'Brien"})
    fake.add("Contact", {"FirstName": "Any", "LastName": "Body"})
    found = await run(salesforce_crm, "fetch_entity", entityType="Contact", filters={"name": HOSTILE})
    assert [record["name"] for record in found] == ["Pat " + HOSTILE + "_x"]
    assert fake.queries[-1] == (
        "SELECT Id, Name, Email, Phone, Account.Name, Title, AccountId, Owner.Name FROM Contact "
        "WHERE Name LIKE '%O\\'Brien\\\\\\' OR Name LIKE \\'\\%%' ORDER BY Id LIMIT 100"
    )
    (condition,) = fake.parsed[-1].where
    assert (condition.field, condition.operator) == ("Name", "LIKE")
    assert condition.value.contained() == HOSTILE
    assert await run(salesforce_crm, "fetch_entity", entityType="Contact", filters={"name": "100%_sure"}) == []
    assert fake.parsed[-1].where[0].value.contained() == "100%_sure"


async def test_exact_values_are_quoted_too(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    await run(salesforce_crm, "create_entity", entityType="Contact", fields={"name": "Q", "company": "Bob's \\ Co"})
    assert fake.queries[0] == "SELECT Id FROM Account WHERE Name = 'Bob\\'s \\\\ Co' ORDER BY Id LIMIT 1"
    assert fake.parsed[0].where == (Condition("Name", "=", Pattern(tuple((c, False) for c in "Bob's \\ Co"))),)
    found = await run(
        salesforce_crm, "fetch_entity", entityType="Contact", filters={"company": {"in": ["BOB'S \\ CO"]}}
    )
    assert [record["company"] for record in found] == ["Bob's \\ Co"]


async def test_fetch_follows_next_records_url(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    for index in range(5):
        fake.add("Lead", {"LastName": f"Batch{index}", "Company": "Batchers", "Status": "Open - Not Contacted"})
    found = await run(salesforce_crm, "fetch_entity", entityType="Lead", filters={"company": "batch"})
    assert [record["name"] for record in found] == [f"Batch{index}" for index in range(5)]
    assert fake.queries[0].startswith("SELECT ApiName, MasterLabel, IsConverted, IsDefault FROM LeadStatus")
    assert [r["path"].rsplit("/", 1)[1] for r in fake.requests][-3:] == [  # after the org's lead statuses
        "query",
        "01gFAKE00000000002-2",
        "01gFAKE00000000002-4",
    ]
    assert all(record["status"] == "new" for record in found)


async def test_the_limit_goes_into_the_soql(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    for index in range(5):
        fake.add("Account", {"Name": f"Limited {index}", "OwnerId": fake.api_user})
    found = await run(salesforce_crm, "fetch_entity", entityType="Account", filters={"name": "limited"}, limit=3)
    assert [record["name"] for record in found] == ["Limited 0", "Limited 1", "Limited 2"]
    assert len(fake.requests) == 2  # the fake answers LIMIT 3 in batches of 2
    assert fake.queries[-1].endswith("ORDER BY Id LIMIT 3")


async def test_deal_filters_become_one_soql_query(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    filters: dict[str, Any] = {
        "company": "acme",
        "stage": "won",
        "amount": {"gt": 1000, "lt": 5e5},
        "closeDate": "2026-03",
    }
    assert await run(salesforce_crm, "fetch_entity", entityType="Deal", filters=filters) == []
    assert fake.queries == [
        "SELECT Id, Name, Account.Name, Amount, StageName, CloseDate, Owner.Name FROM Opportunity"
        " WHERE Account.Name LIKE '%acme%' "
        "AND StageName IN ('Closed Won') AND Amount > 1000 AND Amount < 500000 "
        "AND CloseDate >= 2026-03-01 AND CloseDate < 2026-04-01 ORDER BY Id LIMIT 100"
    ]


async def test_deals_get_required_defaults_and_an_account(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    deal = await run(salesforce_crm, "create_entity", entityType="Deal", fields={"company": "Initech", "amount": 1200})
    assert deal == {
        "id": deal["id"],
        "name": "Initech deal",
        "company": "Initech",
        "amount": 1200.0,
        "stage": "prospecting",
        "closeDate": "2026-04-01",
        "owner": "Api User",  # the creating user, as Salesforce sets it
        "contacts": [],
    }
    stored = fake.records["Opportunity"][deal["id"]]
    assert (stored["StageName"], stored["CloseDate"]) == ("Prospecting", "2026-04-01")
    again = await run(
        salesforce_crm, "create_entity", entityType="Deal", fields={"company": "initech", "stage": "negotiation"}
    )
    assert [account["Name"] for account in fake.records["Account"].values()] == ["Initech"]
    assert fake.records["Opportunity"][again["id"]]["StageName"] == "Negotiation/Review"
    moved = await run(salesforce_crm, "update_entity", entityType="Deal", id=again["id"], fields={"company": "Hooli"})
    assert moved["company"] == "Hooli" and len(fake.records["Account"]) == 2
    assert TODAY.isoformat() == "2026-03-02"


async def test_picklist_values_read_as_contract_values(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    fake.add("Opportunity", {"Name": "Old", "StageName": "Value Proposition", "CloseDate": "2026-05-01"})
    fake.add("Lead", {"LastName": "Worked", "Company": "W", "Status": "Working - Contacted"})
    assert [
        d["stage"]
        for d in await run(salesforce_crm, "fetch_entity", entityType="Deal", filters={"stage": {"in": ["PROPOSAL"]}})
    ] == ["proposal"]
    assert [
        ld["status"]
        for ld in await run(salesforce_crm, "fetch_entity", entityType="Lead", filters={"status": "contact"})
    ] == ["contacted"]


async def test_leads_fill_salesforces_required_fields(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    by_company = await run(salesforce_crm, "create_entity", entityType="Lead", fields={"company": "Globex"})
    by_name = await run(
        salesforce_crm, "create_entity", entityType="Lead", fields={"name": "Mary Ann Smith", "status": "qualified"}
    )
    assert {k: fake.records["Lead"][by_company["id"]][k] for k in ("LastName", "Company")} == {
        "LastName": "Globex",
        "Company": "Globex",
    }
    stored = fake.records["Lead"][by_name["id"]]
    assert (stored["FirstName"], stored["LastName"], stored["Company"], stored["Status"]) == (
        "Mary Ann",
        "Smith",
        "[not provided]",
        "Qualified",  # the org's own status, never the one lead conversion sets
    )
    assert by_name == {
        "id": by_name["id"],
        "name": "Mary Ann Smith",
        "email": None,
        "phone": None,
        "company": None,
        "status": "qualified",
        "owner": "Api User",
    }


async def test_account_owner_is_an_active_user(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    account = await run(
        salesforce_crm,
        "create_entity",
        entityType="Account",
        fields={"name": "Owned", "owner": "dana@example.com", "domain": "owned.example"},
    )
    assert (account["owner"], account["domain"]) == ("Dana Owner", "owned.example")
    assert await run(salesforce_crm, "fetch_entity", entityType="Account", filters={"owner": "dana"}) == [account]
    with pytest.raises(PermanentError, match="no active Salesforce user named 'Nobody'"):
        await run(salesforce_crm, "update_entity", entityType="Account", id=account["id"], fields={"owner": "Nobody"})


async def test_unknown_and_deleted_ids_are_not_found(salesforce: Fake, salesforce_crm: SalesforceCrm) -> None:
    fake, _ = salesforce
    with pytest.raises(NotFoundError):
        await run(salesforce_crm, "delete_entity", entityType="Contact", id="003000000000000999")
    assert fake.requests[-1]["method"] == "DELETE"
    with pytest.raises(NotFoundError):
        await run(salesforce_crm, "update_entity", entityType="Contact", id="003000000000000999", fields={"title": "x"})
    with pytest.raises(NotFoundError):
        await run(salesforce_crm, "delete_entity", entityType="Contact", id="../limits")
    contact = await run(salesforce_crm, "create_entity", entityType="Contact", fields={"name": "Gone"})
    await run(salesforce_crm, "delete_entity", entityType="Contact", id=contact["id"])
    with pytest.raises(NotFoundError, match="salesforce: not found"):
        await run(salesforce_crm, "delete_entity", entityType="Contact", id=contact["id"])


async def test_a_refused_value_is_permanent_with_salesforces_message(
    salesforce: Fake, session: aiohttp.ClientSession
) -> None:
    _, base_url = salesforce
    stages = {
        "prospecting": ["Cold"],
        "qualification": ["Qualification"],
        "proposal": ["Proposal/Price Quote"],
        "negotiation": ["Negotiation/Review"],
        "closed_won": ["Closed Won"],
        "closed_lost": ["Closed Lost"],
    }
    crm = build(session, salesforce_settings(base_url, stage_names=stages))
    with pytest.raises(PermanentError) as raised:
        await run(crm, "create_entity", entityType="Deal", fields={"company": "Acme"})
    assert str(raised.value) == "salesforce refused the request: bad value for restricted picklist field: Cold"


async def test_an_expired_session_is_refreshed_and_the_call_retried(
    salesforce: Fake, salesforce_crm: SalesforceCrm
) -> None:
    fake, _ = salesforce
    assert await run(salesforce_crm, "fetch_entity", entityType="Contact", filters={}) == []
    fake.expire_tokens()
    assert await run(salesforce_crm, "fetch_entity", entityType="Contact", filters={}) == []
    assert fake.issued == 2
    assert [r["path"].rsplit("/", 1)[1] for r in fake.requests] == ["query", "query", "query"]


async def test_a_revoked_refresh_token_is_an_auth_error(salesforce: Fake, session: aiohttp.ClientSession) -> None:
    _, base_url = salesforce
    crm = build(session, salesforce_settings(base_url, refresh_token="revoked"))
    with pytest.raises(AuthError, match="invalid_grant"):
        await run(crm, "fetch_entity", entityType="Contact", filters={})


async def test_rate_limits_are_waited_out_and_server_errors_retried_by_the_runner(
    salesforce: Fake, salesforce_crm: SalesforceCrm
) -> None:
    fake, _ = salesforce
    fake.add("Contact", {"LastName": "Retried"})
    busy = [{"message": "ConcurrentPerOrgLongTxn Limit exceeded.", "errorCode": "REQUEST_LIMIT_EXCEEDED"}]
    fake.fail_next = [
        (429, busy, {"Retry-After": "1"}),  # waited out by the HTTP layer, the request sent again
        (503, [{"message": "Server unavailable", "errorCode": "SERVER_UNAVAILABLE"}], {}),
    ]
    sleep = NoSleep()
    found = await runner_for(salesforce_crm, sleep).run(
        "fetch_entity", {"entityType": "Contact", "filters": {"name": "retried"}}
    )
    assert [record["name"] for record in found] == ["Retried"]
    assert sleep.delays == [0.25]


async def test_a_used_up_daily_allowance_is_not_retried_and_says_when_it_resets(
    salesforce: Fake, salesforce_crm: SalesforceCrm
) -> None:
    fake, _ = salesforce
    fake.daily_allowance = len([r for r in fake.requests if r["path"].startswith("/services/data/")])
    sleep = NoSleep()
    with pytest.raises(DailyLimitError) as raised:
        await runner_for(salesforce_crm, sleep).run("fetch_entity", {"entityType": "Contact", "filters": {}})
    assert sleep.delays == [] and len(fake.requests) == 1
    told = describe_failure(raised.value)
    assert told.message.startswith("the daily limit of Salesforce is used up; it resets ")
    assert "not answering" not in told.message and not told.transient


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANBOT_SALESFORCE_INSTANCE_URL", "https://acme.my.salesforce.com/")
    monkeypatch.setenv("PLANBOT_SALESFORCE_CLIENT_ID", "3MVG9")
    monkeypatch.setenv("PLANBOT_SALESFORCE_CLIENT_SECRET", "very-secret")
    monkeypatch.setenv("PLANBOT_SALESFORCE_REFRESH_TOKEN", "5Aep-refresh")
    monkeypatch.setenv("PLANBOT_SALESFORCE_API_VERSION", "61.0")
    settings = SalesforceSettings(_env_file=None)
    assert (settings.instance_url, settings.api_version) == ("https://acme.my.salesforce.com", "v61.0")
    assert settings.token_url == "https://login.salesforce.com/services/oauth2/token"
    assert "very-secret" not in repr(settings) and "5Aep-refresh" not in repr(settings)
    with pytest.raises(ValidationError, match=r"api_version looks like v62\.0"):
        SalesforceSettings(api_version="latest", _env_file=None)


async def test_connect_builds_the_connector_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, salesforce: Fake, session: aiohttp.ClientSession
) -> None:
    for name, value in {"INSTANCE_URL": salesforce[1], "LOGIN_URL": salesforce[1], "CLIENT_ID": "sf-client",
                        "CLIENT_SECRET": "sf-secret", "REFRESH_TOKEN": "sf-refresh"}.items():  # fmt: skip
        monkeypatch.setenv(f"PLANBOT_SALESFORCE_{name}", value)
    connector = await connect(session)
    assert connector.name == "salesforce"
    assert await run(connector, "fetch_entity", entityType="Deal", filters={}) == []


async def test_nothing_secret_or_personal_is_logged(
    salesforce: Fake, salesforce_crm: SalesforceCrm, caplog: pytest.LogCaptureFixture
) -> None:
    fake, _ = salesforce
    caplog.set_level(logging.DEBUG)
    await run(
        salesforce_crm,
        "create_entity",
        entityType="Contact",
        fields={"name": "Secret Person", "email": "hidden@example.com"},
    )
    fake.expire_tokens()
    await run(salesforce_crm, "fetch_entity", entityType="Contact", filters={"email": "hidden"})
    ours = "\n".join(
        r.getMessage() for r in caplog.records if not r.name.startswith("aiohttp.access")
    )  # not the fake's
    assert ours == "salesforce fetch Contact: 1 records"  # the refresh after the 401 logs nothing
    assert not any(word in ours for word in ("access-", "sf-refresh", "sf-secret", "Secret", "hidden"))
