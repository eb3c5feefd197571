"""Fixtures of the calendar connector tests: one Radicale server per test session, a fresh calendar per test."""

from collections.abc import AsyncIterator, Iterator

import aiohttp
import pytest
from aiohttp import web

from integrations.calendar.caldav import CalDavCalendar, CalDavSettings
from integrations.calendar.google import GoogleCalendar, GoogleCalendarSettings, from_settings
from tests.integrations.calendar.google_fake import REFRESH_TOKEN, FakeGoogleCalendar
from tests.integrations.calendar.radicale import USERS, Radicale, start_radicale, stop


@pytest.fixture(scope="session")
def radicale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    server = start_radicale(tmp_path_factory.mktemp("radicale"))
    try:
        yield server
    finally:
        stop(server.process)


@pytest.fixture
def calendar_url(radicale: Radicale) -> str:
    return radicale.new_calendar()


def caldav_settings(url: str, **overrides: object) -> CalDavSettings:
    values: dict[str, object] = {
        "url": url,
        "username": "planbot",
        "password": USERS["planbot"],
        "time_zone": "America/New_York",
        "working_hours": "09:00-17:00",
        "working_days": "mon-fri",
        **overrides,
    }
    return CalDavSettings.model_validate(values)


@pytest.fixture
def caldav(http: aiohttp.ClientSession, calendar_url: str) -> CalDavCalendar:
    return CalDavCalendar.from_settings(http, caldav_settings(calendar_url))


@pytest.fixture
async def google() -> AsyncIterator[tuple[FakeGoogleCalendar, str]]:
    """The fake Google Calendar API on 127.0.0.1; after the test, every request it saw must fit the discovery doc."""
    fake = FakeGoogleCalendar()
    runner = web.AppRunner(fake.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield fake, f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()
    assert fake.problems == []


def google_settings(base_url: str, **overrides: object) -> GoogleCalendarSettings:
    values: dict[str, object] = {
        "client_id": "client-1",
        "client_secret": "client-secret",
        "refresh_token": REFRESH_TOKEN,
        "api_url": f"{base_url}/calendar/v3",
        "token_url": f"{base_url}/token",
        "time_zone": "America/New_York",
        "working_hours": "09:00-17:00",
        "working_days": "mon-fri",
        **overrides,
    }
    return GoogleCalendarSettings.model_validate(values)


@pytest.fixture
def gcal(http: aiohttp.ClientSession, google: tuple[FakeGoogleCalendar, str]) -> GoogleCalendar:
    return from_settings(http, google_settings(google[1]))
