"""Connecting an account from a Connect link, in steps that each live as one row of ``oauth_states``:

1. ``begin`` (``/accounts/<service>/start?link=…``): the link is checked (sealed with our key, for this service, not
   older than ten minutes) and its nonce recorded, so a second opening is refused; the browser gets a cookie and goes
   to Sign in with Slack (``bot.accounts.slack_sign_in``).
2. ``slack_finish`` (``/accounts/slack/callback``): the Slack user and team who signed in must be the link's, else
   nothing goes on; then the service's sign-in page (authorization code with PKCE S256, the exact redirect URI
   ``{PLANBOT_PUBLIC_URL}/accounts/<service>/callback``), or planbot's password page (``bot.accounts.password_page``).
3. ``finish`` (``/accounts/<service>/callback``): the code exchanged, the account stored for the link's person and
   named on the page, unless the address it signed in as is not the person's Slack profile address: then it is held
   and the person is asked in Slack (``oauth_held``), and ``confirm`` stores it once they say it is theirs.

Each step is single-use, expires, and is checked against the browser's cookie before it is taken, so a stranger's
callback leaves it for its owner. Tokens are sealed with the vault; nothing is logged but who connected which kind.
"""

import base64
import hashlib
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal
from urllib.parse import quote, urlencode, urlsplit

import aiohttp

from bot.accounts import services
from bot.accounts.book import Accounts
from bot.accounts.oauth_exchange import AGAIN, SignInError, account_of, exchange, granted
from bot.accounts.oauth_held import HeldAccount, HeldAccounts, OnHeld
from bot.accounts.oauth_links import PASSWORD_PAGES, LinkError, read_link, unseal
from bot.accounts.oauth_providers import OAuthSetup, Provider
from bot.accounts.oauth_states import PendingSignIn, SignInStates, Step, digest
from bot.accounts.oauth_steps import step_row
from bot.accounts.slack_sign_in import SlackSignIn, SlackSignInError
from bot.accounts.vault import VaultError
from bot.accounts.workspace_crm import shared_credentials
from planning.store.credentials import WORKSPACE, Kind

__all__ = ["AGAIN", "COOKIE", "Connected", "HeldAccount", "OAuthConnections", "Redirect", "SignInError", "per_kind"]
logger = logging.getLogger(__name__)
STATE_TTL = timedelta(minutes=10)
COOKIE = "planbot_sign_in"
OnConnected = Callable[[str, str, tuple[Kind, ...], str], Awaitable[None]]
"""Called with the team, the account's user (empty: the workspace's CRM), the kinds just connected and who connected
them (the same user, or the admin who connected the workspace's CRM): App Home, plans waiting for the account."""
USED = (
    "This Connect link was already used. Ask for a new one in Slack: open planbot's Home tab and press Connect again."
)
NOT_YOURS = (
    "This Connect link was made for someone else, and you are signed in to Slack as {name}, so nothing was "
    "connected. To connect your own account, open planbot's Home tab in Slack and press Connect there."
)


def per_kind(notify: Callable[..., Awaitable[None]]) -> OnConnected:
    """An ``OnConnected`` from ``notify(team, user, kind, by=...)`` called for each kind (``bot.slack.connect``)."""

    async def each(team: str, user: str, kinds: tuple[Kind, ...], by: str) -> None:
        for kind in kinds:
            await notify(team, user, kind, by=by)

    return each


@dataclass(frozen=True)
class Redirect:
    url: str
    cookie: str | None  # a new cookie to set (the first step), or None
    cookie_name: str
    cookie_path: str
    secure: bool


@dataclass(frozen=True)
class Connected:
    title: str
    label: str
    team: str
    user: str  # "": the workspace's CRM
    kinds: tuple[Kind, ...]
    refused: tuple[Kind, ...]  # asked for, but the person did not allow its scopes
    person: str  # the Slack person it was connected for (or by, for the workspace's CRM)


def _now() -> datetime:
    return datetime.now(UTC)


class OAuthConnections:
    def __init__(
        self,
        setup: OAuthSetup,
        accounts: Accounts,
        states: SignInStates,
        http: aiohttp.ClientSession,
        *,
        secret: str | None,
        slack: SlackSignIn | None,
        clock: Callable[[], datetime] = _now,
        on_connected: OnConnected | None = None,
        on_held: OnHeld | None = None,
        options: services.Options | None = None,
    ) -> None:
        """``slack``: Sign in with Slack (None: not set up, and nothing can be connected); ``options``: what a
        password service's login is checked with."""
        self.options = options or services.Options()
        self._setup = setup
        self.accounts = accounts
        self._states = states
        self.http = http
        self._secret = secret
        self._slack = slack
        self.clock = clock
        self.on_connected = on_connected
        self.held = HeldAccounts(states, secret, lambda: self.clock())
        self.held.on_held = on_held

    async def close(self) -> None:
        await self._states.close()
        await self.http.close()

    def cookie_name(self, service: str) -> str:
        return f"{COOKIE}_{service}"

    def cookie_path(self) -> str:
        """The pages under PLANBOT_PUBLIC_URL, which may have a path (behind a proxy)."""
        return f"{urlsplit(self._setup.public_url or '').path.rstrip('/')}/accounts/"

    def redirect_uri(self, service: str) -> str:
        return f"{self._setup.public_url}/accounts/{service}/callback"

    def page_url(self, path: str) -> str:
        return f"{self._setup.public_url}{path}"

    def _provider(self, service: str) -> Provider | None:
        """The OAuth service (None: a password page); ``SignInError`` when this install cannot connect it."""
        if not self._setup.public_url:
            raise SignInError("PLANBOT_PUBLIC_URL is not set on this install: ask its admin to set it.", 503)
        provider = self._setup.providers.get(service)
        if provider is None and service not in PASSWORD_PAGES:
            if service in self._setup.unavailable:
                said = self._setup.unavailable[service]
                raise SignInError(said[:1].upper() + said[1:], 404)
            raise SignInError("There is no such service to connect.", 404)
        if self._secret is None:
            raise SignInError("PLANBOT_SECRET_KEY is not set on this install: ask its admin to set it.", 503)
        if self._slack is None:
            raise SignInError(
                "Sign in with Slack is not set up on this install (PLANBOT_SLACK_SIGN_IN_CLIENT_ID and "
                "_CLIENT_SECRET): ask its admin to set it up.",
                503,
            )
        return provider

    # --- 1. the Connect link ---------------------------------------------------------------------------------

    async def begin(self, service: str, link_token: str | None) -> Redirect:
        """Check the Connect link and use it up; send the browser to Sign in with Slack."""
        provider = self._provider(service)
        if not link_token:
            raise SignInError(f"Open this page from the Connect button in the app's Home tab in Slack. {AGAIN}")
        now = self.clock()
        try:
            link = read_link(link_token, service, secret=self._secret, now=now.timestamp())
        except (LinkError, VaultError) as error:
            raise SignInError(f"{str(error)[:1].upper()}{str(error)[1:]}.") from None
        kinds: tuple[Kind, ...] = tuple(provider.kinds) if provider is not None else ()
        if link.shared:
            if provider is None or "crm" not in provider.kinds:
                raise SignInError("Only a CRM can be connected for the whole workspace.")
            kinds = ("crm",)
        until = datetime.fromtimestamp(link.expires_at, UTC)
        opened = step_row(
            "link",
            f"link:{link.nonce}",
            link,
            secret=self._secret,
            service=service,
            kinds=(),
            carried={},
            browser="",
            expires_at=until,
        )
        if not await self._states.claim(opened, now=now):
            logger.info("a used Connect link for %s/%s was opened again", link.team, link.user)
            raise SignInError(USED, 410)
        state, nonce, cookie = secrets.token_urlsafe(32), secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        pending = step_row(
            "slack",
            state,
            link,
            secret=self._secret,
            service=service,
            kinds=kinds,
            carried={"nonce": nonce},
            browser=digest(cookie),
            expires_at=now + STATE_TTL,
        )
        await self._states.put(pending, now=now)
        assert self._slack is not None  # checked by _provider
        url = self._slack.authorize_url(
            state=state, nonce=nonce, redirect_uri=self.redirect_uri("slack"), team=link.team
        )
        return self._redirect(url, service, cookie)

    # --- 2. Sign in with Slack -------------------------------------------------------------------------------

    async def slack_finish(self, query: Mapping[str, str], cookies: Mapping[str, str]) -> Redirect:
        """Slack sent the browser back: the person must be the link's; then the service's sign-in or the form."""
        pending, carried = await self.take_step("slack", None, query.get("state"), cookies)
        if query.get("error"):
            raise SignInError(f"You did not sign in with Slack, so nothing was connected. {AGAIN}")
        code = query.get("code")
        if not code:
            raise SignInError(f"Slack sent no authorization code back. {AGAIN}")
        assert self._slack is not None
        try:
            person = await self._slack.person(
                self.http, code, nonce=str(carried.get("nonce")), redirect_uri=self.redirect_uri("slack")
            )
        except SlackSignInError as error:
            raise SignInError(f"{error} {AGAIN}", 502) from None
        if (person.team, person.user) != (pending.team, pending.user):
            logger.warning(
                "a Connect link of %s/%s was opened by %s/%s: refused",
                pending.team,
                pending.user,
                person.team,
                person.user,
            )
            raise SignInError(NOT_YOURS.format(name=person.name), 403)
        slack = {"name": person.name, "email": person.email}
        now, service = self.clock(), pending.service
        provider = self._provider(service)
        key = secrets.token_urlsafe(32)
        if provider is None:  # a password service: planbot's own page
            form = step_row(
                "form",
                key,
                pending,
                secret=self._secret,
                service=service,
                kinds=(),
                carried={"slack": slack},
                browser=pending.browser,
                expires_at=now + STATE_TTL,
            )
            await self._states.put(form, now=now)
            return self._redirect(self.page_url(f"/accounts/{service}/form?{urlencode({'s': key})}"), service, None)
        verifier = secrets.token_urlsafe(64)
        step = step_row(
            "provider",
            key,
            pending,
            secret=self._secret,
            service=service,
            kinds=pending.kinds,
            carried={"verifier": verifier, "slack": slack},
            browser=pending.browser,
            expires_at=now + STATE_TTL,
        )
        await self._states.put(step, now=now)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        asked = {
            "response_type": "code",
            "client_id": provider.client_id,
            "redirect_uri": self.redirect_uri(service),
            "scope": " ".join(provider.scopes(pending.kinds)),
            "state": key,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            **provider.authorize_params,
        }
        return self._redirect(f"{provider.authorize_url}?{urlencode(asked, quote_via=quote)}", service, None)

    # --- 3. the service's sign-in ----------------------------------------------------------------------------

    async def finish(
        self, service: str, query: Mapping[str, str], cookies: Mapping[str, str]
    ) -> Connected | HeldAccount:
        """The service sent the browser back: exchange the code with the verifier, then store (or hold) the account."""
        provider = self._provider(service)
        if provider is None:
            raise SignInError("There is no such service to connect.", 404)
        pending, carried = await self.take_step("provider", service, query.get("state"), cookies)
        if query.get("error"):
            if query["error"] == "access_denied":
                raise SignInError(f"You did not allow access, so nothing was connected. {AGAIN}")
            said = "".join(c for c in query["error"][:64] if c.isalnum() or c in "_-.")
            raise SignInError(f"{provider.title} did not complete the sign-in ({said}). {AGAIN}")
        code = query.get("code")
        if not code:
            raise SignInError(f"{provider.title} sent no authorization code back. {AGAIN}")
        tokens = await exchange(
            self.http, provider, code=code, verifier=str(carried["verifier"]), redirect_uri=self.redirect_uri(service)
        )
        return await self._store(provider, pending, tokens, dict(carried.get("slack") or {}))

    async def _store(
        self, provider: Provider, pending: PendingSignIn, tokens: dict[str, Any], slack: dict[str, Any]
    ) -> Connected | HeldAccount:
        scope = str(tokens.get("scope") or " ".join(provider.scopes(pending.kinds)))
        kinds = tuple(k for k in pending.kinds if granted(provider, k, scope))
        refused = tuple(k for k in pending.kinds if k not in kinds)
        if not kinds:
            raise SignInError(
                f"You did not allow the access planbot needs for your {' and '.join(refused)}, so nothing was "
                f"connected. {AGAIN}"
            )
        credentials: dict[str, Any] = {"refresh_token": tokens["refresh_token"], "scope": scope}
        if provider.name == "salesforce":
            if not str(tokens.get("instance_url", "")).startswith(("https://", "http://")):
                raise SignInError(f"Salesforce did not say which org the account is in. {AGAIN}", 502)
            credentials["instance_url"] = str(tokens["instance_url"]).rstrip("/")
        account = await account_of(self.http, provider, tokens)
        saves = {kind: provider.kinds[kind].service for kind in kinds}
        person, email = str(slack.get("name") or pending.user), slack.get("email")
        if account.address is None or not email or account.address.casefold() != str(email).casefold():
            return await self.held.hold(provider.title, pending, saves, account, slack, credentials)
        await self.save(pending.team, pending.user, pending.shared, saves, label=account.label, credentials=credentials)
        user = WORKSPACE if pending.shared else pending.user
        return Connected(provider.title, account.label, pending.team, user, kinds, refused, person)

    async def save(
        self, team: str, user: str, shared: bool, saves: Mapping[Kind, str], *, label: str, credentials: dict[str, Any]
    ) -> None:
        """Store the account for ``user`` (``shared``: the workspace's CRM, connected by ``user``), then tell Slack."""
        owner = WORKSPACE if shared else user
        try:
            if shared:  # who connected it may change records through it; members, only if an admin allows it
                credentials = await shared_credentials(self.accounts, team, credentials, connected_by=user)
            for kind, service in saves.items():
                await self.accounts.save(
                    team=team, user=owner, kind=kind, service=service, label=label, credentials=credentials
                )
        except VaultError as error:
            raise SignInError(f"{error}.", 503) from None
        if self.on_connected is not None:
            try:
                await self.on_connected(team, owner, tuple(saves), user)
            except Exception as error:  # the account is connected: telling Slack is a courtesy
                logger.warning("after connecting %s: %s", ",".join(saves), type(error).__name__)

    # --- an account held for its person's word ---------------------------------------------------------------

    @property
    def on_held(self) -> OnHeld | None:
        return self.held.on_held

    @on_held.setter
    def on_held(self, ask: OnHeld | None) -> None:
        self.held.on_held = ask

    async def confirm(
        self, confirm_id: str, *, team: str, user: str, use: bool
    ) -> Connected | Literal["discarded", "gone", "not yours"]:
        """The person's word on a held account: stored as theirs (``use``), or dropped. "gone": answered already or
        expired; "not yours": held for someone else (left as it is)."""
        kept = await self.held.take(confirm_id, team=team, user=user, use=use)
        if isinstance(kept, str):
            return kept
        await self.save(kept.team, kept.user, kept.shared, kept.saves, label=kept.label, credentials=kept.credentials)
        owner = WORKSPACE if kept.shared else kept.user
        return Connected(kept.title, kept.label, kept.team, owner, tuple(kept.saves), (), kept.person)

    async def take_step(
        self, step: Step, service: str | None, key: str | None, cookies: Mapping[str, str], *, keep: bool = False
    ) -> tuple[PendingSignIn, dict[str, Any]]:
        """The step kept under ``key``, checked (its kind, the browser's cookie, its expiry) before it is taken, and
        what it carries; ``keep``: checked only, left in place (a form shown again)."""
        if not key:
            raise SignInError(f"This page was opened without a sign-in to finish. {AGAIN}")
        found = await self._states.peek(digest(key))
        if found is None or found.step != step or (service is not None and found.service != service):
            raise SignInError(f"This sign-in was already finished, or is not one planbot started. {AGAIN}")
        cookie = cookies.get(self.cookie_name(found.service))
        if not cookie or not hmac.compare_digest(digest(cookie), found.browser):
            raise SignInError(f"Finish the sign-in in the browser where you started it. {AGAIN}")
        if self.clock() >= found.expires_at:
            await self._states.take(digest(key), browser=found.browser)
            raise SignInError(f"This sign-in took too long and has expired. {AGAIN}")
        taken = found if keep else await self._states.take(digest(key), browser=found.browser)
        if taken is None:
            raise SignInError(f"This sign-in was already finished, or is not one planbot started. {AGAIN}")
        try:
            return taken, unseal(self._secret, taken.sealed)
        except VaultError:
            raise SignInError(f"This sign-in can no longer be finished (the install's key changed). {AGAIN}") from None

    def _redirect(self, url: str, service: str, cookie: str | None) -> Redirect:
        secure = urlsplit(str(self._setup.public_url)).scheme == "https"
        return Redirect(url, cookie, self.cookie_name(service), self.cookie_path(), secure)
