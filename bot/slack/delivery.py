"""Putting the engine's replies into Slack: the plan message updated in place, questions as thread replies,
private things (mailbox and CRM contents, refusals) only to the person they are for."""

import logging
from collections.abc import Sequence
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack import blocks
from bot.slack.state import SlackState, Where
from planning.engine.replies import AskApproval, AskValue, Reply, Say, ShowPlan, StepOutcome

logger = logging.getLogger(__name__)


class Delivery:
    def __init__(self, client: AsyncWebClient, state: SlackState) -> None:
        self._client = client
        self._state = state

    async def deliver(self, where: Where, replies: Sequence[Reply], *, actor: str | None = None) -> Where:
        """Send ``replies`` for the plan at ``where``; ``actor`` is who caused them (a refusal goes to them)."""
        plan = next((r for r in reversed(replies) if isinstance(r, ShowPlan)), None)
        approval = next((r for r in reversed(replies) if isinstance(r, AskApproval)), None)
        if plan is not None:
            where = await self._show_plan(where, plan, approval)
        for reply in replies:
            if isinstance(reply, AskValue):
                await self._post(where, blocks.question_message(reply))
            elif isinstance(reply, Say):
                await self._say(where, reply, actor)
            elif isinstance(reply, StepOutcome):
                await self._outcome(where, reply)
        return where

    async def _show_plan(self, where: Where, plan: ShowPlan, approval: AskApproval | None) -> Where:
        session_id = plan.view.session_id
        known = await self._state.where(session_id)
        if known is not None:
            where = known
        decided = await self._state.decisions(session_id)
        message = blocks.plan_message(plan.view, approval if plan.view.state == "awaiting_approval" else None, decided)
        if where.message_ts:
            try:
                await self._client.chat_update(
                    channel=where.channel, ts=where.message_ts, text=str(message["text"]), blocks=message["blocks"]
                )
                return where
            except SlackApiError as error:
                logger.warning("chat.update failed (%s); posting the plan again", error.response.get("error"))
        response = await self._client.chat_postMessage(
            channel=where.channel, thread_ts=where.thread_ts, text=str(message["text"]), blocks=message["blocks"]
        )
        where = Where(
            where.team_id, where.channel, where.thread_ts, where.requester, where.is_dm, message_ts=str(response["ts"])
        )
        await self._state.remember(session_id, where)
        return where

    async def _say(self, where: Where, say: Say, actor: str | None) -> None:
        if say.private and not where.is_dm:
            await self._ephemeral(where, actor or where.requester, blocks.say_message(say))
        else:
            await self._post(where, blocks.say_message(say))

    async def _outcome(self, where: Where, outcome: StepOutcome) -> None:
        message = blocks.outcome_message(outcome)
        if outcome.private and not where.is_dm:
            await self._ephemeral(where, where.requester, message)
        else:
            await self._post(where, message)
        line = message.get("text", outcome.intent)
        await self._state.add_recent(where.requester, outcome.intent, str(line)[:300])

    async def _post(self, where: Where, message: dict[str, Any]) -> None:
        await self._client.chat_postMessage(
            channel=where.channel,
            thread_ts=where.thread_ts,
            text=str(message.get("text", "")),
            blocks=message.get("blocks"),
        )

    async def _ephemeral(self, where: Where, user: str, message: dict[str, Any]) -> None:
        await self._client.chat_postEphemeral(
            channel=where.channel,
            user=user,
            thread_ts=where.thread_ts,
            text=str(message.get("text", "")),
            blocks=message.get("blocks"),
        )
