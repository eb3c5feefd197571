"""Where the installation and OAuth state stores run their statements: the Slack state's SQLite file or its
PostgreSQL database (migrated by the Slack state's history, ``state_migrations``, on open).

A ``Statements`` runs one statement (``run``) or several in one transaction (``atomic``); statements are written
with ``?`` placeholders and ``mark`` is the backend's own. Errors: ``StoreError`` (never with a statement's
parameters, which may be sealed secrets).
"""

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from planning.store import StoreError, is_postgres_url

Row = tuple[Any, ...]
Run = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]


class Statements:
    def __init__(
        self,
        run: Run,
        atomic: Callable[[], AbstractAsyncContextManager[Run]],
        close: Callable[[], Awaitable[None]],
        *,
        postgres: bool,
    ) -> None:
        self._run = run
        self._atomic = atomic
        self._close = close
        self.postgres = postgres

    def sql(self, text: str) -> str:
        return text.replace("?", "%s") if self.postgres else text

    async def run(self, text: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        return await self._run(self.sql(text), params)

    @asynccontextmanager
    async def atomic(self) -> AsyncIterator[Run]:
        """Statements that commit together (``?`` placeholders, as in ``run``)."""
        async with self._atomic() as run:

            async def each(text: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
                return await run(self.sql(text), params)

            yield each

    async def close(self) -> None:
        await self._close()


async def open_statements(location: str | os.PathLike[str]) -> Statements:
    """The Slack state at ``location`` (a ``postgresql://`` URL or a SQLite path), migrated to its head."""
    if is_postgres_url(location):
        return await _postgres(os.fspath(location))
    return await _sqlite(location)


async def _sqlite(path: str | os.PathLike[str]) -> Statements:
    from bot.slack.state_sqlite import migrate
    from planning.store.sqlite_writer import SqliteFile

    await migrate(path)
    file = await SqliteFile.open(path, what="Slack installation store")

    run = file.execute

    @asynccontextmanager
    async def atomic() -> AsyncIterator[Run]:
        async with file.transaction() as tx:
            yield tx.run

    return Statements(run, atomic, file.close, postgres=False)


async def _postgres(url: str, *, pool_size: int = 4, timeout: float = 10.0) -> Statements:
    import psycopg

    from bot.slack.state_postgres import migrate
    from planning.store.postgres import open_pool

    await migrate(url)
    pool = await open_pool(url, name="planbot-slack-installs", min_size=0, max_size=pool_size, timeout=timeout)

    async def execute(connection: Any, sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
        try:
            cursor = await connection.execute(sql.encode(), params)
            rows = await cursor.fetchall() if cursor.description is not None else []
            return rows, cursor.rowcount
        except psycopg.Error as exc:
            raise StoreError(f"Slack installation store query failed ({exc.__class__.__name__})") from None

    async def run(sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
        async with pool.connection() as connection:
            return await execute(connection, sql, params)

    @asynccontextmanager
    async def atomic() -> AsyncIterator[Run]:
        async with pool.connection() as connection, connection.transaction():

            async def each(sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
                return await execute(connection, sql, params)

            yield each

    return Statements(run, atomic, pool.close, postgres=True)
