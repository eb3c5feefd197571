"""``thread_lock`` on PostgreSQL: a session-level advisory lock, held on its own connection for the duration.

The lock's key is a stable 64-bit hash of the thread key (the same in every process and release). The lock is
released when the holder leaves the block, however it leaves it: normally, by an exception or by cancellation. If
waiting for it or releasing it is interrupted, the connection is closed instead, and the server releases every
lock of a closed session (as it does when a process dies). A cancelled waiter therefore never holds the lock: the
server may grant it after the client stopped waiting, but that session is gone by then.
"""

import hashlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg

from planning.store.protocol import StoreError

logger = logging.getLogger(__name__)


def lock_key(thread_key: str) -> int:
    """The advisory lock key of a thread: a signed 64-bit hash, stable across processes and releases."""
    digest = hashlib.blake2b(thread_key.encode(), digest_size=8, person=b"planbot-thread").digest()
    return int.from_bytes(digest, "big", signed=True)


@asynccontextmanager
async def advisory_lock(connection: psycopg.AsyncConnection[object], key: int) -> AsyncIterator[None]:
    """Hold ``pg_advisory_lock(key)`` on ``connection`` (autocommit) for the block; closes it when unsure."""
    try:
        await connection.execute("SELECT pg_advisory_lock(%s)", (key,))
    except BaseException as exc:
        await connection.close()  # the lock may be granted after we stopped waiting: ending the session frees it
        if isinstance(exc, psycopg.Error):
            raise StoreError(f"could not take the thread lock: {exc}") from exc
        raise
    try:
        yield
    finally:
        try:
            await connection.execute("SELECT pg_advisory_unlock(%s)", (key,))
        except psycopg.Error as exc:
            logger.warning("could not release thread lock %d (%s); closing its connection releases it", key, exc)
            await connection.close()
        except BaseException:
            await connection.close()
            raise
