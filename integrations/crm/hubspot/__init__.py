"""HubSpot CRM connector: ``await connect(session)`` reads ``PLANBOT_HUBSPOT_*`` and returns the connector."""

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import aiohttp

from integrations.base.connector import Connector
from integrations.base.creations import CreationClaims
from integrations.crm.hubspot.api import HubSpotApi
from integrations.crm.hubspot.connector import HubSpotCrm
from integrations.crm.hubspot.settings import HubSpotSettings
from integrations.http import JsonApi, OAuth2Refresher, StaticToken, TokenSource

__all__ = ["HubSpotCrm", "HubSpotSettings", "build", "connect"]


def build(
    session: aiohttp.ClientSession,
    settings: HubSpotSettings,
    *,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
    on_token: Callable[[dict[str, Any]], None] | None = None,
    claims: CreationClaims | None = None,
) -> HubSpotCrm:
    """The connector for explicit settings (tests, or a composition root with its own settings). ``on_token``: each
    token answer of an OAuth refresh (without its access token), so that a new refresh token can be kept.
    ``claims``: the replicas' shared creation claims, scoped to this account (``HubSpotCrm``)."""
    tokens: TokenSource
    if settings.access_token is not None:
        tokens = StaticToken(settings.access_token.get_secret_value(), "hubspot")
    else:
        assert settings.client_id and settings.client_secret and settings.refresh_token
        tokens = OAuth2Refresher(
            session=session,
            token_url=settings.token_url,
            client_id=settings.client_id,
            client_secret=settings.client_secret.get_secret_value(),
            refresh_token=settings.refresh_token.get_secret_value(),
            service="hubspot",
            on_token=on_token,
        )
    api = JsonApi(
        session=session,
        base_url=settings.base_url,
        tokens=tokens,
        service="hubspot",
        timeout=aiohttp.ClientTimeout(total=settings.timeout_seconds, connect=5),
    )
    return HubSpotCrm(HubSpotApi(api, page_size=settings.page_size), settings, now=now, claims=claims)


async def connect(session: aiohttp.ClientSession, *, claims: CreationClaims | None = None) -> Connector:
    return build(session, HubSpotSettings(), claims=claims)
