"""Google Calendar connector over the Calendar API v3 and planbot's aiohttp session (``integrations.http``).
Configure it with ``PLANBOT_CALENDAR=google`` and ``PLANBOT_GCAL_*`` (``integrations/calendar/README.md``)."""

import aiohttp

from integrations.base import Connector
from integrations.calendar.google.connector import SERVICE, GoogleCalendar
from integrations.calendar.google.settings import SCOPES, GoogleCalendarSettings
from integrations.http import JsonApi, OAuth2Refresher, StaticToken, TokenSource

__all__ = ["SCOPES", "GoogleCalendar", "GoogleCalendarSettings", "connect", "from_settings"]


def from_settings(session: aiohttp.ClientSession, settings: GoogleCalendarSettings) -> GoogleCalendar:
    tokens: TokenSource
    if settings.refresh_token is not None and settings.client_secret is not None:
        tokens = OAuth2Refresher(
            session=session,
            token_url=settings.token_url,
            client_id=settings.client_id or "",
            client_secret=settings.client_secret.get_secret_value(),
            refresh_token=settings.refresh_token.get_secret_value(),
            service=SERVICE,
        )
    else:
        assert settings.access_token is not None  # the settings' validator guarantees one of the two
        tokens = StaticToken(settings.access_token.get_secret_value(), SERVICE)
    api = JsonApi(session=session, base_url=settings.api_url, tokens=tokens, service=SERVICE)
    return GoogleCalendar(api=api, settings=settings)


async def connect(session: aiohttp.ClientSession) -> Connector:
    """The connector configured from the environment (``PLANBOT_GCAL_*``)."""
    return from_settings(session, GoogleCalendarSettings())
