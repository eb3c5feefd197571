"""The accounts table in SQLite and PostgreSQL: the same statements, each backend's placeholders and types."""

import os
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any, cast

from planning.store.columns import Row
from planning.store.credentials import Kind, StoredAccount

COLUMNS = "team, user_id, kind, service, label, secret, updated_at, needs_reconnect"
Execute = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]


class SqlCredentialStore:
    """A ``CredentialStore`` over one backend's ``execute``; ``mark`` is its placeholder (``?`` or ``%s``)."""

    def __init__(self, execute: Execute, mark: str, close: Callable[[], Awaitable[None]]) -> None:
        self._execute = execute
        self._mark = mark
        self._close = close

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    async def put(self, account: StoredAccount) -> None:
        values = (account.team, account.user, account.kind, account.service, account.label, account.secret)
        await self._execute(
            self._sql(
                f"INSERT INTO accounts ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (team, user_id, kind) "
                "DO UPDATE SET service = excluded.service, label = excluded.label, secret = excluded.secret, "
                "updated_at = excluded.updated_at, needs_reconnect = excluded.needs_reconnect"
            ),
            (*values, self._time(account.updated_at), account.needs_reconnect),
        )

    async def get(self, team: str, user: str, kind: Kind) -> StoredAccount | None:
        rows, _ = await self._execute(
            self._sql(f"SELECT {COLUMNS} FROM accounts WHERE team = ? AND user_id = ? AND kind = ?"), (team, user, kind)
        )
        return _account(rows[0]) if rows else None

    async def list(self, *, team: str | None = None, user: str | None = None) -> list[StoredAccount]:
        where, params = [], []
        for column, value in (("team", team), ("user_id", user)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        condition = f" WHERE {' AND '.join(where)}" if where else ""
        rows, _ = await self._execute(
            self._sql(f"SELECT {COLUMNS} FROM accounts{condition} ORDER BY team, user_id, kind"), params
        )
        return [_account(row) for row in rows]

    async def delete(self, team: str, user: str, kind: Kind) -> bool:
        _, count = await self._execute(
            self._sql("DELETE FROM accounts WHERE team = ? AND user_id = ? AND kind = ?"), (team, user, kind)
        )
        return count == 1

    async def reseal(self, account: StoredAccount, secret: bytes) -> bool:
        _, count = await self._execute(
            self._sql("UPDATE accounts SET secret = ? WHERE team = ? AND user_id = ? AND kind = ? AND secret = ?"),
            (secret, account.team, account.user, account.kind, account.secret),
        )
        return count == 1

    async def mark_needs_reconnect(self, account: StoredAccount) -> bool:
        _, count = await self._execute(
            self._sql(
                "UPDATE accounts SET needs_reconnect = ? WHERE team = ? AND user_id = ? AND kind = ? AND secret = ?"
            ),
            (True, account.team, account.user, account.kind, account.secret),
        )
        return count == 1

    async def close(self) -> None:
        await self._close()

    def _time(self, value: datetime) -> Any:
        if value.tzinfo is None:
            raise ValueError("accounts keep aware datetimes only")
        return value.astimezone(UTC).isoformat(timespec="microseconds") if self._mark == "?" else value


def _account(row: Row) -> StoredAccount:
    team, user, kind, service, label, secret, updated_at, needs_reconnect = row
    when = updated_at if isinstance(updated_at, datetime) else datetime.fromisoformat(updated_at)
    return StoredAccount(
        team=team,
        user=user,
        kind=cast(Kind, kind),
        service=service,
        label=label,
        secret=bytes(secret),
        updated_at=when,
        needs_reconnect=bool(needs_reconnect),
    )


class SqliteCredentialStore(SqlCredentialStore):
    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> "SqliteCredentialStore":
        """The accounts of the SQLite plan store at ``path`` (created and migrated if needed)."""
        from planning.store.sqlite import migrate
        from planning.store.sqlite_writer import SqliteFile

        await migrate(path)
        file = await SqliteFile.open(path, what="account store")
        return cls(file.execute, "?", file.close)


class PostgresCredentialStore(SqlCredentialStore):
    @classmethod
    async def open(cls, url: str, *, pool_size: int = 4, timeout: float = 10.0) -> "PostgresCredentialStore":
        """The accounts of the PostgreSQL plan store at ``url`` (migrated if needed)."""
        from planning.store.postgres import _execute, migrate, open_pool

        await migrate(url)
        pool = await open_pool(url, name="planbot-accounts", min_size=0, max_size=pool_size, timeout=timeout)

        async def execute(sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
            async with pool.connection() as connection:
                return await _execute(connection, sql, params)

        return cls(execute, "%s", pool.close)
