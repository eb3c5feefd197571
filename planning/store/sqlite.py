"""SQLite plan store (aiosqlite), safe for several processes sharing one file.

Every operation is one autocommitted statement, so the database does the arbitration: ``save`` is a single
``UPDATE ... WHERE id = ? AND version = ?``, ``claim_step`` a single ``INSERT OR IGNORE`` on the claim's primary
key, ``finish_step`` a single ``UPDATE ... WHERE outcome = 'running'``. Times are ISO text in UTC, documents JSON
text. The schema version lives in ``PRAGMA user_version``.
"""

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from planning.store.protocol import (
    Clock,
    FinishedOutcome,
    SessionExists,
    SessionNotFound,
    SessionRecord,
    StepClaim,
    StepNotRunning,
    StoreError,
    UnsupportedSchemaVersion,
    VersionConflict,
    check_finished_outcome,
    encode_document,
    encode_json,
    utc_now,
)

logger = logging.getLogger(__name__)

SCHEMA_VERSION = 1
_SCHEMA = (
    """CREATE TABLE sessions (
        id TEXT PRIMARY KEY NOT NULL,
        thread_key TEXT NOT NULL,
        requester TEXT NOT NULL,
        state TEXT NOT NULL,
        open INTEGER NOT NULL CHECK (open IN (0, 1)),
        version INTEGER NOT NULL CHECK (version >= 1),
        data TEXT NOT NULL CHECK (json_valid(data)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        expires_at TEXT
    )""",
    "CREATE UNIQUE INDEX sessions_one_open_per_thread ON sessions (thread_key) WHERE open = 1",
    "CREATE INDEX sessions_open_oldest_first ON sessions (created_at, id) WHERE open = 1",
    """CREATE TABLE step_claims (
        session_id TEXT NOT NULL REFERENCES sessions (id),
        step_id TEXT NOT NULL,
        args_hash TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('running', 'done', 'failed')),
        result TEXT CHECK (result IS NULL OR json_valid(result)),
        error TEXT,
        finished_at TEXT,
        PRIMARY KEY (session_id, step_id)
    ) WITHOUT ROWID""",
)
_SESSION_COLUMNS = "id, thread_key, requester, state, open, version, data, created_at, updated_at, expires_at"
_CLAIM_COLUMNS = "session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at"

Row = tuple[Any, ...]


def _time(value: datetime | None) -> str | None:
    """Fixed-width ISO text in UTC, so that text order is time order."""
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError(f"the plan store keeps aware datetimes only, not {value.isoformat()}")
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def _session(row: Row) -> SessionRecord:
    id_, thread_key, requester, state, open_, version, data, created_at, updated_at, expires_at = row
    return SessionRecord(
        id=id_,
        thread_key=thread_key,
        requester=requester,
        state=state,
        open=bool(open_),
        version=version,
        data=json.loads(data),
        created_at=datetime.fromisoformat(created_at),
        updated_at=datetime.fromisoformat(updated_at),
        expires_at=None if expires_at is None else datetime.fromisoformat(expires_at),
    )


def _claim(row: Row) -> StepClaim:
    session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at = row
    return StepClaim(
        session_id=session_id,
        step_id=step_id,
        args_hash=args_hash,
        claimed_at=datetime.fromisoformat(claimed_at),
        outcome=outcome,
        result=None if result is None else json.loads(result),
        error=error,
        finished_at=None if finished_at is None else datetime.fromisoformat(finished_at),
    )


class SqlitePlanStore:
    """A ``PlanStore`` in one SQLite file (WAL mode). Build it with ``await SqlitePlanStore.open(path)``."""

    def __init__(self, db: aiosqlite.Connection, *, clock: Clock = utc_now) -> None:
        self._db: aiosqlite.Connection | None = db
        self._clock = clock

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, clock: Clock = utc_now, busy_timeout_ms: int = 5000
    ) -> "SqlitePlanStore":
        """Open (creating if needed) the store at ``path``; ``UnsupportedSchemaVersion`` if it is newer than us."""
        try:  # a plain connection first: aiosqlite leaves its worker thread behind when connecting fails
            await asyncio.to_thread(lambda: sqlite3.connect(path).close())
            db = await aiosqlite.connect(os.fspath(path), isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open plan store {os.fspath(path)!r}: {exc}") from exc
        try:
            await _pragma(db, f"busy_timeout = {int(busy_timeout_ms)}")
            await _pragma(db, "foreign_keys = ON")
            await _migrate(db, os.fspath(path))
            await _pragma(db, "journal_mode = WAL")  # after the version check: leave a newer file untouched
            await _pragma(db, "synchronous = NORMAL")  # WAL + NORMAL: durable across process crashes, fewer fsyncs
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"cannot open plan store {os.fspath(path)!r}: {exc}") from exc
            raise
        return cls(db, clock=clock)

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        """Rows and row count of one statement; ``IntegrityError`` passes through for the caller to translate."""
        if self._db is None:
            raise StoreError("the plan store is closed")
        try:
            async with self._db.execute(sql, params) as cursor:
                rows = [tuple(row) for row in await cursor.fetchall()]
                return rows, cursor.rowcount
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise StoreError(f"plan store query failed: {exc}") from exc

    async def create(self, record: SessionRecord) -> SessionRecord:
        now = _time(self._clock())
        values = (record.id, record.thread_key, record.requester, record.state, int(record.open), 1)
        try:
            rows, _ = await self._run(
                f"INSERT INTO sessions ({_SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {_SESSION_COLUMNS}",
                (*values, encode_document(record.data), now, now, _time(record.expires_at)),
            )
        except sqlite3.IntegrityError as exc:
            if "sessions.id" in str(exc):
                raise SessionExists.duplicate_id(record.id) from exc
            raise SessionExists.thread_taken(record.thread_key) from exc
        return _session(rows[0])

    async def get(self, session_id: str) -> SessionRecord | None:
        rows, _ = await self._run(f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        return _session(rows[0]) if rows else None

    async def open_for_thread(self, thread_key: str) -> SessionRecord | None:
        rows, _ = await self._run(
            f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE thread_key = ? AND open = 1", (thread_key,)
        )
        return _session(rows[0]) if rows else None

    async def save(self, record: SessionRecord, *, expected_version: int) -> SessionRecord:
        data, identity = encode_document(record.data), (record.id, expected_version)
        try:
            rows, _ = await self._run(
                "UPDATE sessions SET state = ?, open = ?, data = ?, expires_at = ?, version = version + 1, "
                f"updated_at = ? WHERE id = ? AND version = ? RETURNING {_SESSION_COLUMNS}",
                (record.state, int(record.open), data, _time(record.expires_at), _time(self._clock()), *identity),
            )
        except sqlite3.IntegrityError as exc:  # reopening on a thread that has another open session
            current = await self.get(record.id)
            raise SessionExists.thread_taken(record.thread_key if current is None else current.thread_key) from exc
        if rows:
            return _session(rows[0])
        found, _ = await self._run("SELECT version FROM sessions WHERE id = ?", (record.id,))
        if not found:
            raise SessionNotFound(record.id)
        raise VersionConflict(record.id, expected=expected_version, actual=found[0][0])

    async def list_open(self, *, requester: str | None = None) -> list[SessionRecord]:
        where, params = ("", ()) if requester is None else (" AND requester = ?", (requester,))
        rows, _ = await self._run(
            f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE open = 1{where} ORDER BY created_at, id", params
        )
        return [_session(row) for row in rows]

    async def claim_step(self, session_id: str, step_id: str, *, args_hash: str) -> bool:
        try:
            _, inserted = await self._run(
                "INSERT OR IGNORE INTO step_claims (session_id, step_id, args_hash, claimed_at, outcome) "
                "VALUES (?, ?, ?, ?, 'running')",
                (session_id, step_id, args_hash, _time(self._clock())),
            )
        except sqlite3.IntegrityError as exc:  # the foreign key: OR IGNORE does not cover it
            raise SessionNotFound(session_id) from exc
        return inserted == 1

    async def finish_step(
        self,
        session_id: str,
        step_id: str,
        *,
        outcome: FinishedOutcome,
        result: Any = None,
        error: str | None = None,
    ) -> None:
        check_finished_outcome(outcome)
        encoded = None if result is None else encode_json(result)
        _, updated = await self._run(
            "UPDATE step_claims SET outcome = ?, result = ?, error = ?, finished_at = ? "
            "WHERE session_id = ? AND step_id = ? AND outcome = 'running'",
            (outcome, encoded, error, _time(self._clock()), session_id, step_id),
        )
        if updated != 1:
            raise StepNotRunning(session_id, step_id)

    async def get_claim(self, session_id: str, step_id: str) -> StepClaim | None:
        rows, _ = await self._run(
            f"SELECT {_CLAIM_COLUMNS} FROM step_claims WHERE session_id = ? AND step_id = ?", (session_id, step_id)
        )
        return _claim(rows[0]) if rows else None

    async def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            await db.close()


async def _pragma(db: aiosqlite.Connection, pragma: str) -> Any:
    """Run a pragma to the end (an unread result would keep a read transaction open) and return its value."""
    async with db.execute(f"PRAGMA {pragma}") as cursor:
        row = await cursor.fetchone()
    return None if row is None else row[0]


async def _migrate(db: aiosqlite.Connection, location: str) -> None:
    """Create the schema in an empty file; refuse a schema newer than ``SCHEMA_VERSION``."""
    found = int(await _pragma(db, "user_version"))
    if found == 0:
        await db.execute("BEGIN IMMEDIATE")  # another process may be creating the schema right now
        try:
            found = int(await _pragma(db, "user_version"))
            if found == 0:
                for statement in _SCHEMA:
                    await db.execute(statement)
                await _pragma(db, f"user_version = {SCHEMA_VERSION}")
                found = SCHEMA_VERSION
                logger.info("created plan store schema version %d in %s", SCHEMA_VERSION, location)
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
    if found > SCHEMA_VERSION:
        raise UnsupportedSchemaVersion(location, found=found, supported=SCHEMA_VERSION)
