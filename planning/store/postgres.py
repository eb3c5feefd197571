"""PostgreSQL plan store (psycopg 3 with ``psycopg_pool``), for several replicas sharing one database.

As in SQLite, every decision is ONE autocommitted statement, so the database arbitrates between replicas:
``save`` is ``UPDATE ... WHERE id = %s AND version = %s``, ``claim_step`` an ``INSERT ... ON CONFLICT DO NOTHING``
on the claim's primary key, ``finish_step`` an ``UPDATE ... WHERE outcome = 'running'``; one open session per
thread is a partial unique index. ``claim_and_save`` is the one transaction: the session's row is updated (and so
locked) first, then the claim is inserted, and a claim that exists already rolls both back. Documents and results
are JSONB, times ``timestamptz``.

JSONB keeps JSON values, not their text: keys come back in another order (documents are dicts: no difference),
numbers as written in decimal (``1e16`` comes back as ``10000000000000000``, an int equal to it), and a string
with a NUL character cannot be stored (``ValueError``, like any value a backend cannot keep).

Two pools: one for statements, one for ``thread_lock`` (advisory locks held on a connection for a while), so
that tasks waiting for a thread can never take the connections the lock's holder needs to make progress.
"""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

import psycopg
from psycopg import errors
from psycopg_pool import AsyncConnectionPool

from planning.store import migrations
from planning.store.columns import AUDIT_COLUMNS, CLAIM_COLUMNS, SESSION_COLUMNS, Row
from planning.store.locks import KeyedLocks
from planning.store.postgres_lock import advisory_lock, lock_key
from planning.store.postgres_rows import audit_from, claim_from, session_from
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
from planning.store.schema import migrate_postgres, postgres_at_head

HISTORY = migrations.POSTGRES
SCHEMA_VERSION = HISTORY.head
Pool = AsyncConnectionPool[psycopg.AsyncConnection[Row]]
Execute = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]


class _AlreadyClaimedError(Exception):
    """Rolls ``claim_and_save``'s transaction back."""


async def migrate(url: str) -> int:
    """Bring the database at ``url`` to the current schema (one replica at a time); returns its version."""
    if await asyncio.to_thread(postgres_at_head, url, HISTORY):
        return HISTORY.head
    return await asyncio.to_thread(migrate_postgres, url, HISTORY)


async def open_pool(url: str, *, name: str, min_size: int, max_size: int, timeout: float) -> Pool:
    """An open pool of autocommit connections; ``StoreError`` if the database cannot be reached in time."""
    pool: Pool = AsyncConnectionPool(
        url, min_size=min_size, max_size=max_size, kwargs={"autocommit": True}, name=name, open=False, timeout=timeout
    )
    try:
        await pool.open(wait=min_size > 0, timeout=timeout)
    except psycopg.Error as exc:
        await pool.close()
        raise StoreError(f"cannot connect to the database for {name}: {exc}") from exc
    return pool


class PostgresPlanStore:
    """A ``PlanStore`` in PostgreSQL. Build it with ``await PostgresPlanStore.open(url)``."""

    def __init__(self, pool: Pool, lock_pool: Pool, *, clock: Clock = utc_now) -> None:
        self._pool = pool
        self._lock_pool = lock_pool
        self._clock = clock
        self._local_locks = KeyedLocks()
        self._closed = False

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        clock: Clock = utc_now,
        pool_size: int = 10,
        lock_pool_size: int = 20,
        timeout: float = 10.0,
    ) -> "PostgresPlanStore":
        """Migrate the database at ``url`` (a libpq URL or conninfo) if needed and connect.

        ``pool_size`` connections serve statements, up to ``lock_pool_size`` more hold thread locks; ``timeout``
        bounds waiting for a connection. ``UnsupportedSchemaVersion`` if the schema is newer than this code.
        """
        await migrate(url)
        pool = await open_pool(url, name="planbot-plans", min_size=1, max_size=pool_size, timeout=timeout)
        try:
            lock_pool = await open_pool(
                url, name="planbot-thread-locks", min_size=0, max_size=lock_pool_size, timeout=timeout
            )
        except BaseException:
            await pool.close()
            raise
        return cls(pool, lock_pool, clock=clock)

    async def _run(self, query: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        """Rows and row count of one autocommitted statement; constraint violations pass through."""
        if self._closed:
            raise StoreError("the plan store is closed")
        try:
            async with self._pool.connection() as connection:
                return await _execute(connection, query, params)
        except (errors.UniqueViolation, errors.ForeignKeyViolation):
            raise
        except psycopg.Error as exc:  # connecting
            raise StoreError(f"plan store query failed: {exc}") from exc

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Execute]:
        """One transaction on one connection: what the block runs commits at its end, or not at all."""
        if self._closed:
            raise StoreError("the plan store is closed")
        try:
            async with self._pool.connection() as connection, connection.transaction():

                async def run(query: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
                    return await _execute(connection, query, params)

                yield run
        except (errors.UniqueViolation, errors.ForeignKeyViolation):
            raise
        except psycopg.Error as exc:  # connecting, committing
            raise StoreError(f"plan store transaction failed: {exc}") from exc

    async def create(self, record: SessionRecord) -> SessionRecord:
        now, data = self._clock(), encode_document(record.data)
        identity = (record.id, record.thread_key, record.requester)
        try:
            rows, _ = await self._run(
                f"INSERT INTO sessions ({SESSION_COLUMNS}) VALUES (%s, %s, %s, %s, %s, 1, %s::jsonb, %s, %s, %s) "
                f"RETURNING {SESSION_COLUMNS}",
                (*identity, record.state, record.open, data, now, now, record.expires_at),
            )
        except errors.UniqueViolation as exc:
            if exc.diag.constraint_name == "sessions_pkey":
                raise SessionExists.duplicate_id(record.id) from exc
            raise SessionExists.thread_taken(record.thread_key) from exc
        return session_from(rows[0])

    async def get(self, session_id: str) -> SessionRecord | None:
        rows, _ = await self._run(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = %s", (session_id,))
        return session_from(rows[0]) if rows else None

    async def open_for_thread(self, thread_key: str) -> SessionRecord | None:
        rows, _ = await self._run(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE thread_key = %s AND open", (thread_key,)
        )
        return session_from(rows[0]) if rows else None

    async def latest_for_thread(self, thread_key: str, *, requester: str) -> SessionRecord | None:
        rows, _ = await self._run(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE thread_key = %s AND requester = %s "
            "ORDER BY updated_at DESC, created_at DESC LIMIT 1",
            (thread_key, requester),
        )
        return session_from(rows[0]) if rows else None

    async def save(self, record: SessionRecord, *, expected_version: int) -> SessionRecord:
        try:
            return await _save(self._run, record, expected_version, self._clock())
        except SessionExists as exc:  # name the thread the session is stored on
            current = await self.get(record.id)
            raise SessionExists.thread_taken(record.thread_key if current is None else current.thread_key) from exc

    async def list_open(self, *, requester: str | None = None) -> list[SessionRecord]:
        where, params = ("", ()) if requester is None else (" AND requester = %s", (requester,))
        rows, _ = await self._run(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE open{where} ORDER BY created_at, id", params
        )
        return [session_from(row) for row in rows]

    async def claim_step(self, session_id: str, step_id: str, *, args_hash: str, owner: str = "") -> bool:
        return await _claim(self._run, session_id, step_id, args_hash, owner, self._clock())

    async def claim_and_save(
        self, record: SessionRecord, *, expected_version: int, step_id: str, args_hash: str, owner: str = ""
    ) -> SessionRecord | None:
        encode_document(record.data)  # a bad document fails before the transaction starts
        now = self._clock()
        try:
            async with self._transaction() as run:
                saved = await _save(run, record, expected_version, now)
                if not await _claim(run, record.id, step_id, args_hash, owner, now):
                    raise _AlreadyClaimedError
                return saved
        except _AlreadyClaimedError:
            return None

    async def renew_claim(self, session_id: str, step_id: str, *, owner: str) -> bool:
        _, updated = await self._run(
            "UPDATE step_claims SET heartbeat_at = %s "
            "WHERE session_id = %s AND step_id = %s AND owner = %s AND outcome = 'running'",
            (self._clock(), session_id, step_id, owner),
        )
        return updated == 1

    async def expire_claim(self, session_id: str, step_id: str, *, idle_seconds: float) -> StepClaim | None:
        check_idle_seconds(idle_seconds)
        now = self._clock()
        rows, _ = await self._run(
            "UPDATE step_claims SET outcome = 'unknown', finished_at = %s WHERE session_id = %s AND step_id = %s "
            f"AND outcome = 'running' AND COALESCE(heartbeat_at, claimed_at) <= %s RETURNING {CLAIM_COLUMNS}",
            (now, session_id, step_id, now - timedelta(seconds=idle_seconds)),
        )
        return claim_from(rows[0]) if rows else None

    async def stale_claims(self, *, idle_seconds: float, limit: int = 100) -> list[StepClaim]:
        check_idle_seconds(idle_seconds)
        rows, _ = await self._run(
            f"SELECT {CLAIM_COLUMNS} FROM step_claims WHERE outcome = 'running' "
            "AND COALESCE(heartbeat_at, claimed_at) <= %s "
            "ORDER BY COALESCE(heartbeat_at, claimed_at), session_id, step_id LIMIT %s",
            (self._clock() - timedelta(seconds=idle_seconds), limit),
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
            "UPDATE step_claims SET outcome = %s, result = %s::jsonb, error = %s, finished_at = %s "
            "WHERE session_id = %s AND step_id = %s AND outcome = 'running'",
            (outcome, encoded, error, self._clock(), session_id, step_id),
        )
        if updated != 1:
            raise StepNotRunning(session_id, step_id)

    async def get_claim(self, session_id: str, step_id: str) -> StepClaim | None:
        rows, _ = await self._run(
            f"SELECT {CLAIM_COLUMNS} FROM step_claims WHERE session_id = %s AND step_id = %s", (session_id, step_id)
        )
        return claim_from(rows[0]) if rows else None

    async def append_audit(self, entry: AuditEntry) -> None:
        values = (entry.at, entry.session_id, entry.thread_key, entry.actor, entry.requester, entry.action)
        await self._run(
            f"INSERT INTO audit_log ({AUDIT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s::jsonb)",
            (*values, entry.step_id, entry.tool, encode_document(entry.detail)),
        )

    async def prune_audit(self, before: datetime) -> int:
        _, removed = await self._run("DELETE FROM audit_log WHERE at < %s", (before,))
        return removed

    async def prune_sessions(self, before: datetime) -> int:
        old = "SELECT id FROM sessions WHERE NOT open AND updated_at < %s"
        async with self._transaction() as run:
            await run(f"DELETE FROM step_claims WHERE session_id IN ({old})", (before,))
            _, removed = await run(f"DELETE FROM sessions WHERE id IN ({old})", (before,))
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
        conditions, params = ["true"], []
        if thread_key is not None:
            conditions.append("thread_key = %s")
            params.append(thread_key)
        if user is not None:
            conditions.append("(actor = %s OR requester = %s)")
            params += [user, user]
        if thread_prefix is not None:
            conditions.append("left(thread_key, length(%s)) = %s")
            params += [thread_prefix, thread_prefix]
        where = " AND ".join(conditions)
        rows, _ = await self._run(
            f"SELECT {AUDIT_COLUMNS} FROM audit_log WHERE {where} ORDER BY at DESC, id DESC LIMIT %s", (*params, limit)
        )
        return [audit_from(row) for row in reversed(rows)]

    async def count_created_since(self, requester: str, since: datetime, *, thread_prefix: str | None = None) -> int:
        check_aware(since)
        within, params = (
            ("", ())
            if thread_prefix is None
            else (" AND left(thread_key, length(%s)) = %s", (thread_prefix, thread_prefix))
        )
        rows, _ = await self._run(
            f"SELECT count(*) FROM sessions WHERE requester = %s AND created_at >= %s{within}",
            (requester, since, *params),
        )
        return int(rows[0][0])

    @asynccontextmanager
    async def thread_lock(self, thread_key: str) -> AsyncIterator[None]:
        """Serialise work on a thread across every process on this database (see ``postgres_lock``)."""
        if self._closed:
            raise StoreError("the plan store is closed")
        async with self._local_locks.hold(thread_key):  # one waiter per key and process goes to the database
            try:
                connection = await self._lock_pool.getconn()
            except psycopg.Error as exc:
                raise StoreError(f"no connection for the thread lock: {exc}") from exc
            try:
                async with advisory_lock(connection, lock_key(thread_key)):
                    yield
            finally:
                await self._lock_pool.putconn(connection)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._lock_pool.close()
        await self._pool.close()


async def _execute(
    connection: psycopg.AsyncConnection[Row], query: str, params: Sequence[Any]
) -> tuple[list[Row], int]:
    """Rows and row count of one statement on ``connection``; constraint violations pass through."""
    try:
        cursor = await connection.execute(query.encode(), params)
        rows = await cursor.fetchall() if cursor.description is not None else []
        return rows, cursor.rowcount
    except (errors.UniqueViolation, errors.ForeignKeyViolation):
        raise
    except psycopg.DataError as exc:
        raise ValueError(f"PostgreSQL cannot store this value: {exc}") from exc
    except psycopg.Error as exc:
        raise StoreError(f"plan store query failed: {exc}") from exc


async def _save(run: Execute, record: SessionRecord, expected_version: int, now: datetime) -> SessionRecord:
    data, identity = encode_document(record.data), (record.id, expected_version)
    try:
        rows, _ = await run(
            "UPDATE sessions SET state = %s, open = %s, data = %s::jsonb, expires_at = %s, version = version + 1, "
            f"updated_at = %s WHERE id = %s AND version = %s RETURNING {SESSION_COLUMNS}",
            (record.state, record.open, data, record.expires_at, now, *identity),
        )
    except errors.UniqueViolation as exc:  # reopening on a thread that has another open session
        raise SessionExists.thread_taken(record.thread_key) from exc
    if rows:
        return session_from(rows[0])
    found, _ = await run("SELECT version FROM sessions WHERE id = %s", (record.id,))
    if not found:
        raise SessionNotFound(record.id)
    raise VersionConflict(record.id, expected=expected_version, actual=found[0][0])


async def _claim(run: Execute, session_id: str, step_id: str, args_hash: str, owner: str, now: datetime) -> bool:
    try:
        _, inserted = await run(
            "INSERT INTO step_claims (session_id, step_id, args_hash, claimed_at, outcome, owner, heartbeat_at) "
            "VALUES (%s, %s, %s, %s, 'running', %s, %s) ON CONFLICT (session_id, step_id) DO NOTHING",
            (session_id, step_id, args_hash, now, owner, now),
        )
    except errors.ForeignKeyViolation as exc:
        raise SessionNotFound(session_id) from exc
    return bool(inserted == 1)
