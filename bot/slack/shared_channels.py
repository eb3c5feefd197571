"""Channels other organisations can see: Slack Connect channels (``is_ext_shared``), and channels shared between
workspaces (``is_shared``), from ``conversations.info``, cached briefly per workspace and channel.

In such a channel planbot works only in the requester's DM (``bot.slack.listeners``). When Slack cannot say (an
error, a missing ``channels:read`` / ``groups:read`` / ``mpim:read`` scope on an install made before it was
asked for), the channel is taken as shared: the plan then runs in the DM, where nothing is lost and nothing is
seen by the wrong people.
"""

import logging
import time
from collections.abc import Callable

from bot.slack.install_client import acting_team
from bot.slack.sending import SendError, SlackSender

logger = logging.getLogger(__name__)
TTL_SECONDS = 60.0  # a channel shared (or unshared) a minute ago is seen as such within this


class SharedChannels:
    def __init__(
        self, sender: SlackSender, *, ttl_seconds: float = TTL_SECONDS, monotonic: Callable[[], float] = time.monotonic
    ) -> None:
        self._send = sender
        self._ttl = ttl_seconds
        self._monotonic = monotonic
        self._cache: dict[tuple[str, str], tuple[float, bool]] = {}

    async def is_shared(self, channel: str) -> bool:
        """Whether people of another organisation (or another workspace) can read ``channel``. A DM is not."""
        if channel.startswith("D"):
            return False
        key = (acting_team(), channel)
        cached = self._cache.get(key)
        if cached is not None and self._monotonic() - cached[0] < self._ttl:
            return cached[1]
        client = self._send.client
        try:
            info = await self._send.call("conversations.info", lambda: client.conversations_info(channel=channel))
        except SendError as failure:
            hint = (
                " (add the channels:read, groups:read and mpim:read scopes)" if failure.error == "missing_scope" else ""
            )
            logger.warning("conversations.info failed for %s: %s%s; working in DMs there", channel, failure.error, hint)
            return True  # not cached: asked again next time
        found = info.get("channel") or {}
        shared = bool(found.get("is_ext_shared") or found.get("is_shared") or found.get("is_pending_ext_shared"))
        self._cache[key] = (self._monotonic(), shared)
        return shared
