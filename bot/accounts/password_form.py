"""The password services' form (``bot.accounts.password_page``), read: the fields as the server URLs and credentials
``bot.accounts.services`` takes, and the login checked with a real test connection (the same check as
``planbot accounts connect``).

What is wrong with a field as typed comes back per field (``{"address": "This is not an email address."}``) for the
page to show. A failed test connection is one sentence, whatever failed (a refused or internal address, a closed
port, a server that does not answer, a wrong password): the form must not tell a member what listens where. The
kind of failure goes to the log (its class name only); nothing here logs or shows a field's value.
"""

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit

import aiohttp

from bot.accounts import services
from integrations.base import ConnectorError

logger = logging.getLogger(__name__)
CHECK_SECONDS = 45.0
FieldErrors = dict[str, str]
FIELD_LABELS = {
    "address": "Email address",
    "server": "Server",
    "smtp": "SMTP server (sending mail)",
    "username": "User name",
    "password": "App password",
}
FIELDS: dict[str, tuple[str, ...]] = {
    "imap": ("address", "server", "smtp", "username", "password"),
    "caldav": ("server", "username", "password"),
}
CANNOT_SIGN_IN = (
    "I couldn't sign in with these details: check the server addresses, the user name and the app password."
)


@dataclass(frozen=True)
class PasswordForm:
    """What the form sent: the service it was for and each field as typed (stripped; "" when empty)."""

    service: str
    fields: dict[str, str] = field(repr=False)


class FieldsError(Exception):
    """What to fix, per field of the form."""

    def __init__(self, errors: FieldErrors) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


def credentials_of(form: PasswordForm) -> tuple[dict[str, Any], str]:
    """(credentials to seal, the label to show) from the form's fields; ``FieldsError`` when a field is wrong."""
    fields = form.fields
    required = (
        ("address", "server", "smtp", "password") if form.service == "imap" else ("server", "username", "password")
    )
    missing = {name: "Please fill this in." for name in required if not fields.get(name)}
    if missing:
        raise FieldsError(missing)
    if form.service == "imap":
        address = fields["address"]
        if "@" not in address or any(c.isspace() for c in address):
            raise FieldsError({"address": "This is not an email address."})
        username = fields.get("username") or address
        url = _server_url(fields["server"], "imap", secure_unless=(143,))
        smtp_url = _server_url(fields["smtp"], "smtp", secure_unless=(25, 587))
        if address != username:
            smtp_url += ("&" if "?" in smtp_url else "?") + "from=" + quote(address, safe="@")
        problems = {
            name: problem
            for name, value, schemes in (("server", url, ("imap", "imaps")), ("smtp", smtp_url, ("smtp", "smtps")))
            if (problem := _url_problem(value, schemes)) is not None
        }
        if problems:
            raise FieldsError(problems)
    elif form.service == "caldav":
        username, smtp_url = fields["username"], None
        url = fields["server"] if "://" in fields["server"] else f"https://{fields['server']}"
        if _url_problem(url, ("http", "https")) is not None:
            raise FieldsError({"server": "Give the CalDAV server's address, e.g. https://caldav.example.com/"})
    else:
        raise FieldsError({"password": f"{form.service} is not connected with a password"})
    try:
        return services.password_credentials(
            form.service, url=url, smtp_url=smtp_url, username=username, password=fields["password"]
        )
    except services.AccountInputError as error:
        raise FieldsError({"server": str(error)}) from None


async def check_login(
    service: str,
    credentials: dict[str, Any],
    http: aiohttp.ClientSession,
    options: services.Options,
    *,
    timeout: float = CHECK_SECONDS,
) -> None:
    """Log in to each server once (then close); ``FieldsError`` with ``CANNOT_SIGN_IN`` when anything fails."""
    try:
        async with asyncio.timeout(timeout):
            await services.check(service, credentials, http, options)
    except (ConnectorError, TimeoutError, OSError, ValueError, KeyError) as error:
        where = f" ({error.service})" if isinstance(error, ConnectorError) and error.service else ""
        logger.info("checking a %s login failed: %s%s", service, error.__class__.__name__, where)
        raise FieldsError({"password": CANNOT_SIGN_IN}) from None


def _server_url(text: str, scheme: str, *, secure_unless: tuple[int, ...]) -> str:
    """``host`` or ``host:port`` as a URL (TLS unless the port is a STARTTLS one); a URL stays as it is."""
    if "://" in text:
        return text
    try:
        port = urlsplit(f"//{text}").port
    except ValueError:
        port = None
    return f"{scheme}://{text}" if port in secure_unless else f"{scheme}s://{text}"


def _url_problem(url: str, schemes: tuple[str, ...]) -> str | None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises on a port that is not a number
    except ValueError:
        return "The port is not a number."
    if parts.scheme not in schemes or not parts.hostname:
        urls = " or ".join(f"{scheme}://" for scheme in schemes)
        return f"Give the server's name (e.g. {schemes[0]}.example.com) or a {urls} URL."
    return None
