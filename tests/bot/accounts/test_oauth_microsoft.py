"""A Microsoft 365 account connected through its sign-in page: Graph refreshes on the scopes that were granted (and
``offline_access``), and each refresh token Microsoft rotates in is stored in place of the old one, without the
connector being rebuilt for it (the Graph stand-in, here retiring each refresh token once it is used)."""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from pydantic import SecretStr

from bot.accounts.book import Accounts
from bot.accounts.connectors import PersonalConnectors
from bot.accounts.oauth_providers import oauth_setup
from bot.accounts.services import Options
from bot.accounts.vault import Vault
from bot.settings import Settings
from integrations.base import CATALOG
from integrations.base.principal import Principal
from planning.store.credentials import InMemoryCredentialStore
from tests.bot.accounts.conftest import SECRET_KEY
from tests.integrations.microsoft.fake_calendar import FakeCalendar
from tests.integrations.microsoft.fake_graph import CLIENT, FakeGraph, serving

ANN = Principal("T1", "UA")
GRANTED = "https://graph.microsoft.com/Calendars.ReadWrite https://graph.microsoft.com/User.Read"
WEEK = {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-09T00:00:00-04:00"}


@dataclass
class RotatingGraph(FakeGraph):
    valid: set[str] = field(default_factory=lambda: {"rt-0"})
    scopes_asked: list[str] = field(default_factory=list)

    async def _token(self, request: web.Request) -> web.Response:
        form = {key: str(value) for key, value in (await request.post()).items()}
        self.scopes_asked.append(form.get("scope", ""))
        if form.get("refresh_token") not in self.valid or (form.get("client_id"), form.get("client_secret")) != CLIENT:
            return web.json_response({"error": "invalid_grant", "error_description": "AADSTS70008"}, status=400)
        self.valid = {f"rt-{len(self.scopes_asked)}"}  # the one just used stops working
        access = f"access-{len(self.scopes_asked)}"
        self.tokens.add(access)
        answer = {"token_type": "Bearer", "scope": form.get("scope", ""), "expires_in": 3599}
        return web.json_response({**answer, "access_token": access, "refresh_token": next(iter(self.valid))})


@pytest.fixture
async def graph() -> AsyncIterator[tuple[RotatingGraph, str]]:
    fake = RotatingGraph()
    FakeCalendar(fake)  # the calendar's routes
    async with serving(fake) as url:
        yield fake, url


async def stored_token(accounts: Accounts, wanted: str) -> str:
    for _ in range(100):
        (account,) = await accounts.list()
        token = str(accounts.credentials(account)["refresh_token"])
        if token == wanted:
            return token
        await asyncio.sleep(0.02)
    return token


async def test_rotated_refresh_tokens_are_kept_and_graph_asks_only_what_was_granted(
    tmp_path: Path, graph: tuple[RotatingGraph, str], planbot_env: dict[str, str]
) -> None:
    fake, url = graph
    settings = Settings(
        data_dir=tmp_path,
        calendar="microsoft",
        oauth_microsoft_client_id=CLIENT[0],
        oauth_microsoft_client_secret=SecretStr(CLIENT[1]),
        oauth_microsoft_base_url=url,
        oauth_microsoft_api_url=url,
    )
    accounts = Accounts(InMemoryCredentialStore(), Vault(SECRET_KEY))
    credentials = {"refresh_token": "rt-0", "scope": GRANTED}
    await accounts.save(team="T1", user="UA", kind="calendar", service="microsoft", label="x", credentials=credentials)
    spec = CATALOG.get("fetch_calendar_events")
    assert spec is not None
    async with aiohttp.ClientSession() as http:
        personal = PersonalConnectors(accounts, http, Options(oauth=oauth_setup(settings)))
        first = await personal.connector("calendar", ANN)
        assert first is not None
        assert await first.call("fetch_calendar_events", spec.args_model.model_validate(WEEK)) == []
        assert await stored_token(accounts, "rt-1") == "rt-1"
        fake.expire_tokens()  # an hour later: the access token has expired
        again = await personal.connector("calendar", ANN)
        assert again is first  # the same connector, holding the rotated token
        assert await again.call("fetch_calendar_events", spec.args_model.model_validate(WEEK)) == []
        assert await stored_token(accounts, "rt-2") == "rt-2"
        (account,) = await accounts.list()
        assert account.needs_reconnect is False
        await personal.close()
    assert len(fake.scopes_asked) == 2
    for asked in fake.scopes_asked:
        assert asked.split()[0] == "offline_access" and "Calendars.ReadWrite" in asked and "Mail" not in asked
    assert fake.problems == []
