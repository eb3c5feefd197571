"""What one request shows in Slack is shown once, however many times the request is handled.

The inbox may hand a request to a second handling while the first is still under way: another replica's sweep takes
over a request whose holder stopped renewing it for a lease (a process stalled, not stopped), and the second handling
shows where the plan stands (``bot.slack.again``). Both would post the plan's message and its approval card. So each
post a request makes of a plan's message, a card or a question is first claimed under the request's receipt and what
it is (``SlackState.first_sighting``: one write, which one handling wins, across replicas): a handling that loses
the claim leaves that post to the one that won it. A handling may post again what it claimed itself (a message
posted again after an update failed). Posts made outside a request (a sweep's expiry, a restart's resume) claim
nothing.

A claim is complete-able: it records its handling and a heartbeat, renewed while the post is under way (every sixth
of the lease), and is marked posted once Slack has answered (``posting``). A handling that finds a claim of another
one not posted whose heartbeat is two thirds of a lease old takes it over and posts (``SlackState.take_stale``): its
handling died (a crash, SIGKILL) between the claim and Slack's answer, and the request was taken over (its inbox
entry is at least a lease old, renewed every third of a lease while it lived, so the claim is at least two thirds
of a lease old). At least once in that window: a second card after a real crash is better than a lost one. A
handling alive and stalled on Slack keeps its claim (its heartbeat goes on, its event loop running), as does one
that finished (posted); a process frozen whole past the lease is taken for dead and its post may come twice. A
block that raised leaves its claim to the next handling of the request (the inbox tries a failed request again).

The handling under way is a context variable set by the inbox for each request it keeps (``begin``, within the
request's dispatch: ``dispatching``): the listener tasks Bolt starts inherit it.
"""

import asyncio
import hashlib
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass, field

from bot.slack.state import SlackState
from planning.engine.receipts import Receipt

RENEWALS_PER_LEASE = 6  # a live claim's heartbeat is never older than a sixth of a lease (plus a write)
STALE_PART_OF_LEASE = 2 / 3  # the least age of a dead handling's claim when its request is taken over


@dataclass(eq=False)
class _Handling:
    receipt: Receipt
    lease_seconds: float
    claimed: set[str] = field(default_factory=set)  # what this handling has claimed (it may post those again)
    owner: str = field(default_factory=lambda: f"post:{uuid.uuid4().hex}")


_current: ContextVar[_Handling | None] = ContextVar("planbot_slack_handling", default=None)


@contextmanager
def dispatching() -> Iterator[None]:
    """One dispatch of a request (``InboxApp.async_dispatch``): what ``begin`` says inside holds until it ends."""
    token = _current.set(None)
    try:
        yield
    finally:
        _current.reset(token)


def begin(receipt: Receipt, *, lease_seconds: float) -> None:
    """The request being dispatched is the one with ``receipt`` (its inbox lease: ``lease_seconds``): posts made by
    its listeners (tasks started from here on, which inherit this) belong to its handling. Bolt runs middlewares one
    after the other, not nested, so this is set for the rest of the dispatch (``dispatching``), not around a call."""
    _current.set(_Handling(receipt, lease_seconds))


def _claim_of(handling: _Handling, what: str) -> tuple[str, str]:
    name = hashlib.sha256(what.encode()).hexdigest()[:24]
    return "", f"posted:{handling.receipt.key}:{name}"


async def _first_to_post(state: SlackState, what: str) -> bool:
    """Whether this handling posts ``what`` (claimed now, or before by this handling, or taken over from a handling
    that died before Slack had it); False when another handling of the same request claimed it and posted it or is
    still alive."""
    current = _current.get()
    if current is None:
        return True
    if what in current.claimed:
        return True
    team, claim = _claim_of(current, what)
    if not await state.first_sighting(team, claim, owner=current.owner):
        stale = current.lease_seconds * STALE_PART_OF_LEASE
        if not await state.take_stale(team, claim, current.owner, idle_seconds=stale):
            return False
    current.claimed.add(what)
    return True


@asynccontextmanager
async def posting(state: SlackState, what: str) -> AsyncIterator[bool]:
    """Whether this handling posts ``what`` (``_first_to_post``); while the block posts it, the claim's heartbeat is
    renewed, and when the block ends without an exception the claim is marked posted (no later handling takes it).
    A block that raises leaves the claim to be taken over once its heartbeat is stale."""
    mine = await _first_to_post(state, what)
    current = _current.get()
    if not mine or current is None:
        yield mine
        return
    claim = _claim_of(current, what)
    renewing = asyncio.create_task(_renew(state, current, claim))
    try:
        yield True
    finally:
        renewing.cancel()
        with suppress(asyncio.CancelledError):
            await renewing
    await state.mark_processed(*claim)


async def _renew(state: SlackState, handling: _Handling, claim: tuple[str, str]) -> None:
    while True:
        await asyncio.sleep(handling.lease_seconds / RENEWALS_PER_LEASE)
        await state.renew_receipts(handling.owner, [claim])
