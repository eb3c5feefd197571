"""Which OAuth services an install offers, the fewest scopes for the kinds it serves with each, and revocation at
each service (HubSpot deletes its refresh token; Microsoft has no revocation endpoint)."""

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from pydantic import SecretStr

from bot.accounts.oauth_connectors import build, revoke
from bot.accounts.oauth_providers import oauth_setup
from bot.accounts.services import AccountInputError, Options
from bot.settings import Settings
from integrations.microsoft import OutlookCalendar
from tests.slack.kit.fake_web_api import serve_locally

pytestmark = pytest.mark.usefixtures("planbot_env")  # no .env nor PLANBOT_* of the machine


def settings(tmp_path: Path, **values: object) -> Settings:
    return Settings(data_dir=tmp_path, public_url="https://bot.example.com/", **values)  # type: ignore[arg-type]


def test_each_kind_asks_only_its_own_scopes(tmp_path: Path) -> None:
    setup = oauth_setup(
        settings(
            tmp_path,
            email="microsoft",
            calendar="google",
            crm="hubspot",
            oauth_microsoft_client_id="ms-app",
            oauth_microsoft_client_secret=SecretStr("ms-secret"),
            oauth_google_client_id="g-app",
            oauth_google_client_secret=SecretStr("g-secret"),
        )
    )
    assert setup.public_url == "https://bot.example.com"
    microsoft, google = setup.providers["microsoft"], setup.providers["google"]
    assert set(microsoft.kinds) == {"email"} and set(google.kinds) == {"calendar"}
    ms_scopes = microsoft.scopes(("email",))
    assert "https://graph.microsoft.com/Mail.Send" in ms_scopes and "offline_access" in ms_scopes
    assert not any("Calendars" in s for s in ms_scopes)  # mail only: the calendar is Google's here
    assert not any("gmail" in s for s in google.scopes(("calendar",)))
    assert microsoft.authorize_url == "https://login.microsoftonline.com/common/oauth2/v2.0/authorize"
    assert microsoft.revoke_url is None
    assert google.token_url == "https://oauth2.googleapis.com/token"
    assert "PLANBOT_OAUTH_HUBSPOT_CLIENT_ID" in setup.unavailable["hubspot"]  # used, but no app configured
    assert "does not use Salesforce" in setup.unavailable["salesforce"]


def test_base_urls_move_the_sign_in_server_and_the_api(tmp_path: Path) -> None:
    setup = oauth_setup(
        settings(
            tmp_path,
            crm="salesforce",
            oauth_salesforce_client_id="sf-app",
            oauth_salesforce_client_secret=SecretStr("sf-secret"),
            oauth_salesforce_base_url="https://test.salesforce.com",
        )
    )
    salesforce = setup.providers["salesforce"]
    assert salesforce.token_url == "https://test.salesforce.com/services/oauth2/token"
    assert salesforce.scopes(("crm",)) == ("refresh_token", "api")


@pytest.fixture
async def hubspot() -> AsyncIterator[tuple[str, list[dict[str, str]]]]:
    revoked: list[dict[str, str]] = []

    async def revoke_token(request: web.Request) -> web.Response:
        revoked.append({k: str(v) for k, v in (await request.post()).items()})
        return web.Response(status=200)

    app = web.Application()
    app.router.add_post("/oauth/2026-03/token/revoke", revoke_token)
    async with serve_locally(app) as url:
        yield url, revoked


async def test_hubspot_revokes_with_its_dated_oauth_api_and_microsoft_cannot(
    tmp_path: Path, hubspot: tuple[str, list[dict[str, str]]]
) -> None:
    url, revoked = hubspot
    setup = oauth_setup(
        settings(
            tmp_path,
            email="microsoft",
            crm="hubspot",
            oauth_hubspot_client_id="hs-app",
            oauth_hubspot_client_secret=SecretStr("hs-secret"),
            oauth_hubspot_base_url=url,
            oauth_microsoft_client_id="ms-app",
            oauth_microsoft_client_secret=SecretStr("ms-secret"),
        )
    )
    assert setup.providers["hubspot"].token_url == f"{url}/oauth/2026-03/token"  # not v1, retired in February 2027
    async with aiohttp.ClientSession() as http:
        assert await revoke(setup, "hubspot", {"refresh_token": "hs-refresh/1"}, http) is True
        assert await revoke(setup, "microsoft", {"refresh_token": "ms-refresh"}, http) is False
    assert revoked == [{"token": "hs-refresh/1", "client_id": "hs-app", "client_secret": "hs-secret"}]


async def test_a_stored_sign_in_builds_the_kind_s_connector_only_while_its_app_is_configured(tmp_path: Path) -> None:
    values = {"oauth_microsoft_client_id": "ms-app", "oauth_microsoft_client_secret": SecretStr("ms-secret")}
    setup = oauth_setup(settings(tmp_path, calendar="microsoft", **values))
    credentials = {"refresh_token": "ms-refresh", "scope": "offline_access Calendars.ReadWrite User.Read"}
    async with aiohttp.ClientSession() as http:
        connector = build("microsoft", "calendar", credentials, http, Options(oauth=setup))
        assert isinstance(connector, OutlookCalendar)
        with pytest.raises(AccountInputError, match="PLANBOT_OAUTH_MICROSOFT"):
            build("microsoft", "calendar", credentials, http, Options(oauth=oauth_setup(settings(tmp_path))))
