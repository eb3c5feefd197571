"""The connector of an account connected through a sign-in page, from its stored refresh token and the install's OAuth
app (``OAuthSetup``), with the real connector code; and the revocation of its grant on Disconnect.

Only the stored values and the setup are used (``model_validate``: nothing from the environment). Microsoft 365 hands
out a new refresh token on each refresh: ``rotated`` gets it, to be stored in place of the old one.
"""

import logging
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp

from bot.accounts.book import Revoke
from bot.accounts.oauth_providers import (
    GMAIL_API,
    GOOGLE_CALENDAR_API,
    GRAPH_API,
    HUBSPOT_API,
    OAuthSetup,
    Provider,
    oauth_setup,
)
from bot.accounts.services import AccountInputError, Options
from bot.settings import Settings
from integrations.base import Connector

logger = logging.getLogger(__name__)
PROVIDER_OF = {"gmail": "google", "google": "google", "microsoft": "microsoft"}
"""The sign-in (provider) of each stored account's service (otherwise its own name: hubspot, salesforce)."""


def is_oauth(credentials: Mapping[str, Any]) -> bool:
    return "refresh_token" in credentials


def build(
    service: str,
    kind: str,
    credentials: Mapping[str, Any],
    http: aiohttp.ClientSession,
    options: Options,
    rotated: Callable[[str], None] | None = None,
) -> Connector:
    provider = _provider(options.oauth, service)
    app = {
        "client_id": provider.client_id,
        "client_secret": provider.client_secret,
        "refresh_token": str(credentials["refresh_token"]),
    }
    if service == "gmail":
        from integrations.email.gmail import GmailSettings, connector_from

        gmail = {**app, "token_url": provider.token_url, "api_url": provider.api(GMAIL_API)}
        return connector_from(GmailSettings.model_validate({**gmail, "timezone": options.time_zone}), http)
    if service == "google":
        from integrations.calendar.google import GoogleCalendarSettings, from_settings

        values = {**app, "token_url": provider.token_url, "api_url": provider.api(GOOGLE_CALENDAR_API)}
        zone = {"time_zone": options.time_zone, "working_hours": options.working_hours}
        return from_settings(http, GoogleCalendarSettings.model_validate({**values, **zone}))
    if service == "microsoft":
        return _microsoft(provider, kind, app, str(credentials.get("scope", "")), http, options, rotated)
    if service == "hubspot":
        from integrations.crm.hubspot import HubSpotSettings
        from integrations.crm.hubspot import build as build_hubspot

        values = {**app, "token_url": provider.token_url, "base_url": provider.api(HUBSPOT_API)}
        settings = HubSpotSettings.model_validate(values)
        return build_hubspot(http, settings, on_token=_kept(rotated), claims=options.claims)
    if service == "salesforce":
        from integrations.crm.salesforce import SalesforceSettings
        from integrations.crm.salesforce import build as build_salesforce

        login = provider.token_url.removesuffix("/services/oauth2/token")
        values = {**app, "login_url": login, "instance_url": str(credentials["instance_url"])}
        return build_salesforce(http, SalesforceSettings.model_validate(values), on_token=_kept(rotated))
    raise AccountInputError(f"planbot cannot build a {service} connector from a sign-in")


def _kept(rotated: Callable[[str], None] | None) -> Callable[[dict[str, Any]], None] | None:
    """A refresh's token answer → ``rotated`` with its new refresh token, when the service handed out one (a CRM
    that rotates refresh tokens: the stored one is replaced, so the account still works after a restart)."""
    if rotated is None:
        return None

    def answered(body: dict[str, Any]) -> None:
        token = body.get("refresh_token")
        if isinstance(token, str) and token:
            rotated(token)

    return answered


def _microsoft(
    provider: Provider,
    kind: str,
    app: Mapping[str, str],
    scope: str,
    http: aiohttp.ClientSession,
    options: Options,
    rotated: Callable[[str], None] | None,
) -> Connector:
    """Graph on the granted scopes (a refresh asking for more than was granted is refused)."""
    from integrations.http import JsonApi
    from integrations.microsoft import MicrosoftSettings, OutlookCalendar, OutlookMail, tokens_for
    from integrations.microsoft.graph import PREFER, SERVICE, Graph

    values = {**app, "token_url": provider.token_url, "api_url": provider.api(GRAPH_API)}
    settings = MicrosoftSettings.model_validate(
        {**values, "time_zone": options.time_zone, "working_hours": options.working_hours}
    )

    granted = " ".join(["offline_access", *(s for s in scope.split() if s not in _SIGN_IN_ONLY)])
    tokens = tokens_for(settings, http, rotated, scope=granted)  # mail and calendar of one sign-in: one source
    timeout = aiohttp.ClientTimeout(total=settings.timeout_seconds, connect=min(5.0, settings.timeout_seconds))
    api = JsonApi(
        session=http,
        base_url=settings.api_url,
        tokens=tokens,
        service=SERVICE,
        timeout=timeout,
        headers={"Prefer": PREFER},
    )
    if kind == "email":
        return OutlookMail(Graph(api), zone=settings.work_week.zone, files=options.files)
    return OutlookCalendar(Graph(api), week=settings.work_week)


_SIGN_IN_ONLY = ("openid", "email", "profile", "offline_access")  # not resources: asked again only as offline_access


def _provider(setup: OAuthSetup | None, service: str) -> Provider:
    name = PROVIDER_OF.get(service, service)
    provider = setup.providers.get(name) if setup is not None else None
    if provider is None:
        raise AccountInputError(f"{name} sign-in is not set up on this install (PLANBOT_OAUTH_{name.upper()}_*)")
    return provider


async def revoke(setup: OAuthSetup, service: str, credentials: Mapping[str, Any], http: aiohttp.ClientSession) -> bool:
    """Revoke the grant at the service: Google, Salesforce and HubSpot (RFC 7009, the client authenticated in the
    form).
    Microsoft has no revocation endpoint: False (the person removes the app at https://myapplications.microsoft.com).
    """
    provider = setup.providers.get(PROVIDER_OF.get(service, service))
    token = credentials.get("refresh_token")
    if provider is None or provider.revoke_url is None or not isinstance(token, str):
        return False
    timeout = aiohttp.ClientTimeout(total=10, connect=5)
    form = {"token": token, "client_id": provider.client_id, "client_secret": provider.client_secret}
    async with http.post(provider.revoke_url, data=form, timeout=timeout) as answer:
        status = answer.status
    if status not in (200, 204):
        logger.warning("%s answered %d to the revocation", provider.name, status)
    return status in (200, 204)


def revoker(settings: Settings) -> Revoke:
    """``Accounts``' ``revoke``: each revocation on a short-lived HTTP session."""
    setup = oauth_setup(settings)

    async def revoking(service: str, credentials: Mapping[str, Any]) -> bool:
        async with aiohttp.ClientSession() as http:
            return await revoke(setup, service, credentials, http)

    return revoking
