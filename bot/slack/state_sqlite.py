"""The Slack state in its own SQLite file (WAL): for one host. Writes go through one writer connection, one at a
time (``planning.store.sqlite_writer``: a second writing connection in WAL fails at once with "database is locked"
under load); reads use their own connection and never wait for writes."""

import asyncio
import json
import os
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

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
from planning.store import Clock
from planning.store.protocol import utc_now
from planning.store.schema import migrate_sqlite, sqlite_at_head
from planning.store.sqlite_writer import SqliteFile

HISTORY = state_migrations.SQLITE


async def migrate(path: str | os.PathLike[str]) -> int:
    """Bring the file at ``path`` (created if missing) to the current schema; returns its version."""
    location = os.fspath(path)
    if await asyncio.to_thread(sqlite_at_head, location, HISTORY):
        return HISTORY.head
    return await asyncio.to_thread(migrate_sqlite, location, HISTORY)


def _time(value: datetime) -> str:
    """Fixed-width ISO text in UTC, so that text order is time order."""
    return value.astimezone(UTC).isoformat(timespec="microseconds")


class SqliteSlackState:
    """A ``SlackState`` in one SQLite file: each write one autocommitted statement or one immediate transaction."""

    def __init__(
        self,
        file: SqliteFile,
        *,
        clock: Clock = utc_now,
        abandon_after: timedelta = ABANDON_AFTER,
        redact: bool = False,
    ) -> None:
        self._file = file
        self._clock = clock
        self._abandon_after = abandon_after
        self._redact = redact

    @classmethod
    async def open(
        cls,
        location: str | os.PathLike[str],
        *,
        clock: Clock = utc_now,
        abandon_after: timedelta = ABANDON_AFTER,
        redact: bool = False,
    ) -> "SqliteSlackState":
        path = os.fspath(location)
        await migrate(path)
        file = await SqliteFile.open(path, what="Slack state")
        return cls(file, clock=clock, abandon_after=abandon_after, redact=redact)

    async def close(self) -> None:
        await self._file.close()

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
        now = _time(self._clock())
        _, inserted = await self._file.write_at_once(  # Slack's ack waits for this receipt
            "INSERT OR IGNORE INTO seen_events (team_id, event_id, seen_at, thread_key, event_ts, event_order, "
            "payload, owner, heartbeat_at, attempts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (team_id, event_id, now, thread_key, event_ts, event_order(event_ts), payload, owner, now, 1),
        )
        return inserted == 1

    async def renew_receipts(self, owner: str, receipts: Sequence[tuple[str, str]]) -> int:
        if not receipts:
            return 0
        _, renewed = await self._file.write(
            "UPDATE seen_events SET heartbeat_at = ? WHERE owner = ? AND processed_at IS NULL AND (team_id, event_id) "
            "IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))",
            (_time(self._clock()), owner, json.dumps([list(receipt) for receipt in receipts])),
        )
        return renewed

    async def take_abandoned(
        self, owner: str, *, idle_seconds: float, max_attempts: int = MAX_ATTEMPTS, limit: int = 50
    ) -> list[Received]:
        now = self._clock()
        rows, _ = await self._file.write(
            "UPDATE seen_events SET owner = ?, heartbeat_at = ?, attempts = attempts + 1 WHERE rowid IN "
            "(SELECT rowid FROM seen_events WHERE processed_at IS NULL AND payload IS NOT NULL AND heartbeat_at <= ? "
            "AND attempts < ? ORDER BY heartbeat_at, rowid LIMIT ?) "
            "RETURNING team_id, event_id, payload, attempts, seen_at",
            (owner, _time(now), _time(now - timedelta(seconds=idle_seconds)), max_attempts, limit),
        )
        rows.sort(key=lambda row: row[4])
        return [Received(row[0], row[1], row[2], row[3]) for row in rows]

    async def take_stale(self, team_id: str, event_id: str, owner: str, *, idle_seconds: float) -> bool:
        now = self._clock()
        _, taken = await self._file.write(
            "UPDATE seen_events SET owner = ?, heartbeat_at = ?, attempts = attempts + 1 WHERE team_id = ? "
            "AND event_id = ? AND processed_at IS NULL AND payload IS NULL AND heartbeat_at <= ?",
            (owner, _time(now), team_id, event_id, _time(now - timedelta(seconds=idle_seconds))),
        )
        return taken == 1

    async def mark_processed(self, team_id: str, event_id: str) -> None:
        await self._file.write(
            "UPDATE seen_events SET processed_at = ?, payload = NULL WHERE team_id = ? AND event_id = ? "
            "AND processed_at IS NULL",
            (_time(self._clock()), team_id, event_id),
        )

    async def earlier_unprocessed(self, thread_key: str, event_ts: str) -> bool:
        order = event_order(event_ts)
        if order is None:
            return False
        rows = await self._file.read(
            "SELECT EXISTS (SELECT 1 FROM seen_events WHERE thread_key = ? AND event_order < ? "
            "AND processed_at IS NULL AND seen_at >= ?)",
            (thread_key, order, _time(self._clock() - self._abandon_after)),
        )
        return bool(rows[0][0])

    async def remember(self, session_id: str, where: Where) -> None:
        await self._file.write(
            f"INSERT INTO plan_messages (session_id, {WHERE_COLUMNS}, thread_key, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (session_id) DO UPDATE SET message_ts = excluded.message_ts, updated_at = excluded.updated_at",
            (session_id, *where_values(where), _time(self._clock())),
        )

    async def where(self, session_id: str) -> Where | None:
        rows = await self._file.read(f"SELECT {WHERE_COLUMNS} FROM plan_messages WHERE session_id = ?", (session_id,))
        return where_of_row(rows[0]) if rows else None

    async def where_thread(self, key: str) -> Where | None:
        rows = await self._file.read(
            f"SELECT {WHERE_COLUMNS} FROM plan_messages WHERE thread_key = ? ORDER BY rowid DESC LIMIT 1", (key,)
        )
        return where_of_row(rows[0]) if rows else None

    async def decide(self, session_id: str, line: str, *, title: str = "", tool: str = "") -> list[str]:
        line = decision_line(line, title, tool, redact=self._redact)
        rows, _ = await self._file.write(
            "UPDATE plan_messages SET decided = json_insert(decided, '$[#]', ?), updated_at = ? WHERE session_id = ? "
            "RETURNING decided",
            (line, _time(self._clock()), session_id),
        )
        return list(json.loads(rows[0][0])) if rows else [line]

    async def decisions(self, session_id: str) -> list[str]:
        rows = await self._file.read("SELECT decided FROM plan_messages WHERE session_id = ?", (session_id,))
        return list(json.loads(rows[0][0])) if rows else []

    async def add_recent(self, user_id: str, title: str, line: str, *, tool: str = "") -> None:
        async with self._file.transaction() as tx:
            await tx.run(
                "INSERT INTO recent_results (user_id, at, title, line) VALUES (?, ?, ?, ?)",
                (user_id, _time(self._clock()), *kept_result(title, tool, line, redact=self._redact)),
            )
            await tx.run(
                "DELETE FROM recent_results WHERE user_id = ? AND rowid NOT IN "
                "(SELECT rowid FROM recent_results WHERE user_id = ? ORDER BY at DESC, rowid DESC LIMIT ?)",
                (user_id, user_id, RECENT_KEPT),
            )

    async def recent(self, user_id: str, limit: int = 10) -> list[tuple[str, str]]:
        rows = await self._file.read(
            "SELECT title, line FROM recent_results WHERE user_id = ? ORDER BY at DESC, rowid DESC LIMIT ?",
            (user_id, limit),
        )
        return [(row[0], row[1]) for row in rows]

    async def claim_telling(self, team_id: str, user_id: str, notice: str) -> bool:
        _, inserted = await self._file.write(
            "INSERT OR IGNORE INTO told_once (team_id, user_id, notice, told_at) VALUES (?, ?, ?, ?)",
            (team_id, user_id, notice, _time(self._clock())),
        )
        return inserted == 1

    async def untold(self, team_id: str, user_id: str, notice: str) -> None:
        await self._file.write(
            "DELETE FROM told_once WHERE team_id = ? AND user_id = ? AND notice = ?", (team_id, user_id, notice)
        )

    async def prune(self, before: datetime) -> int:
        cutoff, removed = _time(before), 0
        async with self._file.transaction() as tx:
            for table, column in PRUNED:
                _, count = await tx.run(f"DELETE FROM {table} WHERE {column} < ?", (cutoff,))
                removed += count
        return removed
