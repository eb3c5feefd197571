"""The composition root gives the HubSpot connector the plan store's creation claims: two replicas (two apps on one
store) creating a deal for the same new company at once make one company."""

import asyncio
from pathlib import Path

import pytest

from bot.compose import App, build_app
from bot.settings import Settings
from integrations.base.arguments import CreateEntityArgs
from integrations.crm.hubspot import HubSpotCrm
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running


def environment_crm(app: App) -> HubSpotCrm:
    [crm] = [connector for connector in app.connectors if isinstance(connector, HubSpotCrm)]
    return crm


async def test_two_apps_on_one_store_create_a_company_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeHubSpot()  # its search index never catches up by itself: a new company is not found by search
    async with running(fake) as url:
        monkeypatch.setenv("PLANBOT_HUBSPOT_ACCESS_TOKEN", "pat-test")
        monkeypatch.setenv("PLANBOT_HUBSPOT_BASE_URL", url)
        settings = Settings(data_dir=tmp_path, crm="hubspot")
        apps = [await build_app(settings, "UTC"), await build_app(settings, "UTC")]
        try:
            assert all(app.claims is not None for app in apps)
            deal = CreateEntityArgs(entityType="Deal", fields={"company": "Umbrella Corp"})
            await asyncio.gather(*(environment_crm(app).call("create_entity", deal) for app in apps * 2))
        finally:
            for app in apps:
                await app.close()
    assert [c.properties["name"] for c in fake.store.search("companies", [])] == ["Umbrella Corp"]
    assert len(fake.store.search("deals", [])) == 4


async def test_without_a_claiming_connector_no_claims_are_opened(tmp_path: Path) -> None:
    app = await build_app(Settings(data_dir=tmp_path), "UTC")
    try:
        assert app.claims is None
    finally:
        await app.close()
