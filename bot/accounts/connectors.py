"""Each person's connectors: built from their stored account on first use, reused while it is unchanged, closed when
idle. The environment's credentials belong to ``PLANBOT_OWNER`` alone; a CRM connected for the whole workspace (or
configured in the environment) serves everyone of the workspace who has no CRM of their own."""

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import aiohttp

from bot.accounts import services
from bot.accounts.book import Accounts
from bot.accounts.vault import VaultError
from integrations.base import AuthError, Connector
from integrations.base.connector import close_connector
from integrations.base.principal import Principal
from planning.store.credentials import ANY_TEAM, WORKSPACE, Kind, StoredAccount

logger = logging.getLogger(__name__)
IDLE_SECONDS = 900.0


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
    ) -> None:
        self._accounts = accounts
        self._http = http
        self._options = options
        self._owner = owner
        self._environment = dict(environment or {})
        self._idle = idle_seconds
        self._monotonic = monotonic
        self._built: dict[tuple[str, str, str], _Built] = {}
        self._lock = asyncio.Lock()

    def owns_environment(self, principal: Principal) -> bool:
        """``PLANBOT_OWNER`` is a user id (any workspace) or ``TEAM:USER``."""
        if not self._owner:
            return False
        return self._owner in (principal.user, f"{principal.team}:{principal.user}")

    async def _stored(self, team: str, user: str, kind: Kind) -> StoredAccount | None:
        """The account of ``user`` in ``team``, else the one connected without a team (``--team`` left out: the
        install's one workspace). The same user id either way: never someone else's."""
        found = await self._accounts.store.get(team, user, kind)
        if found is None and team != ANY_TEAM:
            found = await self._accounts.store.get(ANY_TEAM, user, kind)
        return found

    async def connector(self, kind: str, principal: Principal) -> Connector | None:
        if not principal.user:
            return None
        account = await self._stored(principal.team, principal.user, _kind(kind))
        if account is None and self.owns_environment(principal) and kind in self._environment:
            return self._environment[kind]
        if account is None and kind == "crm":
            account = await self._stored(principal.team, WORKSPACE, "crm")
            if account is None:
                return self._environment.get("crm")  # the CRM configured for everyone, if any
        if account is None:
            return None
        async with self._lock:
            await self._close_idle()
            return await self._connector_of(account)

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
            connector = services.build(account.service, credentials, self._http, self._options)
        except (VaultError, services.AccountInputError, KeyError, ValueError) as error:
            what = error.__class__.__name__  # not its text: a validation error may quote a credential
            logger.warning("cannot open the %s account of %s/%s (%s)", account.kind, account.team, account.user, what)
            message = f"your {account.kind} account cannot be used: connect it again"
            raise AuthError(message, service=account.service) from None
        self._built[key] = _Built(account.secret, connector, self._monotonic())
        return connector

    async def _close_idle(self) -> None:
        now = self._monotonic()
        for key, built in list(self._built.items()):
            if now - built.used_at >= self._idle:
                del self._built[key]
                await close_connector(built.connector)

    async def close(self) -> None:
        built, self._built = list(self._built.values()), {}
        for each in built:
            await close_connector(each.connector)


def _kind(kind: str) -> Kind:
    if kind not in ("email", "calendar", "crm"):
        raise ValueError(f"not a kind of account: {kind!r}")
    return kind  # type: ignore[return-value]
