"""Each person's connector: built from their stored account, reused while the account is unchanged, rebuilt after a
reconnection or once idle; a workspace CRM serves its own workspace only; an account no key opens asks to reconnect."""

import logging
from typing import Any

import aiohttp
import pytest
from pydantic import SecretStr

from bot.accounts.book import Accounts
from bot.accounts.connectors import PersonalConnectors
from bot.accounts.oauth_providers import oauth_setup
from bot.accounts.services import Options
from bot.accounts.vault import Vault
from bot.accounts.workspace_crm import CONNECTED_BY, allow_members_write
from bot.settings import Settings
from integrations.base import AuthError
from integrations.base.arguments import FetchEmailsArgs, SendEmailArgs
from integrations.base.catalog import tool_catalog
from integrations.base.errors import PermissionDeniedError
from integrations.base.principal import Principal
from integrations.base.registry import ConnectorRegistry
from integrations.calendar.caldav import CalDavCalendar
from integrations.crm.hubspot import HubSpotCrm, HubSpotSettings
from integrations.crm.hubspot import build as build_hubspot
from integrations.outbound import AddressRefusedError, ServerPolicy
from planning.engine.runner import ToolRunner
from planning.store.credentials import WORKSPACE, InMemoryCredentialStore
from tests.bot.accounts.conftest import LOCAL_SERVERS
from tests.integrations.calendar.radicale import USERS, Radicale
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.integrations.outbound.test_server_addresses import Listener

KEY = "a-secret-key-of-more-than-thirty-two-characters"
ANN = Principal("T1", "UA")
LOCAL = Options(servers=ServerPolicy.allowing([LOCAL_SERVERS]))  # Radicale runs on this machine


def built(connector: object) -> Any:
    """The connector built from the account, inside the one that watches for refused sign-ins (and the one that
    keeps a workspace's CRM read-only)."""
    while hasattr(connector, "inner"):
        connector = connector.inner
    return connector


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def connect_ann(accounts: Accounts, url: str, password: str = USERS["ann"]) -> None:
    credentials = {"url": url, "username": "ann", "password": password}
    await accounts.save(team="T1", user="UA", kind="calendar", service="caldav", label="ann", credentials=credentials)


async def test_a_connector_is_reused_then_rebuilt_after_reconnecting_or_idling(
    radicale: Radicale, http: aiohttp.ClientSession
) -> None:
    accounts, ticks = Accounts(InMemoryCredentialStore(), Vault(KEY)), Ticks()
    personal = PersonalConnectors(accounts, http, LOCAL, idle_seconds=60, monotonic=ticks)
    url = radicale.new_calendar("ann")
    await connect_ann(accounts, url)
    first = await personal.connector("calendar", ANN)
    assert isinstance(built(first), CalDavCalendar) and await built(first).calendar_url() == url
    ticks.now = 59
    assert await personal.connector("calendar", ANN) is first
    ticks.now = 59 + 60
    second = await personal.connector("calendar", ANN)
    assert second is not first and second is not None
    await connect_ann(accounts, url)  # reconnected: new credentials, a new connector
    assert await personal.connector("calendar", ANN) is not second
    assert await personal.connector("calendar", Principal("T1", "UB")) is None
    assert await personal.connector("email", ANN) is None
    await personal.close()


async def test_a_workspace_crm_serves_its_workspace_and_a_person_s_own_comes_first(
    http: aiohttp.ClientSession,
) -> None:
    accounts = Accounts(InMemoryCredentialStore(), Vault(KEY))
    personal = PersonalConnectors(accounts, http, LOCAL)
    shared = {"token": "pat-shared"}
    await accounts.save(team="T1", user=WORKSPACE, kind="crm", service="hubspot", label="x", credentials=shared)
    assert isinstance(built(await personal.connector("crm", Principal("T1", "UZ"))), HubSpotCrm)
    assert await personal.connector("crm", Principal("T2", "UZ")) is None
    shared_one = await personal.connector("crm", Principal("T1", "UZ"))
    own = {"token": "pat-own"}
    await accounts.save(team="T1", user="UY", kind="crm", service="hubspot", label="y", credentials=own)
    mine = await personal.connector("crm", Principal("T1", "UY"))
    assert isinstance(built(mine), HubSpotCrm) and mine is not shared_one
    await personal.close()


async def test_a_workspace_crm_is_read_only_for_members_until_an_admin_allows_writes(
    http: aiohttp.ClientSession,
) -> None:
    fake = FakeHubSpot()
    company = fake.store.add("companies", {"name": "Zebracorp", "domain": "zebracorp.example"})
    deal = fake.store.add("deals", {"dealname": "Zebracorp renewal", "amount": "125000", "dealstage": "qualifiedtobuy"})
    fake.store.associate("deals", deal.id, "companies", company.id, 5)
    accounts = Accounts(InMemoryCredentialStore(), Vault(KEY))
    async with running(fake) as url:
        personal = PersonalConnectors(accounts, http, hubspot_app(url))
        shared = {"refresh_token": fake.refresh_token, CONNECTED_BY: "UADMIN"}  # as Connect for everyone stores it
        await accounts.save(team="T1", user=WORKSPACE, kind="crm", service="hubspot", label="x", credentials=shared)
        runner = ToolRunner(registry(personal))
        won = {"entityType": "Deal", "id": deal.id, "fields": {"stage": "closed_won"}}
        member = Principal("T1", "UZ")
        assert await runner.run("fetch_entity", {"entityType": "Deal", "filters": {}}, principal=member)
        refused = await runner.account_error("update_entity", member)
        assert isinstance(refused, PermissionDeniedError)
        assert str(refused) == "Connect your own HubSpot to change records; the workspace CRM is read-only for members"
        with pytest.raises(PermissionDeniedError):  # nothing writes through it even past the engine's check
            await runner.run("update_entity", won, principal=member)
        assert not [r for r in fake.requests if r["method"] == "PATCH"]
        assert stage(fake, deal.id) == "qualifiedtobuy"

        admin = Principal("T1", "UADMIN")  # who connected it changes records
        assert await runner.account_error("update_entity", admin) is None
        await runner.run("update_entity", won, principal=admin)
        assert stage(fake, deal.id) == "closedwon"

        stored = await accounts.store.get("T1", WORKSPACE, "crm")
        assert stored is not None and await allow_members_write(accounts, stored, True) is not None
        assert await runner.account_error("update_entity", member) is None
        lost = {"entityType": "Deal", "id": deal.id, "fields": {"stage": "closed_lost"}}
        await runner.run("update_entity", lost, principal=member)
        assert stage(fake, deal.id) == "closedlost"
        await personal.close()


async def test_the_environments_crm_is_read_only_but_for_its_owner_unless_the_server_allows_writes(
    http: aiohttp.ClientSession,
) -> None:
    fake = FakeHubSpot(token="pat-env")
    async with running(fake) as url:
        crm = build_hubspot(http, HubSpotSettings.model_validate({"access_token": "pat-env", "base_url": url}))
        accounts = Accounts(InMemoryCredentialStore(), Vault(KEY))
        for allowed in (False, True):
            personal = PersonalConnectors(
                accounts, http, LOCAL, owner="UOWNER", environment={"crm": crm}, members_write=allowed
            )
            runner = ToolRunner(registry(personal))
            assert await runner.account_error("create_entity", Principal("T1", "UOWNER")) is None
            refused = await runner.account_error("create_entity", Principal("T1", "UZ"))
            assert (refused is None) is allowed
            assert await runner.account_error("fetch_entity", Principal("T1", "UZ")) is None


def stage(fake: FakeHubSpot, deal: str) -> str | None:
    found = fake.store.live("deals", deal)
    assert found is not None
    return found.properties["dealstage"]


def hubspot_app(url: str) -> Options:
    """The install's HubSpot app, its sign-in and API on the local HubSpot."""
    settings = Settings(
        crm="hubspot",
        oauth_hubspot_client_id="hs-app",
        oauth_hubspot_client_secret=SecretStr("hs-secret"),
        oauth_hubspot_base_url=url,
        oauth_hubspot_api_url=url,
    )
    return Options(oauth=oauth_setup(settings), servers=LOCAL.servers)


def registry(personal: PersonalConnectors) -> ConnectorRegistry:
    found = ConnectorRegistry(tool_catalog())
    found.register_personal("crm", HubSpotCrm.tools, personal)
    return found


async def test_an_account_sealed_with_another_key_asks_to_reconnect_without_logging_it(
    radicale: Radicale, http: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    store = InMemoryCredentialStore()
    await connect_ann(Accounts(store, Vault("another-key-of-more-than-thirty-two-chars")), radicale.base_url, "pw-9876")
    personal = PersonalConnectors(Accounts(store, Vault(KEY)), http, LOCAL)
    with pytest.raises(AuthError, match="connect it again"):
        await personal.connector("calendar", ANN)
    assert "pw-9876" not in caplog.text and KEY not in caplog.text


async def test_a_stored_account_whose_server_is_inside_is_refused_on_every_connection(
    http: aiohttp.ClientSession,
) -> None:
    """The check runs on each connection, not only when the account was connected: a server whose name resolves
    inside by now (here ``localhost``) is refused, and nothing reaches it."""
    listener = Listener()
    accounts = Accounts(InMemoryCredentialStore(), Vault(KEY))
    await connect_ann(accounts, f"http://localhost:{listener.port}/dav/")
    mail = {
        "url": f"imap://localhost:{listener.port}?security=none",
        "smtp_url": f"smtp://localhost:{listener.port}?security=none",
        "username": "ann@example.com",
        "password": "pw",
    }
    await accounts.save(team="T1", user="UA", kind="email", service="imap", label="ann", credentials=mail)
    personal = PersonalConnectors(accounts, http, Options())  # no host listed
    try:
        calendar = await personal.connector("calendar", ANN)
        for _ in range(2):
            with pytest.raises(AddressRefusedError):
                await built(calendar).calendar_url()
        email = built(await personal.connector("email", ANN))
        with pytest.raises(AddressRefusedError):
            await email.fetch_emails(FetchEmailsArgs(limit=1))
        with pytest.raises(AddressRefusedError):
            await email.send_email(SendEmailArgs(to=["bob@example.com"], subject="hi", body="hello"))
        assert listener.connections() == 0
    finally:
        await personal.close()
        listener.sock.close()
