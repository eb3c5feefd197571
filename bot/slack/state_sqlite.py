"""The Slack state in its own SQLite file (WAL): for one host. Two connections: one only for recording events on
receipt (on the path of every ack, never queued behind other work), one for everything else."""

import asyncio
import json
import os
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import aiosqlite

from bot.slack import state_migrations
from bot.slack.state import ABANDON_AFTER, RECENT_KEPT, Where, event_order
from planning.store import Clock, StoreError
from planning.store.protocol import utc_now
from planning.store.schema import migrate_sqlite, sqlite_at_head

HISTORY = state_migrations.SQLITE
_WHERE_COLUMNS = "team_id, channel, thread_ts, requester, is_dm, message_ts"


async def migrate(path: str | os.PathLike[str]) -> int:
    """Bring the file at ``path`` (created if missing) to the current schema; returns its version."""
    location = os.fspath(path)
    if await asyncio.to_thread(sqlite_at_head, location, HISTORY):
        return HISTORY.head
    return await asyncio.to_thread(migrate_sqlite, location, HISTORY)


def _time(value: datetime) -> str:
    """Fixed-width ISO text in UTC, so that text order is time order."""
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def _where_values(where: Where) -> tuple[object, ...]:
    """The columns ``remember`` writes after the session id: ``_WHERE_COLUMNS``, then the thread key."""
    return (
        where.team_id,
        where.channel,
        where.thread_ts,
        where.requester,
        where.is_dm,
        where.message_ts,
        where.thread_key,
    )


def _where(row: Sequence[Any]) -> Where:
    return Where(row[0], row[1], row[2], row[3], bool(row[4]), row[5])


async def _connect(path: str) -> aiosqlite.Connection:
    try:
        db = await aiosqlite.connect(path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000"):
            async with db.execute(f"PRAGMA {pragma}") as cursor:
                await cursor.fetchall()
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open Slack state {path!r}: {exc}") from exc
    return db


class SqliteSlackState:
    """A ``SlackState`` in one SQLite file; every write is one autocommitted statement."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        receipts: aiosqlite.Connection,
        *,
        clock: Clock = utc_now,
        abandon_after: timedelta = ABANDON_AFTER,
    ) -> None:
        self._db: aiosqlite.Connection | None = db
        self._receipts: aiosqlite.Connection | None = receipts
        self._clock = clock
        self._abandon_after = abandon_after

    @classmethod
    async def open(
        cls, location: str | os.PathLike[str], *, clock: Clock = utc_now, abandon_after: timedelta = ABANDON_AFTER
    ) -> "SqliteSlackState":
        path = os.fspath(location)
        await migrate(path)
        db = await _connect(path)
        try:
            receipts = await _connect(path)
        except BaseException:
            await db.close()
            raise
        return cls(db, receipts, clock=clock, abandon_after=abandon_after)

    async def close(self) -> None:
        receipts, db, self._receipts, self._db = self._receipts, self._db, None, None
        for connection in (receipts, db):
            if connection is not None:
                await connection.close()

    async def _run(self, sql: str, params: Sequence[Any] = (), *, receipts: bool = False) -> tuple[list[Any], int]:
        db = self._receipts if receipts else self._db
        if db is None:
            raise StoreError("the Slack state is closed")
        try:
            async with db.execute(sql, params) as cursor:
                return list(await cursor.fetchall()), cursor.rowcount
        except sqlite3.Error as exc:
            raise StoreError(f"Slack state query failed: {exc}") from exc

    async def first_sighting(
        self, team_id: str, event_id: str, *, thread_key: str | None = None, event_ts: str | None = None
    ) -> bool:
        _, inserted = await self._run(
            "INSERT OR IGNORE INTO seen_events (team_id, event_id, seen_at, thread_key, event_ts, event_order) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (team_id, event_id, _time(self._clock()), thread_key, event_ts, event_order(event_ts)),
            receipts=True,
        )
        return inserted == 1

    async def mark_processed(self, team_id: str, event_id: str) -> None:
        await self._run(
            "UPDATE seen_events SET processed_at = ? WHERE team_id = ? AND event_id = ? AND processed_at IS NULL",
            (_time(self._clock()), team_id, event_id),
        )

    async def earlier_unprocessed(self, thread_key: str, event_ts: str) -> bool:
        order = event_order(event_ts)
        if order is None:
            return False
        rows, _ = await self._run(
            "SELECT EXISTS (SELECT 1 FROM seen_events WHERE thread_key = ? AND event_order < ? "
            "AND processed_at IS NULL AND seen_at >= ?)",
            (thread_key, order, _time(self._clock() - self._abandon_after)),
        )
        return bool(rows[0][0])

    async def remember(self, session_id: str, where: Where) -> None:
        await self._run(
            f"INSERT INTO plan_messages (session_id, {_WHERE_COLUMNS}, thread_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (session_id) DO UPDATE SET message_ts = excluded.message_ts",
            (session_id, *_where_values(where)),
        )

    async def where(self, session_id: str) -> Where | None:
        rows, _ = await self._run(f"SELECT {_WHERE_COLUMNS} FROM plan_messages WHERE session_id = ?", (session_id,))
        return _where(rows[0]) if rows else None

    async def where_thread(self, key: str) -> Where | None:
        rows, _ = await self._run(
            f"SELECT {_WHERE_COLUMNS} FROM plan_messages WHERE thread_key = ? ORDER BY rowid DESC LIMIT 1", (key,)
        )
        return _where(rows[0]) if rows else None

    async def decide(self, session_id: str, line: str) -> list[str]:
        rows, _ = await self._run(
            "UPDATE plan_messages SET decided = json_insert(decided, '$[#]', ?) WHERE session_id = ? RETURNING decided",
            (line, session_id),
        )
        return list(json.loads(rows[0][0])) if rows else [line]

    async def decisions(self, session_id: str) -> list[str]:
        rows, _ = await self._run("SELECT decided FROM plan_messages WHERE session_id = ?", (session_id,))
        return list(json.loads(rows[0][0])) if rows else []

    async def add_recent(self, user_id: str, title: str, line: str) -> None:
        await self._run(
            "INSERT INTO recent_results (user_id, at, title, line) VALUES (?, ?, ?, ?)",
            (user_id, _time(self._clock()), title, line),
        )
        await self._run(
            "DELETE FROM recent_results WHERE user_id = ? AND rowid NOT IN "
            "(SELECT rowid FROM recent_results WHERE user_id = ? ORDER BY at DESC, rowid DESC LIMIT ?)",
            (user_id, user_id, RECENT_KEPT),
        )

    async def recent(self, user_id: str, limit: int = 10) -> list[tuple[str, str]]:
        rows, _ = await self._run(
            "SELECT title, line FROM recent_results WHERE user_id = ? ORDER BY at DESC, rowid DESC LIMIT ?",
            (user_id, limit),
        )
        return [(row[0], row[1]) for row in rows]
