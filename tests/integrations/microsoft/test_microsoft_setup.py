"""Choosing Microsoft 365 with PLANBOT_EMAIL / PLANBOT_CALENDAR builds the connectors from PLANBOT_MICROSOFT_*, and
a setting that is missing or wrong is named without its value."""

import aiohttp
import pytest

from bot.connectors import factory
from bot.settings import Settings
from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs
from integrations.microsoft import OutlookCalendar, OutlookMail
from tests.integrations.microsoft.conftest import GraphRig
from tests.integrations.microsoft.fake_graph import CLIENT, REFRESH_TOKEN, TENANT


def environment(monkeypatch: pytest.MonkeyPatch, base_url: str) -> None:
    for name, value in {
        "PLANBOT_EMAIL": "microsoft",
        "PLANBOT_CALENDAR": "microsoft",
        "PLANBOT_MICROSOFT_CLIENT_ID": CLIENT[0],
        "PLANBOT_MICROSOFT_CLIENT_SECRET": CLIENT[1],
        "PLANBOT_MICROSOFT_REFRESH_TOKEN": REFRESH_TOKEN,
        "PLANBOT_MICROSOFT_TENANT": TENANT,
        "PLANBOT_MICROSOFT_API_URL": f"{base_url}/v1.0",
        "PLANBOT_MICROSOFT_TOKEN_URL": f"{base_url}/{TENANT}/oauth2/v2.0/token",
        "PLANBOT_TIMEZONE": "America/New_York",
    }.items():
        monkeypatch.setenv(name, value)


async def test_the_environment_chooses_and_configures_microsoft_365(
    microsoft: GraphRig, monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.chdir(str(tmp_path))
    environment(monkeypatch, microsoft.base_url)
    settings = Settings()
    assert (settings.email, settings.calendar) == ("microsoft", "microsoft")
    mail = await factory("email", settings.email)(microsoft.session)
    calendar = await factory("calendar", settings.calendar)(microsoft.session)
    assert isinstance(mail, OutlookMail) and isinstance(calendar, OutlookCalendar)
    assert await mail.call("fetch_emails", FetchEmailsArgs(limit=1)) == []
    week = FetchCalendarEventsArgs.model_validate(
        {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-09T00:00:00-04:00"}
    )
    assert await calendar.call("fetch_calendar_events", week) == []  # one sign-in, not the rotated-away token
    assert microsoft.graph.refreshes == 1


async def test_a_missing_secret_is_named_and_not_shown(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.chdir(str(tmp_path))
    monkeypatch.setenv("PLANBOT_MICROSOFT_CLIENT_ID", "app-1")
    monkeypatch.setenv("PLANBOT_MICROSOFT_REFRESH_TOKEN", "very-secret-refresh-token")
    monkeypatch.delenv("PLANBOT_MICROSOFT_CLIENT_SECRET", raising=False)
    async with aiohttp.ClientSession() as session:
        with pytest.raises(ValueError, match="PLANBOT_MICROSOFT_CLIENT_SECRET") as raised:
            await factory("email", "microsoft")(session)
    assert "very-secret" not in str(raised.value)
