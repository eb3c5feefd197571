"""What one request shows in Slack is shown once, however many times the request is handled.

The inbox may hand a request to a second handling while the first is still under way: another replica's sweep takes
over a request whose holder stopped renewing it for a lease (a process stalled, not stopped), and the second handling
shows where the plan stands (``bot.slack.again``). Both would post the plan's message and its approval card. So each
post a request makes of a plan's message, a card or a question is first claimed under the request's receipt and what
it is (``SlackState.first_sighting``: one write, which one handling wins, across replicas): a handling that loses
the claim leaves that post to the one that won it. A handling may post again what it claimed itself (a message
posted again after an update failed). Posts made outside a request (a sweep's expiry, a restart's resume) claim
nothing.

The handling under way is a context variable set by the inbox for each request it keeps (``begin``, within the
request's dispatch: ``dispatching``): the listener tasks Bolt starts inherit it.
"""

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from bot.slack.state import SlackState
from planning.engine.receipts import Receipt


@dataclass(eq=False)
class _Handling:
    receipt: Receipt
    claimed: set[str] = field(default_factory=set)  # what this handling has claimed (it may post those again)


_current: ContextVar[_Handling | None] = ContextVar("planbot_slack_handling", default=None)


@contextmanager
def dispatching() -> Iterator[None]:
    """One dispatch of a request (``InboxApp.async_dispatch``): what ``begin`` says inside holds until it ends."""
    token = _current.set(None)
    try:
        yield
    finally:
        _current.reset(token)


def begin(receipt: Receipt) -> None:
    """The request being dispatched is the one with ``receipt``: posts made by its listeners (tasks started from
    here on, which inherit this) belong to its handling. Bolt runs middlewares one after the other, not nested, so
    this is set for the rest of the dispatch (``dispatching``), not around a call."""
    _current.set(_Handling(receipt))


async def first_to_post(state: SlackState, what: str) -> bool:
    """Whether this handling posts ``what`` (claimed now, or before by this handling); False when another handling
    of the same request claimed it."""
    current = _current.get()
    if current is None:
        return True
    if what in current.claimed:
        return True
    name = hashlib.sha256(what.encode()).hexdigest()[:24]
    if not await state.first_sighting("", f"posted:{current.receipt.key}:{name}"):
        return False
    current.claimed.add(what)
    return True
