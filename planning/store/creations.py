"""Creation claims (``integrations.base.creations.CreationClaims``) in the plan store's database: the table
``creation_claims`` in SQLite and PostgreSQL (the same statements, each backend's placeholders and times), and in
memory. Every backend passes ``tests/planning/store/conformance_creations.py``.

``claim`` is one ``INSERT ... ON CONFLICT DO UPDATE ... WHERE`` (the row is taken when it is free, lapsed, or
already the caller's), so of concurrent claimers exactly one gets the key; the others read what it recorded.
"""

import os
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from integrations.base.creations import Claim
from planning.store.columns import Row
from planning.store.protocol import Clock, utc_now

Execute = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]


class SqlCreationClaims:
    """``CreationClaims`` over one backend's ``execute``; ``mark`` is its placeholder (``?`` or ``%s``)."""

    def __init__(self, execute: Execute, mark: str, close: Callable[[], Awaitable[None]], clock: Clock) -> None:
        self._execute = execute
        self._mark = mark
        self._close = close
        self._clock = clock

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def _time(self, value: datetime) -> Any:
        """SQLite: fixed-width ISO text in UTC (text order is time order); PostgreSQL: the datetime."""
        return value.astimezone(UTC).isoformat(timespec="microseconds") if self._mark == "?" else value

    async def claim(self, key: str, *, owner: str, hold_seconds: float) -> Claim:
        now = self._clock()
        taken, _ = await self._execute(
            self._sql(
                "INSERT INTO creation_claims (claim_key, owner, record_id, expires_at) VALUES (?, ?, NULL, ?) "
                "ON CONFLICT (claim_key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at, "
                "record_id = CASE WHEN creation_claims.owner = excluded.owner THEN creation_claims.record_id END "
                "WHERE creation_claims.expires_at <= ? OR creation_claims.owner = excluded.owner "
                "RETURNING record_id"
            ),
            (key, owner, self._time(now + timedelta(seconds=hold_seconds)), self._time(now)),
        )
        if taken:
            return Claim(mine=True, record_id=taken[0][0])
        held, _ = await self._execute(
            self._sql("SELECT record_id FROM creation_claims WHERE claim_key = ? AND expires_at > ?"),
            (key, self._time(now)),
        )
        return Claim(mine=False, record_id=held[0][0] if held else None)

    async def settle(self, key: str, *, owner: str, record_id: str, keep_seconds: float) -> None:
        now = self._clock()
        await self._execute(
            self._sql("UPDATE creation_claims SET record_id = ?, expires_at = ? WHERE claim_key = ? AND owner = ?"),
            (record_id, self._time(now + timedelta(seconds=keep_seconds)), key, owner),
        )
        lapsed = now - timedelta(days=1)  # long gone: nobody reads them again
        await self._execute(self._sql("DELETE FROM creation_claims WHERE expires_at < ?"), (self._time(lapsed),))

    async def release(self, key: str, *, owner: str) -> None:
        await self._execute(
            self._sql("DELETE FROM creation_claims WHERE claim_key = ? AND owner = ? AND record_id IS NULL"),
            (key, owner),
        )

    async def close(self) -> None:
        await self._close()


class SqliteCreationClaims(SqlCreationClaims):
    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, clock: Clock = utc_now) -> "SqliteCreationClaims":
        """The creation claims of the SQLite plan store at ``path`` (created and migrated if needed)."""
        from planning.store.sqlite import migrate
        from planning.store.sqlite_writer import SqliteFile

        await migrate(path)
        file = await SqliteFile.open(path, what="creation claims")
        return cls(file.execute, "?", file.close, clock)


class PostgresCreationClaims(SqlCreationClaims):
    @classmethod
    async def open(
        cls, url: str, *, clock: Clock = utc_now, pool_size: int = 4, timeout: float = 10.0
    ) -> "PostgresCreationClaims":
        """The creation claims of the PostgreSQL plan store at ``url`` (migrated if needed)."""
        from planning.store.postgres import _execute, migrate, open_pool

        await migrate(url)
        pool = await open_pool(url, name="planbot-creations", min_size=0, max_size=pool_size, timeout=timeout)

        async def execute(sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
            async with pool.connection() as connection:
                return await _execute(connection, sql, params)

        return cls(execute, "%s", pool.close, clock)


class InMemoryCreationClaims:
    """For one process (tests, the terminal): the same rules, in a dict."""

    def __init__(self, *, clock: Clock = utc_now) -> None:
        self._clock = clock
        self._rows: dict[str, tuple[str, str | None, datetime]] = {}  # key → owner, record id, expiry

    async def claim(self, key: str, *, owner: str, hold_seconds: float) -> Claim:
        now = self._clock()
        held = self._rows.get(key)
        if held is None or held[2] <= now or held[0] == owner:
            record_id = held[1] if held is not None and held[0] == owner else None
            self._rows[key] = (owner, record_id, now + timedelta(seconds=hold_seconds))
            return Claim(mine=True, record_id=record_id)
        return Claim(mine=False, record_id=held[1])

    async def settle(self, key: str, *, owner: str, record_id: str, keep_seconds: float) -> None:
        held = self._rows.get(key)
        if held is not None and held[0] == owner:
            self._rows[key] = (owner, record_id, self._clock() + timedelta(seconds=keep_seconds))

    async def release(self, key: str, *, owner: str) -> None:
        held = self._rows.get(key)
        if held is not None and held[0] == owner and held[1] is None:
            del self._rows[key]

    async def close(self) -> None:
        return None


async def open_creation_claims(location: str | os.PathLike[str], *, clock: Clock = utc_now) -> SqlCreationClaims:
    """The creation claims of the plan store at ``location`` (a ``postgresql://`` URL or a SQLite path), migrated."""
    from planning.store.opening import is_postgres_url

    if is_postgres_url(location):
        return await PostgresCreationClaims.open(os.fspath(location), clock=clock)
    return await SqliteCreationClaims.open(location, clock=clock)
