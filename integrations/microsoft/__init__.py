"""Microsoft 365: Outlook mail and calendar through Microsoft Graph v1.0 (REST over planbot's aiohttp session).

One package for both because they are one service: the same app registration, one refresh token granting mail
and calendar scopes, one Graph client (``graph``) with its headers and paging. Chosen with
``PLANBOT_EMAIL=microsoft`` and/or ``PLANBOT_CALENDAR=microsoft``; configured by ``PLANBOT_MICROSOFT_*``
(``integrations/microsoft/README.md``).

    settings    MicrosoftSettings (client id and secret, refresh token, tenant, zone, working hours)
    graph       Graph: the JSON client with Graph's Prefer headers, paging, the account's address
    mail        OutlookMail: fetch_emails, send_email, reply_email, forward_email   (mail_read, mail_files)
    calendar    OutlookCalendar: the calendar tools and find_free_slots           (events, recurrence)

Microsoft rotates the refresh token on each refresh (and the stand-in retires the old one at once): the mail and the
calendar connector of one account share one token source per HTTP session (``graph_from``), and ``on_rotated``
hears each new refresh token so that the caller keeps it where the first one came from.
"""

import weakref
from collections.abc import Callable
from typing import Any

import aiohttp
from pydantic import SecretStr

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
    "environment_settings",
    "graph_from",
    "mail_from",
    "tokens_for",
]


Rotated = Callable[[str], None]


class _Shared:
    """One account's token source, found under each refresh token it has held (a connector built later from the
    newest stored one gets it too), and everyone who wants to hear of a rotated refresh token."""

    def __init__(
        self,
        make: Callable[[Callable[[dict[str, Any]], None]], OAuth2Refresher],
        found_under: Callable[[str, "_Shared"], None],
    ) -> None:
        self.listeners: list[Rotated] = []
        self._found_under = found_under
        self.tokens = make(self._rotated)

    def _rotated(self, answer: dict[str, Any]) -> None:
        token = answer.get("refresh_token")
        if isinstance(token, str) and token:
            self._found_under(token, self)
            for listener in self.listeners:
                listener(token)


_SHARED: "weakref.WeakKeyDictionary[aiohttp.ClientSession, dict[tuple[str, str, str], _Shared]]" = (
    weakref.WeakKeyDictionary()
)


def tokens_for(
    settings: MicrosoftSettings,
    session: aiohttp.ClientSession,
    on_rotated: Rotated | None = None,
    *,
    scope: str = " ".join(SCOPES),
) -> OAuth2Refresher:
    """The account's one token source on ``session``: every connector built from the same refresh token shares it
    (a second one would sign in with a token the first had already rotated away); each ``on_rotated`` given hears
    every new refresh token."""
    refresh_token = settings.refresh_token.get_secret_value()
    key = (settings.token_endpoint, settings.client_id, refresh_token)
    shared = _SHARED.setdefault(session, {})

    def found_under(token: str, source: _Shared) -> None:
        shared[(settings.token_endpoint, settings.client_id, token)] = source

    if key not in shared:
        shared[key] = _Shared(
            lambda heard: OAuth2Refresher(
                session=session,
                token_url=settings.token_endpoint,
                client_id=settings.client_id,
                client_secret=settings.client_secret.get_secret_value(),
                refresh_token=refresh_token,
                service=SERVICE,
                scope=scope,
                on_token=heard,
            ),
            found_under,
        )
    if on_rotated is not None and on_rotated not in shared[key].listeners:
        shared[key].listeners.append(on_rotated)
    return shared[key].tokens


def graph_from(
    settings: MicrosoftSettings, session: aiohttp.ClientSession, *, on_rotated: Rotated | None = None
) -> Graph:
    tokens = tokens_for(settings, session, on_rotated)
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
    settings: MicrosoftSettings,
    session: aiohttp.ClientSession,
    *,
    files: FileSource | None = None,
    on_rotated: Rotated | None = None,
) -> OutlookMail:
    return OutlookMail(graph_from(settings, session, on_rotated=on_rotated), zone=settings.work_week.zone, files=files)


def calendar_from(
    settings: MicrosoftSettings, session: aiohttp.ClientSession, *, on_rotated: Rotated | None = None
) -> OutlookCalendar:
    return OutlookCalendar(graph_from(settings, session, on_rotated=on_rotated), week=settings.work_week)


def environment_settings(refresh_token: str | None = None) -> MicrosoftSettings:
    """``PLANBOT_MICROSOFT_*``; ``refresh_token``: a newer one than the environment's (kept after a rotation)."""
    settings = load_settings(MicrosoftSettings, "PLANBOT_MICROSOFT_")
    if refresh_token is None:
        return settings
    return settings.model_copy(update={"refresh_token": SecretStr(refresh_token)})


async def connect_mail(
    session: aiohttp.ClientSession,
    *,
    files: FileSource | None = None,
    refresh_token: str | None = None,
    on_rotated: Rotated | None = None,
) -> Connector:
    """Outlook mail configured from the environment (``PLANBOT_EMAIL=microsoft``)."""
    return mail_from(environment_settings(refresh_token), session, files=files, on_rotated=on_rotated)


async def connect_calendar(
    session: aiohttp.ClientSession, *, refresh_token: str | None = None, on_rotated: Rotated | None = None
) -> Connector:
    """The Outlook calendar configured from the environment (``PLANBOT_CALENDAR=microsoft``)."""
    return calendar_from(environment_settings(refresh_token), session, on_rotated=on_rotated)
