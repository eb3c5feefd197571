"""Creating a record once across processes: a claim on a key (account, object type, normalised name) held in a
store every replica shares, for services whose search trails their writes (HubSpot: a company created a moment ago
is not found yet, so a second replica would create it again).

``create_once(claims, key, create)``: the first claimer creates the record and records its id; a later claimer gets
that id, or, while the first is still creating, waits briefly for it (``TransientError`` when it does not come: the
step is retried). A claimer that fails gives the claim back; one that stops holds it only until ``creating_seconds``
pass. A recorded id is kept for ``keep_seconds`` (by then the service's search finds the record itself).

``CreationClaims`` is the store's side (``planning.store.creations``: SQLite, PostgreSQL, in memory).
"""

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from integrations.base.errors import TransientError

CREATING_SECONDS = 30.0  # a claim held while creating: past this, its claimer is taken to have stopped
WAIT_SECONDS = 10.0  # how long a second claimer waits for the first one's id
POLL_SECONDS = 0.1


@dataclass(frozen=True, slots=True)
class Claim:
    """What ``claim`` found: ``mine`` (this caller creates), or the id another caller recorded (None: still
    creating)."""

    mine: bool
    record_id: str | None = None


class CreationClaims(Protocol):
    async def claim(self, key: str, *, owner: str, hold_seconds: float) -> Claim:
        """Take ``key`` for ``owner`` for ``hold_seconds`` unless someone else holds it unexpired: then what they
        recorded (``mine`` False). An expired claim is taken over; the holder claiming again keeps it."""
        ...

    async def settle(self, key: str, *, owner: str, record_id: str, keep_seconds: float) -> None:
        """``owner`` created ``record_id`` under its claim: later claimers get it for ``keep_seconds``."""
        ...

    async def release(self, key: str, *, owner: str) -> None:
        """``owner``'s creation failed: the key is free again (a claim another owner holds stays)."""
        ...


class ScopedClaims:
    """``claims`` with every key inside ``scope`` (an account: one account's names never meet another's)."""

    def __init__(self, claims: CreationClaims, scope: str) -> None:
        self._claims = claims
        self._scope = scope

    async def claim(self, key: str, *, owner: str, hold_seconds: float) -> Claim:
        return await self._claims.claim(self._key(key), owner=owner, hold_seconds=hold_seconds)

    async def settle(self, key: str, *, owner: str, record_id: str, keep_seconds: float) -> None:
        await self._claims.settle(self._key(key), owner=owner, record_id=record_id, keep_seconds=keep_seconds)

    async def release(self, key: str, *, owner: str) -> None:
        await self._claims.release(self._key(key), owner=owner)

    def _key(self, key: str) -> str:
        return f"{self._scope}\x1f{key}"


def name_key(*parts: str) -> str:
    """A claim key from its parts, names compared as people read them: case and runs of spaces do not count."""
    return "\x1f".join(" ".join(part.casefold().split()) for part in parts)


async def create_once(
    claims: CreationClaims,
    key: str,
    create: Callable[[], Awaitable[str]],
    *,
    keep_seconds: float,
    service: str,
    creating_seconds: float = CREATING_SECONDS,
    wait_seconds: float = WAIT_SECONDS,
    poll_seconds: float = POLL_SECONDS,
    monotonic: Callable[[], float] = time.monotonic,
) -> str:
    """The id of the record ``key`` names: created by ``create()`` (returning its id) if no one has, else the id
    another caller created."""
    owner = uuid.uuid4().hex  # each call its own: two calls of one process must not both create
    give_up = monotonic() + wait_seconds
    while True:
        claim = await claims.claim(key, owner=owner, hold_seconds=creating_seconds)
        if claim.record_id is not None:
            return claim.record_id
        if claim.mine:
            try:
                record_id = await create()
            except BaseException:
                await claims.release(key, owner=owner)
                raise
            await claims.settle(key, owner=owner, record_id=record_id, keep_seconds=keep_seconds)
            return record_id
        if monotonic() >= give_up:
            raise TransientError("the same record is being created by another request; try again", service=service)
        await asyncio.sleep(poll_seconds)
