"""Which connector serves each kind of tool, chosen by settings; the local workspace serves the rest."""

import importlib
from collections.abc import Awaitable, Callable
from typing import Any

from bot.settings import Settings
from integrations.base import Connector

# kind → setting value → "module:function"; the function takes the shared aiohttp session and returns a
# Connector configured from that connector's own settings (its environment variables).
FACTORIES: dict[str, dict[str, str]] = {
    "email": {
        "imap": "integrations.email.imap:connect",
        "gmail": "integrations.email.gmail:connect",
        "microsoft": "integrations.microsoft:connect_mail",
    },
    "calendar": {
        "caldav": "integrations.calendar.caldav:connect",
        "google": "integrations.calendar.google:connect",
        "microsoft": "integrations.microsoft:connect_calendar",
    },
    "crm": {"hubspot": "integrations.crm.hubspot:connect", "salesforce": "integrations.crm.salesforce:connect"},
}
Factory = Callable[..., Awaitable[Connector]]  # (session) or, for email, (session, *, files=FileSource | None)
# service → "module:attribute" of the tools its connector runs (known before any account is connected)
TOOLS: dict[str, str] = {
    "imap": "integrations.email.imap.connector:TOOLS",
    "gmail": "integrations.email.gmail.connector:TOOLS",
    "caldav": "integrations.calendar.caldav.connector:TOOLS",
    "google": "integrations.calendar.google.connector:TOOLS",
    "hubspot": "integrations.crm.hubspot.connector:HubSpotCrm.tools",
    "salesforce": "integrations.crm.salesforce.connector:SalesforceCrm.tools",
}
MICROSOFT_TOOLS = {
    "email": "integrations.microsoft.mail:OutlookMail.tools",
    "calendar": "integrations.microsoft.calendar:OutlookCalendar.tools",
}


def chosen(settings: Settings) -> list[tuple[str, str]]:
    """(kind, service) for every kind configured to something other than the local workspace."""
    picks = {"email": settings.email, "calendar": settings.calendar, "crm": settings.crm}
    return [(kind, service) for kind, service in picks.items() if service != "local"]


def factory(kind: str, service: str) -> Factory:
    target = FACTORIES[kind][service]
    module_name, _, function = target.partition(":")
    module: Any = importlib.import_module(module_name)  # imported only when configured: fast start otherwise
    built: Factory = getattr(module, function)
    return built


def service_tools(kind: str, service: str) -> frozenset[str]:
    """The tools ``service``'s connector runs for ``kind``."""
    target = MICROSOFT_TOOLS[kind] if service == "microsoft" else TOOLS[service]
    module_name, _, path = target.partition(":")
    found: Any = importlib.import_module(module_name)
    for name in path.split("."):
        found = getattr(found, name)
    return frozenset(found)
