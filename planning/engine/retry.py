"""A typed retry policy for transient connector errors (timeouts, 5xx, 429 with Retry-After)."""

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from integrations.base import TransientError

T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    max_attempts: int = 3
    initial_interval: float = 0.5
    backoff_factor: float = 2.0
    max_interval: float = 10.0
    jitter: bool = True

    def delay(self, attempt: int, retry_after: float | None) -> float:
        """Seconds to wait before attempt ``attempt + 1`` (``attempt`` counts from 1)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_interval)  # longer ones are not retried (with_retries)
        base = min(self.initial_interval * self.backoff_factor ** (attempt - 1), self.max_interval)
        return base * random.uniform(0.5, 1.0) if self.jitter else base


def safe_to_repeat(error: TransientError) -> bool:
    """Whether a change that failed this way surely did not happen: the service refused it before acting
    (rate limited: 429 with Retry-After). After a timeout or a server error a change may have happened."""
    return error.retry_after is not None or bool(getattr(error, "not_applied", False))


async def with_retries(
    call: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    sleep: Sleep = asyncio.sleep,
    retryable: Callable[[TransientError], bool] = lambda _error: True,
) -> tuple[T, int]:
    """Run ``call``; retry it on a ``TransientError`` that ``retryable`` allows, as the policy says.
    Returns (result, attempts)."""
    attempt = 1
    while True:
        try:
            return await call(), attempt
        except TransientError as error:
            if attempt >= policy.max_attempts or not retryable(error):
                raise
            if error.retry_after is not None and error.retry_after > policy.max_interval:
                raise  # the service asked for a longer wait than a step waits: never ask again before it ends
            await sleep(policy.delay(attempt, error.retry_after))
            attempt += 1
