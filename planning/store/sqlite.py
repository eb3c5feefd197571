"""SQLite plan store (aiosqlite), safe for several processes sharing one file.

Every operation is one autocommitted statement, so the database does the arbitration: ``save`` is a single
``UPDATE ... WHERE id = ? AND version = ?``, ``claim_step`` a single ``INSERT OR IGNORE`` on the claim's primary
key, ``finish_step`` a single ``UPDATE ... WHERE outcome = 'running'``; ``claim_and_save`` is those two in one
``BEGIN IMMEDIATE`` transaction. Writes go through one writer connection, one at a time, reads through their own
(``sqlite_writer``: the writer discipline shared with the Slack state). Times are ISO text in
UTC, documents JSON text (``sqlite_rows``). The schema is migrated on open by alembic (``planning.store.schema``;
history in ``migrations/sqlite``); ``PRAGMA user_version`` mirrors the revision so that planbot from before alembic
refuses a newer file. ``thread_lock`` serialises the tasks of this process (every store on the same file) only: a SQLite
store lives on one host, and ordering across processes needs PostgreSQL.
"""

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

from planning.store import migrations
from planning.store.columns import AUDIT_COLUMNS, CLAIM_COLUMNS, SESSION_COLUMNS, Row
from planning.store.locks import KeyedLocks
from planning.store.protocol import (
    AuditEntry,
    Clock,
    FinishedOutcome,
    SessionExists,
    SessionNotFound,
    SessionRecord,
    StepClaim,
    StepNotRunning,
    StoreError,
    VersionConflict,
    check_audit_limit,
    check_aware,
    check_finished_outcome,
    check_idle_seconds,
    encode_document,
    encode_json,
    utc_now,
)
from planning.store.schema import migrate_sqlite, sqlite_at_head
from planning.store.sqlite_rows import audit_from, claim_from, session_from, time_text
from planning.store.sqlite_writer import Run, SqliteFile

HISTORY = migrations.SQLITE
SCHEMA_VERSION = HISTORY.head
_THREAD_LOCKS = KeyedLocks()  # by file and thread: every store of this process on one file shares them


async def migrate(path: str | os.PathLike[str]) -> int:
    """Bring the file at ``path`` (created if missing) to the current schema; returns its version.

    ``UnsupportedSchemaVersion`` if the file is newer than this code, ``StoreError`` if it cannot be opened.
    """
    location = os.fspath(path)
    if await asyncio.to_thread(sqlite_at_head, location, HISTORY, user_version=True):
        return HISTORY.head
    return await asyncio.to_thread(migrate_sqlite, location, HISTORY, user_version=True)


class SqlitePlanStore:
    """A ``PlanStore`` in one SQLite file (WAL mode). Build it with ``await SqlitePlanStore.open(path)``."""

    def __init__(self, file: SqliteFile, *, clock: Clock = utc_now, location: str = "") -> None:
        self._file = file
        self._clock = clock
        self._lock_prefix = f"{os.path.realpath(location) if location else id(self)}\0"

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, clock: Clock = utc_now, busy_timeout_ms: int = 5000
    ) -> "SqlitePlanStore":
        """Open (creating and migrating if needed) the store at ``path``; ``UnsupportedSchemaVersion`` if it is
        newer than us."""
        location = os.fspath(path)
        try:  # a plain connection first: aiosqlite leaves its worker thread behind when connecting fails
            await asyncio.to_thread(lambda: sqlite3.connect(location).close())
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open plan store {location!r}: {exc}") from exc
        await migrate(location)  # before WAL is set (by ``SqliteFile``): a newer file is left untouched
        file = await SqliteFile.open(
            location, what="plan store", busy_timeout_ms=busy_timeout_ms, pragmas=("foreign_keys = ON",)
        )
        return cls(file, clock=clock, location=location)

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        """Rows and row count of one write; ``IntegrityError`` passes through for the caller to translate."""
        return await self._file.write(sql, params)

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._file.read(sql, params)

    async def create(self, record: SessionRecord) -> SessionRecord:
        now = time_text(self._clock())
        values = (record.id, record.thread_key, record.requester, record.state, int(record.open), 1)
        try:
            rows, _ = await self._run(
                f"INSERT INTO sessions ({SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                f"RETURNING {SESSION_COLUMNS}",
                (*values, encode_document(record.data), now, now, time_text(record.expires_at)),
            )
        except sqlite3.IntegrityError as exc:
            if "sessions.id" in str(exc):
                raise SessionExists.duplicate_id(record.id) from exc
            raise SessionExists.thread_taken(record.thread_key) from exc
        return session_from(rows[0])

    async def get(self, session_id: str) -> SessionRecord | None:
        rows = await self._read(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        return session_from(rows[0]) if rows else None

    async def open_for_thread(self, thread_key: str) -> SessionRecord | None:
        rows = await self._read(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE thread_key = ? AND open = 1", (thread_key,)
        )
        return session_from(rows[0]) if rows else None

    async def latest_for_thread(self, thread_key: str, *, requester: str) -> SessionRecord | None:
        rows = await self._read(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE thread_key = ? AND requester = ? "
            "ORDER BY updated_at DESC, created_at DESC LIMIT 1",
            (thread_key, requester),
        )
        return session_from(rows[0]) if rows else None

    async def save(self, record: SessionRecord, *, expected_version: int) -> SessionRecord:
        return await self._save(self._run, record, expected_version)

    async def _save(self, run: Run, record: SessionRecord, expected_version: int) -> SessionRecord:
        """``save`` with ``run`` for each statement (one after the other, or in a transaction)."""
        data, identity = encode_document(record.data), (record.id, expected_version)
        times = (time_text(record.expires_at), time_text(self._clock()))
        try:
            rows, _ = await run(
                "UPDATE sessions SET state = ?, open = ?, data = ?, expires_at = ?, version = version + 1, "
                f"updated_at = ? WHERE id = ? AND version = ? RETURNING {SESSION_COLUMNS}",
                (record.state, int(record.open), data, *times, *identity),
            )
        except sqlite3.IntegrityError as exc:  # reopening on a thread that has another open session
            current, _ = await run("SELECT thread_key FROM sessions WHERE id = ?", (record.id,))
            raise SessionExists.thread_taken(current[0][0] if current else record.thread_key) from exc
        if rows:
            return session_from(rows[0])
        found, _ = await run("SELECT version FROM sessions WHERE id = ?", (record.id,))
        if not found:
            raise SessionNotFound(record.id)
        raise VersionConflict(record.id, expected=expected_version, actual=found[0][0])

    async def list_open(self, *, requester: str | None = None) -> list[SessionRecord]:
        where, params = ("", ()) if requester is None else (" AND requester = ?", (requester,))
        rows = await self._read(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE open = 1{where} ORDER BY created_at, id", params
        )
        return [session_from(row) for row in rows]

    async def claim_step(self, session_id: str, step_id: str, *, args_hash: str, owner: str = "") -> bool:
        return await self._claim(self._run, session_id, step_id, args_hash, owner)

    async def _claim(self, run: Run, session_id: str, step_id: str, args_hash: str, owner: str) -> bool:
        now = time_text(self._clock())
        try:
            _, inserted = await run(
                "INSERT OR IGNORE INTO step_claims "
                "(session_id, step_id, args_hash, claimed_at, outcome, owner, heartbeat_at) "
                "VALUES (?, ?, ?, ?, 'running', ?, ?)",
                (session_id, step_id, args_hash, now, owner, now),
            )
        except sqlite3.IntegrityError as exc:  # the foreign key: OR IGNORE does not cover it
            raise SessionNotFound(session_id) from exc
        return inserted == 1

    async def claim_and_save(
        self, record: SessionRecord, *, expected_version: int, step_id: str, args_hash: str, owner: str = ""
    ) -> SessionRecord | None:
        encode_document(record.data)  # a bad document fails before the transaction starts
        async with self._file.transaction() as tx:
            saved = await self._save(tx.run, record, expected_version)
            if not await self._claim(tx.run, record.id, step_id, args_hash, owner):
                await tx.rollback()
                return None
            return saved

    async def renew_claim(self, session_id: str, step_id: str, *, owner: str) -> bool:
        _, updated = await self._run(
            "UPDATE step_claims SET heartbeat_at = ? "
            "WHERE session_id = ? AND step_id = ? AND owner = ? AND outcome = 'running'",
            (time_text(self._clock()), session_id, step_id, owner),
        )
        return updated == 1

    async def expire_claim(self, session_id: str, step_id: str, *, idle_seconds: float) -> StepClaim | None:
        check_idle_seconds(idle_seconds)
        now = self._clock()
        rows, _ = await self._run(
            "UPDATE step_claims SET outcome = 'unknown', finished_at = ? "
            "WHERE session_id = ? AND step_id = ? AND outcome = 'running' AND COALESCE(heartbeat_at, claimed_at) <= ? "
            f"RETURNING {CLAIM_COLUMNS}",
            (time_text(now), session_id, step_id, time_text(now - timedelta(seconds=idle_seconds))),
        )
        return claim_from(rows[0]) if rows else None

    async def stale_claims(self, *, idle_seconds: float, limit: int = 100) -> list[StepClaim]:
        check_idle_seconds(idle_seconds)
        before = time_text(self._clock() - timedelta(seconds=idle_seconds))
        rows = await self._read(
            f"SELECT {CLAIM_COLUMNS} FROM step_claims WHERE outcome = 'running' "
            "AND COALESCE(heartbeat_at, claimed_at) <= ? "
            "ORDER BY COALESCE(heartbeat_at, claimed_at), session_id, step_id LIMIT ?",
            (before, limit),
        )
        return [claim_from(row) for row in rows]

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
            (outcome, encoded, error, time_text(self._clock()), session_id, step_id),
        )
        if updated != 1:
            raise StepNotRunning(session_id, step_id)

    async def get_claim(self, session_id: str, step_id: str) -> StepClaim | None:
        rows = await self._read(
            f"SELECT {CLAIM_COLUMNS} FROM step_claims WHERE session_id = ? AND step_id = ?", (session_id, step_id)
        )
        return claim_from(rows[0]) if rows else None

    async def append_audit(self, entry: AuditEntry) -> None:
        values = (entry.session_id, entry.thread_key, entry.actor, entry.requester, entry.action, entry.step_id)
        await self._run(
            f"INSERT INTO audit_log ({AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (time_text(entry.at), *values, entry.tool, encode_document(entry.detail)),
        )

    async def prune_audit(self, before: datetime) -> int:
        _, removed = await self._run("DELETE FROM audit_log WHERE at < ?", (time_text(before),))
        return removed

    async def prune_sessions(self, before: datetime) -> int:
        old = "SELECT id FROM sessions WHERE open = 0 AND updated_at < ?"
        async with self._file.transaction() as tx:
            await tx.run(f"DELETE FROM step_claims WHERE session_id IN ({old})", (time_text(before),))
            _, removed = await tx.run(f"DELETE FROM sessions WHERE id IN ({old})", (time_text(before),))
        return removed

    async def audit(
        self,
        *,
        thread_key: str | None = None,
        user: str | None = None,
        limit: int = 200,
        thread_prefix: str | None = None,
    ) -> list[AuditEntry]:
        check_audit_limit(limit)
        conditions, params = ["1 = 1"], []
        if thread_key is not None:
            conditions.append("thread_key = ?")
            params.append(thread_key)
        if user is not None:
            conditions.append("(actor = ? OR requester = ?)")
            params += [user, user]
        if thread_prefix is not None:
            conditions.append("substr(thread_key, 1, length(?)) = ?")
            params += [thread_prefix, thread_prefix]
        where = " AND ".join(conditions)
        rows = await self._read(
            f"SELECT {AUDIT_COLUMNS} FROM audit_log WHERE {where} ORDER BY at DESC, id DESC LIMIT ?", (*params, limit)
        )
        return [audit_from(row) for row in reversed(rows)]

    async def count_created_since(self, requester: str, since: datetime, *, thread_prefix: str | None = None) -> int:
        check_aware(since)
        within, params = (
            ("", ())
            if thread_prefix is None
            else (" AND substr(thread_key, 1, length(?)) = ?", (thread_prefix, thread_prefix))
        )
        rows = await self._read(
            f"SELECT count(*) FROM sessions WHERE requester = ? AND created_at >= ?{within}",
            (requester, time_text(since), *params),
        )
        return int(rows[0][0])

    @asynccontextmanager
    async def thread_lock(self, thread_key: str) -> AsyncIterator[None]:
        if self._file.closed:
            raise StoreError("the plan store is closed")
        async with _THREAD_LOCKS.hold(self._lock_prefix + thread_key):
            yield

    async def close(self) -> None:
        await self._file.close()
