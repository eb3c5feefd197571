"""The install flow's OAuth ``state`` values, in our store: slack_sdk's ``AsyncOAuthStateStore``.

A state is random (256 bits), single-use and short-lived (``expiration_seconds``, Bolt's 10 minutes by default).
The store keeps only its HMAC under ``SLACK_STATE_SECRET``: what the database holds cannot be turned back into a
state that passes. Consuming deletes it in the same statement that finds it, so of two callbacks with one state
(a replay, or two replicas) exactly one passes. Expired states are swept when new ones are issued.
"""

import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime

from slack_sdk.oauth.state_store.async_state_store import AsyncOAuthStateStore

from bot.slack.install_sql import Statements

_logger = logging.getLogger(__name__)
MAX_STATE_CHARS = 128  # ours are 43; anything longer is not one of ours


def _now() -> datetime:
    return datetime.now(UTC)


class SlackOAuthStates(AsyncOAuthStateStore):
    def __init__(
        self,
        statements: Statements,
        *,
        secret: str,
        expiration_seconds: int = 600,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self._db = statements
        self._key = secret.encode()
        self._expiration = expiration_seconds
        self._clock = clock

    @property
    def logger(self) -> logging.Logger:
        return _logger

    def _hash(self, state: str) -> str:
        return hmac.new(self._key, state.encode(), hashlib.sha256).hexdigest()

    async def async_issue(self, *args: object, **kwargs: object) -> str:
        state = secrets.token_urlsafe(32)
        now = self._clock().timestamp()
        async with self._db.atomic() as run:
            await run("DELETE FROM slack_oauth_states WHERE expires_at < ?", (now,))
            await run(
                "INSERT INTO slack_oauth_states (state_hash, expires_at) VALUES (?, ?)",
                (self._hash(state), now + self._expiration),
            )
        return state

    async def async_consume(self, state: str) -> bool:
        if not state or len(state) > MAX_STATE_CHARS:
            return False
        rows, _ = await self._db.run(
            "DELETE FROM slack_oauth_states WHERE state_hash = ? RETURNING expires_at", (self._hash(state),)
        )
        if not rows:
            _logger.info("refused an install callback: unknown or already used state")
            return False
        if float(rows[0][0]) < self._clock().timestamp():
            _logger.info("refused an install callback: expired state")
            return False
        return True
