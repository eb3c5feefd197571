"""What the Slack front end remembers, in its own SQLite file: events already seen (Slack retries them),
where each plan's message is (to update it in place), the decisions shown on it, and recent results."""

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime

import aiosqlite

SCHEMA = """
CREATE TABLE IF NOT EXISTS seen_events (
    team_id TEXT NOT NULL, event_id TEXT NOT NULL, seen_at TEXT NOT NULL, PRIMARY KEY (team_id, event_id));
CREATE TABLE IF NOT EXISTS plan_messages (
    session_id TEXT PRIMARY KEY, team_id TEXT NOT NULL, channel TEXT NOT NULL, thread_ts TEXT NOT NULL,
    message_ts TEXT, requester TEXT NOT NULL, is_dm INTEGER NOT NULL, decided TEXT NOT NULL DEFAULT '[]');
CREATE TABLE IF NOT EXISTS recent_results (
    user_id TEXT NOT NULL, at TEXT NOT NULL, title TEXT NOT NULL, line TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS recent_by_user ON recent_results (user_id, at);
"""
RECENT_KEPT = 20


@dataclass(frozen=True, slots=True)
class Where:
    """A conversation's place in Slack: the thread a plan lives in, and its plan message once posted."""

    team_id: str
    channel: str
    thread_ts: str
    requester: str
    is_dm: bool
    message_ts: str | None = None

    @property
    def thread_key(self) -> str:
        return thread_key(self.team_id, self.channel, self.thread_ts, self.is_dm)


def thread_key(team_id: str, channel: str, thread_ts: str, is_dm: bool) -> str:
    """One plan per channel thread; in a direct message, one per conversation (replies may be top-level)."""
    return f"slack:{team_id}:{channel}" if is_dm else f"slack:{team_id}:{channel}:{thread_ts}"


async def _connect(path: str | os.PathLike[str]) -> aiosqlite.Connection:
    db = await aiosqlite.connect(os.fspath(path))
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=NORMAL")
    await db.execute("PRAGMA busy_timeout=5000")
    return db


class SlackState:
    """Two connections: one only for recording events on receipt (on the path of every ack, never queued behind
    other work), one for everything else."""

    def __init__(self, db: aiosqlite.Connection, receipts: aiosqlite.Connection) -> None:
        self._db = db
        self._receipts = receipts

    @classmethod
    async def open(cls, path: str | os.PathLike[str]) -> "SlackState":
        db = await _connect(path)
        await db.executescript(SCHEMA)
        await db.commit()
        return cls(db, await _connect(path))

    async def close(self) -> None:
        await self._receipts.close()
        await self._db.close()

    async def first_sighting(self, team_id: str, event_id: str) -> bool:
        """Record an event on receipt; False when it was seen before (a Slack retry)."""
        cursor = await self._receipts.execute(
            "INSERT OR IGNORE INTO seen_events (team_id, event_id, seen_at) VALUES (?, ?, ?)",
            (team_id, event_id, datetime.now(UTC).isoformat()),
        )
        await self._receipts.commit()
        return cursor.rowcount == 1

    async def remember(self, session_id: str, where: Where) -> None:
        await self._db.execute(
            "INSERT INTO plan_messages (session_id, team_id, channel, thread_ts, message_ts, requester, is_dm)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET message_ts = excluded.message_ts",
            (
                session_id,
                where.team_id,
                where.channel,
                where.thread_ts,
                where.message_ts,
                where.requester,
                int(where.is_dm),
            ),
        )
        await self._db.commit()

    async def where(self, session_id: str) -> Where | None:
        cursor = await self._db.execute(
            "SELECT team_id, channel, thread_ts, requester, is_dm, message_ts FROM plan_messages WHERE session_id = ?",
            (session_id,),
        )
        row = await cursor.fetchone()
        if row is None:
            return None
        return Where(row[0], row[1], row[2], row[3], bool(row[4]), row[5])

    async def where_thread(self, key: str) -> Where | None:
        cursor = await self._db.execute(
            "SELECT team_id, channel, thread_ts, requester, is_dm, message_ts FROM plan_messages ORDER BY rowid DESC"
        )
        for row in await cursor.fetchall():
            found = Where(row[0], row[1], row[2], row[3], bool(row[4]), row[5])
            if found.thread_key == key:
                return found
        return None

    async def decide(self, session_id: str, line: str) -> list[str]:
        """Add who decided what to the plan message's record; returns every decision so far."""
        lines = [*await self.decisions(session_id), line]
        await self._db.execute(
            "UPDATE plan_messages SET decided = ? WHERE session_id = ?", (json.dumps(lines), session_id)
        )
        await self._db.commit()
        return lines

    async def decisions(self, session_id: str) -> list[str]:
        cursor = await self._db.execute("SELECT decided FROM plan_messages WHERE session_id = ?", (session_id,))
        row = await cursor.fetchone()
        return list(json.loads(row[0])) if row else []

    async def add_recent(self, user_id: str, title: str, line: str) -> None:
        await self._db.execute(
            "INSERT INTO recent_results (user_id, at, title, line) VALUES (?, ?, ?, ?)",
            (user_id, datetime.now(UTC).isoformat(), title, line),
        )
        await self._db.execute(
            "DELETE FROM recent_results WHERE user_id = ? AND rowid NOT IN "
            "(SELECT rowid FROM recent_results WHERE user_id = ? ORDER BY at DESC LIMIT ?)",
            (user_id, user_id, RECENT_KEPT),
        )
        await self._db.commit()

    async def recent(self, user_id: str, limit: int = 10) -> list[tuple[str, str]]:
        cursor = await self._db.execute(
            "SELECT title, line FROM recent_results WHERE user_id = ? ORDER BY at DESC LIMIT ?", (user_id, limit)
        )
        return [(row[0], row[1]) for row in await cursor.fetchall()]
