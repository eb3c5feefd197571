"""The shared HTTP plumbing against a local aiohttp server: status codes mapped into the error tree, OAuth."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from integrations.base import (
    AuthError,
    DailyLimitError,
    NotFoundError,
    PermanentError,
    PermissionDeniedError,
    QuotaError,
    RateLimitError,
    TransientError,
)
from integrations.http import LIMITS, JsonApi, Limiter, OAuth2Refresher, PathLimit, ServiceLimits, StaticToken


class Server:
    def __init__(self) -> None:
        self.script: list[tuple[int, Any, dict[str, str]]] = []
        self.seen: list[dict[str, Any]] = []
        self.tokens_issued = 0
        self.grant_ok = True
        self.delay = 0.0
        self.in_flight = 0
        self.most_in_flight = 0

    async def api(self, request: web.Request) -> web.Response:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            return await self._api(request)
        finally:
            self.in_flight -= 1

    async def _api(self, request: web.Request) -> web.Response:
        self.seen.append(
            {
                "auth": request.headers.get("Authorization"),
                "query": dict(request.query),
                "path": request.path,
                "method": request.method,
            }
        )
        if self.delay:
            await asyncio.sleep(self.delay)
        status, body, headers = self.script.pop(0) if self.script else (200, {"ok": True}, {})
        return web.json_response(body, status=status, headers=headers)

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if not self.grant_ok or form.get("refresh_token") != "refresh-1":
            return web.json_response({"error": "invalid_grant"}, status=400)
        self.tokens_issued += 1
        return web.json_response({"access_token": f"access-{self.tokens_issued}", "expires_in": 3600})


@pytest.fixture
async def server() -> AsyncIterator[tuple[Server, str, aiohttp.ClientSession]]:
    fake = Server()
    app = web.Application()
    app.router.add_route("*", "/api/{tail:.*}", fake.api)
    app.router.add_post("/token", fake.token)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    async with aiohttp.ClientSession() as session:
        yield fake, f"http://127.0.0.1:{port}", session
    await runner.cleanup()


def google_error(reason: str, message: str, status: str = "PERMISSION_DENIED") -> dict[str, Any]:
    errors = [{"domain": "calendar", "reason": reason, "message": message}]
    return {"error": {"code": 403, "message": message, "errors": errors, "status": status}}


def api(base: str, session: aiohttp.ClientSession, **kwargs: Any) -> JsonApi:
    tokens = OAuth2Refresher(
        session=session,
        token_url=f"{base}/token",
        client_id="id",
        client_secret="secret",
        refresh_token="refresh-1",
        service="svc",
    )
    return JsonApi(
        session=session, base_url=f"{base}/api", tokens=kwargs.pop("tokens", tokens), service="svc", **kwargs
    )


async def test_json_answer_with_a_refreshed_token(server):
    fake, base, session = server
    assert await api(base, session).request("GET", "items", params={"q": "x", "unread": True, "none": None}) == {
        "ok": True
    }
    assert fake.seen[0]["auth"] == "Bearer access-1"
    assert fake.seen[0]["query"] == {"q": "x", "unread": "true"}


async def test_401_refreshes_once_and_retries(server):
    fake, base, session = server
    client = api(base, session)
    await client.request("GET", "a")
    fake.script = [(401, {"error": {"message": "expired"}}, {}), (200, {"done": 1}, {})]
    assert await client.request("GET", "b") == {"done": 1}
    assert [s["auth"] for s in fake.seen] == ["Bearer access-1", "Bearer access-1", "Bearer access-2"]


async def test_401_after_refresh_is_an_auth_error(server):
    fake, base, session = server
    fake.script = [(401, {}, {}), (401, {}, {})]
    with pytest.raises(AuthError):
        await api(base, session).request("GET", "a")


async def test_revoked_refresh_token_asks_to_reconnect(server):
    fake, base, session = server
    fake.grant_ok = False
    with pytest.raises(AuthError, match="reconnect"):
        await api(base, session).request("GET", "a")


async def test_a_429_asking_for_a_long_wait_carries_retry_after(server):
    fake, base, session = server
    fake.script = [(429, {"message": "slow down"}, {"Retry-After": "70"})]
    with pytest.raises(TransientError) as raised:
        await api(base, session).request("GET", "a")
    assert raised.value.retry_after == 70.0
    assert len(fake.seen) == 1


async def test_a_short_retry_after_is_waited_out_by_the_whole_account_then_sent_again(server):
    fake, base, session = server
    clock = FakeClock()
    limiter = Limiter(clock=clock, sleep=clock.sleep)
    fake.script = [(429, {"message": "slow down"}, {"Retry-After": "2"}), (429, {}, {"Retry-After": "3"})]
    assert await api(base, session, limiter=limiter).request("GET", "a") == {"ok": True}
    assert clock.slept == [2.0, 3.0] and len(fake.seen) == 3
    await api(base, session, limiter=limiter).request("GET", "b")  # the same account: no pause left
    assert clock.slept == [2.0, 3.0]


async def test_retry_after_is_waited_out_at_most_three_times(server):
    fake, base, session = server
    clock = FakeClock()
    fake.script = [(429, {}, {"Retry-After": "1"})] * 4
    with pytest.raises(RateLimitError):
        await api(base, session, limiter=Limiter(clock=clock, sleep=clock.sleep)).request("GET", "a")
    assert len(fake.seen) == 3 and clock.slept == [1.0, 1.0]


async def test_requests_of_one_account_stay_within_the_services_concurrency(server):
    fake, base, session = server
    fake.delay = 0.05
    table = {"svc": ServiceLimits("Svc", 2, None, 1, "tomorrow", "a test")}
    limiter = Limiter(table)
    apis = [api(base, session, limiter=limiter) for _ in range(2)]  # two connectors, one account
    await asyncio.gather(*(apis[n % 2].request("GET", f"r{n}") for n in range(8)))
    assert fake.most_in_flight == 2


async def test_a_window_of_requests_is_spread_evenly_once_used_up():
    clock = FakeClock()
    gate = Limiter({"svc": ServiceLimits("Svc", None, 3, 6, "tomorrow", "a test")}, clock=clock, sleep=clock.sleep)
    for _ in range(5):
        async with gate.gate("svc", "api", "acct").slot():
            pass
    assert clock.slept == [2.0, 2.0]  # 3 at once, then one every 6/3 seconds


async def test_a_path_with_a_stricter_window_waits_for_its_own_bucket():
    clock = FakeClock()
    table = {"svc": ServiceLimits("Svc", None, 100, 10, "tomorrow", "a test", (PathLimit("/search", 2, 1),))}
    gate = Limiter(table, clock=clock, sleep=clock.sleep).gate("svc", "api", "acct")
    for path in ("/crm/v3/objects/contacts/search", "/crm/v3/objects/deals/search", "/crm/v3/owners"):
        async with gate.slot(path):
            pass
    assert clock.slept == []  # two searches at once, and another path is not held up by them
    async with gate.slot("/crm/v3/objects/companies/search"):
        pass
    assert clock.slept == [0.5]  # the third search within the second waits for the search bucket


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 3))
        self.now += seconds


@pytest.mark.parametrize(
    ("status", "error"),
    [
        (500, TransientError),
        (503, TransientError),
        (404, NotFoundError),
        (403, PermissionDeniedError),
        (400, PermanentError),
    ],
)
async def test_statuses_map_into_the_error_tree(server, status, error):
    fake, base, session = server
    fake.script = [(status, {"error": {"message": "bad field X"}}, {})]
    with pytest.raises(error):
        await api(base, session).request("POST", "a", json_body={"x": 1})


async def test_permanent_errors_carry_the_services_message(server):
    fake, base, session = server
    fake.script = [(400, [{"message": "Malformed query", "errorCode": "MALFORMED_QUERY"}], {})]
    with pytest.raises(PermanentError, match="Malformed query"):
        await api(base, session).request("GET", "a")


async def test_a_hung_server_is_a_transient_timeout(server):
    fake, base, session = server
    fake.delay = 2
    with pytest.raises(TransientError, match="did not answer in time"):
        await api(base, session, timeout=aiohttp.ClientTimeout(total=0.2)).request("GET", "a")


async def test_static_token_cannot_refresh(server):
    fake, base, session = server
    fake.script = [(401, {}, {})]
    with pytest.raises(AuthError, match="reconnect"):
        await api(base, session, tokens=StaticToken("pat-1", "svc")).request("GET", "a")
    assert fake.seen[0]["auth"] == "Bearer pat-1"


async def test_salesforce_concurrent_request_limit_is_transient(server):
    fake, base, session = server
    body = [{"message": "ConcurrentPerOrgLongTxn Limit exceeded.", "errorCode": "REQUEST_LIMIT_EXCEEDED"}]
    fake.script = [(403, body, {})]
    with pytest.raises(RateLimitError):
        await api(base, session).request("GET", "a")


@pytest.mark.parametrize(
    ("service", "status", "body", "words"),
    [
        (
            "salesforce",
            403,
            [{"message": "TotalRequests Limit exceeded.", "errorCode": "REQUEST_LIMIT_EXCEEDED"}],
            "daily limit of Salesforce is used up; it resets as the requests of the last 24 hours age out",
        ),
        (
            "hubspot",
            429,
            {"status": "error", "message": "You have reached your daily limit.", "errorType": "RATE_LIMIT",
             "correlationId": "c-1", "policyName": "DAILY", "groupName": "api-calls-daily"},
            "daily limit of HubSpot is used up; it resets at midnight in the HubSpot account's time zone",
        ),
        (
            "gmail",
            403,
            google_error("dailyLimitExceeded", "Daily Limit Exceeded", "FORBIDDEN"),
            "daily limit of Gmail is used up; it resets at midnight Pacific Time",
        ),
    ],
)  # fmt: skip
async def test_a_used_up_daily_allowance_is_a_daily_limit_not_a_rate_limit(server, service, status, body, words):
    fake, base, session = server
    fake.script = [(status, body, {"Retry-After": "1"})]
    tokens = StaticToken("t", service)
    with pytest.raises(DailyLimitError, match=words) as raised:
        await JsonApi(session=session, base_url=f"{base}/api", tokens=tokens, service=service).request("GET", "a")
    assert not isinstance(raised.value, TransientError) and len(fake.seen) == 1  # not sent again


@pytest.mark.parametrize(
    ("body", "error", "words"),
    [
        (
            google_error("forbiddenForNonOrganizer", "Shared properties can only be changed by the organizer."),
            PermissionDeniedError,
            "does not allow this to your account: Shared properties",
        ),
        (
            google_error("insufficientPermissions", "Request had insufficient authentication scopes."),
            PermissionDeniedError,
            "access granted to planbot does not cover it",
        ),
        (google_error("quotaExceeded", "Calendar usage limits exceeded.", "FORBIDDEN"), QuotaError, "usage limit"),
        (google_error("rateLimitExceeded", "Rate Limit Exceeded", "FORBIDDEN"), RateLimitError, "rate limiting"),
        (google_error("userRateLimitExceeded", "User Rate Limit Exceeded", "FORBIDDEN"), RateLimitError, "rate"),
    ],
)
async def test_a_403_says_what_was_refused_and_never_asks_to_reconnect(server, body, error, words):
    fake, base, session = server
    fake.script = [(403, body, {})]
    with pytest.raises(error, match=words) as raised:
        await api(base, session).request("PATCH", "a", json_body={"x": 1})
    assert not isinstance(raised.value, AuthError)
    assert fake.tokens_issued == 1  # a 403 is not a stale token: no refresh


async def test_a_rate_limit_is_safe_to_repeat_even_for_a_write(server):
    from planning.engine.retry import safe_to_repeat

    fake, base, session = server
    fake.script = [(403, google_error("rateLimitExceeded", "Rate Limit Exceeded", "FORBIDDEN"), {})]
    with pytest.raises(RateLimitError) as raised:
        await api(base, session).request("POST", "a", json_body={"x": 1})
    assert raised.value.retry_after is None and safe_to_repeat(raised.value)


def test_every_saas_connector_has_a_row_and_a_table_without_a_service_limits_nothing():
    assert {"Microsoft 365", "gmail", "Google Calendar", "hubspot", "salesforce"} <= set(LIMITS)
    assert LIMITS["Microsoft 365"].concurrency == 4
    unlisted = Limiter({}).gate("Microsoft 365", "api", "acct").limits
    assert (unlisted.concurrency, unlisted.requests) == (None, None)
