"""A plan's request edited or deleted while the plan still collects details.

Slack sends ``message_changed`` / ``message_deleted`` for the message that started a plan (the thread's root, in
a channel or a DM). While that plan is open and has not asked for an approval yet (``collecting`` or
``clarifying``), the bot asks in the thread: after an edit, **Re-plan** (the plan is cancelled and a new one made
from the edited text) or **Keep the plan**; after a deletion, **Cancel the plan** or **Keep it**. Only the
requester's click counts; the question is then replaced by what was done. Edits that change no text (a link
preview) and edits of other messages are ignored.
"""

import json
import logging
from collections.abc import Sequence
from contextlib import suppress
from typing import Any, Protocol

from bot.slack.blocks_buttons import button
from bot.slack.blocks_text import MAX_BUTTON_VALUE, clip, escape, message, section
from bot.slack.delivery import Delivery
from bot.slack.sending import SendError
from bot.slack.state import SlackState, Where
from planning.engine.conversation import Conversation
from planning.engine.file_facts import AttachedFile
from planning.engine.texts import NOT_YOURS
from planning.engine.view import PlanView

logger = logging.getLogger(__name__)
STILL_COLLECTING = frozenset({"collecting", "clarifying"})


class Words(Protocol):
    async def __call__(
        self, where: Where, text: str, context: dict[str, Any], *, files: Sequence[AttachedFile] | None = None
    ) -> None: ...


class RequestEdits:
    def __init__(self, *, engine: Conversation, state: SlackState, delivery: Delivery, words: Words) -> None:
        """``words(where, text, context, files=)``: a request (or reply) as the listeners take it."""
        self._engine = engine
        self._state = state
        self._delivery = delivery
        self._send = delivery.sender
        self._words = words

    # --- the events ------------------------------------------------------------------------------------

    async def changed(self, event: dict[str, Any]) -> None:
        now, before = event.get("message") or {}, event.get("previous_message") or {}
        text = str(now.get("text") or "").strip()
        if not text or text == str(before.get("text") or "").strip():
            return
        found = await self._collecting_plan(event, str(now.get("ts") or ""), str(now.get("user") or ""))
        if found is None:
            return
        where, view = found
        value = json.dumps({"s": view.session_id, "q": text}, separators=(",", ":"), ensure_ascii=False)
        if len(value) > MAX_BUTTON_VALUE:
            note = "You edited your request, but it is too long to re-plan from here: reply `cancel` and ask again."
            await self._post(where, message(note, [section(note)]))
            return
        keep = json.dumps({"s": view.session_id})
        asked = f"<@{where.requester}>, you edited your request. Re-plan with the new text?"
        shown = f"{asked}\n>{escape(clip(text, 1500))}"
        actions = [button("Re-plan", "replan", value, style="primary"), button("Keep the plan", "keep", keep)]
        await self._post(where, message(asked, [section(shown), {"type": "actions", "elements": actions}]))

    async def deleted(self, event: dict[str, Any]) -> None:
        before = event.get("previous_message") or {}
        found = await self._collecting_plan(event, str(event.get("deleted_ts") or ""), str(before.get("user") or ""))
        if found is None:
            return
        where, view = found
        value = json.dumps({"s": view.session_id})
        asked = f"<@{where.requester}>, the request of this plan was deleted. Cancel the plan?"
        actions = [
            button("Cancel the plan", "cancel_deleted", value, style="danger"),
            button("Keep it", "keep", value),
        ]
        await self._post(where, message(asked, [section(asked), {"type": "actions", "elements": actions}]))

    # --- the clicks ------------------------------------------------------------------------------------

    async def replan(self, ack: Any, body: dict[str, Any], action: dict[str, Any], context: dict[str, Any]) -> None:
        await ack()
        ref = _value(action)
        user, where = await self._clicker(body, ref)
        if where is None:
            return
        files = await self._engine.request_files(ref["s"])  # the request's files stay with it
        await self._delivery.deliver(where, await self._engine.cancel(session_id=ref["s"], user=user), actor=user)
        await self._replace(body, f"Re-planned by <@{user}> with the edited request.")
        again = Where(where.team_id, where.channel, where.thread_ts, user, where.is_dm)
        await self._words(again, ref.get("q", ""), context, files=files)

    async def cancel_deleted(self, ack: Any, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        ref = _value(action)
        user, where = await self._clicker(body, ref)
        if where is None:
            return
        await self._delivery.deliver(where, await self._engine.cancel(session_id=ref["s"], user=user), actor=user)
        await self._replace(body, f"Cancelled by <@{user}>: its request was deleted.")

    async def keep(self, ack: Any, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        user, where = await self._clicker(body, _value(action))
        if where is not None:
            await self._replace(body, f"<@{user}> kept the plan as it was.")

    # --- helpers ---------------------------------------------------------------------------------------

    async def _collecting_plan(self, event: dict[str, Any], ts: str, user: str) -> tuple[Where, PlanView] | None:
        """The open plan still collecting details whose request is the message ``ts`` of ``user``."""
        if not ts or not user:
            return None
        for view in await self._engine.open_plans(user):
            where = await self._state.where(view.session_id)
            if where is not None and where.channel == event.get("channel") and where.thread_ts == ts:
                return (where, view) if view.state in STILL_COLLECTING else None
        return None

    async def _clicker(self, body: dict[str, Any], ref: dict[str, str]) -> tuple[str, Where | None]:
        """Who clicked, and the plan's place when they may decide on it and it is still open."""
        user = str(body["user"]["id"])
        where = await self._state.where(ref.get("s", "")) if ref.get("s") else None
        if where is None or not await self._engine.is_open(where.thread_key):
            await self._replace(body, "That plan is no longer open.")
            return user, None
        if user != where.requester:
            private = message(NOT_YOURS, [section(escape(NOT_YOURS))])
            await self._delivery.privately(where, user, private, what="a message")
            return user, None
        return user, where

    async def _post(self, where: Where, shown: dict[str, Any]) -> None:
        with suppress(SendError):  # logged by the sender; the plan goes on as it was
            await self._send.post(channel=where.channel, thread_ts=where.thread_ts or None, message=shown)

    async def _replace(self, body: dict[str, Any], text: str) -> None:
        """The question clicked, replaced by what was done (its buttons go)."""
        channel = str((body.get("channel") or {}).get("id") or (body.get("container") or {}).get("channel_id") or "")
        ts = str((body.get("message") or {}).get("ts") or (body.get("container") or {}).get("message_ts") or "")
        if not channel or not ts:
            return
        with suppress(SendError):  # logged by the sender
            await self._send.update(channel=channel, ts=ts, message=message(text, [section(text)]))


def _value(action: dict[str, Any]) -> dict[str, str]:
    try:
        value = json.loads(str(action.get("value") or "{}"))
    except (ValueError, RecursionError):
        return {}
    return {k: str(v) for k, v in value.items() if k in ("s", "q")} if isinstance(value, dict) else {}
