"""Clicks on a plan's buttons (Approve, Skip, Edit, Cancel) and the edit form's submission.

A button may sit on the plan message (a channel's or a DM's) or on the requester's private card: in their DM with
the app for a plan in a channel (after a click it is updated to show the outcome, its buttons gone), or an
ephemeral one from before (it cannot be updated: its response URL replaces it). Who may decide is the
engine's rule (the requester, or a configured approver); the edit form, which shows the step's full arguments,
opens only for them.
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from slack_bolt.async_app import AsyncAck, AsyncRespond
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack import blocks
from bot.slack.blocks_edit import field_label
from bot.slack.declared import ACTION_IDS
from bot.slack.delivery import Delivery
from bot.slack.sending import SendError
from bot.slack.state import SlackState, Where
from planning.engine.conversation import Conversation, Decision
from planning.engine.edits import set_path
from planning.engine.replies import Refused, Reply, Say
from planning.engine.texts import NOT_YOURS
from planning.engine.turns import Turn

logger = logging.getLogger(__name__)
ORDER_WAIT_SECONDS = 3.0
ORDER_POLL_SECONDS = 0.05
NOT_WAITING = "That step is no longer waiting for approval."


class Clicks:
    def __init__(
        self,
        *,
        engine: Conversation,
        state: SlackState,
        delivery: Delivery,
        client: AsyncWebClient,
        approvers: frozenset[str],
        home: Callable[[str, str], Awaitable[None]] | None = None,
    ) -> None:
        """``home(team, user)``: show a person's Home tab again (after a click on it changed what it shows)."""
        self._home = home
        self._engine = engine
        self._state = state
        self._delivery = delivery
        self._send = delivery.sender
        self._client = client
        self._approvers = approvers

    async def step_decision(
        self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any], respond: AsyncRespond
    ) -> None:
        await ack()
        ref = _value(action)
        user = str(body["user"]["id"])
        decision: Decision = "approve" if action["action_id"] == ACTION_IDS["approve"] else "skip"
        where = await self._where_clicked(ref.get("s", ""), body)
        replies = await self._engine.decide(
            session_id=ref.get("s", ""), step_id=ref.get("t", ""), decision=decision, user=user, args_hash=ref.get("h")
        )
        step = next((s for i in replies for s in _intents(i) if s[0] == ref.get("t")), None)
        intent, tool = (step[1], step[2]) if step else (ref.get("t", ""), "")
        verb = "Approved" if decision == "approve" else "Skipped"
        refused = isinstance(replies.outcome, Refused)
        said = await self._answer_card(body, respond, replies, f"{verb} by you: {intent}", where)
        if where is None:
            await self._tell(body, user, said)
            return
        if not refused:
            await self._state.decide(ref["s"], f"{verb} by <@{user}>", title=intent, tool=tool)
        await self._delivery.deliver(where, said, actor=user)

    async def step_choice(
        self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any], respond: AsyncRespond
    ) -> None:
        """ "Book 15:00–15:30 instead" (the step changes and its card comes back) or "Use the existing one"."""
        await ack()
        ref = _value(action)
        user = str(body["user"]["id"])
        choice = "free_slot" if action["action_id"] == ACTION_IDS["free_slot"] else "use_existing"
        where = await self._where_clicked(ref.get("s", ""), body)
        replies = await self._engine.choose(
            session_id=ref.get("s", ""), step_id=ref.get("t", ""), choice=choice, user=user, args_hash=ref.get("h")
        )
        done = "You chose another time." if choice == "free_slot" else "You chose the existing one."
        said = await self._answer_card(body, respond, replies, done, where)
        if where is None:
            await self._tell(body, user, said)
            return
        await self._delivery.deliver(where, said, actor=user)

    async def remove_item(
        self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any], respond: AsyncRespond
    ) -> None:
        """An item taken out of a step repeated for each thing found; the rest is shown for approval again."""
        await ack()
        ref = _value(action.get("selected_option") or {})
        user = str(body["user"]["id"])
        number = int(ref["i"]) if ref.get("i", "").isdigit() else 0
        replies = await self._engine.remove_items(
            session_id=ref.get("s", ""), step_id=ref.get("t", ""), numbers=[number], user=user
        )
        where = await self._where_clicked(ref.get("s", ""), body)
        said = await self._answer_card(body, respond, replies, f"Removed item {number}.", where)
        if where is None:
            await self._tell(body, user, said)
            return
        await self._delivery.deliver(where, said, actor=user)

    async def cancel_plan(
        self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any], respond: AsyncRespond
    ) -> None:
        await ack()
        ref = _value(action)
        user = str(body["user"]["id"])
        replies = await self._engine.cancel(session_id=ref.get("s", ""), user=user)
        where = await self._where_clicked(ref.get("s", ""), body)
        refused = isinstance(replies.outcome, Refused)
        said = await self._answer_card(body, respond, replies, "You cancelled the plan.", where)
        if where is None:
            await self._tell(body, user, said)
            await self._home_again(body, user)
            return
        if not refused:
            await self._state.decide(ref["s"], f"Cancelled by <@{user}>")
        await self._delivery.deliver(where, said, actor=user)
        await self._home_again(body, user)

    async def _home_again(self, body: dict[str, Any], user: str) -> None:
        """A click on the Home tab (Cancel on an open plan) shows the tab again as it now is."""
        if self._home is not None and (body.get("view") or {}).get("type") == "home":
            await self._home(str((body.get("team") or {}).get("id") or body["user"].get("team_id") or ""), user)

    async def _answer_card(
        self, body: dict[str, Any], respond: AsyncRespond, replies: Turn, done: str, where: Where | None
    ) -> list[Reply]:
        """A click on a private card replaces the card with the outcome: ``done``, or the refusal, which then is not
        sent again. The card in a DM is updated; an ephemeral one (it cannot be) is replaced through its response
        URL. Other clicks (on the plan message) leave ``replies`` as they are."""
        container = body.get("container") or {}
        refusals = replies.refusals
        text = "\n".join(r.text for r in refusals) if refusals else done
        channel, ts = str(container.get("channel_id") or ""), str(container.get("message_ts") or "")
        if not container.get("is_ephemeral"):
            if where is None or where.is_dm or not channel.startswith("D") or not ts or ts == where.message_ts:
                return replies
            try:  # the card in the requester's DM, for a plan in a channel
                await self._send.update(channel=channel, ts=ts, message=blocks.card_result(text))
            except SendError:
                return replies
            return [r for r in replies if r not in refusals]
        if not body.get("response_url"):
            return replies
        try:
            answer = await respond(replace_original=True, **blocks.card_result(text))
            replaced = answer.status_code == 200
        except (aiohttp.ClientError, TimeoutError):
            replaced = False
        if not replaced:  # an expired or used response URL: the refusal still goes the usual way
            logger.warning("could not replace a clicked card")
            return replies
        return [r for r in replies if r not in refusals]

    async def edit_step(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        """The edit form shows the step's full arguments: only for the requester and the configured approvers."""
        await ack()
        ref = _value(action)
        user = str(body["user"]["id"])
        requester = await self._engine.requester_of(ref.get("s", ""))
        if requester is not None and user != requester and user not in self._approvers:
            await self._tell(body, user, [Refused(text=NOT_YOURS, reason="not_yours")])
            return
        ask = await self._engine.pending_approval(ref.get("s", "")) if requester is not None else None
        if ask is None or ask.step_id != ref.get("t"):
            await self._tell(body, user, [Refused(text=NOT_WAITING, reason="moved_on", tone="info")])
            return
        try:
            await self._send.call(
                "views.open",
                lambda: self._client.views_open(trigger_id=str(body["trigger_id"]), view=blocks.edit_modal(ask)),
            )
        except SendError as failure:
            text = f"I couldn't open the edit form (Slack said `{failure.error}`). Try Edit again."
            await self._tell(body, user, [Say(text=text, tone="problem", private=True)])

    async def edit_submitted(self, ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        """Acknowledged before anything is looked up: the form shows the problems found without a connector (a
        value not valid as typed, a time or a length that cannot be read); names to look up (in the CRM, the
        contacts) are read after the acknowledgement, and a problem with them is told to the requester with the
        step's card, unchanged."""
        meta, arguments = blocks.read_edit_submission(view)
        session_id = str(meta.get("s", ""))
        if meta.get("k"):  # arguments too long for the modal come back as they were (the plan store: local)
            pending = await self._engine.pending_approval(session_id)
            if pending is not None:
                arguments = blocks.restore_kept(pending.arguments, meta, arguments)
        unread = await self._read_words(meta, view, arguments, names=False)
        errors = unread or self._field_errors(meta, view, arguments)
        if errors:
            mapped = blocks.field_errors_for_modal(errors, blocks.input_block_ids(meta))
            await ack(response_action="errors", errors=mapped)
            return
        await ack()
        user = str(body["user"]["id"])
        unread = await self._read_words(meta, view, arguments, names=True)
        errors = unread or self._engine.field_errors(str(meta.get("tool", "")), arguments)
        where = await self._state.where(session_id)
        if errors:  # the form is closed by now: the requester is told in their DM (in place in a DM), card again
            problems = "; ".join(f"{field_label(field)}: {problem}" for field, problem in errors.items())
            said = Say(
                text=f"I couldn't save that edit ({problems}). Nothing changed: press Edit again.", tone="problem"
            )
            pending = await self._engine.pending_approval(session_id)
            if where is not None:
                await self._delivery.keep(where, user, blocks.say_message(said), what="a message")
                if pending is not None:
                    await self._delivery.deliver(where, [pending], actor=user)
            return
        replies = await self._engine.edit(
            session_id=session_id, step_id=str(meta.get("t", "")), arguments=arguments, user=user
        )
        if where is not None:
            await self._delivery.deliver(where, replies, actor=user)

    def _field_errors(self, meta: dict[str, Any], view: dict[str, Any], arguments: dict[str, Any]) -> dict[str, str]:
        """The problems of the form's values, leaving out the names still to look up."""
        unread = set(self._to_read(meta, view, arguments, names=True))
        errors = self._engine.field_errors(str(meta.get("tool", "")), arguments)
        return {p: e for p, e in errors.items() if not any(p == f or p.startswith(f + ".") for f in unread)}

    def _to_read(
        self, meta: dict[str, Any], view: dict[str, Any], arguments: dict[str, Any], *, names: bool
    ) -> dict[str, str]:
        """Fields typed in words, with their text: names of people (``names``: looked up, in the CRM or the
        contacts), or else times and lengths (read without asking anyone)."""
        raw = meta.get("types")
        types: dict[str, Any] = raw if isinstance(raw, dict) else {}
        found: dict[str, str] = {}
        for field, text in blocks.edit_texts(view).items():
            kind = types.get(field)
            current: Any = arguments
            for key in field.split("."):
                current = current.get(key) if isinstance(current, dict) else None
            if blocks.needs_reading(kind, current) and (kind == "list") == names:
                found[field] = text
        return found

    async def _read_words(
        self, meta: dict[str, Any], view: dict[str, Any], arguments: dict[str, Any], *, names: bool
    ) -> dict[str, str]:
        """Values typed in words ("Friday 1pm", "1 hour"; with ``names``: "Tom") read by the engine as "edit
        FIELD=VALUE" reads them, in place in ``arguments``; the problems by field."""
        problems: dict[str, str] = {}
        for field, text in self._to_read(meta, view, arguments, names=names).items():
            value, problem = await self._engine.read_edit(
                session_id=str(meta.get("s", "")), step_id=str(meta.get("t", "")), field=field, text=text
            )
            if problem is not None:
                problems[field] = problem
            else:
                set_path(arguments, field, value)
        return problems

    async def _where_clicked(self, session_id: str, body: dict[str, Any]) -> Where | None:
        """The plan message a click came from. Another replica may have posted it a moment ago and not yet
        recorded where: wait briefly, then fall back on what the click itself says."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ORDER_WAIT_SECONDS
        while True:
            where = await self._state.where(session_id)
            if where is not None or loop.time() >= deadline or not session_id:
                break
            await asyncio.sleep(ORDER_POLL_SECONDS)
        if where is not None:
            return where
        container, message = body.get("container") or {}, body.get("message") or {}
        channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
        message_ts = message.get("ts") or container.get("message_ts")
        thread = message.get("thread_ts") or container.get("thread_ts") or message_ts
        if container.get("is_ephemeral"):  # a private card: the plan message is to be posted (again)
            message_ts, thread = None, container.get("thread_ts") or ""
        elif not (message_ts and thread):
            return None
        if not channel:
            return None
        requester = await self._engine.requester_of(session_id)
        team = str((body.get("team") or {}).get("id") or "")
        return Where(
            team,
            str(channel),
            str(thread),
            requester or str(body["user"]["id"]),
            is_dm=str(channel).startswith("D"),
            message_ts=str(message_ts) if message_ts else None,
        )

    async def _tell(self, body: dict[str, Any], user: str, replies: list[Any]) -> None:
        """To the clicker only, where the click came from: in the thread of the message clicked (or in their DM)."""
        container, message = body.get("container") or {}, body.get("message") or {}
        channel = str((body.get("channel") or {}).get("id") or container.get("channel_id") or "")
        thread = str(message.get("thread_ts") or container.get("thread_ts") or "")
        team = str((body.get("team") or {}).get("id") or "")
        where = Where(team, channel, thread, user, is_dm=channel.startswith("D"))
        for reply in replies:
            if isinstance(reply, Say):
                await self._delivery.privately(where, user, blocks.say_message(reply), what="a message")


def _value(action: dict[str, Any]) -> dict[str, str]:
    try:
        value = json.loads(str(action.get("value") or "{}"))
    except json.JSONDecodeError:
        return {}
    return {k: str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _intents(reply: Any) -> list[tuple[str, str, str]]:
    """(id, title, tool) of each step of the plan a reply shows."""
    view = getattr(reply, "view", None)
    if view is None:
        return []
    return [(step.id, step.intent, step.tool) for intention in view.intentions for step in intention.steps]
