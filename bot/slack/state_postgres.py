"""The Slack state in PostgreSQL, shared by every replica. Each decision is one statement: an event's first
sighting is ``INSERT ... ON CONFLICT DO NOTHING`` (of two replicas given the same event, one wins), a decision is
appended with ``decided || jsonb_build_array(...)`` (concurrent decisions are all kept). Receipts have their own
small pool, so that recording an event on the path of an ack never waits behind other work."""

import asyncio
import os
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import psycopg

from bot.slack import state_migrations
from bot.slack.state import (
    ABANDON_AFTER,
    MAX_ATTEMPTS,
    PRUNED,
    RECENT_KEPT,
    WHERE_COLUMNS,
    Received,
    Where,
    decision_line,
    event_order,
    kept_result,
    where_of_row,
    where_values,
)
from planning.store import Clock, StoreError
from planning.store.postgres import Pool, open_pool
from planning.store.protocol import utc_now
from planning.store.schema import migrate_postgres, postgres_at_head

HISTORY = state_migrations.POSTGRES


async def migrate(url: str) -> int:
    """Bring the database at ``url`` to the Slack state's current schema (one replica at a time)."""
    if await asyncio.to_thread(postgres_at_head, url, HISTORY):
        return HISTORY.head
    return await asyncio.to_thread(migrate_postgres, url, HISTORY)


class PostgresSlackState:
    """A ``SlackState`` in PostgreSQL; build it with ``await PostgresSlackState.open(url)``."""

    def __init__(
        self,
        pool: Pool,
        receipts: Pool,
        *,
        clock: Clock = utc_now,
        abandon_after: timedelta = ABANDON_AFTER,
        redact: bool = False,
    ) -> None:
        self._pool = pool
        self._receipts = receipts
        self._clock = clock
        self._abandon_after = abandon_after
        self._redact = redact
        self._closed = False

    @classmethod
    async def open(
        cls,
        location: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        abandon_after: timedelta = ABANDON_AFTER,
        redact: bool = False,
        pool_size: int = 5,
        receipts_pool_size: int = 16,
        timeout: float = 10.0,
    ) -> "PostgresSlackState":
        """Migrate the database at ``location`` (a ``postgresql://`` URL) if needed and connect."""
        url = os.fspath(location)
        await migrate(url)
        pool = await open_pool(url, name="planbot-slack-state", min_size=1, max_size=pool_size, timeout=timeout)
        try:
            receipts = await open_pool(
                url, name="planbot-slack-receipts", min_size=1, max_size=receipts_pool_size, timeout=timeout
            )
        except BaseException:
            await pool.close()
            raise
        return cls(pool, receipts, clock=clock, abandon_after=abandon_after, redact=redact)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._receipts.close()
        await self._pool.close()

    async def _run(self, query: str, params: Sequence[Any] = (), *, receipts: bool = False) -> tuple[list[Any], int]:
        if self._closed:
            raise StoreError("the Slack state is closed")
        try:
            async with (self._receipts if receipts else self._pool).connection() as connection:
                cursor = await connection.execute(query.encode(), params)
                rows = await cursor.fetchall() if cursor.description is not None else []
                return rows, cursor.rowcount
        except psycopg.Error as exc:
            raise StoreError(f"Slack state query failed: {exc}") from exc

    async def first_sighting(
        self,
        team_id: str,
        event_id: str,
        *,
        thread_key: str | None = None,
        event_ts: str | None = None,
        payload: str | None = None,
        owner: str = "",
    ) -> bool:
        now = self._clock()
        _, inserted = await self._run(
            "INSERT INTO seen_events (team_id, event_id, seen_at, thread_key, event_ts, event_order, payload, owner, "
            "heartbeat_at, attempts) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, 1) "
            "ON CONFLICT (team_id, event_id) DO NOTHING",
            (team_id, event_id, now, thread_key, event_ts, event_order(event_ts), payload, owner, now),
            receipts=True,
        )
        return inserted == 1

    async def renew_receipts(self, owner: str, receipts: Sequence[tuple[str, str]]) -> int:
        if not receipts:
            return 0
        _, renewed = await self._run(
            "UPDATE seen_events SET heartbeat_at = %s WHERE owner = %s AND processed_at IS NULL "
            "AND (team_id, event_id) IN (SELECT * FROM unnest(%s::text[], %s::text[]))",
            (self._clock(), owner, [team for team, _ in receipts], [event for _, event in receipts]),
        )
        return renewed

    async def take_abandoned(
        self, owner: str, *, idle_seconds: float, max_attempts: int = MAX_ATTEMPTS, limit: int = 50
    ) -> list[Received]:
        now = self._clock()
        rows, _ = await self._run(
            "UPDATE seen_events SET owner = %s, heartbeat_at = %s, attempts = attempts + 1 "
            "WHERE (team_id, event_id) IN (SELECT team_id, event_id FROM seen_events WHERE processed_at IS NULL "
            "AND payload IS NOT NULL AND heartbeat_at <= %s AND attempts < %s ORDER BY heartbeat_at LIMIT %s "
            "FOR UPDATE SKIP LOCKED) RETURNING team_id, event_id, payload, attempts, seen_at",
            (owner, now, now - timedelta(seconds=idle_seconds), max_attempts, limit),
        )
        rows.sort(key=lambda row: row[4])
        return [Received(row[0], row[1], row[2], row[3]) for row in rows]

    async def take_stale(self, team_id: str, event_id: str, owner: str, *, idle_seconds: float) -> bool:
        now = self._clock()
        _, taken = await self._run(
            "UPDATE seen_events SET owner = %s, heartbeat_at = %s, attempts = attempts + 1 WHERE team_id = %s "
            "AND event_id = %s AND processed_at IS NULL AND payload IS NULL AND heartbeat_at <= %s",
            (owner, now, team_id, event_id, now - timedelta(seconds=idle_seconds)),
        )
        return taken == 1

    async def mark_processed(self, team_id: str, event_id: str) -> None:
        await self._run(
            "UPDATE seen_events SET processed_at = %s, payload = NULL "
            "WHERE team_id = %s AND event_id = %s AND processed_at IS NULL",
            (self._clock(), team_id, event_id),
        )

    async def earlier_unprocessed(self, thread_key: str, event_ts: str) -> bool:
        order = event_order(event_ts)
        if order is None:
            return False
        rows, _ = await self._run(
            "SELECT EXISTS (SELECT 1 FROM seen_events WHERE thread_key = %s AND event_order < %s "
            "AND processed_at IS NULL AND seen_at >= %s)",
            (thread_key, order, self._clock() - self._abandon_after),
        )
        return bool(rows[0][0])

    async def remember(self, session_id: str, where: Where) -> None:
        await self._run(
            f"INSERT INTO plan_messages (session_id, {WHERE_COLUMNS}, thread_key, updated_at) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (session_id) DO UPDATE SET message_ts = excluded.message_ts, updated_at = excluded.updated_at",
            (session_id, *where_values(where), self._clock()),
        )

    async def where(self, session_id: str) -> Where | None:
        rows, _ = await self._run(f"SELECT {WHERE_COLUMNS} FROM plan_messages WHERE session_id = %s", (session_id,))
        return where_of_row(rows[0]) if rows else None

    async def where_thread(self, key: str) -> Where | None:
        rows, _ = await self._run(
            f"SELECT {WHERE_COLUMNS} FROM plan_messages WHERE thread_key = %s ORDER BY seq DESC LIMIT 1", (key,)
        )
        return where_of_row(rows[0]) if rows else None

    async def decide(self, session_id: str, line: str, *, title: str = "", tool: str = "") -> list[str]:
        line = decision_line(line, title, tool, redact=self._redact)
        rows, _ = await self._run(
            "UPDATE plan_messages SET decided = decided || jsonb_build_array(%s::text), updated_at = %s "
            "WHERE session_id = %s RETURNING decided",
            (line, self._clock(), session_id),
        )
        return list(rows[0][0]) if rows else [line]

    async def decisions(self, session_id: str) -> list[str]:
        rows, _ = await self._run("SELECT decided FROM plan_messages WHERE session_id = %s", (session_id,))
        return list(rows[0][0]) if rows else []

    async def add_recent(self, user_id: str, title: str, line: str, *, tool: str = "") -> None:
        if self._closed:
            raise StoreError("the Slack state is closed")
        try:
            async with self._pool.connection() as connection, connection.transaction():
                # One writer per user at a time: two concurrent adds each pruned without seeing the other's row, and
                # the user kept one result over the limit (read committed sees only rows committed before a statement).
                await connection.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended('recent_results:' || %s, 0))", (user_id,)
                )
                await connection.execute(
                    "INSERT INTO recent_results (user_id, at, title, line) VALUES (%s, %s, %s, %s)",
                    (user_id, self._clock(), *kept_result(title, tool, line, redact=self._redact)),
                )
                await connection.execute(
                    "DELETE FROM recent_results WHERE user_id = %s AND id NOT IN (SELECT id FROM recent_results "
                    "WHERE user_id = %s ORDER BY at DESC, id DESC LIMIT %s)",
                    (user_id, user_id, RECENT_KEPT),
                )
        except psycopg.Error as exc:
            raise StoreError(f"Slack state query failed: {exc}") from exc

    async def recent(self, user_id: str, limit: int = 10) -> list[tuple[str, str]]:
        rows, _ = await self._run(
            "SELECT title, line FROM recent_results WHERE user_id = %s ORDER BY at DESC, id DESC LIMIT %s",
            (user_id, limit),
        )
        return [(row[0], row[1]) for row in rows]

    async def claim_telling(self, team_id: str, user_id: str, notice: str) -> bool:
        _, inserted = await self._run(
            "INSERT INTO told_once (team_id, user_id, notice, told_at) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (team_id, user_id, notice) DO NOTHING",
            (team_id, user_id, notice, self._clock()),
        )
        return inserted == 1

    async def untold(self, team_id: str, user_id: str, notice: str) -> None:
        await self._run(
            "DELETE FROM told_once WHERE team_id = %s AND user_id = %s AND notice = %s", (team_id, user_id, notice)
        )

    async def prune(self, before: datetime) -> int:
        if self._closed:
            raise StoreError("the Slack state is closed")
        removed = 0
        try:
            async with self._pool.connection() as connection, connection.transaction():
                for table, column in PRUNED:
                    cursor = await connection.execute(f"DELETE FROM {table} WHERE {column} < %s".encode(), (before,))
                    removed += cursor.rowcount
        except psycopg.Error as exc:
            raise StoreError(f"Slack state query failed: {exc}") from exc
        return removed
