"""The inbox: every request Slack gets a 200 for is first written to the Slack state, and processed once.

Slack does not send a request again once it was answered 200, so a process that stops between the ack and the
work must not lose it. On receipt (``Inbox.middleware``, before the ack) the request is recorded with its payload,
keyed by its receipt: an event's ``event_id``; a click's, a form's, a slash command's or a shortcut's ``trigger_id``
(unique per invocation, as Slack documents; each kind named apart, ``receipt_key``). A receipt seen before is
dropped (a Slack retry, or another replica got it). The recording process holds the entry, renewing its heartbeat
while it works on it (``Inbox.sweep``), and marks it processed when its listener ends; an entry whose listener
failed is left for a later try. ``Inbox.sweep``, at start and every third of the lease on every replica, takes
over the entries whose holder stopped renewing them and dispatches each again through the app, as a request that
needs no signature (it was checked when received) and is not a duplicate of itself. Of several replicas sweeping at
once, each entry goes to one (``SlackState.take_abandoned``); a request processed again after its process stopped
half-way makes no second plan (the engine keys a new plan by the receipt, ``planning.engine.receipts``, and shows
the one it made where it stands), a ``/plan`` processed again uses the first message it posted (``bot.slack.again``),
and a click processed again finds its step decided already (approvals are bound to their step, writes to their
claim).

A request whose handling must wait on something the ack must not wait on (a call to Slack, ``users.info`` for an
uncached person at the access gate) is acknowledged at once and handled right after, in a dispatch of its own
(``Inbox.after_ack``): recorded already, it is not recorded again, and is not lost if the process stops first. What
a listener acknowledges with, in a request handled after its ack (this way, or by a sweep), goes through the
request's response URL (``answer_late``).

Work a process gives itself that must not be lost half-way goes through the inbox too (``Inbox.job``, ``Inbox.run``):
recorded under a name unique to what it does before it begins, marked processed once done, done again by a sweep
(its receipt ``again``) when its process stopped first. A plan's expiry is one (``bot.serve.expire_in_slack``): the
closing of the plan and the notice in its thread are one outcome, told once.
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from slack_bolt.async_app import AsyncApp
from slack_bolt.listener.async_listener_completion_handler import AsyncListenerCompletionHandler
from slack_bolt.listener.async_listener_error_handler import AsyncListenerErrorHandler
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.webhook.async_client import AsyncWebhookClient

from bot.slack.posted_once import begin, dispatching
from bot.slack.state import Received, SlackState
from planning.engine.receipts import Receipt

logger = logging.getLogger(__name__)
CLICKS = frozenset({"block_actions", "view_submission"})
SHORTCUTS = frozenset({"shortcut", "message_action"})  # a global shortcut, a message shortcut
RECEIPT = "planbot_receipt"  # the request's ``Receipt`` in Bolt's context
_KEY = "planbot_receipt_key"  # its (team_id, event_id)
_FAILED = "planbot_receipt_failed"
_REPLAYED = "planbot_replayed"  # set on a request dispatched again from the inbox
_LATER = "planbot_after_ack"  # set on a request dispatched right after its ack (``Inbox.after_ack``)
_DEFERRED = "planbot_deferred"  # set on a request acknowledged for a dispatch after its ack: not done with yet
LATER_TASK = "planbot_after_ack_task"  # in a request dispatched after its ack: the task dispatching it
AUTHORIZED = "planbot_authorized"  # ... and the authorization made on its receipt (kept, not made twice)
Key = tuple[str, str]  # (team_id, event_id)
ThreadKeyOf = Callable[[dict[str, Any]], str | None]
Job = Callable[[dict[str, Any], Receipt], Awaitable[None]]  # work of the process's own: (its payload, its receipt)


def receipt_of(context: dict[str, Any]) -> Receipt | None:
    """The receipt of the request a listener is handling (None for a request the inbox does not keep)."""
    receipt = context.get(RECEIPT)
    return receipt if isinstance(receipt, Receipt) else None


def acknowledged(context: dict[str, Any]) -> bool:
    """Whether the request was acknowledged to Slack already (processed again by a sweep, or after its ack): an
    answer can then go only through its response URL, never in the acknowledgement."""
    return bool(context.get(_REPLAYED) or context.get(_LATER))


async def answer_late(body: dict[str, Any], response: BoltResponse) -> None:
    """What a listener acknowledged a request with (a command's answer) when Slack had its ack already: through the
    request's response URL, as an ephemeral message unless it says otherwise. A form's answer cannot go so."""
    url = body.get("response_url")
    if response.status != 200 or not response.body or not isinstance(url, str) or not url:
        return
    try:
        message = json.loads(response.body)
    except ValueError:
        message = {"text": response.body}
    if not isinstance(message, dict) or "response_action" in message:
        return
    try:
        await AsyncWebhookClient(url).send_dict({"response_type": "ephemeral", **message})
    except (aiohttp.ClientError, TimeoutError) as error:
        logger.warning("inbox: could not answer through a response URL (%s)", error.__class__.__name__)


def receipt_key(body: dict[str, Any]) -> Key | None:
    """The receipt of a request the inbox keeps: an event's id; a click's, a form submission's, a slash command's or
    a shortcut's trigger id (``click:``, ``command:``, ``shortcut:``: never one kind's receipt for another's)."""
    if body.get("type") == "event_callback" and body.get("event_id"):
        return str(body.get("team_id", "")), str(body["event_id"])
    if not body.get("trigger_id"):
        return None
    if body.get("command"):  # a slash command's form: flat, its team in ``team_id``
        return str(body.get("team_id") or ""), f"command:{body['trigger_id']}"
    kind = "click" if body.get("type") in CLICKS else "shortcut" if body.get("type") in SHORTCUTS else None
    if kind is None:
        return None
    team = (body.get("team") or {}).get("id") or (body.get("user") or {}).get("team_id") or ""
    return str(team), f"{kind}:{body['trigger_id']}"


class Inbox:
    def __init__(self, state: SlackState, *, owner: str, lease_seconds: float, thread_key_of: ThreadKeyOf) -> None:
        """``thread_key_of(body)``: the plan thread of a message event, which orders the events of a thread."""
        self._state = state
        self._thread_key_of = thread_key_of
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._held: set[Key] = set()  # entries this process works on: their heartbeats are renewed
        self._jobs: dict[str, Job] = {}
        self._app: AsyncApp | None = None  # the app requests are dispatched through after their ack (``watch``)
        self._later: set[asyncio.Task[None]] = set()
        # told of each dispatch after an ack, work in flight until its listener starts (``InFlight.add``)
        self.on_later: Callable[[asyncio.Task[None]], None] | None = None

    async def middleware(self, body: dict[str, Any], context: dict[str, Any], next_: Any) -> BoltResponse | None:
        """Record the request on receipt (Slack's ack waits for this write); a request seen before stops here."""
        key = receipt_key(body)
        replayed = context.get(_REPLAYED)
        if key is not None and replayed is None and not context.get(_LATER):  # recorded before its ack, once
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
        if key is None:
            await next_()
            return None
        self._held.add(key)
        receipt = Receipt(key=":".join(key), again=replayed is not None)
        context[_KEY], context[RECEIPT] = key, receipt
        begin(receipt, lease_seconds=self.lease_seconds)  # posted once each (another handling may be under way)
        await next_()
        return None

    def watch(self, app: AsyncApp) -> None:
        """Mark each request processed when its listener ends (a failed one is left for the sweep to try again);
        the handlers installed before go on being called. Requests handled after their ack go through ``app``."""
        self._app = app
        runner = app.listener_runner
        runner.listener_completion_handler = _Completed(self, runner.listener_completion_handler)
        runner.listener_error_handler = _Failed(runner.listener_error_handler)

    async def dispatched(self, request: AsyncBoltRequest, response: BoltResponse) -> None:
        """After a dispatch: a request no listener took is done with when a middleware answered it (refused it) or
        nothing listens for it; one that failed on the way (a 5xx) is left for a later try."""
        key = request.context.get(_KEY)
        if key is None or request.context.ack.response is not None or request.context.get(_DEFERRED):
            return  # not kept, a listener took it (its end settles it), or it is handled after its ack
        if response.status >= 500:
            self.let_go(key)
        else:
            await self.settle(key)

    async def after_ack(self, request: AsyncBoltRequest) -> BoltResponse | None:
        """Acknowledge a kept request now and handle it right after, in a dispatch of its own: for a middleware whose
        work must not hold up the ack. None (handle it now) for a request the inbox does not keep (it would be lost
        if the process stopped), that was acknowledged already, or that no listener takes (its answer, a 404, says
        so; a middleware may still take it)."""
        key = request.context.get(_KEY)
        app = self._app
        if key is None or app is None or acknowledged(request.context):
            return None
        if isinstance(app, InboxApp) and not await app.takes(request):
            return None
        request.context[_DEFERRED] = True
        context = {_LATER: True, AUTHORIZED: request.context.get("authorize_result")}
        later = AsyncBoltRequest(body=request.body, mode="socket_mode", context=context)  # checked on receipt
        task = asyncio.ensure_future(self._dispatch_late(app, later))
        later.context[LATER_TASK] = task
        self._later.add(task)
        task.add_done_callback(self._later.discard)
        if self.on_later is not None:
            self.on_later(task)
        return BoltResponse(status=200, body="")

    async def _dispatch_late(self, app: AsyncApp, request: AsyncBoltRequest) -> None:
        try:
            await answer_late(request.body, await app.async_dispatch(request))
        except Exception:  # the request stays in the inbox: a sweep takes it over
            logger.exception("inbox: a request handled after its ack failed")

    async def settle(self, key: Key) -> None:
        """The request is done with: processed, or deliberately not (refused, nothing listens for it)."""
        self._held.discard(key)
        await self._state.mark_processed(*key)

    def let_go(self, key: Key) -> None:
        """Stop renewing an entry whose listener failed: once its lease runs out, a sweep tries it again."""
        self._held.discard(key)

    def job(self, kind: str, work: Job) -> None:
        """Work of ``kind`` (``run``) is done by ``work(payload, receipt)``, first and when done again by a sweep."""
        self._jobs[kind] = work

    async def run(self, kind: str, name: str, payload: dict[str, Any]) -> bool:
        """Record the work of ``kind`` named ``name`` (unique to what it does: the same name is the same work), then
        do it; False, doing nothing, when it was recorded before (done, or under way in another process)."""
        body = {**payload, "type": kind}
        key = ("", f"{kind}:{name}")
        payload_text = json.dumps(body, separators=(",", ":"))
        if not await self._state.first_sighting(*key, payload=payload_text, owner=self.owner):
            return False
        await self._work(key, body, again=False)
        return True

    async def _work(self, key: Key, body: dict[str, Any], *, again: bool) -> None:
        """Do a job; marked processed when it ends, left for a later try when it fails or its process stops."""
        self._held.add(key)
        try:
            await self._jobs[str(body["type"])](body, Receipt(key=":".join(key), again=again))
        except asyncio.CancelledError:
            self.let_go(key)
            raise
        except Exception:
            logger.exception("inbox: %s failed; it is tried again later", key[1])
            self.let_go(key)
            return
        await self.settle(key)

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
            body = None
        if not isinstance(body, dict):
            logger.error("inbox: request %s is not a JSON object; dropped", received.event_id)
            await self._state.mark_processed(*key)
            return
        logger.info("inbox: processing %s again (attempt %d)", received.event_id, received.attempts)
        if body.get("type") in self._jobs:
            await self._work(key, body, again=True)
            return
        self._held.add(key)
        request = AsyncBoltRequest(body=body, mode="socket_mode", context={_REPLAYED: True})  # checked on receipt
        await answer_late(body, await app.async_dispatch(request))


class InboxApp(AsyncApp):
    """Bolt's app, which settles a request that no listener took once it is dispatched."""

    inbox: Inbox | None = None
    middleware_takes: tuple[Callable[[dict[str, Any]], bool], ...] = ()  # requests a middleware answers itself

    async def takes(self, req: AsyncBoltRequest) -> bool:
        """Whether a listener of this app takes the request (its matchers agree), as dispatching it would find, or
        a middleware that answers requests itself (``middleware_takes``: Bolt's assistant panel) does."""
        if any(takes(req.body) for takes in self.middleware_takes):
            return True
        answer = BoltResponse(status=200, body="")
        for listener in self._async_listeners:
            if await listener.async_matches(req=req, resp=answer):
                return True
        return False

    async def async_dispatch(self, req: AsyncBoltRequest) -> BoltResponse:
        with dispatching():
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
