"""The accounts people have connected: sealed with the vault, kept in the plan store's accounts table."""

import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from bot.accounts.vault import MissingKeyError, Vault, VaultError
from planning.store.credentials import CredentialStore, Kind, StoredAccount

logger = logging.getLogger(__name__)
NO_KEY = (
    "accounts are stored, but PLANBOT_SECRET_KEY is not set: set it to the key they were saved with "
    "(a secret of at least 32 characters)"
)


Revoke = Callable[[str, Mapping[str, Any]], Awaitable[bool]]
"""Asks the service to revoke the grant of stored credentials (``bot.accounts.oauth_revoke``); True when it did."""
Changed = Callable[[str, str], None]
"""Told (team, user) when an account of theirs is connected, disconnected or refused (user empty: the workspace)."""


def _now() -> datetime:
    return datetime.now(UTC)


class Accounts:
    """Connect, list, open and disconnect accounts. ``vault`` is None without ``PLANBOT_SECRET_KEY``: then
    nothing can be stored, and a store that holds accounts is refused (``check_key``). ``revoke``: Disconnect
    also revokes the grant at the service (OAuth accounts)."""

    def __init__(
        self,
        store: CredentialStore,
        vault: Vault | None,
        *,
        clock: Callable[[], datetime] = _now,
        revoke: Revoke | None = None,
    ) -> None:
        self._store = store
        self._vault = vault
        self._clock = clock
        self._revoke = revoke
        self._watchers: list[Changed] = []

    def watch(self, changed: Changed) -> None:
        """Call ``changed`` after each change of an account (what was built from it is out of date)."""
        self._watchers.append(changed)

    def _changed(self, account: StoredAccount) -> None:
        for changed in self._watchers:
            changed(account.team, account.user)

    @property
    def store(self) -> CredentialStore:
        return self._store

    def _key(self) -> Vault:
        if self._vault is None:
            raise MissingKeyError("set PLANBOT_SECRET_KEY (a secret of at least 32 characters) to store accounts")
        return self._vault

    async def save(
        self, *, team: str, user: str, kind: Kind, service: str, label: str, credentials: dict[str, Any]
    ) -> StoredAccount:
        account = StoredAccount(
            team=team,
            user=user,
            kind=kind,
            service=service,
            label=label,
            secret=self._key().seal(credentials),
            updated_at=self._clock(),
        )
        await self._store.put(account)
        self._changed(account)
        logger.info("account connected: %s %s for %s/%s", kind, service, team, user or "workspace")
        return account

    async def list(self, *, team: str | None = None, user: str | None = None) -> list[StoredAccount]:
        return await self._store.list(team=team, user=user)

    async def disconnect(self, *, team: str, user: str, kind: Kind, service: str) -> bool:
        found = await self._store.get(team, user, kind)
        if found is None or found.service != service:
            return False
        await self._revoke_grant(found)
        deleted = await self._store.delete(team, user, kind)
        self._changed(found)
        if deleted:
            logger.info("account disconnected: %s %s for %s/%s", kind, service, team, user or "workspace")
        return deleted

    async def _revoke_grant(self, account: StoredAccount) -> None:
        """Revoke the account's grant at the service, unless another of the person's accounts was connected with
        the same one (Google mail and calendar: one sign-in). A failure is logged: the account is deleted anyway."""
        if self._revoke is None or self._vault is None:
            return
        try:
            credentials = self.credentials(account)
            token = credentials.get("refresh_token")
            if not token:
                return
            for other in await self._store.list(team=account.team, user=account.user):
                if other.kind != account.kind and self.credentials(other).get("refresh_token") == token:
                    return
            if await self._revoke(account.service, credentials):
                logger.info("revoked the %s grant of %s/%s", account.service, account.team, account.user or "workspace")
        except VaultError:
            logger.warning("cannot open the %s account to revoke its grant: deleting it only", account.kind)
        except Exception as error:  # the service's answer must not keep the account stored
            logger.warning("revoking the %s grant failed (%s): deleting it only", account.service, type(error).__name__)

    async def mark_needs_reconnect(self, account: StoredAccount) -> bool:
        """Its sign-in was refused: App Home and the plan ask to connect it again (``StoredAccount.needs_reconnect``,
        cleared when it is saved again). False when it was connected again meanwhile, or is gone."""
        marked = await self._store.mark_needs_reconnect(account)
        if marked:
            self._changed(account)
            who = account.user or "workspace"
            logger.info("account needs reconnecting: %s %s for %s/%s", account.kind, account.service, account.team, who)
        return marked

    async def replace_credentials(self, account: StoredAccount, credentials: dict[str, Any]) -> StoredAccount | None:
        """Store new credentials of the same account (a rotated refresh token), only if it is still the one read;
        the account as now stored, or None."""
        sealed = self._key().seal(credentials)
        return account.sealed_again(sealed) if await self._store.reseal(account, sealed) else None

    def credentials(self, account: StoredAccount) -> dict[str, Any]:
        """The account's credentials in the clear (``WrongKeyError`` when no key opens them)."""
        return self._key().open(account.secret)

    async def check_key(self) -> int:
        """At start: refuse stored accounts without a key or with a wrong one, and move every account sealed with
        an old key to the current one. Returns how many were re-encrypted."""
        stored = await self._store.list()
        if not stored:
            return 0
        if self._vault is None:
            raise MissingKeyError(NO_KEY)
        moved = 0
        for account in stored:
            if self._vault.is_current(account.secret):
                continue
            if await self._store.reseal(account, self._vault.reseal(account.secret)):  # WrongKeyError: no key opens it
                moved += 1
        if moved:
            logger.info("re-encrypted %d account(s) with the current PLANBOT_SECRET_KEY", moved)
        return moved
