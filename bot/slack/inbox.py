"""The inbox: every request Slack gets a 200 for is first written to the Slack state, and processed once.

Slack does not send a request again once it was answered 200, so a process that stops between the ack and the
work must not lose it. On receipt (``Inbox.middleware``, before the ack) the request is recorded with its payload,
keyed by its receipt: an event's ``event_id``, a click's or a form's ``trigger_id``. A receipt seen before is
dropped (a Slack retry, or another replica got it). The recording process holds the entry, renewing its heartbeat
while it works on it (``Inbox.sweep``), and marks it processed when its listener ends; an entry whose listener
failed is left for a later try. ``Inbox.sweep``, at start and every third of the lease on every replica, takes
over the entries whose holder stopped renewing them and dispatches each again through the app, as a request that
needs no signature (it was checked when received) and is not a duplicate of itself. Of several replicas sweeping at
once, each entry goes to one (``SlackState.take_abandoned``); a request processed again after its process stopped
half-way makes no second plan (the engine keys a new plan by the receipt, ``planning.engine.receipts``), and a
click processed again finds its step decided already (approvals are bound to their step, writes to their claim).
"""

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from slack_bolt.async_app import AsyncApp
from slack_bolt.listener.async_listener_completion_handler import AsyncListenerCompletionHandler
from slack_bolt.listener.async_listener_error_handler import AsyncListenerErrorHandler
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse

from bot.slack.state import Received, SlackState
from planning.engine.receipts import Receipt

logger = logging.getLogger(__name__)
CLICKS = frozenset({"block_actions", "view_submission"})
RECEIPT = "planbot_receipt"  # the request's ``Receipt`` in Bolt's context
_KEY = "planbot_receipt_key"  # its (team_id, event_id)
_FAILED = "planbot_receipt_failed"
_REPLAYED = "planbot_replayed"  # set on a request dispatched again from the inbox
Key = tuple[str, str]  # (team_id, event_id)
ThreadKeyOf = Callable[[dict[str, Any]], str | None]


def receipt_of(context: dict[str, Any]) -> Receipt | None:
    """The receipt of the request a listener is handling (None for a request the inbox does not keep)."""
    receipt = context.get(RECEIPT)
    return receipt if isinstance(receipt, Receipt) else None


def receipt_key(body: dict[str, Any]) -> Key | None:
    """The receipt of a request the inbox keeps: an event's id, a click's or a form submission's trigger id."""
    if body.get("type") == "event_callback" and body.get("event_id"):
        return str(body.get("team_id", "")), str(body["event_id"])
    if body.get("type") in CLICKS and body.get("trigger_id"):
        team = (body.get("team") or {}).get("id") or (body.get("user") or {}).get("team_id") or ""
        return str(team), f"click:{body['trigger_id']}"
    return None


class Inbox:
    def __init__(self, state: SlackState, *, owner: str, lease_seconds: float, thread_key_of: ThreadKeyOf) -> None:
        """``thread_key_of(body)``: the plan thread of a message event, which orders the events of a thread."""
        self._state = state
        self._thread_key_of = thread_key_of
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._held: set[Key] = set()  # entries this process works on: their heartbeats are renewed

    async def middleware(self, body: dict[str, Any], context: dict[str, Any], next_: Any) -> BoltResponse | None:
        """Record the request on receipt (Slack's ack waits for this write); a request seen before stops here."""
        key = receipt_key(body)
        replayed = context.get(_REPLAYED)
        if key is not None and replayed is None:
            event = body.get("event") or {}
            first = await self._state.first_sighting(
                *key,
                thread_key=self._thread_key_of(body),
                event_ts=str(event.get("ts") or "") or None,
                payload=json.dumps(body, separators=(",", ":")),
                owner=self.owner,
            )
            if not first:
                return BoltResponse(status=200, body="")
        if key is not None:
            self._held.add(key)
            context[_KEY], context[RECEIPT] = key, Receipt(key=":".join(key), again=replayed is not None)
        await next_()
        return None

    def watch(self, app: AsyncApp) -> None:
        """Mark each request processed when its listener ends (a failed one is left for the sweep to try again);
        the handlers installed before go on being called."""
        runner = app.listener_runner
        runner.listener_completion_handler = _Completed(self, runner.listener_completion_handler)
        runner.listener_error_handler = _Failed(runner.listener_error_handler)

    async def dispatched(self, request: AsyncBoltRequest, response: BoltResponse) -> None:
        """After a dispatch: a request no listener took is done with when a middleware answered it (refused it) or
        nothing listens for it; one that failed on the way (a 5xx) is left for a later try."""
        key = request.context.get(_KEY)
        if key is None or request.context.ack.response is not None:
            return  # not kept, or a listener took it: its end settles it
        if response.status >= 500:
            self.let_go(key)
        else:
            await self.settle(key)

    async def settle(self, key: Key) -> None:
        """The request is done with: processed, or deliberately not (refused, nothing listens for it)."""
        self._held.discard(key)
        await self._state.mark_processed(*key)

    def let_go(self, key: Key) -> None:
        """Stop renewing an entry whose listener failed: once its lease runs out, a sweep tries it again."""
        self._held.discard(key)

    async def sweep(self, app: AsyncApp) -> int:
        """Renew the entries this process holds, then take over those whose process stopped and dispatch each
        again; returns how many were taken over."""
        await self._state.renew_receipts(self.owner, sorted(self._held))
        taken = await self._state.take_abandoned(self.owner, idle_seconds=self.lease_seconds)
        for received in taken:
            await self._replay(app, received)
        if taken:
            logger.info("inbox: took over %d acknowledged requests whose process stopped", len(taken))
        return len(taken)

    async def _replay(self, app: AsyncApp, received: Received) -> None:
        key = (received.team_id, received.event_id)
        try:
            body = json.loads(received.payload)
        except ValueError:
            logger.error("inbox: request %s is not JSON; dropped", received.event_id)
            await self._state.mark_processed(*key)
            return
        self._held.add(key)
        logger.info("inbox: processing %s again (attempt %d)", received.event_id, received.attempts)
        request = AsyncBoltRequest(body=body, mode="socket_mode", context={_REPLAYED: True})  # checked on receipt
        await app.async_dispatch(request)


class InboxApp(AsyncApp):
    """Bolt's app, which settles a request that no listener took once it is dispatched."""

    inbox: Inbox | None = None

    async def async_dispatch(self, req: AsyncBoltRequest) -> BoltResponse:
        response = await super().async_dispatch(req)
        if self.inbox is not None:
            await self.inbox.dispatched(req, response)
        return response


class _Completed(AsyncListenerCompletionHandler):
    def __init__(self, inbox: Inbox, then: AsyncListenerCompletionHandler) -> None:
        self._inbox = inbox
        self._then = then

    async def handle(self, request: AsyncBoltRequest, response: BoltResponse | None) -> None:
        try:
            key = request.context.get(_KEY)
            task = asyncio.current_task()
            stopping = task is not None and task.cancelling() > 0  # a shutdown cut it short: the next start resumes
            if key is not None:
                if request.context.get(_FAILED) or stopping:
                    self._inbox.let_go(key)
                else:
                    await self._inbox.settle(key)
        finally:
            await self._then.handle(request=request, response=response)


class _Failed(AsyncListenerErrorHandler):
    def __init__(self, then: AsyncListenerErrorHandler) -> None:
        self._then = then

    async def handle(self, error: Exception, request: AsyncBoltRequest, response: BoltResponse | None) -> None:
        request.context[_FAILED] = True
        await self._then.handle(error=error, request=request, response=response)
