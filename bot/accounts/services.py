"""The services an account can be connected to from the command line, and how each one is checked and built.

Password services (``imap`` with its SMTP server, ``caldav``) keep a server URL, a user name and an app password;
a shared CRM (``hubspot``, ``salesforce``) keeps a token. ``check`` makes a test connection with the real connector
code before anything is saved; ``build`` makes the connector a plan's steps run on.

Servers given here are a person's (typed in the Connect form, or with ``planbot accounts connect``, then stored):
every connection ``check`` and ``build`` make to them goes through ``Options.servers``
(``integrations.outbound``), which refuses loopback, private, link-local and other internal addresses, after DNS,
unless the operator lists the host in ``PLANBOT_ALLOWED_SERVER_HOSTS``. The operator's own servers, configured in
the environment (``PLANBOT_IMAP_HOST`` ...), are built by ``bot.connectors`` without this module and are trusted.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import aiohttp

from integrations.base import Connector
from integrations.base.creations import CreationClaims
from integrations.base.files import FileSource
from integrations.outbound import ServerPolicy, checked_session
from planning.store.credentials import Kind

if TYPE_CHECKING:
    from bot.accounts.oauth_providers import OAuthSetup

PASSWORD_SERVICES: dict[str, Kind] = {"imap": "email", "caldav": "calendar"}
SHARED_SERVICES: dict[str, Kind] = {"hubspot": "crm", "salesforce": "crm"}
TOKEN_SERVICES = frozenset({"hubspot"})  # a CRM whose token alone makes a connector (Salesforce needs OAuth)
SERVICE_KINDS: dict[str, tuple[Kind, ...]] = {
    **{service: (kind,) for service, kind in {**PASSWORD_SERVICES, **SHARED_SERVICES}.items()},
    "gmail": ("email",),
    "google": ("calendar",),  # a Google sign-in stores its mail as gmail, its calendar as google
    "microsoft": ("email", "calendar"),  # one Microsoft 365 sign-in serves both
}
"""The kinds an account of each service can be stored as (``planbot accounts disconnect``)."""


class AccountInputError(ValueError):
    """What the person typed cannot make an account; the message says what to fix (and holds no secret)."""


@dataclass(frozen=True)
class Options:
    """What the deployment adds to every account: the default zone and working hours, where files shared in
    Slack are read, the OAuth apps."""

    time_zone: str = "UTC"
    working_hours: str = "09:00-17:00"
    files: FileSource | None = None
    oauth: "OAuthSetup | None" = None  # the install's OAuth apps, for accounts connected through a sign-in page
    servers: ServerPolicy = field(default_factory=ServerPolicy)  # where people's own servers may be
    claims: CreationClaims | None = None  # the replicas' creation claims, scoped to the account being built


def password_credentials(
    service: str, *, url: str | None, smtp_url: str | None, username: str | None, password: str
) -> tuple[dict[str, Any], str]:
    """The credentials to seal and the label to show, from the command line's values."""
    if not url:
        raise AccountInputError(f"--url is required for {service}")
    if not username:
        raise AccountInputError(f"--username is required for {service}")
    if not password:
        raise AccountInputError("the password read from standard input is empty")
    if service == "imap":
        if not smtp_url:
            raise AccountInputError("--smtp-url is required for imap (the server that sends the mail)")
        _server(url, ("imap", "imaps"))
        _server(smtp_url, ("smtp", "smtps"))
        credentials = {"url": url, "smtp_url": smtp_url, "username": username, "password": password}
        return credentials, _address(smtp_url, username)
    if not url.startswith(("http://", "https://")):
        raise AccountInputError("--url must be the http(s) URL of the CalDAV server or calendar")
    return {"url": url, "username": username, "password": password}, username


async def check(service: str, credentials: Mapping[str, Any], http: aiohttp.ClientSession, options: Options) -> None:
    """A test connection: log in to each server (``ConnectorError`` when it fails), then close."""
    if service == "imap":
        from integrations.email.imap.session import imap_session
        from integrations.email.imap.smtp import smtp_client

        imap, smtp = _mail_settings(credentials, options)
        async with imap_session(imap, options.servers):
            pass
        client = smtp_client(smtp, imap)
        try:
            await _smtp_login(client, options.servers)
        finally:
            client.close()
    elif service == "caldav":
        from integrations.calendar.caldav import CalDavCalendar

        calendar = build(service, credentials, http, options)
        assert isinstance(calendar, CalDavCalendar)
        try:
            await calendar.calendar_url()
        finally:
            await calendar.aclose()


async def _smtp_login(client: Any, servers: ServerPolicy) -> None:
    import aiosmtplib

    from integrations.base import AuthError, TransientError
    from integrations.email.imap.smtp import connect

    try:
        await connect(client, servers)
        await client.quit()
    except aiosmtplib.SMTPAuthenticationError as error:
        raise AuthError("the SMTP server refused the username or password", service="smtp") from error
    except (aiosmtplib.SMTPException, OSError) as error:
        raise TransientError(f"cannot reach the SMTP server ({error.__class__.__name__})", service="smtp") from error


def build(service: str, credentials: Mapping[str, Any], http: aiohttp.ClientSession, options: Options) -> Connector:
    """The connector of one stored account."""
    if service == "imap":
        from integrations.email.imap import ImapSmtpConnector, MailAccount

        imap, smtp = _mail_settings(credentials, options)
        return ImapSmtpConnector(MailAccount.from_settings(imap, smtp), files=options.files, servers=options.servers)
    if service == "caldav":
        from integrations.calendar.caldav import CalDavCalendar, CalDavSettings

        settings = CalDavSettings.model_validate(
            {
                "url": credentials["url"],
                "username": credentials["username"],
                "password": credentials["password"],
                "time_zone": options.time_zone,
                "working_hours": options.working_hours,
            }
        )
        own = checked_session(options.servers, service="CalDAV")  # not ``http``: that one is the operator's
        return CalDavCalendar.from_settings(own, settings, owns_session=True)
    if service == "hubspot":
        from integrations.crm.hubspot import HubSpotSettings
        from integrations.crm.hubspot import build as build_hubspot

        token = HubSpotSettings.model_validate({"access_token": credentials["token"]})
        return build_hubspot(http, token, claims=options.claims)
    raise AccountInputError(f"planbot cannot build a {service} connector from stored credentials yet")


def _mail_settings(credentials: Mapping[str, Any], options: Options) -> tuple[Any, Any]:
    """IMAP and SMTP settings from the stored values only (``model_validate``: nothing from the environment)."""
    from integrations.email.imap import ImapSettings, SmtpSettings

    host, port, security = _server(str(credentials["url"]), ("imap", "imaps"))
    imap = ImapSettings.model_validate(
        {
            "host": host,
            "port": port,
            "security": security,
            "username": credentials["username"],
            "password": credentials["password"],
            "timezone": options.time_zone,
        }
    )
    smtp_url = str(credentials["smtp_url"])
    host, port, security = _server(smtp_url, ("smtp", "smtps"))
    login = urlsplit(smtp_url).username
    smtp = SmtpSettings.model_validate(
        {
            "host": host,
            "port": port,
            "security": security,
            "username": login or credentials["username"],
            "password": credentials["password"],
            "from_address": _address(smtp_url, str(credentials["username"])),
        }
    )
    return imap, smtp


def _server(url: str, schemes: tuple[str, str]) -> tuple[str, int | None, str]:
    """``imaps://host[:port]`` → TLS, ``imap://`` → STARTTLS (``?security=none``: plain, a local server only)."""
    parts = urlsplit(url)
    if parts.scheme not in schemes or not parts.hostname:
        raise AccountInputError(
            f"the server URL must look like {schemes[1]}://host[:port] or {schemes[0]}://host[:port]"
        )
    try:
        port = parts.port
    except ValueError:
        raise AccountInputError("the server URL has a port that is not a number") from None
    security = "tls" if parts.scheme == schemes[1] else "starttls"
    asked = parse_qs(parts.query).get("security", [security])[-1]
    if asked not in ("tls", "starttls", "none"):
        raise AccountInputError("security= must be tls, starttls or none")
    return parts.hostname, port, asked


def _address(smtp_url: str, username: str) -> str:
    """Whose mail it is: ``?from=`` of the SMTP URL, else the user name when it is an address."""
    address = parse_qs(urlsplit(smtp_url).query).get("from", [username])[-1]
    if "@" not in address:
        raise AccountInputError("the user name is not an email address: add ?from=you@example.com to --smtp-url")
    return address
