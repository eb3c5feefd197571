"""Each service's published limits (one table) and a gate per account that keeps our calls inside them.

``JsonApi`` passes every request through the gate of its (service, API, account): at most ``concurrency`` requests
in flight, at most ``requests`` started per ``window_seconds`` (a token bucket holding ``requests``, refilled
evenly), a stricter window for some paths (``PathLimit``: HubSpot's search), and none while the service's last
``Retry-After`` runs. The gates are shared by every connector of the
process, so Outlook mail and the Outlook calendar of one mailbox count together, as Graph counts them.
"""

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PathLimit:
    """A stricter window for the requests whose path holds ``marker`` (HubSpot's search endpoints)."""

    marker: str
    requests: int
    window_seconds: float


@dataclass(frozen=True)
class ServiceLimits:
    label: str
    """The service's name as people know it (in "the daily limit of <label> is used up")."""
    concurrency: int | None
    """Requests in flight at once per account; None: the service publishes none."""
    requests: int | None
    window_seconds: float
    """At most ``requests`` per ``window_seconds`` per account; None: no short-window limit."""
    daily_reset: str
    """When a used-up daily allowance comes back, in words that follow "it resets"."""
    source: str
    paths: tuple[PathLimit, ...] = ()


LIMITS: dict[str, ServiceLimits] = {
    # keys: the ``service`` each connector gives JsonApi
    "Microsoft 365": ServiceLimits(
        "Microsoft 365", 4, 10_000, 600, "after a while (Microsoft Graph gives no time)",
        "Graph throttling limits, Outlook service: 4 concurrent requests and 10,000 requests per 10 minutes per app"
        " per mailbox (MailboxConcurrency, ApplicationThrottled)",
    ),
    "gmail": ServiceLimits(
        "Gmail", 10, 50, 1, "at midnight Pacific Time",
        "Gmail API usage limits: 250 quota units per user per second, messages.get and list cost 5 (50 reads);"
        " Google publishes no concurrency figure: 10 chosen",
    ),
    "Google Calendar": ServiceLimits(
        "Google Calendar", 10, 600, 60, "at midnight Pacific Time",
        "Calendar API usage limits: 600 requests per minute per user per project; no concurrency figure: 10 chosen",
    ),
    "hubspot": ServiceLimits(
        "HubSpot", 5, 100, 10, "at midnight in the HubSpot account's time zone",
        "HubSpot API usage guidelines: 100 requests per 10 seconds (private apps, Free and Starter: the lowest"
        " burst limit); the CRM search endpoints 5 requests per second",
        (PathLimit("/search", 5, 1),),
    ),
    "salesforce": ServiceLimits(
        "Salesforce", 25, None, 1, "as the requests of the last 24 hours age out (a rolling 24 hours)",
        "Salesforce API request limits: 25 concurrent long-running requests per org, no per-second limit, a rolling"
        " 24-hour total (REQUEST_LIMIT_EXCEEDED)",
    ),
}  # fmt: skip


def limits_of(service: str, table: dict[str, ServiceLimits] = LIMITS) -> ServiceLimits:
    """The table's row, or no limits for a service it does not list (a test server, a new connector)."""
    return table.get(service) or ServiceLimits(service, None, None, 1, "later", "not listed")


Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


class _Bucket:
    """``requests`` per ``window_seconds``: full at first, refilled evenly."""

    def __init__(self, requests: int, window_seconds: float, now: float) -> None:
        self._capacity = float(requests)
        self._rate = requests / window_seconds
        self._tokens = self._capacity
        self._filled_at = now

    def ready_in(self, now: float) -> float:
        """Seconds until one request may start (0: now)."""
        self._tokens = min(self._capacity, self._tokens + (now - self._filled_at) * self._rate)
        self._filled_at = now
        return 0.0 if self._tokens >= 1 else (1 - self._tokens) / self._rate

    def take(self) -> None:
        self._tokens -= 1


@dataclass
class Gate:
    """One account of one service: its concurrency slots, its request buckets and the service's last pause."""

    limits: ServiceLimits
    clock: Clock = time.monotonic
    sleep: Sleep = asyncio.sleep
    _buckets: dict[str, _Bucket] = field(init=False)
    _paused_until: float = 0.0
    _slots: asyncio.Semaphore | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    def __post_init__(self) -> None:
        now = self.clock()
        self._buckets = {rule.marker: _Bucket(rule.requests, rule.window_seconds, now) for rule in self.limits.paths}
        if self.limits.requests is not None:
            self._buckets[""] = _Bucket(self.limits.requests, self.limits.window_seconds, now)  # every request

    def pause(self, seconds: float) -> None:
        """The service asked us to wait (``Retry-After``): nothing of this account starts before then."""
        self._paused_until = max(self._paused_until, self.clock() + max(seconds, 0.0))

    @asynccontextmanager
    async def slot(self, path: str = "") -> AsyncIterator[None]:
        """Held while one request (to ``path``) is in flight."""
        slots = self._semaphore()
        if slots is None:
            await self._start(path)
            yield
            return
        async with slots:
            await self._start(path)
            yield

    async def _start(self, path: str) -> None:
        buckets = [bucket for marker, bucket in self._buckets.items() if marker in path]
        while True:
            now = self.clock()
            wait = max([self._paused_until - now, *(bucket.ready_in(now) for bucket in buckets)])
            if wait <= 0:
                for bucket in buckets:
                    bucket.take()
                return
            await self.sleep(wait)

    def _semaphore(self) -> asyncio.Semaphore | None:
        if self.limits.concurrency is None:
            return None
        loop = asyncio.get_running_loop()
        if self._slots is None or self._loop is not loop:  # a semaphore belongs to one event loop
            self._slots, self._loop = asyncio.Semaphore(self.limits.concurrency), loop
        return self._slots


class Limiter:
    """The gates of a process, one per (service, API address, account)."""

    def __init__(
        self,
        table: dict[str, ServiceLimits] | None = None,
        *,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._table = LIMITS if table is None else table
        self._clock, self._sleep = clock, sleep
        self._gates: dict[tuple[str, str, str], Gate] = {}

    def gate(self, service: str, api: str, account: str) -> Gate:
        key = (service, api, account)
        found = self._gates.get(key)
        if found is None:
            found = self._gates[key] = Gate(limits_of(service, self._table), self._clock, self._sleep)
        return found


SHARED = Limiter()
"""Every ``JsonApi`` uses it unless given another: the limits hold by construction, across connectors."""
