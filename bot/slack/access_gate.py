"""The access policy at the door: a Bolt middleware ahead of every listener. Someone the policy refuses gets a
polite private refusal where they asked (an ephemeral message, the command's answer, the modal itself) and nothing
else happens: no listener runs, the engine never sees the request. What was not addressed to the bot (chatter in a
thread without an open plan, edits, the Home tab) is dropped without a word.

A click or a form submission naming a plan (``bot.slack.plan_refs``) must come from the plan's own workspace: with
several workspaces installed one user id can be two people, so a click of the same id in another workspace is
refused here, before the engine (which matches the user) sees it. A message needs no such check: its thread key
holds the workspace it was sent in, so it never reaches another workspace's plan.

Slack's ack waits for this check, and must come within 3 seconds: a person not cached (``AccessPolicy.ready``) is
looked up after the ack (``after_ack``, the inbox's: the request is acknowledged at once and checked, then handled,
in a dispatch of its own), never before. A form's submission is answered by its listener (the fields' errors can
only be in that answer), which runs at once while its sender is looked up beside it, and waits for the verdict
right after its ack, before any work (``bot.slack.access_forms``; register form listeners through ``form``). A
refusal after the ack goes where it can: a command's through its response URL, a form's sender's in their DM."""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.webhook.async_client import AsyncWebhookClient

from bot.slack.access import REFUSALS, AccessPolicy, Installation, Verdict
from bot.slack.access_forms import PENDING, FormListener, checked_form, pending
from bot.slack.inbox import acknowledged
from bot.slack.listeners import IGNORED_SUBTYPES, event_thread_key
from bot.slack.plan_refs import plans_named
from bot.slack.state import SlackState

logger = logging.getLogger(__name__)
UNCHECKED_EVENTS = frozenset({"user_change", "app_uninstalled", "tokens_revoked", "team_join"})  # Slack's own news
INTERACTIONS = frozenset({"block_actions", "message_action", "shortcut", "view_submission", "view_closed"})
AfterAck = Callable[[AsyncBoltRequest], Awaitable[BoltResponse | None]]  # ``Inbox.after_ack``


class AccessGate:
    def __init__(
        self,
        policy: AccessPolicy,
        client: AsyncWebClient,
        state: SlackState,
        *,
        is_open: Callable[[str], Awaitable[bool]],
        plan_workspace: Callable[[str], Awaitable[str | None]] | None = None,
        after_ack: AfterAck | None = None,
    ) -> None:
        """``plan_workspace(session_id)``: the team id a plan was asked in (None: no such plan). ``after_ack``:
        acknowledges a request now and dispatches it again right after (None when it cannot be)."""
        self._after_ack = after_ack
        self._policy = policy
        self._plan_workspace = plan_workspace
        self._client = client
        self._state = state
        self._is_open = is_open
        self._telling: set[asyncio.Task[None]] = set()
        self._forms: set[str] = set()  # forms whose listeners check their submitter after the ack (``form``)

    async def middleware(
        self, body: dict[str, Any], context: dict[str, Any], request: AsyncBoltRequest, next_: Any
    ) -> BoltResponse | None:
        user = _asker(body)
        if user is None or _chatter(body):
            await next_()
            return None
        if not self._policy.ready(user) and not acknowledged(context):
            if _callback_id(body) in self._forms:  # the form's listener acks, then awaits the person's verdict
                if await self._plan_elsewhere(body, context):  # known without Slack: said in the form
                    return await self._refuse(body, user, "other_workspace", acked=False)
                context[PENDING] = pending(self._policy.verdict(user, _installation(context)))
                await next_()
                return None
            if self._after_ack is not None:  # Slack is asked after the ack, in the request's next dispatch
                acked = await self._after_ack(request)
                if acked is not None:
                    return acked
        verdict = await self._verdict(body, user, context)
        if verdict == "allowed":
            await next_()
            return None
        logger.info("refused %s: %s", user, verdict)
        return await self._refuse(body, user, verdict, acked=acknowledged(context))

    def form(self, callback_id: str, listener: FormListener) -> FormListener:
        """The listener of the form ``callback_id``, whose submitter, when not cached, is checked right after its
        ack (``access_forms``). Another form's submitter is checked before its listener runs."""
        self._forms.add(callback_id)
        return checked_form(listener, self._refuse_form)

    async def _verdict(self, body: dict[str, Any], user: str, context: dict[str, Any]) -> Verdict:
        verdict = await self._policy.verdict(user, _installation(context))
        if verdict == "allowed" and await self._plan_elsewhere(body, context):
            return "other_workspace"
        return verdict

    async def _refuse_form(self, user: str, verdict: Verdict) -> None:
        """A form's sender refused after its ack (the form is closed): told in their DM with the bot."""
        await self._tell_in_dm(user, REFUSALS[verdict])

    async def _tell_in_dm(self, user: str, text: str) -> None:
        try:
            await self._client.chat_postMessage(channel=user, text=text)
        except (SlackApiError, aiohttp.ClientError, TimeoutError) as error:
            logger.warning("could not tell %s they may not use the bot (%s)", user, _reason(error))

    async def _plan_elsewhere(self, body: dict[str, Any], context: dict[str, Any]) -> bool:
        """A plan named by this click or submission was asked in another workspace than the request's."""
        if self._plan_workspace is None:
            return False
        team = str(context.get("team_id") or "")
        for session_id in plans_named(body):
            workspace = await self._plan_workspace(session_id)
            if workspace is not None and workspace != team:
                logger.warning("a request from workspace %s named plan %s of workspace %s", team, session_id, workspace)
                return True
        return False

    async def _refuse(self, body: dict[str, Any], user: str, verdict: Verdict, *, acked: bool) -> BoltResponse:
        """``acked``: Slack has the request's ack already (the refusal cannot be in it)."""
        text = REFUSALS[verdict]
        kind = body.get("type")
        if kind == "event_callback":
            await self._refuse_event(body, user, text)
        elif "command" in body and not acked:  # the command's own answer, shown to its sender only
            return BoltResponse(status=200, body={"response_type": "ephemeral", "text": text})
        elif kind == "view_submission" and acked:  # processed again after its process stopped: the form is gone
            self._later(self._tell_in_dm(user, text))
        elif kind == "view_submission":
            view = {
                "type": "modal",
                "title": {"type": "plain_text", "text": "planbot"},
                "blocks": [{"type": "section", "text": {"type": "plain_text", "text": text}}],
            }
            return BoltResponse(status=200, body={"response_action": "update", "view": view})
        elif (kind in INTERACTIONS or "command" in body) and body.get("response_url"):
            self._later(_respond(str(body["response_url"]), text))
        return BoltResponse(status=200, body="")

    async def _refuse_event(self, body: dict[str, Any], user: str, text: str) -> None:
        event = body.get("event") or {}
        try:
            where = await self._where_to_tell(body, event)
            if where is not None:
                channel, thread = where
                self._later(self._ephemeral(channel, user, thread, text))
        finally:
            if body.get("event_id"):  # later events of the thread need not wait for this one
                await self._state.mark_processed(str(body.get("team_id", "")), str(body["event_id"]))

    async def _where_to_tell(self, body: dict[str, Any], event: dict[str, Any]) -> tuple[str, str | None] | None:
        """Where a refused event was addressed to the bot: a mention, a DM, the assistant panel, a reply in a
        plan's thread. None for the rest."""
        kind, channel = event.get("type"), str(event.get("channel") or "")
        if kind == "assistant_thread_started":
            started = event.get("assistant_thread") or {}
            return str(started.get("channel_id") or ""), str(started.get("thread_ts") or "") or None
        if kind == "app_mention":
            return channel, str(event.get("thread_ts") or event.get("ts") or "") or None
        if kind != "message" or event.get("subtype") in IGNORED_SUBTYPES or not channel:
            return None
        if event.get("channel_type") == "im":
            return channel, str(event.get("thread_ts") or "") or None
        key = event_thread_key(body)
        if event.get("thread_ts") and key is not None and await self._is_open(key):
            return channel, str(event["thread_ts"])
        return None

    async def _ephemeral(self, channel: str, user: str, thread: str | None, text: str) -> None:
        try:
            await self._client.chat_postEphemeral(channel=channel, user=user, thread_ts=thread, text=text)
        except (SlackApiError, aiohttp.ClientError, TimeoutError) as error:
            logger.warning("could not tell %s they may not use the bot (%s)", user, _reason(error))

    def _later(self, telling: Awaitable[None]) -> None:
        """Tell the person after the acknowledgement (Slack waits for that, not for this)."""
        task = asyncio.ensure_future(telling)
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)


def _asker(body: dict[str, Any]) -> str | None:
    """Who is asking the bot something in this request (None: no person, or Slack's own news)."""
    if body.get("type") == "event_callback":
        event = body.get("event") or {}
        if event.get("type") in UNCHECKED_EVENTS or event.get("bot_id") or event.get("bot_profile"):
            return None
        user = event.get("user")
        if event.get("type") == "assistant_thread_started":
            user = (event.get("assistant_thread") or {}).get("user_id")
        elif event.get("subtype") in ("message_changed", "message_deleted"):
            user = (event.get("message") or event.get("previous_message") or {}).get("user")
        return user if isinstance(user, str) and user else None
    if "command" in body:
        return str(body.get("user_id") or "") or None
    if body.get("type") in INTERACTIONS:
        return str((body.get("user") or {}).get("id") or "") or None
    return None


def _callback_id(body: dict[str, Any]) -> str | None:
    """The form a submission is of (None: not a form's submission)."""
    if body.get("type") != "view_submission":
        return None
    return str((body.get("view") or {}).get("callback_id") or "")


def _chatter(body: dict[str, Any]) -> bool:
    """A top-level message in a channel: never for the bot (a mention of it comes as ``app_mention``, checked
    then), so the listeners leave it, and it costs no call to Slack here."""
    event = (body.get("event") or {}) if body.get("type") == "event_callback" else {}
    return (
        event.get("type") == "message"
        and not event.get("subtype")
        and not event.get("thread_ts")
        and event.get("channel_type") not in ("im", None)
    )


def _installation(context: dict[str, Any]) -> Installation:
    """The workspace (or organisation) whose token answers this request."""
    result = context.get("authorize_result")
    team = getattr(result, "team_id", None)  # never the request's own team_id: a Slack Connect user's is theirs
    enterprise = getattr(result, "enterprise_id", None)
    if getattr(result, "is_enterprise_install", False):
        team = None
    return Installation(team_id=team or None, enterprise_id=enterprise or None)


async def _respond(url: str, text: str) -> None:
    try:
        await AsyncWebhookClient(url).send(text=text, response_type="ephemeral", replace_original=False)
    except (aiohttp.ClientError, TimeoutError) as error:
        logger.warning("could not answer through a response URL (%s)", error.__class__.__name__)


def _reason(error: Exception) -> str:
    if isinstance(error, SlackApiError):
        return str(error.response.get("error"))
    return error.__class__.__name__
