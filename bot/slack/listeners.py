"""What happens on each Slack request: ack at once, then hand the words or the click to the engine."""

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
from slack_bolt.async_app import AsyncAck, AsyncRespond
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack import blocks
from bot.slack.again import Again
from bot.slack.authors import as_the_author_meant
from bot.slack.blocks_private import moved_to_dm, planning_line, shared_channel_line, their_own_line
from bot.slack.clicks import ORDER_POLL_SECONDS, ORDER_WAIT_SECONDS, Clicks
from bot.slack.delivery import Delivery
from bot.slack.edits import RequestEdits
from bot.slack.files import describe_shared
from bot.slack.inbox import receipt_of
from bot.slack.people import Person, SlackPeople
from bot.slack.sending import RetryPolicy, SendError
from bot.slack.shared_channels import SharedChannels
from bot.slack.state import SlackState, Where, legacy_dm_key, recent_owner, thread_key
from bot.slack.writing import Writing
from bot.slack.zone_notice import ZoneNotice
from integrations.base.files import FileFacts
from integrations.base.principal import Principal
from planning.engine.conversation import Conversation
from planning.engine.file_facts import AttachedFile
from planning.engine.reading import decides
from planning.engine.replies import Reply, Say, ShowPlan
from planning.engine.workspaces import workspace_prefix

if TYPE_CHECKING:
    from bot.accounts.forget import Forgetting
    from bot.slack.connect import Connections

logger = logging.getLogger(__name__)
IGNORED_SUBTYPES = frozenset({"bot_message", "message_changed", "message_deleted", "channel_join", "channel_leave"})
_MENTION = re.compile(r"<@[UW][A-Z0-9]+")  # a person mentioned: the words are for them


@dataclass
class SlackDeps:
    """Everything the listeners need, built by the composition root."""

    conversation: Conversation
    state: SlackState
    client: AsyncWebClient
    default_tz: str = "UTC"
    admins: frozenset[str] = frozenset()
    audit: Callable[..., Awaitable[list[Any]]] | None = None  # the store's audit(thread_key=, user=, limit=)
    approvers: frozenset[str] = frozenset()  # besides the requester, who may decide on and edit any plan's steps
    retry: RetryPolicy | None = None  # for Web API calls (None: RetryPolicy's defaults)
    allowed_users: frozenset[str] = frozenset()  # PLANBOT_ALLOWED_USERS: user ids and @user-group handles
    forgetting: "Forgetting | None" = None  # /plans forget-me and deactivated members (bot/slack/access_leaving.py)
    connect: "Connections | None" = None  # accounts on the Home tab, Connect buttons and their modal


def event_thread_key(body: dict[str, Any]) -> str | None:
    """The plan thread a message event belongs to (for ordering events of one thread across replicas)."""
    event = body.get("event") or {}
    if event.get("type") not in ("app_mention", "message") or not event.get("channel"):
        return None
    team = str(body.get("team_id") or event.get("team") or "")
    is_dm = event.get("channel_type") == "im"
    return thread_key(team, str(event["channel"]), str(event.get("thread_ts") or event.get("ts") or ""), is_dm)


class Listeners:
    def __init__(self, deps: SlackDeps) -> None:
        self._engine = deps.conversation
        self._state = deps.state
        self._people = self.people = SlackPeople(deps.client)  # shared with the access policy (bot.slack.access)
        self._delivery = Delivery(
            deps.client,
            deps.state,
            requester_of=deps.conversation.requester_of,
            approvers=deps.approvers,
            retry=deps.retry,
            connect_button=deps.connect.button if deps.connect is not None else None,
        )
        self._connect = deps.connect
        self._again = Again(deps.state, deps.conversation.made_by)  # a request handled again after a stop
        self._send = self._delivery.sender
        self._client = deps.client
        self._default_tz = deps.default_tz
        self._zone_notice = ZoneNotice(deps.state, self._send, deps.default_tz)
        self._admins = deps.admins
        self._approvers = deps.approvers
        self._audit_of = deps.audit
        clicks = Clicks(
            engine=deps.conversation,
            state=deps.state,
            delivery=self._delivery,
            client=deps.client,
            approvers=deps.approvers,
            home=self.publish_home,
        )
        self.step_decision = clicks.step_decision
        self.cancel_plan = clicks.cancel_plan
        self.edit_step = clicks.edit_step
        self.remove_item = clicks.remove_item
        self.step_choice = clicks.step_choice
        self.edit_submitted = clicks.edit_submitted
        self.edits = RequestEdits(
            engine=deps.conversation, state=deps.state, delivery=self._delivery, words=self._words
        )
        self._shared = SharedChannels(self._send)
        self.writing = Writing(
            state=deps.state,
            delivery=self._delivery,
            words=lambda where, text, context: self._words(where, text, context),
            is_open=deps.conversation.is_open,
            approvers=deps.approvers,
        )

    # --- messages ------------------------------------------------------------------------------------

    async def app_mention(self, event: dict[str, Any], context: dict[str, Any], body: dict[str, Any]) -> None:
        if _from_a_bot(event):
            await self._done_with(body)
            return
        team = str(context.get("team_id") or event.get("team") or "")
        where = Where(
            team, str(event["channel"]), str(event.get("thread_ts") or event["ts"]), str(event["user"]), is_dm=False
        )
        async with self._in_order(body):
            files = await describe_shared(self._client, event)
            text = str(event.get("text", ""))
            line = await self._not_here(where, text)
            if line is not None:  # a channel other organisations see, or someone else's plan's thread
                await self._in_their_dm(where, text, context, line=line, files=files)
                return
            await self._words(where, text, context, files=files)

    async def _not_here(self, where: Where, text: str) -> Callable[[str | None], dict[str, Any]] | None:
        """Why a mention's plan cannot live in its thread (the line that says so there, given the link to the
        requester's DM), or None. A Slack Connect channel is seen by other organisations; a thread whose open plan
        is someone else's keeps its one plan (an approver's words, and words that decide, stay with it)."""
        if await self._shared.is_shared(where.channel):
            return lambda link: shared_channel_line(where.requester, link)
        if not await self._engine.is_open(where.thread_key):
            return None
        known = await self._state.where_thread(where.thread_key)
        if known is None or where.requester in (known.requester, *self._approvers) or decides(text):
            return None
        owner = known.requester
        return lambda link: their_own_line(where.requester, owner, link)

    async def _in_their_dm(
        self,
        where: Where,
        text: str,
        context: dict[str, Any],
        *,
        line: Callable[[str | None], dict[str, Any]] | None,
        files: Sequence[FileFacts | AttachedFile] | None = None,
    ) -> str | None:
        """The request becomes a plan in the requester's DM with the app, opened by what they asked and where;
        ``line(link)``, saying so, goes to the thread they asked in. Returns the link to the DM ("" without one),
        None when the DM could not be opened (they were told). Handled again, the request goes on in the DM thread its
        first handling opened (``bot.slack.again``)."""
        user = where.requester
        opened = await self._again.opened(receipt_of(context))
        if opened is not None:
            await self._words(opened, text, context, files=files)
            return await self._send.permalink(channel=opened.channel, ts=opened.thread_ts) or ""
        try:
            channel = await self._send.dm_channel(user)
            bot = context.get("bot_user_id")
            readable = await self._people.readable(text.replace(f"<@{bot}>", "").strip() if bot else text)
            root = await self._send.post(channel=channel, thread_ts=None, message=moved_to_dm(readable, where.channel))
        except SendError as error:
            failed = {"text": f"I couldn't open our direct messages ({error.error}). DM me your request instead."}
            await self._delivery.privately(where, user, failed, what="a message")
            return None
        await self._again.opening(receipt_of(context), Where(where.team_id, channel, root, user, is_dm=True))
        link = await self._send.permalink(channel=channel, ts=root)
        if line is not None:
            try:
                await self._send.post(channel=where.channel, thread_ts=where.thread_ts or None, message=line(link))
            except SendError:
                logger.warning("could not say in %s that a plan went to a DM", where.channel)
        await self._words(Where(where.team_id, channel, root, user, is_dm=True), text, context, files=files)
        return link or ""

    async def message(self, event: dict[str, Any], context: dict[str, Any], body: dict[str, Any]) -> None:
        if event.get("subtype") in ("message_changed", "message_deleted"):  # a plan's request, edited or deleted
            try:
                edited = event["subtype"] == "message_changed"
                await (self.edits.changed(event) if edited else self.edits.deleted(event))
            finally:
                await self._done_with(body)
            return
        if _from_a_bot(event) or event.get("subtype") in IGNORED_SUBTYPES or "user" not in event:
            await self._done_with(body)  # never holds up later events of its thread
            return
        async with self._in_order(body):
            await self._message(event, context)

    @asynccontextmanager
    async def _in_order(self, body: dict[str, Any]) -> AsyncIterator[None]:
        """Events of one thread are applied in Slack's order even when they reach different replicas at once:
        wait (bounded) until every earlier event of the thread that was received has been processed."""
        key, ts = event_thread_key(body), str((body.get("event") or {}).get("ts") or "")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ORDER_WAIT_SECONDS
        while key and ts and loop.time() < deadline and await self._state.earlier_unprocessed(key, ts):
            await asyncio.sleep(ORDER_POLL_SECONDS)
        stopped = False
        try:
            yield
        except asyncio.CancelledError:  # a shutdown cut it short: the inbox keeps it for the next start
            stopped = True
            raise
        finally:
            if not stopped:
                await self._done_with(body)

    async def _done_with(self, body: dict[str, Any]) -> None:
        if body.get("event_id"):
            await self._state.mark_processed(str(body.get("team_id", "")), str(body["event_id"]))

    async def _message(self, event: dict[str, Any], context: dict[str, Any]) -> None:
        team = str(context.get("team_id") or event.get("team") or "")
        text = str(event.get("text", ""))
        bot = context.get("bot_user_id")
        if event.get("channel_type") == "im":
            # one plan per thread: a top-level DM is a new request (its questions are asked in its thread) unless it
            # answers the question the person's last DM plan asks; a reply in a DM thread is for that thread's plan
            thread = str(event.get("thread_ts") or event["ts"])
            where = Where(team, str(event["channel"]), thread, str(event["user"]), is_dm=True)
            key = (
                await self._legacy_dm_plan(where)
                if event.get("thread_ts")
                else await self._answered(where, text, context)
            )
            await self._words(where, text, context, key=key, files=await describe_shared(self._client, event))
            return
        if not event.get("thread_ts") or (bot and f"<@{bot}>" in text):
            return  # top-level chatter, or a mention (handled as app_mention)
        where = Where(team, str(event["channel"]), str(event["thread_ts"]), str(event["user"]), is_dm=False)
        if await self._engine.is_open(where.thread_key):  # a file shared here may be what the plan asks for
            if await self._for_the_plan(where, text):
                await self._words(where, text, context, files=await describe_shared(self._client, event))
            return
        await self._follow_up(where, text, context)

    async def _for_the_plan(self, where: Where, text: str) -> bool:
        """A reply in a channel thread with a plan open is for it when its requester (or an approver) wrote it;
        someone else's words are their chatter, unless they try to decide (then told it is not theirs)."""
        known = await self._state.where_thread(where.thread_key)
        if known is None or where.requester in (known.requester, *self._approvers):
            return True
        return decides(text)

    async def _follow_up(self, where: Where, text: str, context: dict[str, Any]) -> None:
        """A reply in a channel thread whose plan ended: "also invite Tom", "undo that" by the plan's requester go
        to the engine's follow-ups, as in a DM; other words (anyone's chatter) start nothing. The requester's other
        words get a hint only they see: a new request there needs a mention (a channel thread is also where people
        talk to each other, so unmentioned words never start a plan, but the requester is not left unanswered)."""
        known = await self._state.where_thread(where.thread_key)
        if known is None or known.requester != where.requester:
            return  # no plan of theirs here: chatter in a thread (asks nothing of Slack or the engine)
        bot = context.get("bot_user_id")
        words = await self._people.expand_mentions(text, bot_user_id=bot)
        if not words.strip():
            return
        person = await self._people.person(where.requester)
        receipt = receipt_of(context)
        replies: list[Reply] = await self._engine.follow_up(
            thread_key=where.thread_key, text=words, who=self._principal(where, person), receipt=receipt
        )
        replies = replies or await self._again.made_before(receipt)
        if replies:
            await self._delivery.deliver(where, replies, actor=where.requester)
        elif not _MENTION.search(text):  # words to someone they mention are theirs
            me = f"<@{bot}>" if bot else "me"
            hint = {"text": f"Mention {me} to start a new request here, e.g. “{me} {_plain(words)[:200]}”."}
            await self._delivery.privately(where, where.requester, hint, what="a hint")

    async def plan_command(
        self, ack: AsyncAck, command: dict[str, Any], respond: AsyncRespond, context: dict[str, Any]
    ) -> None:
        """``/plan TEXT``: answered privately first. A refused request (not allowed, the hourly limit) and anything
        that is not a plan (help, not understood) are told to the requester only; a plan's message becomes the
        thread's first message, showing what a plan message shows (the request is not posted again). In a channel
        other organisations see, the plan lives in the requester's DM."""
        await ack()
        text = str(command.get("text", "")).strip()
        if not text:
            await respond(text="Tell me what to do, e.g. `/plan email Priya the Q3 deck`.", response_type="ephemeral")
            return
        channel, user = str(command["channel_id"]), str(command["user_id"])
        team = str(context.get("team_id") or command.get("team_id") or "")
        is_dm = channel.startswith("D")
        receipt = receipt_of(context)
        opened = await self._again.opened(receipt)  # handled again: the thread its first handling opened
        asking = Where(team, channel, "", user, is_dm=is_dm)
        who = self._principal(asking, await self._people.person(user))
        refused = await self._engine.refusal_to_start(who=who) if opened is None else None  # checked then
        if refused is not None:
            await respond(response_type="ephemeral", **blocks.say_message(refused))
            return
        if await self._shared.is_shared(channel):
            link = await self._in_their_dm(Where(team, channel, "", user, is_dm=False), text, context, line=None)
            if link is not None:  # the one line, to them only: a command is not seen by the channel
                await respond(response_type="ephemeral", **shared_channel_line(user, link or None))
            return
        where = opened
        if where is None:
            try:
                root = await self._send.post(channel=channel, thread_ts=None, message=planning_line(user))
            except SendError as error:
                await respond(
                    text=f"I can't post in this channel ({error.error}). Invite me, or DM me.",
                    response_type="ephemeral",
                )
                return
            where = Where(team, channel, root, user, is_dm=is_dm, message_ts=root)
            await self._again.opening(receipt, where)
        root = where.thread_ts
        replies = await self._replies(where, text, context)
        if any(isinstance(reply, ShowPlan) for reply in replies):
            await self._delivery.deliver(where, replies, actor=user)
            await self._zone_notice.tell_once(where, await self._people.person(user))  # once
            return
        try:  # no plan: its first message goes, and what was said is the requester's alone
            await self._send.delete(channel=channel, ts=root)
        except SendError:
            logger.warning("could not take back the first message of a request that made no plan")
        for reply in replies:
            if isinstance(reply, Say):
                await respond(response_type="ephemeral", **blocks.say_message(reply))

    async def plan_from_message(
        self, ack: AsyncAck, shortcut: dict[str, Any], respond: AsyncRespond, context: dict[str, Any]
    ) -> None:
        """The message shortcut "Plan from this message": a plan in the message's thread, its text the request, read
        as its author meant it ("send me …" written by someone else: to them, ``bot.slack.authors``)."""
        await ack()
        source = shortcut.get("message") or {}
        user, channel = str(shortcut["user"]["id"]), str((shortcut.get("channel") or {}).get("id") or "")
        text, ts = str(source.get("text") or "").strip(), str(source.get("thread_ts") or source.get("ts") or "")
        author = None if source.get("bot_id") else str(source.get("user") or "") or None
        text = as_the_author_meant(text, author=author, runner=user)
        if not text or not channel or not ts:
            await respond(text="That message has no text I can plan from.", response_type="ephemeral")
            return
        team = str(context.get("team_id") or (shortcut.get("team") or {}).get("id") or "")
        where = Where(team, channel, ts, user, is_dm=channel.startswith("D"))
        if await self._shared.is_shared(channel):
            await self._in_their_dm(where, text, context, line=lambda link: shared_channel_line(user, link))
            return
        made = await self._again.made_before(receipt_of(context))
        if made:  # handled again after its process stopped: its plan is shown, the line was said then
            await self._delivery.deliver(where, made, actor=user)
            return
        asked = f"<@{user}> asked me to plan from this message."
        try:
            await self._send.post(channel=channel, thread_ts=ts, message={"text": asked})
        except SendError as error:
            await respond(
                text=f"I can't post in this conversation ({error.error}). Invite me, or DM me.",
                response_type="ephemeral",
            )
            return
        await self._words(where, text, context)

    async def plans_command(self, ack: AsyncAck, command: dict[str, Any], respond: AsyncRespond) -> None:
        await ack()
        user, team = str(command["user_id"]), str(command.get("team_id") or "")
        words = str(command.get("text", "")).split()
        if words[:1] == ["audit"]:
            await respond(response_type="ephemeral", text=await self._audit_text(user, team, words[1:]))
            return
        views = await self._engine.open_plans(user, team=team or None)
        await respond(response_type="ephemeral", **blocks.open_plans_page(views))

    async def plans_more(
        self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any], respond: AsyncRespond
    ) -> None:
        """The next page of ``/plans`` in place of the one clicked."""
        await ack()
        start = str(action.get("value") or "")
        if not start.isdigit():
            return  # not a value of ours
        team = str((body.get("team") or {}).get("id") or body["user"].get("team_id") or "")
        views = await self._engine.open_plans(str(body["user"]["id"]), team=team or None)
        try:
            await respond(replace_original=True, **blocks.open_plans_page(views, int(start)))
        except (aiohttp.ClientError, TimeoutError):
            logger.warning("could not show the next page of open plans")

    async def _audit_text(self, user: str, team: str, rest: list[str]) -> str:
        """`/plans audit` (your own records) or `/plans audit @someone` (admins only), in this workspace."""
        wanted = user
        if rest:
            match = re.match(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>", rest[0])
            wanted = match.group(1) if match else rest[0]
        if wanted != user and user not in self._admins:
            return "Only an admin can read someone else's audit records."
        if self._audit_of is None:
            return "The audit trail is not available here."
        entries = await self._audit_of(user=wanted, limit=30, thread_prefix=workspace_prefix(team) if team else None)
        if not entries:
            return "No audit records."
        lines = [f"{e.at:%b %d %H:%M} {e.action} {e.step_id or ''} {e.tool or ''}".strip() for e in entries[-30:]]
        return "Audit records (latest last):\n" + "\n".join(blocks.escape(line) for line in lines)

    async def _legacy_dm_plan(self, where: Where) -> str | None:
        """The key of a DM plan opened before plans were kept per DM thread, when this is its thread."""
        if await self._engine.is_open(where.thread_key):
            return None
        key = legacy_dm_key(where.team_id, where.channel)
        known = await self._state.where_thread(key)
        if known is None or known.thread_ts != where.thread_ts or not await self._engine.is_open(key):
            return None
        return key

    async def _words(
        self,
        where: Where,
        text: str,
        context: dict[str, Any],
        *,
        key: str | None = None,
        files: Sequence[FileFacts | AttachedFile] | None = None,
    ) -> None:
        """``key``: the plan's thread key when it is not ``where``'s (a legacy DM plan); ``files``: the files shared
        with the message (``slack:`` references with their name, type and size)."""
        replies = await self._replies(where, text, context, key=key, files=files)
        if replies:
            await self._delivery.deliver(await self._thread_place(where, key), replies, actor=where.requester)
            await self._zone_notice.tell_once(where, await self._people.person(where.requester))  # once

    async def _replies(
        self,
        where: Where,
        text: str,
        context: dict[str, Any],
        *,
        key: str | None = None,
        files: Sequence[FileFacts | AttachedFile] | None = None,
    ) -> list[Reply]:
        """What the engine answers to ``text`` in ``where``'s thread (nothing for an empty message)."""
        person = await self._people.person(where.requester)
        words = await self._people.expand_mentions(text, bot_user_id=context.get("bot_user_id"))
        if not words and not files:
            return []
        receipt = receipt_of(context)
        replies: list[Reply] = await self._engine.message(
            thread_key=key or where.thread_key,
            text=words,
            who=self._principal(where, person),
            files=files or [],
            receipt=receipt,
        )
        return replies or await self._again.made_before(receipt)

    async def _answered(self, where: Where, text: str, context: dict[str, Any]) -> str | None:
        """A top-level DM typed while the person's DM plan asks something in its thread: that plan's thread key when
        the words answer its question (the engine's typed reading decides), else None (a new request)."""
        person = await self._people.person(where.requester)
        words = await self._people.expand_mentions(text, bot_user_id=context.get("bot_user_id"))
        threads = thread_key(where.team_id, where.channel, "", True)  # every thread of this DM
        return await self._engine.answered_elsewhere(who=self._principal(where, person), text=words, threads=threads)

    def _principal(self, where: Where, person: Person) -> Principal:
        """Who asks, made once here and passed down: the requester in this workspace, in their time zone."""
        zone = person.tz or self._default_tz
        return Principal(team=where.team_id, user=where.requester, zone=zone, address=person.email)

    async def _thread_place(self, where: Where, key: str | None = None) -> Where:
        """For replies that name no plan: the open plan of this thread, with its requester (its message and a
        new plan's requester are found by the plan's own id, in ``Delivery``)."""
        key = key or where.thread_key
        known = await self._state.where_thread(key)
        if known is None or not await self._engine.is_open(key):
            return where
        return Where(known.team_id, known.channel, known.thread_ts, known.requester, known.is_dm)

    # --- App Home ------------------------------------------------------------------------------------

    async def home_opened(self, event: dict[str, Any], context: dict[str, Any]) -> None:
        await self.publish_home(str(context.get("team_id") or ""), str(event["user"]))

    async def publish_home(self, team: str, user: str) -> None:
        """The Home tab of ``user`` as it now is."""
        if self._connect is not None:  # with each kind of account and its Connect / Disconnect buttons
            await self._connect.publish_home(team, user)
            return
        plans = await self._engine.open_plans(user, team=team or None)
        view = blocks.home_view(plans, await self._state.recent(recent_owner(team, user)))
        with suppress(SendError):  # logged by the sender; the tab keeps its last view until the next opening
            await self._send.call("views.publish", lambda: self._client.views_publish(user_id=user, view=view))


def _from_a_bot(event: dict[str, Any]) -> bool:
    return bool(event.get("bot_id") or event.get("bot_profile") or event.get("subtype") == "bot_message")


def _plain(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
