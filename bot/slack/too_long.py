"""Requests longer than the limit are refused with a short private note; neither the engine nor the channel
sees them. Registered ahead of the other listeners: Bolt runs the first listener whose matchers agree."""

import logging
import re
from contextlib import suppress
from typing import Any

import aiohttp
from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond
from slack_sdk.errors import SlackApiError

from bot.slack.declared import MESSAGE_SHORTCUTS
from bot.slack.listeners import IGNORED_SUBTYPES, SlackDeps, event_thread_key

logger = logging.getLogger(__name__)
COMMANDS = re.compile(r"^/plans?$")


def too_long_text(length: int, limit: int) -> str:
    return f"That request is too long ({length:,} characters); the limit is {limit:,}."


class LengthLimit:
    def __init__(self, deps: SlackDeps, limit: int) -> None:
        self._deps = deps
        self._limit = limit

    async def event_too_long(self, body: dict[str, Any], context: dict[str, Any]) -> bool:
        """A long message that the listeners would hand to the engine: a mention, a DM, a reply in a plan's thread."""
        event = body.get("event") or {}
        text = event.get("text")
        from_a_person = "user" in event and not (event.get("bot_id") or event.get("bot_profile"))
        if not (isinstance(text, str) and len(text) > self._limit and from_a_person):
            return False
        if event.get("type") == "app_mention":
            return True
        if event.get("subtype") in IGNORED_SUBTYPES:
            return False
        if event.get("channel_type") == "im":
            return True
        bot = context.get("bot_user_id")
        if not event.get("thread_ts") or (bot and f"<@{bot}>" in text):
            return False  # chatter, or a mention (refused as app_mention)
        key = event_thread_key(body)
        return key is not None and await self._deps.conversation.is_open(key)

    async def refuse_event(self, body: dict[str, Any], event: dict[str, Any]) -> None:
        user, channel = str(event["user"]), str(event["channel"])
        thread = event.get("thread_ts") or (event["ts"] if event.get("channel_type") != "im" else None)
        logger.info("refused a message of %d characters from %s (limit %d)", len(event["text"]), user, self._limit)
        try:
            await self._deps.client.chat_postEphemeral(
                channel=channel, user=user, thread_ts=thread, text=too_long_text(len(event["text"]), self._limit)
            )
        except SlackApiError as error:
            logger.warning("could not tell %s the request was too long: %s", user, error.response.get("error"))
        finally:
            if body.get("event_id"):  # later events of the thread need not wait for this one
                await self._deps.state.mark_processed(str(body.get("team_id", "")), str(body["event_id"]))

    async def command_too_long(self, command: dict[str, Any]) -> bool:
        text = command.get("text")
        return isinstance(text, str) and len(text) > self._limit

    async def refuse_command(self, ack: AsyncAck, command: dict[str, Any]) -> None:
        length = len(str(command.get("text")))
        logger.info(
            "refused a command of %d characters from %s (limit %d)", length, command.get("user_id"), self._limit
        )
        await ack(response_type="ephemeral", text=too_long_text(length, self._limit))

    async def shortcut_too_long(self, shortcut: dict[str, Any]) -> bool:
        text = (shortcut.get("message") or {}).get("text")
        return isinstance(text, str) and len(text) > self._limit

    async def refuse_shortcut(self, ack: AsyncAck, shortcut: dict[str, Any], respond: AsyncRespond) -> None:
        await ack()
        length = len(str((shortcut.get("message") or {}).get("text")))
        logger.info("refused a shortcut on %d characters (limit %d)", length, self._limit)
        with suppress(aiohttp.ClientError, TimeoutError):
            await respond(response_type="ephemeral", text=too_long_text(length, self._limit))


def refuse_long_requests(app: AsyncApp, deps: SlackDeps, limit: int) -> LengthLimit:
    """Call before registering the other listeners; returns the limit, for listeners registered elsewhere."""
    length = LengthLimit(deps, limit)
    app.event("app_mention", matchers=[length.event_too_long])(length.refuse_event)
    app.event("message", matchers=[length.event_too_long])(length.refuse_event)
    app.command(COMMANDS, matchers=[length.command_too_long])(length.refuse_command)
    for callback_id in MESSAGE_SHORTCUTS:
        app.message_shortcut(callback_id, matchers=[length.shortcut_too_long])(length.refuse_shortcut)
    return length
