"""Microsoft 365: Outlook mail and calendar through Microsoft Graph v1.0 (REST over planbot's aiohttp session).

One package for both because they are one service: the same app registration, one refresh token granting mail
and calendar scopes, one Graph client (``graph``) with its headers and paging. Chosen with
``PLANBOT_EMAIL=microsoft`` and/or ``PLANBOT_CALENDAR=microsoft``; configured by ``PLANBOT_MICROSOFT_*``
(``integrations/microsoft/README.md``).

    settings    MicrosoftSettings (client id and secret, refresh token, tenant, zone, working hours)
    graph       Graph: the JSON client with Graph's Prefer headers, paging, the account's address
    mail        OutlookMail: fetch_emails, send_email, reply_email, forward_email   (mail_read, mail_files)
    calendar    OutlookCalendar: the calendar tools and find_free_slots           (events, recurrence)
"""

import aiohttp

from integrations.base import Connector
from integrations.base.files import FileSource
from integrations.email.settings import load_settings
from integrations.http import JsonApi, OAuth2Refresher
from integrations.microsoft.calendar import OutlookCalendar
from integrations.microsoft.graph import PREFER, SERVICE, Graph
from integrations.microsoft.mail import OutlookMail
from integrations.microsoft.settings import SCOPES, MicrosoftSettings

__all__ = [
    "SCOPES",
    "Graph",
    "MicrosoftSettings",
    "OutlookCalendar",
    "OutlookMail",
    "calendar_from",
    "connect_calendar",
    "connect_mail",
    "graph_from",
    "mail_from",
]


def graph_from(settings: MicrosoftSettings, session: aiohttp.ClientSession) -> Graph:
    tokens = OAuth2Refresher(
        session=session,
        token_url=settings.token_endpoint,
        client_id=settings.client_id,
        client_secret=settings.client_secret.get_secret_value(),
        refresh_token=settings.refresh_token.get_secret_value(),
        service=SERVICE,
        scope=" ".join(SCOPES),
    )
    api = JsonApi(
        session=session,
        base_url=settings.api_url,
        tokens=tokens,
        service=SERVICE,
        timeout=aiohttp.ClientTimeout(total=settings.timeout_seconds, connect=min(5.0, settings.timeout_seconds)),
        headers={"Prefer": PREFER},
    )
    return Graph(api)


def mail_from(
    settings: MicrosoftSettings, session: aiohttp.ClientSession, *, files: FileSource | None = None
) -> OutlookMail:
    return OutlookMail(graph_from(settings, session), zone=settings.work_week.zone, files=files)


def calendar_from(settings: MicrosoftSettings, session: aiohttp.ClientSession) -> OutlookCalendar:
    return OutlookCalendar(graph_from(settings, session), week=settings.work_week)


async def connect_mail(session: aiohttp.ClientSession, *, files: FileSource | None = None) -> Connector:
    """Outlook mail configured from the environment (``PLANBOT_EMAIL=microsoft``)."""
    return mail_from(load_settings(MicrosoftSettings, "PLANBOT_MICROSOFT_"), session, files=files)


async def connect_calendar(session: aiohttp.ClientSession) -> Connector:
    """The Outlook calendar configured from the environment (``PLANBOT_CALENDAR=microsoft``)."""
    return calendar_from(load_settings(MicrosoftSettings, "PLANBOT_MICROSOFT_"), session)
