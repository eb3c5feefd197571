"""The assistant panel (Slack's AI app surface), through bolt-python's ``AsyncAssistant`` middleware.

A new assistant thread (``assistant_thread_started``) gets a greeting and suggested prompts
(``assistant.threads.setSuggestedPrompts``) for what the person can use: every kind on the demo workspace, else the
kinds they connected (and the workspace's CRM). With nothing connected the greeting says how to connect (the Home tab)
instead of suggesting prompts that would stop at once. A message in an assistant thread is a DM thread message like any
other (``Listeners.message``: a new request starts a plan in that thread, a reply answers the thread's plan),
so the plan message, its buttons and questions come in the panel; before the work, the thread's status says the
bot is planning (``setStatus``; Slack clears it with the bot's next message) and a new request titles the thread
(``setTitle``).

Which threads are assistant threads is remembered in this process (a bounded set): a message in one this process
did not see start is answered the same way, without the status. Other message events (edits, deletions) are
not swallowed by the middleware: they go on to the app's own listeners.
"""

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.middleware.assistant.async_assistant import AsyncAssistant
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.request.payload_utils import (
    is_assistant_thread_started_event,
    is_other_message_sub_event_in_assistant_thread,
)
from slack_bolt.response import BoltResponse

from bot.slack import markup
from bot.slack.blocks_text import clip
from bot.slack.sending import SendError, SlackSender

logger = logging.getLogger(__name__)
REMEMBERED_THREADS = 10_000
GREETING = (
    "Hi! Tell me what to do over your email, CRM and calendar, and I'll plan it and ask before changing anything."
)
NOTHING_CONNECTED = (
    "Hi! I plan work over your email, calendar and CRM, and ask before changing anything. None of your accounts is "
    "connected yet: open my *Home* tab (click my name, then Home) and press *Connect* for the ones you use."
)
PROMPTS: tuple[tuple[str, dict[str, str]], ...] = (  # (the kind of account it needs, the prompt)
    ("calendar", {"title": "My day tomorrow", "message": "what's on my calendar tomorrow"}),
    ("email", {"title": "Email someone", "message": "email Priya the Q3 deck"}),
    ("calendar", {"title": "Book a meeting", "message": "book 30 minutes with John next week"}),
    ("crm", {"title": "Open deals", "message": "show my open deals"}),
)
Usable = Callable[[str, str], Awaitable[frozenset[str]]]
"""``(team, user)`` → the kinds of account that person can use now (``Connections.usable_kinds``)."""
MessageListener = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], Awaitable[None]]
IsOpen = Callable[[str], Awaitable[bool]]
ThreadKeyOf = Callable[[dict[str, Any]], str | None]


class _Assistant(AsyncAssistant):
    """Bolt's assistant middleware, except that message edits and deletions in DM threads reach the app."""

    async def async_process(
        self, *, req: AsyncBoltRequest, resp: BoltResponse, next: Callable[[], Awaitable[BoltResponse]]
    ) -> BoltResponse | None:
        if is_other_message_sub_event_in_assistant_thread(req.body):
            return await next()
        return await super().async_process(req=req, resp=resp, next=next)


class AssistantPanel:
    def __init__(
        self,
        sender: SlackSender,
        *,
        on_message: MessageListener,
        is_open: IsOpen,
        thread_key_of: ThreadKeyOf,
        usable: Usable | None = None,
    ) -> None:
        """``on_message(event, context, body)``: the app's own handling of a DM message; ``usable``: which kinds the
        person can use (None: a composition without accounts, where every kind is the configured one)."""
        self._send = sender
        self._usable = usable
        self._on_message = on_message
        self._is_open = is_open
        self._thread_key_of = thread_key_of
        self._threads: OrderedDict[tuple[str, str], None] = OrderedDict()
        self.middleware = _Assistant(logger=logger)
        self.middleware.thread_started(self.thread_started)
        known: Any = [self._in_known_thread]  # Bolt's hint says one matcher; it merges a list of them (sync: body)
        self.middleware.user_message(self.user_message, matchers=known)

    @staticmethod
    def takes(body: dict[str, Any]) -> bool:
        """The requests the panel answers that no listener of the app takes: a new assistant thread (a message in
        one is a DM message, which the app's own listener takes too)."""
        return is_assistant_thread_started_event(body)

    async def thread_started(self, event: dict[str, Any], body: dict[str, Any], context: dict[str, Any]) -> None:
        thread = event.get("assistant_thread") or {}
        channel, thread_ts = str(thread.get("channel_id") or ""), str(thread.get("thread_ts") or "")
        self._remember(channel, thread_ts)
        team = str(context.get("team_id") or body.get("team_id") or "")
        prompts = await self._prompts(team, str(thread.get("user_id") or context.get("user_id") or ""))
        try:
            await self._send.post(
                channel=channel, thread_ts=thread_ts, message={"text": GREETING if prompts else NOTHING_CONNECTED}
            )
            if prompts:
                await self._send.call(
                    "assistant.threads.setSuggestedPrompts",
                    lambda: self._send.client.assistant_threads_setSuggestedPrompts(
                        channel_id=channel, thread_ts=thread_ts, prompts=prompts, title="For example"
                    ),
                )
        except SendError:
            pass  # logged by the sender; the thread works without them

    async def _prompts(self, team: str, user: str) -> list[dict[str, str]]:
        """The suggested prompts ``user`` can use now (none: nothing is connected)."""
        if self._usable is None:
            return [prompt for _, prompt in PROMPTS]
        try:
            kinds = await self._usable(team, user)
        except Exception as error:  # the store may be unavailable: suggest everything rather than nothing
            logger.warning("could not read which accounts %s/%s has (%s)", team, user, type(error).__name__)
            return [prompt for _, prompt in PROMPTS]
        return [prompt for kind, prompt in PROMPTS if kind in kinds]

    async def user_message(self, event: dict[str, Any], context: dict[str, Any], body: dict[str, Any]) -> None:
        channel, thread_ts = str(event.get("channel") or ""), str(event.get("thread_ts") or "")
        key = self._thread_key_of(body)
        new_request = key is not None and not await self._is_open(key)
        try:
            await self._send.call(
                "assistant.threads.setStatus",
                lambda: self._send.client.assistant_threads_setStatus(
                    channel_id=channel, thread_ts=thread_ts, status="is planning…"
                ),
            )
            if new_request:
                title = markup.render(markup.parse(str(event.get("text") or "")), lambda p: f"@{p.label or 'someone'}")
                await self._send.call(
                    "assistant.threads.setTitle",
                    lambda: self._send.client.assistant_threads_setTitle(
                        channel_id=channel, thread_ts=thread_ts, title=clip(title, 80) or "A plan"
                    ),
                )
        except SendError:
            pass  # logged by the sender; the answer comes all the same
        await self._on_message(event, context, body)

    def _in_known_thread(self, body: dict[str, Any]) -> bool:
        event = body.get("event") or {}
        return (str(event.get("channel") or ""), str(event.get("thread_ts") or "")) in self._threads

    def _remember(self, channel: str, thread_ts: str) -> None:
        self._threads[(channel, thread_ts)] = None
        while len(self._threads) > REMEMBERED_THREADS:
            self._threads.popitem(last=False)
