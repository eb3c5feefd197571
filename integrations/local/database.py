"""One SQLite connection per workspace, used by one thread at a time, with sqlite failures mapped to the error tree.

Every unit of work is a function of the connection run inside one transaction: ``run`` from async code (in a
worker thread via ``asyncio.to_thread``), ``run_sync`` from start-up code. A ``threading.Lock`` serialises the
units, so concurrent tool calls are safe whatever event loop they come from.
"""

import asyncio
import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from integrations.base.errors import ConnectorError, PermanentError, TransientError

SERVICE = "local"
T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]


def folded(value: Any) -> str | None:
    """SQL ``folded(x)``: case-insensitive form of a value (Unicode-aware, unlike SQLite's ``lower``)."""
    return None if value is None else _text(value).casefold()


def contains_folded(haystack: Any, needle: Any) -> int:
    """SQL ``contains_folded(haystack, needle)``: 1 when ``needle`` occurs in ``haystack``, ignoring case."""
    if haystack is None or needle is None:
        return 0
    return int(_text(needle).casefold() in _text(haystack).casefold())


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def translate(error: sqlite3.Error | OSError) -> ConnectorError:
    """``database is locked`` / busy → TransientError (worth retrying); anything else → PermanentError."""
    text = str(error)
    if isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return TransientError(f"the local workspace is busy: {text}", service=SERVICE, retry_after=1.0)
    return PermanentError(f"the local workspace failed: {text}", service=SERVICE)


def inserted_row_id(cursor: sqlite3.Cursor) -> int:
    if cursor.lastrowid is None:
        raise PermanentError("the local workspace did not return the new row's id", service=SERVICE)
    return cursor.lastrowid


def connect(path: str | os.PathLike[str], *, busy_timeout: float) -> sqlite3.Connection:
    """Open (creating the folder and file if needed) with foreign keys on and our SQL functions registered."""
    location = os.fspath(path)
    try:
        if location != ":memory:":
            Path(location).parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(location, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
        connection.row_factory = sqlite3.Row
        connection.execute("PRAGMA foreign_keys = ON")
        if location != ":memory:":
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
        connection.create_function("folded", 1, folded, deterministic=True)
        connection.create_function("contains_folded", 2, contains_folded, deterministic=True)
    except (sqlite3.Error, OSError) as error:
        raise translate(error) from error
    return connection


class Database:
    """The workspace's connection; ``close`` waits for the unit of work in progress."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection: sqlite3.Connection | None = connection
        self._lock = threading.Lock()

    async def run(self, work: Work[T], *, write: bool) -> T:
        return await asyncio.to_thread(self.run_sync, work, write=write)

    def run_sync(self, work: Work[T], *, write: bool) -> T:
        """Run ``work`` in one transaction (``BEGIN IMMEDIATE`` for writes, so a writer waits for the lock)."""
        with self._lock:
            connection = self._connection
            if connection is None:
                raise PermanentError("the local workspace is closed", service=SERVICE)
            try:
                connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                result = work(connection)
                connection.commit()
            except BaseException as error:
                if connection.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        connection.rollback()
                if isinstance(error, sqlite3.Error | OSError):
                    raise translate(error) from error
                raise
            return result

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    @property
    def closed(self) -> bool:
        return self._connection is None
