"""One writer discipline for planbot's SQLite files (the plan store, the Slack state).

In WAL mode a statement that read first and then has to write fails at once with "database is locked"
(``SQLITE_BUSY_SNAPSHOT``) when another connection wrote in between; ``busy_timeout`` does not apply to it. That
happens to a deferred transaction, and to a write on a connection where another statement is still open (two
tasks sharing an aiosqlite connection interleave their statements). So, for each opened file:

- one writer connection, used by one statement (or transaction) at a time, from its execution to its last row;
  a write is one autocommitted statement, or a ``BEGIN IMMEDIATE`` transaction (it takes the write lock first,
  so nothing inside it has to upgrade a read); an urgent write (an event's receipt, which Slack's ack waits for)
  gets the writer before the writes already waiting, so acks never queue behind a busy plan's saves; and
  ``write_at_once`` runs such a write on the event loop's own thread (a third connection, no thread hops, tens of
  microseconds) while it holds the writer's turn, falling back to the writer if another process holds the lock;
- one reader connection for plain reads (in WAL, readers never wait for the writer);
- WAL, ``synchronous=NORMAL`` and ``busy_timeout``: another process writing the same file is waited for.

Errors: ``sqlite3.IntegrityError`` passes through for the store to translate; any other ``sqlite3.Error`` becomes
``StoreError("<what> query failed: ...")``; ``StoreError`` too once the file is closed.
"""

import asyncio
import os
import sqlite3
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any

import aiosqlite

from planning.store.protocol import StoreError

Row = tuple[Any, ...]
Run = Callable[[str, Sequence[Any]], Awaitable[tuple[list[Row], int]]]  # one statement: rows and row count
BUSY_TIMEOUT_MS = 5000


class WriterTurns:
    """A lock on the writer with two queues: urgent waiters are let in before the others, each queue in order."""

    def __init__(self) -> None:
        self._held = False
        self._urgent: deque[asyncio.Future[None]] = deque()
        self._normal: deque[asyncio.Future[None]] = deque()

    @asynccontextmanager
    async def turn(self, *, urgent: bool = False) -> AsyncIterator[None]:
        await self._acquire(urgent)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, urgent: bool) -> None:
        if not self._held and not self._urgent and not self._normal:
            self._held = True
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        (self._urgent if urgent else self._normal).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed the writer just as we were cancelled: pass it on
                self._release()
            else:
                (self._urgent if urgent else self._normal).remove(waiter)
            raise

    def _release(self) -> None:
        for queue in (self._urgent, self._normal):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(None)  # the writer stays held: it passes to this waiter
                    return
        self._held = False


class Transaction:
    """Statements inside ``SqliteFile.transaction()``: all on the writer, committed together."""

    def __init__(self, db: aiosqlite.Connection, what: str) -> None:
        self._db = db
        self._what = what
        self.ended = False

    async def run(self, sql: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        return await _run(self._db, sql, params, what=self._what)

    async def rollback(self) -> None:
        """End the transaction now, writing nothing of it; run nothing more in it."""
        await _run(self._db, "ROLLBACK", what=self._what)
        self.ended = True


class SqliteFile:
    """A SQLite file's writer and reader connections; build it with ``await SqliteFile.open(path, what=...)``."""

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        at_once: sqlite3.Connection,
        *,
        what: str,
    ) -> None:
        self._writer: aiosqlite.Connection | None = writer
        self._reader: aiosqlite.Connection | None = reader
        self._at_once: sqlite3.Connection | None = at_once
        self._turns = WriterTurns()
        self._what = what

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        what: str,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        pragmas: Sequence[str] = (),
    ) -> "SqliteFile":
        """Connect to the (already migrated) file; ``pragmas`` (e.g. ``foreign_keys = ON``) apply to each connection."""
        location = os.fspath(path)
        settings = (f"busy_timeout = {int(busy_timeout_ms)}", *pragmas, "journal_mode = WAL", "synchronous = NORMAL")
        opened: list[aiosqlite.Connection] = []
        try:
            for _ in range(2):
                db = await aiosqlite.connect(location, isolation_level=None)
                opened.append(db)
                for pragma in settings:
                    await _run(db, f"PRAGMA {pragma}", what=what)
        except BaseException as exc:
            for db in opened:
                await db.close()
            if isinstance(exc, sqlite3.Error | StoreError):
                raise StoreError(f"cannot open {what} {location!r}: {exc}") from exc
            raise
        try:
            at_once = _connect_at_once(location, pragmas)
        except sqlite3.Error as exc:
            for db in opened:
                await db.close()
            raise StoreError(f"cannot open {what} {location!r}: {exc}") from exc
        return cls(opened[0], opened[1], at_once, what=what)

    @property
    def closed(self) -> bool:
        return self._writer is None

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read-only statement, on the reader."""
        rows, _ = await _run(self._connection(self._reader), sql, params, what=self._what)
        return rows

    async def write(self, sql: str, params: Sequence[Any] = (), *, urgent: bool = False) -> tuple[list[Row], int]:
        """Rows (``RETURNING``) and row count of one autocommitted write, on the writer; ``urgent`` goes first."""
        async with self._turns.turn(urgent=urgent):
            return await _run(self._connection(self._writer), sql, params, what=self._what)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        """One statement by its kind: a ``SELECT`` on the reader (row count 0), anything else as a ``write``."""
        if sql.lstrip().upper().startswith("SELECT"):
            return await self.read(sql, params), 0
        return await self.write(sql, params)

    async def write_at_once(self, sql: str, params: Sequence[Any] = ()) -> tuple[list[Row], int]:
        """Like an urgent ``write``, run on this thread: for the one short write an acknowledgement waits for.

        Holding the writer's turn, no statement of ours holds SQLite's write lock, so the statement never waits;
        if another process holds it, the write goes to the writer connection (which waits up to its busy timeout).
        """
        async with self._turns.turn(urgent=True):
            at_once = self._at_once
            if at_once is None:
                raise StoreError(f"the {self._what} is closed")
            try:
                cursor = at_once.execute(sql, params)
                try:
                    return [tuple(row) for row in cursor.fetchall()], cursor.rowcount
                finally:
                    cursor.close()
            except sqlite3.IntegrityError:
                raise
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise StoreError(f"{self._what} query failed: {exc}") from exc
            except sqlite3.Error as exc:
                raise StoreError(f"{self._what} query failed: {exc}") from exc
            return await _run(self._connection(self._writer), sql, params, what=self._what)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` on the writer (rolled back if the block raises): for reads then writes."""
        async with self._turns.turn():
            db = self._connection(self._writer)
            await _run(db, "BEGIN IMMEDIATE", what=self._what)
            transaction = Transaction(db, self._what)
            try:
                yield transaction
            except BaseException:
                if not transaction.ended:
                    with suppress(sqlite3.Error, StoreError):  # SQLite may have rolled back already (a full disk)
                        await _run(db, "ROLLBACK", what=self._what)
                raise
            if not transaction.ended:
                await _run(db, "COMMIT", what=self._what)

    async def close(self) -> None:
        """Close both connections; closing twice is harmless."""
        writer, reader, self._writer, self._reader = self._writer, self._reader, None, None
        at_once, self._at_once = self._at_once, None
        if at_once is not None:
            at_once.close()
        for db in (writer, reader):
            if db is not None:
                await db.close()

    def _connection(self, db: aiosqlite.Connection | None) -> aiosqlite.Connection:
        if db is None:
            raise StoreError(f"the {self._what} is closed")
        return db


def _connect_at_once(location: str, pragmas: Sequence[str]) -> sqlite3.Connection:
    """The loop thread's own connection: it never waits for a lock (``busy_timeout = 0``; see ``write_at_once``)."""
    at_once = sqlite3.connect(location, isolation_level=None)
    try:
        for pragma in ("busy_timeout = 0", *pragmas, "synchronous = NORMAL"):
            at_once.execute(f"PRAGMA {pragma}").close()
    except sqlite3.Error:
        at_once.close()
        raise
    return at_once


async def _run(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = (), *, what: str) -> tuple[list[Row], int]:
    """Run one statement to its last row (an unread result would keep its read snapshot open)."""
    try:
        async with db.execute(sql, params) as cursor:
            return [tuple(row) for row in await cursor.fetchall()], cursor.rowcount
    except sqlite3.IntegrityError:
        raise
    except sqlite3.Error as exc:
        raise StoreError(f"{what} query failed: {exc}") from exc
