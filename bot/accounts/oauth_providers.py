"""The services people connect their own accounts with through a sign-in page (OAuth 2 authorization code + PKCE).

Each one: its endpoints (real defaults; ``PLANBOT_OAUTH_<SERVICE>_BASE_URL`` moves the sign-in server, ``…_API_URL``
the API, to a local server in tests), the kinds it can serve and the fewest scopes each kind needs. Only the kinds
this install serves with it (``PLANBOT_EMAIL``, ``PLANBOT_CALENDAR``, ``PLANBOT_CRM``) are asked for.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypedDict
from urllib.parse import urlsplit, urlunsplit

from bot.settings import Settings
from integrations.calendar.google.settings import SCOPES as GOOGLE_CALENDAR_SCOPES
from integrations.email.gmail.settings import SCOPES as GMAIL_SCOPES
from integrations.microsoft.settings import GRAPH
from planning.store.credentials import Kind

GOOGLE_CALENDAR_API = "https://www.googleapis.com/calendar/v3"
GMAIL_API = "https://gmail.googleapis.com/gmail/v1"
GRAPH_API = f"{GRAPH}/v1.0"
HUBSPOT_API = "https://api.hubapi.com"
HUBSPOT_OAUTH = f"{HUBSPOT_API}/oauth/2026-03"
"""HubSpot's OAuth API (token, token/introspect, token/revoke): client credentials and tokens in the form body."""
HUBSPOT_SCOPES = (
    "crm.objects.contacts.read",
    "crm.objects.contacts.write",
    "crm.objects.companies.read",
    "crm.objects.companies.write",
    "crm.objects.deals.read",
    "crm.objects.deals.write",
    "crm.objects.leads.read",
    "crm.objects.leads.write",
    "crm.objects.owners.read",
    "crm.schemas.companies.read",
)
"""What the HubSpot connector uses (``integrations/crm/README.md``); notes and tasks come with the contacts scopes."""


@dataclass(frozen=True)
class Grant:
    """What connecting a kind through a provider asks for, and the service name its account is stored under."""

    service: str
    scopes: tuple[str, ...]


@dataclass(frozen=True)
class Provider:
    name: str
    title: str
    client_id: str
    client_secret: str = field(repr=False)
    authorize_url: str
    token_url: str
    revoke_url: str | None
    """POST ``token=…`` with the client's credentials (RFC 7009: Google, Salesforce, HubSpot's dated OAuth API).
    None: the service has no endpoint to revoke a grant (Microsoft: people remove the app's access at
    https://myapplications.microsoft.com, an admin in Entra ID)."""
    kinds: Mapping[Kind, Grant]
    """The kinds this install serves with the provider."""
    base_scopes: tuple[str, ...]
    authorize_params: Mapping[str, str]
    api_url: str | None = None
    """Replaces the scheme and host of the provider's API URLs (tests)."""

    def scopes(self, kinds: tuple[Kind, ...]) -> tuple[str, ...]:
        wanted = [*self.base_scopes]
        for kind in kinds:
            wanted += [s for s in self.kinds[kind].scopes if s not in wanted]
        return tuple(wanted)

    def api(self, default: str) -> str:
        return moved(default, self.api_url)


@dataclass(frozen=True)
class OAuthSetup:
    """The providers this install can connect, and why each other one cannot (a sentence fit to show)."""

    public_url: str | None
    providers: Mapping[str, Provider]
    unavailable: Mapping[str, str]


def moved(url: str, base: str | None) -> str:
    """``url`` on ``base``'s scheme and host (its path prefixed by ``base``'s path); ``url`` when no ``base``."""
    if not base:
        return url
    to, parts = urlsplit(base), urlsplit(url)
    return urlunsplit((to.scheme, to.netloc, to.path.rstrip("/") + parts.path, parts.query, ""))


def oauth_setup(settings: Settings) -> OAuthSetup:
    served: dict[str, dict[Kind, Grant]] = {"google": {}, "microsoft": {}, "hubspot": {}, "salesforce": {}}
    if settings.email == "gmail":
        served["google"]["email"] = Grant("gmail", GMAIL_SCOPES)
    if settings.calendar == "google":
        served["google"]["calendar"] = Grant("google", GOOGLE_CALENDAR_SCOPES)
    if settings.email == "microsoft":
        served["microsoft"]["email"] = Grant("microsoft", (f"{GRAPH}/Mail.ReadWrite", f"{GRAPH}/Mail.Send"))
    if settings.calendar == "microsoft":
        served["microsoft"]["calendar"] = Grant("microsoft", (f"{GRAPH}/Calendars.ReadWrite",))
    if settings.crm in ("hubspot", "salesforce"):
        scopes = HUBSPOT_SCOPES if settings.crm == "hubspot" else ("api",)
        served[settings.crm]["crm"] = Grant(settings.crm, scopes)
    providers: dict[str, Provider] = {}
    unavailable: dict[str, str] = {}
    for name, kinds in served.items():
        client_id = getattr(settings, f"oauth_{name}_client_id")
        secret = getattr(settings, f"oauth_{name}_client_secret")
        title = _TITLES[name]
        if not kinds:
            unavailable[name] = f"this install does not use {title} (see PLANBOT_EMAIL, PLANBOT_CALENDAR, PLANBOT_CRM)"
        elif not client_id or secret is None:
            variable = f"PLANBOT_OAUTH_{name.upper()}"
            unavailable[name] = f"{title} sign-in is not set up on this install ({variable}_CLIENT_ID, _CLIENT_SECRET)"
        else:
            providers[name] = _provider(name, settings, client_id, secret.get_secret_value(), kinds)
    public_url = settings.public_url.rstrip("/") if settings.public_url else None
    return OAuthSetup(public_url=public_url, providers=providers, unavailable=unavailable)


_TITLES = {"google": "Google", "microsoft": "Microsoft 365", "hubspot": "HubSpot", "salesforce": "Salesforce"}


class _Endpoints(TypedDict):
    authorize_url: str
    token_url: str
    revoke_url: str | None
    base_scopes: tuple[str, ...]
    authorize_params: Mapping[str, str]
    api_url: str | None


def _provider(name: str, settings: Settings, client_id: str, secret: str, kinds: dict[Kind, Grant]) -> Provider:
    title = _TITLES[name]
    return Provider(
        name=name, title=title, client_id=client_id, client_secret=secret, kinds=kinds, **_endpoints(name, settings)
    )


def _endpoints(name: str, settings: Settings) -> _Endpoints:
    base: str | None = getattr(settings, f"oauth_{name}_base_url")
    if name == "google":
        return _Endpoints(
            authorize_url=moved("https://accounts.google.com/o/oauth2/v2/auth", base),
            token_url=moved("https://oauth2.googleapis.com/token", base),
            revoke_url=moved("https://oauth2.googleapis.com/revoke", base),
            base_scopes=("openid", "email"),  # which account it is ("connected as …"), from the ID token
            authorize_params={"access_type": "offline", "prompt": "consent"},  # a refresh token every time
            api_url=settings.oauth_google_api_url,
        )
    if name == "microsoft":
        login = f"https://login.microsoftonline.com/{settings.oauth_microsoft_tenant}/oauth2/v2.0"
        return _Endpoints(
            authorize_url=moved(f"{login}/authorize", base),
            token_url=moved(f"{login}/token", base),
            revoke_url=None,
            base_scopes=("offline_access", "openid", "email", f"{GRAPH}/User.Read"),
            authorize_params={},
            api_url=settings.oauth_microsoft_api_url,
        )
    if name == "hubspot":  # the dated OAuth API: v1 (/oauth/v1/token …) is retired on 16 February 2027
        return _Endpoints(
            authorize_url=moved("https://app.hubspot.com/oauth/authorize", base),
            token_url=moved(f"{HUBSPOT_OAUTH}/token", base),
            revoke_url=moved(f"{HUBSPOT_OAUTH}/token/revoke", base),
            base_scopes=("oauth",),
            authorize_params={},
            api_url=settings.oauth_hubspot_api_url,
        )
    login = (base or "https://login.salesforce.com").rstrip("/")  # a sandbox: https://test.salesforce.com
    return _Endpoints(
        authorize_url=f"{login}/services/oauth2/authorize",
        token_url=f"{login}/services/oauth2/token",
        revoke_url=f"{login}/services/oauth2/revoke",
        base_scopes=("refresh_token",),  # Salesforce's name for a lasting grant
        authorize_params={},
        api_url=None,  # each org's API is at the instance_url its token answer names
    )
