"""Email through the Gmail API (v1, REST over aiohttp): search, read, send, reply (to all), forward, with files.

Configured by ``PLANBOT_GMAIL_*`` (an OAuth client and a refresh token; see ``integrations/email/README.md``);
chosen with ``PLANBOT_EMAIL=gmail``.
"""

import aiohttp

from integrations.base.connector import Connector
from integrations.base.files import FileSource
from integrations.email.compose import Sender
from integrations.email.gmail.api import GmailApi
from integrations.email.gmail.connector import GmailConnector
from integrations.email.gmail.settings import SCOPES, GmailSettings
from integrations.email.settings import load_settings, resolve_zone
from integrations.http import JsonApi, OAuth2Refresher

__all__ = ["SCOPES", "GmailApi", "GmailConnector", "GmailSettings", "connect", "connector_from"]


async def connect(session: aiohttp.ClientSession, *, files: FileSource | None = None) -> Connector:
    """The connector configured from the environment, on the process's shared HTTP session."""
    return connector_from(load_settings(GmailSettings, "PLANBOT_GMAIL_"), session, files=files)


def connector_from(
    settings: GmailSettings, session: aiohttp.ClientSession, *, files: FileSource | None = None
) -> GmailConnector:
    tokens = OAuth2Refresher(
        session=session,
        token_url=settings.token_url,
        client_id=settings.client_id,
        client_secret=settings.client_secret.get_secret_value(),
        refresh_token=settings.refresh_token.get_secret_value(),
        service="gmail",
    )
    api = JsonApi(
        session=session,
        base_url=settings.api_url,
        tokens=tokens,
        service="gmail",
        timeout=aiohttp.ClientTimeout(total=settings.timeout_seconds, connect=min(5.0, settings.timeout_seconds)),
    )
    sender = Sender(settings.from_address, settings.from_name) if settings.from_address else None
    zone = resolve_zone(settings.timezone)
    return GmailConnector(GmailApi(api, settings.user_id), zone=zone, sender=sender, files=files)
