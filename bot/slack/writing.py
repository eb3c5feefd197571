"""*Write it*: an email's text written in a modal, not typed in a channel thread where everyone reads it.

The question for the text comes with the button (``blocks_private.write_it_question``); a click by the plan's
requester (or an approver) opens the modal, anyone else is told it is not theirs. The submission is acknowledged at
once (a text is required: Slack checks that in the form) and then answers the plan's question as a reply in its
thread would, without ever being posted there.
"""

import html
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from slack_bolt.async_app import AsyncAck

from bot.slack.blocks_private import read_write_value, read_written, write_modal
from bot.slack.blocks_replies import say_message
from bot.slack.delivery import Delivery
from bot.slack.sending import SendError
from bot.slack.state import SlackState, Where
from planning.engine.replies import Say
from planning.engine.texts import NOT_YOURS

logger = logging.getLogger(__name__)
Words = Callable[[Where, str, dict[str, Any]], Awaitable[None]]  # a reply in the thread, as the listeners read it
GONE = "That question is no longer open."


class Writing:
    def __init__(
        self,
        *,
        state: SlackState,
        delivery: Delivery,
        words: Words,
        is_open: Callable[[str], Awaitable[bool]],
        approvers: frozenset[str],
    ) -> None:
        self._state = state
        self._delivery = delivery
        self._send = delivery.sender
        self._words = words
        self._is_open = is_open
        self._approvers = approvers

    async def clicked(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        user = str(body["user"]["id"])
        place = read_write_value(action.get("value"))
        where = await self._plan_place(place, user)
        question = html.unescape(str((body.get("message") or {}).get("text") or "What should it say?"))
        if where is None or not await self._is_open(where.thread_key):
            await self._tell(place, user, GONE)
            return
        if user != where.requester and user not in self._approvers:
            await self._tell(place, user, NOT_YOURS, tone="refusal")
            return
        modal = write_modal(question, str(action.get("value") or ""))
        client = self._send.client
        try:
            await self._send.call(
                "views.open", lambda: client.views_open(trigger_id=str(body["trigger_id"]), view=modal)
            )
        except SendError as failure:
            await self._tell(place, user, f"I couldn't open the form (Slack said `{failure.error}`). Try again.")

    async def submitted(
        self, ack: AsyncAck, body: dict[str, Any], view: dict[str, Any], context: dict[str, Any]
    ) -> None:
        place, text = read_written(view)
        if not text:  # Slack requires the input; a form sent empty anyway is answered in the form
            await ack(response_action="errors", errors={"written": "Write the text here."})
            return
        await ack()  # nothing waits for Slack's 3 seconds: the text is read after
        user = str(body["user"]["id"])
        where = await self._plan_place(place, user)
        if where is None or not await self._is_open(where.thread_key):
            await self._tell(place, user, GONE)
            return
        if user != where.requester and user not in self._approvers:
            await self._tell(place, user, NOT_YOURS, tone="refusal")
            return
        await self._words(Where(where.team_id, where.channel, where.thread_ts, user, is_dm=where.is_dm), text, context)

    async def _plan_place(self, place: dict[str, str], user: str) -> Where | None:
        if not place:
            return None
        asked = Where(place["team"], place["c"], place["th"], user, is_dm=place["c"].startswith("D"))
        return await self._state.where_thread(asked.thread_key)

    async def _tell(self, place: dict[str, str], user: str, text: str, *, tone: str = "info") -> None:
        if not place:
            return
        where = Where(place["team"], place["c"], place["th"], user, is_dm=place["c"].startswith("D"))
        said = say_message(Say(text=text, tone="refusal" if tone == "refusal" else "info", private=True))
        await self._delivery.privately(where, user, said, what="a message")
