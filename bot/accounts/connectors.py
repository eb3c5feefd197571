"""Each person's connectors: built from their stored account on first use, reused while it is unchanged, closed when
idle. The environment's credentials belong to ``PLANBOT_OWNER`` alone; a CRM connected for the whole workspace (or
configured in the environment) serves everyone of the workspace who has no CRM of their own, read-only unless they
may change records through it (``bot.accounts.workspace_crm``)."""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import aiohttp
from pydantic import BaseModel

from bot.accounts import oauth_connectors, services, workspace_crm
from bot.accounts.book import Accounts
from bot.accounts.environment_token import KeptRefreshToken, is_kept
from bot.accounts.vault import VaultError
from integrations.base import AuthError, Connector
from integrations.base.connector import close_connector
from integrations.base.creations import ScopedClaims
from integrations.base.principal import Principal
from integrations.base.read_only import ReadOnlyConnector
from planning.store.credentials import ANY_TEAM, WORKSPACE, Kind, StoredAccount

logger = logging.getLogger(__name__)
IDLE_SECONDS = 900.0
SLACK_FILES = "slack"  # the service of bot.slack.files' errors: a file shared in Slack, not the account


@dataclass
class _Built:
    secret: bytes
    connector: Connector
    used_at: float


class PersonalConnectors:
    """The registry's ``AccountConnectors``: who asks gets their own account's connector, or None."""

    def __init__(
        self,
        accounts: Accounts,
        http: aiohttp.ClientSession,
        options: services.Options,
        *,
        owner: str | None = None,
        environment: Mapping[str, Connector] | None = None,
        idle_seconds: float = IDLE_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
        one_workspace: bool = True,
        kept: KeptRefreshToken | None = None,
        members_write: bool = False,
    ) -> None:
        """``one_workspace`` False: several Slack workspaces are installed, and an account (or ``PLANBOT_OWNER``)
        serves only the workspace named with it; one connected without a team, or a bare owner id, serves none.
        ``kept``: where a rotated refresh token of the environment is kept (the owner's account, ``is_kept``);
        ``members_write``: members may change records through any workspace's CRM (``PLANBOT_WORKSPACE_CRM_WRITES``)."""
        self._accounts = accounts
        self._one_workspace = one_workspace
        self._http = http
        self._options = options
        self._owner = owner
        self._environment = dict(environment or {})
        self._idle = idle_seconds
        self._monotonic = monotonic
        self._built: dict[tuple[str, str, str], _Built] = {}
        self._lock = asyncio.Lock()
        self._saving: set[asyncio.Task[None]] = set()
        self._kept = kept
        self._members_write = members_write

    def owns_environment(self, principal: Principal) -> bool:
        """``PLANBOT_OWNER`` is a user id (any workspace) or ``TEAM:USER``."""
        if not self._owner:
            return False
        qualified = f"{principal.team}:{principal.user}"
        return self._owner in ((principal.user, qualified) if self._one_workspace else (qualified,))

    async def _stored(self, team: str, user: str, kind: Kind) -> StoredAccount | None:
        """The account of ``user`` in ``team``, else the one connected without a team (``--team`` left out: the
        install's one workspace). The same user id either way: never someone else's."""
        found = await self._accounts.store.get(team, user, kind)
        if found is None and team != ANY_TEAM and self._one_workspace:
            found = await self._accounts.store.get(ANY_TEAM, user, kind)
        return found

    async def connector(self, kind: str, principal: Principal) -> Connector | None:
        if not principal.user:
            return None
        account = await self._stored(principal.team, principal.user, _kind(kind))
        if account is not None and is_kept(account) and self.owns_environment(principal) and kind in self._environment:
            return self._environment[kind]  # the environment's token, kept after a rotation: its connector holds it
        if account is None and self.owns_environment(principal) and kind in self._environment:
            return self._environment[kind]
        if account is None and kind == "crm":
            return await self._workspace_crm(principal)
        if account is None:
            return None
        return await self._opened(account)

    async def _opened(self, account: StoredAccount) -> Connector:
        if account.needs_reconnect:  # its sign-in was refused before: ask again, do not try it on every step
            raise AuthError(f"your {account.kind} account needs reconnecting", service=account.service)
        async with self._lock:
            await self._close_idle()
            return await self._connector_of(account)

    async def _workspace_crm(self, principal: Principal) -> Connector | None:
        """The CRM shared by ``principal``'s workspace (else the environment's), read-only unless they may write."""
        account = await self._stored(principal.team, WORKSPACE, "crm")
        if account is None:
            shared = self._environment.get("crm")  # the CRM configured for everyone, if any
            if shared is None or self._members_write or self.owns_environment(principal):
                return shared
            return ReadOnlyConnector(shared, refusal=workspace_crm.refusal(shared.name))
        connector = await self._opened(account)
        sharing = workspace_crm.stored_sharing(self._accounts, account, server_allows=self._members_write)
        if sharing.may_write(principal.user):
            return connector
        return ReadOnlyConnector(connector, refusal=workspace_crm.refusal(account.service))

    async def _connector_of(self, account: StoredAccount) -> Connector:
        key = (account.team, account.user, account.kind)
        built = self._built.get(key)
        if built is not None and built.secret == account.secret:
            built.used_at = self._monotonic()
            return built.connector
        if built is not None:  # reconnected (or re-encrypted) since: start again from the stored account
            await close_connector(built.connector)
        try:
            credentials = self._accounts.credentials(account)
            if oauth_connectors.is_oauth(credentials):
                rotated = self._rotation(account, credentials)
                args = (account.service, account.kind, credentials, self._http, self._options_for(account), rotated)
                connector: Connector = oauth_connectors.build(*args)
            else:
                connector = services.build(account.service, credentials, self._http, self._options_for(account))
        except (VaultError, services.AccountInputError, KeyError, ValueError) as error:
            what = error.__class__.__name__  # not its text: a validation error may quote a credential
            logger.warning("cannot open the %s account of %s/%s (%s)", account.kind, account.team, account.user, what)
            message = f"your {account.kind} account cannot be used: connect it again"
            raise AuthError(message, service=account.service) from None
        watched = _Watched(connector, lambda: self._refused(account))
        self._built[key] = _Built(account.secret, watched, self._monotonic())
        return watched

    def _options_for(self, account: StoredAccount) -> services.Options:
        """The deployment's options, with the creation claims scoped to this account (its names are its own)."""
        claims = self._options.claims
        if claims is None:
            return self._options
        scope = f"{account.service}:{account.team}:{account.user}"
        return replace(self._options, claims=ScopedClaims(claims, scope))

    async def _refused(self, account: StoredAccount) -> None:
        """The service refused the account's sign-in (a revoked or expired grant, a changed password): mark it, so
        that App Home and the next plan ask to reconnect it, and forget its connector."""
        await self._accounts.mark_needs_reconnect(account)
        async with self._lock:
            built = self._built.get((account.team, account.user, account.kind))
            if built is not None and built.secret == account.secret:
                del self._built[(account.team, account.user, account.kind)]
                await close_connector(built.connector)

    def _rotation(self, account: StoredAccount, credentials: dict[str, Any]) -> Callable[[str], None]:
        """Keeps a refresh token the service rotated (Microsoft 365) in place of the stored one; the connector that
        holds it stays in use (not rebuilt for a secret that changed under it)."""
        key = (account.team, account.user, account.kind)
        latest = _Latest(account, dict(credentials))
        one_at_a_time = asyncio.Lock()

        async def store(token: str) -> None:
            async with one_at_a_time:
                current = latest.account
                if token == latest.credentials.get("refresh_token"):
                    return
                fresh = {**latest.credentials, "refresh_token": token}
                updated = await self._accounts.replace_credentials(current, fresh)
                if updated is None:  # connected again or gone meanwhile: that one wins
                    return
                latest.account, latest.credentials = updated, fresh
                built = self._built.get(key)
                if built is not None and built.secret == current.secret:
                    built.secret = updated.secret

        def rotated(token: str) -> None:
            task = asyncio.get_running_loop().create_task(store(token))
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)

        return rotated

    async def _close_idle(self) -> None:
        now = self._monotonic()
        for key, built in list(self._built.items()):
            if now - built.used_at >= self._idle:
                del self._built[key]
                await close_connector(built.connector)

    async def close(self) -> None:
        if self._kept is not None:
            await self._kept.close()
        built, self._built = list(self._built.values()), {}
        for each in built:
            await close_connector(each.connector)


@dataclass
class _Latest:
    """The account as last stored, and its credentials, while its connector rotates refresh tokens."""

    account: StoredAccount
    credentials: dict[str, Any]


class _Watched:
    """A stored account's connector: an ``AuthError`` from its service calls ``refused`` (then is raised as is);
    one about the files shared in Slack is not the account's."""

    def __init__(self, inner: Connector, refused: Callable[[], Awaitable[None]]) -> None:
        self.inner = inner
        self.name = inner.name
        self.tools = inner.tools
        self._refused = refused

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        try:
            return await self.inner.call(tool, arguments)
        except AuthError as error:
            if error.service != SLACK_FILES:
                await self._refused()
            raise

    async def aclose(self) -> None:
        await close_connector(self.inner)


def _kind(kind: str) -> Kind:
    if kind not in ("email", "calendar", "crm"):
        raise ValueError(f"not a kind of account: {kind!r}")
    return kind  # type: ignore[return-value]
