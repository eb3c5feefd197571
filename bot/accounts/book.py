"""The accounts people have connected: sealed with the vault, kept in the plan store's accounts table."""

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bot.accounts.vault import MissingKeyError, Vault
from planning.store.credentials import CredentialStore, Kind, StoredAccount

logger = logging.getLogger(__name__)
NO_KEY = (
    "accounts are stored, but PLANBOT_SECRET_KEY is not set: set it to the key they were saved with "
    "(a secret of at least 32 characters)"
)


def _now() -> datetime:
    return datetime.now(UTC)


class Accounts:
    """Connect, list, open and disconnect accounts. ``vault`` is None without ``PLANBOT_SECRET_KEY``: then
    nothing can be stored, and a store that holds accounts is refused (``check_key``)."""

    def __init__(self, store: CredentialStore, vault: Vault | None, *, clock: Callable[[], datetime] = _now) -> None:
        self._store = store
        self._vault = vault
        self._clock = clock

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
        logger.info("account connected: %s %s for %s/%s", kind, service, team, user or "workspace")
        return account

    async def list(self, *, team: str | None = None, user: str | None = None) -> list[StoredAccount]:
        return await self._store.list(team=team, user=user)

    async def disconnect(self, *, team: str, user: str, kind: Kind, service: str) -> bool:
        found = await self._store.get(team, user, kind)
        if found is None or found.service != service:
            return False
        deleted = await self._store.delete(team, user, kind)
        if deleted:
            logger.info("account disconnected: %s %s for %s/%s", kind, service, team, user or "workspace")
        return deleted

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
