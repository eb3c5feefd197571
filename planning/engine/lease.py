"""Who runs a claimed step, and the heartbeat that tells other processes it is still running.

Each process is one claim owner (``process_owner``). While a write runs, ``ClaimLease.held`` renews the claim's
heartbeat every third of the lease; a process that dies stops renewing, and once the lease has run out another
process may end the claim as ``unknown`` and ask the user (``planning.engine.claims``).
"""

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator

from planning.store import PlanStore, StoreError

logger = logging.getLogger(__name__)
MIN_RENEWAL_SECONDS = 0.05


def process_owner() -> str:
    """An owner id for this process: its host and pid for people reading the store, and a nonce for uniqueness."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class ClaimLease:
    def __init__(self, store: PlanStore, *, owner: str, lease_seconds: float) -> None:
        self._store = store
        self.owner = owner
        self.lease_seconds = lease_seconds

    @contextlib.asynccontextmanager
    async def held(self, session_id: str, key: str) -> AsyncIterator[None]:
        """Keep the claim alive while the block runs (the block is never interrupted by a failed renewal)."""
        renewing = asyncio.create_task(self._renew(session_id, key))
        try:
            yield
        finally:
            renewing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await renewing

    async def _renew(self, session_id: str, key: str) -> None:
        every = max(self.lease_seconds / 3, MIN_RENEWAL_SECONDS)
        while True:
            await asyncio.sleep(every)
            try:
                if not await self._store.renew_claim(session_id, key, owner=self.owner):
                    logger.warning("plan %s step %s: the claim was taken over while it ran", session_id, key)
                    return
            except StoreError as error:  # the next renewal may get through; the lease allows for a few misses
                logger.warning("plan %s step %s: could not renew the claim (%s)", session_id, key, error)
