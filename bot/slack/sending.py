"""Web API calls that survive Slack's bad moments: transient errors are retried a bounded number of times with
backoff; anything else comes out as one exception, ``SendError``, carrying Slack's error code.

    SendError(error, transient)   a call that did not go through (after the retries, for a transient error)

Transient: HTTP 429 or 5xx, ``ratelimited``, ``service_unavailable``, ``internal_error``, ``fatal_error``,
``request_timeout``, a dropped connection or a timeout. Everything else (``channel_not_found``, ``msg_too_long``,
``not_in_channel``, ...) is permanent: retrying cannot help, the caller chooses another way.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.slack.install_client import acting_team

logger = logging.getLogger(__name__)
TRANSIENT_ERRORS = frozenset({"ratelimited", "service_unavailable", "internal_error", "fatal_error", "request_timeout"})


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often, and how patiently, a transient failure is tried again."""

    max_attempts: int = 3
    initial_interval: float = 0.2
    backoff_factor: float = 2.0
    max_interval: float = 3.0

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait after the ``attempt``-th failure (0-based); Slack's ``Retry-After`` when longer."""
        wait = self.initial_interval * self.backoff_factor**attempt
        if retry_after is not None:
            wait = max(wait, retry_after)
        return min(wait, self.max_interval)


class SendError(Exception):
    def __init__(self, method: str, error: str, *, transient: bool) -> None:
        super().__init__(f"{method}: {error}")
        self.method = method
        self.error = error
        self.transient = transient


class SlackSender:
    """The few Web API calls the bot makes to show things, each retried per ``policy``."""

    def __init__(
        self,
        client: AsyncWebClient,
        policy: RetryPolicy | None = None,
        *,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.client = client
        self._policy = policy or RetryPolicy()
        self._sleep = sleep
        self._dms: dict[tuple[str, str], str] = {}  # (workspace, user) → their DM with the bot

    async def post(self, *, channel: str, thread_ts: str | None, message: dict[str, Any]) -> str:
        """Post in a channel (in a thread when ``thread_ts``); returns the new message's ``ts``."""
        response = await self.call(
            "chat.postMessage",
            lambda: self.client.chat_postMessage(channel=channel, thread_ts=thread_ts, **_content(message)),
        )
        return str(response["ts"])

    async def update(self, *, channel: str, ts: str, message: dict[str, Any]) -> None:
        await self.call("chat.update", lambda: self.client.chat_update(channel=channel, ts=ts, **_content(message)))

    async def delete(self, *, channel: str, ts: str) -> None:
        await self.call("chat.delete", lambda: self.client.chat_delete(channel=channel, ts=ts))

    async def permalink(self, *, channel: str, ts: str) -> str | None:
        """A link to the message (``chat.getPermalink``); None when Slack gives none (the message is there anyway)."""
        try:
            found = await self.call(
                "chat.getPermalink", lambda: self.client.chat_getPermalink(channel=channel, message_ts=ts)
            )
        except SendError:
            return None
        return str(found.get("permalink") or "") or None

    async def ephemeral(self, *, channel: str, user: str, thread_ts: str | None, message: dict[str, Any]) -> None:
        await self.call(
            "chat.postEphemeral",
            lambda: self.client.chat_postEphemeral(
                channel=channel, user=user, thread_ts=thread_ts, **_content(message)
            ),
        )

    async def upload(self, *, channel: str, thread_ts: str | None, file: dict[str, Any]) -> None:
        """Share a text file (``title``, ``filename``, ``content``, maybe a ``comment`` said with it) in a channel
        or thread (``files.uploadV2``)."""
        await self.call(
            "files.uploadV2",
            lambda: self.client.files_upload_v2(
                channel=channel,
                thread_ts=thread_ts,
                content=str(file["content"]),
                filename=str(file["filename"]),
                title=str(file["title"]),
                snippet_type="text",
                initial_comment=str(file["comment"]) if file.get("comment") else None,
            ),
        )

    async def dm_channel(self, user: str) -> str:
        """The id of the bot's direct-message conversation with ``user`` (``conversations.open``, once per process:
        a DM's id never changes)."""
        key = (acting_team(), user)
        known = self._dms.get(key)
        if known is not None:
            return known
        opened = await self.call("conversations.open", lambda: self.client.conversations_open(users=[user]))
        channel = str((opened.get("channel") or {}).get("id") or "")
        if not channel:
            raise SendError("conversations.open", "no_channel", transient=False)
        self._dms[key] = channel
        return channel

    async def direct(self, *, user: str, message: dict[str, Any]) -> str:
        """Post in the bot's direct-message conversation with ``user`` (``conversations.open`` first)."""
        return await self.post(channel=await self.dm_channel(user), thread_ts=None, message=message)

    async def call(self, method: str, send: Callable[[], Awaitable[AsyncSlackResponse]]) -> AsyncSlackResponse:
        """``send()`` until it succeeds, a permanent error, or the attempts run out (then ``SendError``)."""
        attempts = max(self._policy.max_attempts, 1)
        for attempt in range(attempts):
            try:
                return await send()
            except SlackApiError as error:
                code, transient, retry_after = _classify(error)
            except (aiohttp.ClientError, TimeoutError) as error:
                code, transient, retry_after = error.__class__.__name__, True, None
            except SlackClientError as error:
                code, transient, retry_after = error.__class__.__name__, False, None
            if not transient or attempt + 1 >= attempts:
                logger.warning("Slack %s failed: %s (attempt %d of %d)", method, code, attempt + 1, attempts)
                raise SendError(method, code, transient=transient)
            logger.info("Slack %s failed: %s; trying again", method, code)
            await self._sleep(self._policy.delay(attempt, retry_after))
        raise AssertionError("unreachable")  # the loop returns or raises


def _classify(error: SlackApiError) -> tuple[str, bool, float | None]:
    response = error.response
    status = int(getattr(response, "status_code", 200) or 200)
    code = str(response.get("error") or f"http_{status}") if hasattr(response, "get") else f"http_{status}"
    transient = status == 429 or status >= 500 or code in TRANSIENT_ERRORS
    retry_after = None
    headers = getattr(response, "headers", None) or {}
    raw = headers.get("Retry-After") or headers.get("retry-after")
    if raw is not None:
        try:
            retry_after = float(raw[0] if isinstance(raw, list) else raw)
        except (TypeError, ValueError):
            retry_after = None
    return code, transient, retry_after


def _content(message: dict[str, Any]) -> dict[str, Any]:
    """``text`` (the notification fallback) and ``blocks`` of a rendered message."""
    return {"text": str(message.get("text", "")), "blocks": message.get("blocks")}
