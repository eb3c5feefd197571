"""Salesforce CRM connector: ``await connect(session)`` reads ``PLANBOT_SALESFORCE_*`` and returns the connector."""

from collections.abc import Callable
from datetime import date
from typing import Any

import aiohttp

from integrations.base.connector import Connector
from integrations.crm.salesforce.api import SalesforceApi
from integrations.crm.salesforce.connector import SalesforceCrm
from integrations.crm.salesforce.settings import SalesforceSettings
from integrations.http import JsonApi, OAuth2Refresher

__all__ = ["SalesforceCrm", "SalesforceSettings", "build", "connect"]


def build(
    session: aiohttp.ClientSession,
    settings: SalesforceSettings,
    *,
    today: Callable[[], date] = date.today,
    on_token: Callable[[dict[str, Any]], None] | None = None,
) -> SalesforceCrm:
    """The connector for explicit settings (tests, or a composition root with its own settings). ``on_token``: each
    token answer of a refresh (without its access token): a connected app may rotate refresh tokens."""
    tokens = OAuth2Refresher(
        session=session,
        token_url=settings.token_url,
        client_id=settings.client_id,
        client_secret=settings.client_secret.get_secret_value(),
        refresh_token=settings.refresh_token.get_secret_value(),
        service="salesforce",
        on_token=on_token,
    )
    api = JsonApi(
        session=session,
        base_url=settings.instance_url,
        tokens=tokens,
        service="salesforce",
        timeout=aiohttp.ClientTimeout(total=settings.timeout_seconds, connect=5),
    )
    return SalesforceCrm(SalesforceApi(api, version=settings.api_version), settings, today=today)


async def connect(session: aiohttp.ClientSession) -> Connector:
    return build(session, SalesforceSettings())
