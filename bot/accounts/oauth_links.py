"""Connect links: the URL a Connect button opens, ``{PLANBOT_PUBLIC_URL}/accounts/<service>/start?link=…``.

The link carries a token sealed (Fernet: encrypted and authenticated) with a key derived from ``PLANBOT_SECRET_KEY``,
so nobody can forge one for another person, and the team and user ids are not readable in it. It works for ten
minutes and once: ``/start`` reads it back (``read_link``) and records its ``nonce`` before anything else
(``bot.accounts.oauth_flow``), and the person in the browser must then sign in with Slack as the link's person.
OAuth services go on to the service's sign-in page, password services (``imap``, ``caldav``) to planbot's own form.
"""

import base64
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from bot.accounts.vault import MIN_SECRET_CHARS, MissingKeyError, VaultError

OAUTH_SERVICES = ("google", "microsoft", "hubspot", "salesforce")
PASSWORD_PAGES = ("imap", "caldav")  # connected on planbot's own page (``bot.accounts.password_page``)
ALIASES = {"gmail": "google"}
"""A kind's service name (``PLANBOT_EMAIL=gmail``) that connects through another service's OAuth flow."""
LINK_TTL_SECONDS = 10 * 60
_INFO = b"planbot connect links v1"


class LinkError(ValueError):
    """A Connect link that cannot be used; the message is fit to show to the person who opened it."""


@dataclass(frozen=True)
class Link:
    service: str
    team: str
    user: str
    shared: bool  # the workspace's CRM, connected by an admin for everyone
    expires_at: float
    nonce: str  # recorded when the link is opened: a second opening is refused


def oauth_service(service: str) -> str:
    """The flow that connects ``service`` (``gmail`` → ``google``); ``LinkError`` when there is none."""
    name = ALIASES.get(service, service)
    if name not in OAUTH_SERVICES + PASSWORD_PAGES:
        raise LinkError(f"{service} is not connected through a Connect link ({', '.join(OAUTH_SERVICES)} do)")
    return name


def start_link(
    public_url: str,
    service: str,
    team: str,
    user: str,
    *,
    shared: bool = False,
    secret: str | None = None,
    ttl_seconds: float = LINK_TTL_SECONDS,
    now: float | None = None,
) -> str:
    """The URL of the Connect button for ``user`` of ``team`` (``shared``: the workspace's CRM; only offer that to
    an admin). ``secret`` defaults to ``PLANBOT_SECRET_KEY``; the link works for ``ttl_seconds``."""
    name = oauth_service(service)
    if not user:
        raise LinkError("a Connect link is for one person: the user id is empty")
    issued = time.time() if now is None else now
    body = {"s": name, "t": team, "u": user, "w": shared, "e": issued + ttl_seconds, "n": secrets.token_urlsafe(16)}
    token = fernet(secret).encrypt(json.dumps(body, separators=(",", ":")).encode()).decode()
    return f"{public_url.rstrip('/')}/accounts/{name}/start?link={quote(token, safe='')}"


def read_link(token: str, service: str, *, secret: str | None = None, now: float | None = None) -> Link:
    """The Connect link's person, checked: sealed with our key, for this service, not expired."""
    try:
        body = json.loads(fernet(secret).decrypt(token.encode()))
        link = Link(
            service=str(body["s"]),
            team=str(body["t"]),
            user=str(body["u"]),
            shared=bool(body["w"]),
            expires_at=float(body["e"]),
            nonce=str(body["n"]),
        )
    except (InvalidToken, ValueError, KeyError, TypeError, UnicodeError):
        raise LinkError("this Connect link is not valid: use the Connect button in the app's Home tab") from None
    if link.service != service:
        raise LinkError("this Connect link is for another service: use the Connect button in the app's Home tab")
    if (time.time() if now is None else now) >= link.expires_at:
        raise LinkError("this Connect link has expired: open the app's Home tab in Slack and press Connect again")
    return link


def seal(secret: str | None, value: dict[str, Any]) -> bytes:
    """``value`` (JSON) sealed with the key of Connect links, for a sign-in step kept in the store."""
    return fernet(secret).encrypt(json.dumps(value, separators=(",", ":")).encode())


def unseal(secret: str | None, sealed: bytes) -> dict[str, Any]:
    """What ``seal`` sealed; ``VaultError`` when it does not open (the key changed)."""
    try:
        value = json.loads(fernet(secret).decrypt(sealed))
    except (InvalidToken, ValueError, UnicodeError):
        raise VaultError("a sign-in in progress no longer opens (the install's key changed)") from None
    if not isinstance(value, dict):
        raise VaultError("a sign-in in progress no longer opens")
    return value


def fernet(secret: str | None) -> Fernet:
    """The key of Connect links and sign-ins in progress, derived from ``secret`` (default: ``PLANBOT_SECRET_KEY``)."""
    if secret is None:
        from bot.settings import Settings

        configured = Settings().secret_key
        if configured is None:
            raise MissingKeyError("set PLANBOT_SECRET_KEY (a secret of at least 32 characters) to connect accounts")
        secret = configured.get_secret_value()
    if len(secret) < MIN_SECRET_CHARS:
        raise VaultError(f"PLANBOT_SECRET_KEY must be at least {MIN_SECRET_CHARS} characters long")
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_INFO).derive(secret.encode())
    return Fernet(base64.urlsafe_b64encode(key))
