"""Which delivery of a request a turn handles, so that a request handled twice changes the plans once.

A front end that keeps what it received (Slack's inbox, ``bot/slack/inbox.py``) may hand the engine a request again
after the process that first took it stopped half-way. ``Receipt.key`` names the request (unique per request and
front end); ``again`` says it may have been handled before. A plan made by a request takes its id from the
receipt (``new_session_id``), and a plan keeps the receipts of the last replies it took (``Session.receipts``): a
request handled again whose plan exists, or whose reply a plan of the thread took, is not handled a second time.

The receipt of the turn under way is a context variable (``handling``), so that every place that makes a plan (a
new request, a follow-up, a request planned again from a clarification) names it without being handed it.
"""

import hashlib
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

KEPT = 20  # receipts a plan remembers (the replies it took last)


@dataclass(frozen=True, slots=True)
class Receipt:
    key: str
    again: bool = False


_handling: ContextVar[Receipt | None] = ContextVar("planbot_receipt", default=None)


@contextmanager
def handling(receipt: Receipt | None) -> Iterator[None]:
    """The turn inside handles the request with this receipt (None: a request nobody keeps)."""
    token = _handling.set(receipt)
    try:
        yield
    finally:
        _handling.reset(token)


def session_id_for(receipt: Receipt) -> str:
    return hashlib.sha256(receipt.key.encode()).hexdigest()[:12]


def new_session_id() -> str:
    """The id of a plan made now: derived from the receipt of the request being handled, else random."""
    receipt = _handling.get()
    return session_id_for(receipt) if receipt is not None else uuid.uuid4().hex[:12]


def taken(receipts: list[str], receipt: Receipt | None) -> list[str]:
    """A plan's receipts after it took a reply with ``receipt``."""
    if receipt is None or receipt.key in receipts:
        return receipts
    return [*receipts[-(KEPT - 1) :], receipt.key]
