"""Each service's published limits (one table) and a gate per account that keeps our calls inside them.

``JsonApi`` passes every request through the gate of its (service, API, account): at most ``concurrency`` requests
in flight, at most ``requests`` started per ``window_seconds`` (a token bucket holding ``requests``, refilled
evenly), and none while the service's last ``Retry-After`` runs. The gates are shared by every connector of the
process, so Outlook mail and the Outlook calendar of one mailbox count together, as Graph counts them.
"""

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


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
        " burst limit); the CRM search endpoints 5 requests per second, hence 5 in flight",
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


@dataclass
class Gate:
    """One account of one service: its concurrency slots, its request bucket and the service's last pause."""

    limits: ServiceLimits
    clock: Clock = time.monotonic
    sleep: Sleep = asyncio.sleep
    _tokens: float = field(init=False)
    _filled_at: float = field(init=False)
    _paused_until: float = 0.0
    _slots: asyncio.Semaphore | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    def __post_init__(self) -> None:
        self._tokens = float(self.limits.requests or 0)
        self._filled_at = self.clock()

    def pause(self, seconds: float) -> None:
        """The service asked us to wait (``Retry-After``): nothing of this account starts before then."""
        self._paused_until = max(self._paused_until, self.clock() + max(seconds, 0.0))

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Held while one request is in flight."""
        slots = self._semaphore()
        if slots is None:
            await self._start()
            yield
            return
        async with slots:
            await self._start()
            yield

    async def _start(self) -> None:
        while True:
            now = self.clock()
            wait = self._paused_until - now
            if wait <= 0:
                wait = self._take(now)
            if wait <= 0:
                return
            await self.sleep(wait)

    def _take(self, now: float) -> float:
        """Take one request from the bucket; else the seconds until one is there."""
        capacity = self.limits.requests
        if capacity is None:
            return 0.0
        rate = capacity / self.limits.window_seconds
        self._tokens = min(float(capacity), self._tokens + (now - self._filled_at) * rate)
        self._filled_at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return 0.0
        return (1 - self._tokens) / rate

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
