"""Sign-ins in progress, in the plan store's ``oauth_states`` table (SQLite or PostgreSQL): one row per ``state``.

A row is kept under the SHA-256 of its ``state`` and taken once: the first ``take`` deletes it, so a replayed
callback finds nothing. The PKCE verifier is sealed by the caller; the browser's cookie is kept as its hash.
"""

import hashlib
import os
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from planning.store.columns import Row
from planning.store.credentials import Kind

Execute = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]
_COLUMNS = "state_hash, team, user_id, shared, service, kinds, verifier, browser, expires_at"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class PendingSignIn:
    state_hash: str
    team: str
    user: str  # who connects
    shared: bool  # the workspace's CRM, connected by ``user`` (an admin) for everyone
    service: str
    kinds: tuple[Kind, ...]
    verifier: bytes = field(repr=False)  # sealed
    browser: str = field(repr=False)  # the hash of the cookie set in the browser that started it
    expires_at: datetime


class SignInStates:
    def __init__(self, execute: Execute, mark: str, close: Callable[[], Awaitable[None]]) -> None:
        self._execute = execute
        self._mark = mark
        self._close = close

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def _time(self, value: datetime) -> Any:
        return value.astimezone(UTC).isoformat(timespec="microseconds") if self._mark == "?" else value

    async def put(self, pending: PendingSignIn, *, now: datetime) -> None:
        """Keep ``pending``; sign-ins that expired before ``now`` are dropped on the way."""
        await self._execute(self._sql("DELETE FROM oauth_states WHERE expires_at < ?"), (self._time(now),))
        who = (pending.state_hash, pending.team, pending.user, pending.shared, pending.service)
        await self._execute(
            self._sql(f"INSERT INTO oauth_states ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
            (*who, ",".join(pending.kinds), pending.verifier, pending.browser, self._time(pending.expires_at)),
        )

    async def take(self, state_hash: str) -> PendingSignIn | None:
        """The sign-in of that state, removed: only the first caller gets it (expired or not: the caller says)."""
        rows, _ = await self._execute(
            self._sql(f"SELECT {_COLUMNS} FROM oauth_states WHERE state_hash = ?"), (state_hash,)
        )
        if not rows:
            return None
        _, count = await self._execute(self._sql("DELETE FROM oauth_states WHERE state_hash = ?"), (state_hash,))
        return _pending(rows[0]) if count == 1 else None

    async def close(self) -> None:
        await self._close()


def _pending(row: Row) -> PendingSignIn:
    state_hash, team, user, shared, service, kinds, verifier, browser, expires_at = row
    when = expires_at if isinstance(expires_at, datetime) else datetime.fromisoformat(expires_at)
    return PendingSignIn(
        state_hash=state_hash,
        team=team,
        user=user,
        shared=bool(shared),
        service=service,
        kinds=tuple(cast(Kind, k) for k in str(kinds).split(",") if k),
        verifier=bytes(verifier),
        browser=browser,
        expires_at=when,
    )


async def open_states(location: str | os.PathLike[str]) -> SignInStates:
    """The sign-ins of the plan store at ``location`` (a ``postgresql://`` URL or a SQLite path), migrated."""
    from planning.store.opening import is_postgres_url

    if is_postgres_url(location):
        from planning.store.postgres import _execute, migrate, open_pool

        url = os.fspath(location)
        await migrate(url)
        pool = await open_pool(url, name="planbot-sign-ins", min_size=0, max_size=2, timeout=10.0)

        async def on_postgres(sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
            async with pool.connection() as connection:
                return await _execute(connection, sql, params)

        return SignInStates(on_postgres, "%s", pool.close)
    from planning.store.sqlite import migrate as migrate_sqlite
    from planning.store.sqlite_writer import SqliteFile

    await migrate_sqlite(location)
    file = await SqliteFile.open(location, what="sign-in store")
    return SignInStates(file.execute, "?", file.close)
