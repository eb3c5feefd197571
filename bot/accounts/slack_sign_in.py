"""Sign in with Slack (OpenID Connect): who is in the browser that opened a Connect link.

The browser goes to ``https://slack.com/openid/connect/authorize`` (scopes ``openid profile email``, a ``state``, a
``nonce``, the ``team`` of the link); Slack sends it back to ``{PLANBOT_PUBLIC_URL}/accounts/slack/callback`` with a
code, which ``openid.connect.token`` exchanges for an ID token. Its signature is checked with Slack's keys
(``/openid/connect/keys``), then its issuer (``https://slack.com``), audience (the app's client id), expiry and nonce;
``https://slack.com/user_id`` and ``https://slack.com/team_id`` say who signed in. The endpoints sit beside
``SLACK_API_URL`` (a stand-in in tests).
"""

import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode, urljoin

import aiohttp
from cryptography.hazmat.primitives.asymmetric import rsa

from bot.accounts.id_tokens import IdTokenError, key_id, public_keys, verified_claims

logger = logging.getLogger(__name__)
ISSUER = "https://slack.com"
SCOPES = ("openid", "profile", "email")
CALLBACK_PATH = "/accounts/slack/callback"
_TIMEOUT = aiohttp.ClientTimeout(total=20, connect=5)


class SlackSignInError(Exception):
    """Slack did not say who signed in; the message is fit for the page (never a token)."""


@dataclass(frozen=True)
class SlackPerson:
    """Who signed in with Slack: their ids, name and profile address (None when Slack gave none, or unverified)."""

    team: str
    user: str
    name: str
    email: str | None


@dataclass
class SlackSignIn:
    client_id: str
    client_secret: str = field(repr=False)
    api_url: str  # SLACK_API_URL, e.g. https://slack.com/api/
    _keys: dict[str, rsa.RSAPublicKey] = field(default_factory=dict, repr=False)

    @property
    def _root(self) -> str:
        api = self.api_url if self.api_url.endswith("/") else f"{self.api_url}/"
        return urljoin(api, "../")

    def authorize_url(self, *, state: str, nonce: str, redirect_uri: str, team: str) -> str:
        query = {
            "response_type": "code",
            "scope": " ".join(SCOPES),
            "client_id": self.client_id,
            "state": state,
            "nonce": nonce,
            "redirect_uri": redirect_uri,
            **({"team": team} if team else {}),
        }
        return f"{self._root}openid/connect/authorize?{urlencode(query, quote_via=quote)}"

    async def person(self, http: aiohttp.ClientSession, code: str, *, nonce: str, redirect_uri: str) -> SlackPerson:
        """Exchange ``code`` and check the ID token (``SlackSignInError`` when anything is wrong)."""
        form = {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "code": code,
            "grant_type": "authorization_code",
            "redirect_uri": redirect_uri,
        }
        api = self.api_url if self.api_url.endswith("/") else f"{self.api_url}/"
        try:
            async with http.post(f"{api}openid.connect.token", data=form, timeout=_TIMEOUT) as answer:
                body: Any = await answer.json(content_type=None)
        except (TimeoutError, aiohttp.ClientError, ValueError):
            raise SlackSignInError("Slack did not answer. Try again in a moment.") from None
        if not isinstance(body, dict) or not body.get("ok") or not isinstance(body.get("id_token"), str):
            error = "".join(c for c in str((body or {}).get("error", "no answer"))[:64] if c.isalnum() or c in "_-.")
            logger.info("Slack refused a sign-in code exchange (%s)", error)
            raise SlackSignInError(f"Slack did not accept the sign-in ({error}).")
        token = str(body["id_token"])
        try:
            if key_id(token) not in self._keys:
                await self._fetch_keys(http)
            claims = verified_claims(token, self._keys, issuer=ISSUER, audience=self.client_id, nonce=nonce)
        except IdTokenError as error:
            logger.warning("a Sign in with Slack ID token was refused: %s", error)
            raise SlackSignInError("Slack's answer could not be verified, so nothing was connected.") from None
        user, team = claims.get("https://slack.com/user_id"), claims.get("https://slack.com/team_id")
        if not isinstance(user, str) or not isinstance(team, str) or claims.get("sub") != user:
            raise SlackSignInError("Slack did not say who signed in, so nothing was connected.")
        email = claims.get("email") if claims.get("email_verified") is True else None
        name = " ".join(str(claims.get("name") or user).split())[:100]
        return SlackPerson(team=team, user=user, name=name, email=str(email) if isinstance(email, str) else None)

    async def _fetch_keys(self, http: aiohttp.ClientSession) -> None:
        try:
            async with http.get(f"{self._root}openid/connect/keys", timeout=_TIMEOUT) as answer:
                body = await answer.json(content_type=None) if answer.status == 200 else {}
        except (TimeoutError, aiohttp.ClientError, ValueError):
            raise SlackSignInError("Slack did not answer. Try again in a moment.") from None
        self._keys = public_keys(body if isinstance(body, dict) else {})
