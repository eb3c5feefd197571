"""Fixtures: the fake HubSpot and Salesforce servers on 127.0.0.1, and connectors pointed at them."""

from collections.abc import AsyncIterator
from datetime import date

import aiohttp
import pytest

from integrations.crm.hubspot import HubSpotCrm, HubSpotSettings, build
from integrations.crm.salesforce import SalesforceCrm, SalesforceSettings
from integrations.crm.salesforce import build as build_salesforce
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.integrations.crm.salesforce_fake import FakeSalesforce
from tests.integrations.crm.salesforce_fake import running as running_salesforce

TODAY = date(2026, 3, 2)


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as opened:
        yield opened


@pytest.fixture
async def hubspot() -> AsyncIterator[tuple[FakeHubSpot, str]]:
    fake = FakeHubSpot(page_limit=2)  # small pages: every multi-record search pages with ``after``
    async with running(fake) as base_url:
        yield fake, base_url
    assert fake.shape_errors == []


def hubspot_settings(base_url: str, **overrides: object) -> HubSpotSettings:
    values: dict[str, object] = {"access_token": "pat-test", "base_url": base_url, "page_size": 2, **overrides}
    return HubSpotSettings.model_validate(values)


@pytest.fixture
def hubspot_crm(hubspot: tuple[FakeHubSpot, str], session: aiohttp.ClientSession) -> HubSpotCrm:
    return build(session, hubspot_settings(hubspot[1]))


@pytest.fixture
async def salesforce() -> AsyncIterator[tuple[FakeSalesforce, str]]:
    fake = FakeSalesforce(batch_size=2)  # small batches: every multi-record query follows nextRecordsUrl
    async with running_salesforce(fake) as base_url:
        yield fake, base_url


def salesforce_settings(base_url: str, **overrides: object) -> SalesforceSettings:
    values: dict[str, object] = {
        "instance_url": base_url,
        "login_url": base_url,
        "client_id": "sf-client",
        "client_secret": "sf-secret",
        "refresh_token": "sf-refresh",
        **overrides,
    }
    return SalesforceSettings.model_validate(values)


@pytest.fixture
def salesforce_crm(salesforce: tuple[FakeSalesforce, str], session: aiohttp.ClientSession) -> SalesforceCrm:
    return build_salesforce(session, salesforce_settings(salesforce[1]), today=lambda: TODAY)
