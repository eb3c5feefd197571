"""Connected accounts, kept in the plan store's file or database: one row per person and kind, or per workspace.

The store keeps what it is given: ``secret`` is ciphertext sealed by the caller (``bot.accounts.vault``), so no
backend ever sees a key or a clear credential. Backends: ``InMemoryCredentialStore`` (tests), SQLite and PostgreSQL
(``credentials_sql``), which share the plan store's schema history (SQLite 0004, PostgreSQL 0003). Every backend
passes ``tests/planning/store/conformance_credentials.py``.
"""

import os
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal, Protocol

Kind = Literal["email", "calendar", "crm"]
KINDS: tuple[Kind, ...] = ("email", "calendar", "crm")
WORKSPACE = ""
"""The ``user`` of an account shared by the whole workspace (a company CRM)."""
ANY_TEAM = ""
"""The ``team`` of an account connected without naming the workspace: the install's one workspace."""


@dataclass(frozen=True, slots=True)
class StoredAccount:
    """One connected account. ``label`` says which account it is (an address, a user name): never secret."""

    team: str
    user: str
    kind: Kind
    service: str
    label: str
    secret: bytes = field(repr=False)
    updated_at: datetime
    needs_reconnect: bool = False
    """Its sign-in was refused (a revoked or expired refresh token, a changed password): connect it again."""

    @property
    def shared(self) -> bool:
        return self.user == WORKSPACE

    def sealed_again(self, secret: bytes) -> "StoredAccount":
        return replace(self, secret=secret)


class CredentialStore(Protocol):
    async def put(self, account: StoredAccount) -> None:
        """Insert, or replace the person's (or workspace's) account of that kind."""
        ...

    async def get(self, team: str, user: str, kind: Kind) -> StoredAccount | None: ...

    async def list(self, *, team: str | None = None, user: str | None = None) -> list[StoredAccount]:
        """Accounts ordered by team, user, kind; ``team`` / ``user`` narrow the list."""
        ...

    async def delete(self, team: str, user: str, kind: Kind) -> bool:
        """True when there was an account to delete."""
        ...

    async def reseal(self, account: StoredAccount, secret: bytes) -> bool:
        """Replace the secret only if the row still holds ``account.secret`` (no lost update on rotation)."""
        ...

    async def mark_needs_reconnect(self, account: StoredAccount) -> bool:
        """Mark the account as needing reconnection, only if the row still holds ``account.secret`` (an account
        connected again meanwhile stays good). ``put`` clears the mark."""
        ...

    async def close(self) -> None: ...


def _order(account: StoredAccount) -> tuple[str, str, str]:
    return account.team, account.user, account.kind


class InMemoryCredentialStore:
    def __init__(self) -> None:
        self._rows: dict[tuple[str, str, str], StoredAccount] = {}

    async def put(self, account: StoredAccount) -> None:
        self._rows[_order(account)] = account

    async def get(self, team: str, user: str, kind: Kind) -> StoredAccount | None:
        return self._rows.get((team, user, kind))

    async def list(self, *, team: str | None = None, user: str | None = None) -> list[StoredAccount]:
        found = [a for a in self._rows.values() if team in (None, a.team) and user in (None, a.user)]
        return sorted(found, key=_order)

    async def delete(self, team: str, user: str, kind: Kind) -> bool:
        return self._rows.pop((team, user, kind), None) is not None

    async def reseal(self, account: StoredAccount, secret: bytes) -> bool:
        current = self._rows.get(_order(account))
        if current is None or current.secret != account.secret:
            return False
        self._rows[_order(account)] = current.sealed_again(secret)
        return True

    async def mark_needs_reconnect(self, account: StoredAccount) -> bool:
        current = self._rows.get(_order(account))
        if current is None or current.secret != account.secret:
            return False
        self._rows[_order(account)] = replace(current, needs_reconnect=True)
        return True

    async def close(self) -> None:
        return None


async def open_credentials(location: str | os.PathLike[str]) -> CredentialStore:
    """The accounts of the plan store at ``location`` (a ``postgresql://`` URL or a SQLite path), migrated."""
    from planning.store.opening import is_postgres_url

    if is_postgres_url(location):
        from planning.store.credentials_sql import PostgresCredentialStore

        return await PostgresCredentialStore.open(os.fspath(location))
    from planning.store.credentials_sql import SqliteCredentialStore

    return await SqliteCredentialStore.open(location)
