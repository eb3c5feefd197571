"""Tool runs: schema checks before any call, retries with backoff for transient errors only."""

import asyncio

import pytest

from integrations.base import CATALOG, AuthError, PermanentError, TransientError
from integrations.base.registry import ConnectorRegistry
from planning.engine.retry import RetryPolicy, with_retries
from planning.engine.runner import InvalidArgumentsError, OutcomeUnknownError, ToolRunner, describe_failure
from tests.fakes import ScriptedConnector, sequence

ARGS = {"to": ["a@b.co"], "subject": "s", "body": "b"}


def runner_for(connector: ScriptedConnector, sleeps: list[float]) -> ToolRunner:
    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    policy = RetryPolicy(max_attempts=3, initial_interval=0.5, backoff_factor=2.0, jitter=False)
    return ToolRunner(ConnectorRegistry(CATALOG, [connector]), policy, sleep=sleep)


async def test_transient_errors_of_reads_are_retried_with_backoff():
    sleeps: list[float] = []
    connector = ScriptedConnector({"fetch_emails": sequence(TransientError("503"), TransientError("503"), [])})
    assert await runner_for(connector, sleeps).run("fetch_emails", {}) == []
    assert sleeps == [0.5, 1.0]
    assert len(connector.calls) == 3


async def test_a_write_is_retried_only_when_the_service_surely_did_not_act():
    sleeps: list[float] = []
    limited = ScriptedConnector({"send_email": sequence(TransientError("429", retry_after=2), {"id": "m1"})})
    assert await runner_for(limited, sleeps).run("send_email", ARGS) == {"id": "m1"}
    failed = ScriptedConnector({"send_email": sequence(TransientError("503"), {"id": "m2"})})
    with pytest.raises(OutcomeUnknownError):
        await runner_for(failed, sleeps).run("send_email", ARGS)
    assert len(failed.calls) == 1 and sleeps == [2]


async def test_retry_after_is_honoured():
    sleeps: list[float] = []
    connector = ScriptedConnector({"send_email": sequence(TransientError("429", retry_after=7), {"id": "m1"})})
    await runner_for(connector, sleeps).run("send_email", ARGS)
    assert sleeps == [7]


async def test_a_retry_after_longer_than_a_step_waits_is_not_retried_early():
    sleeps: list[float] = []
    connector = ScriptedConnector({"fetch_emails": sequence(TransientError("429", retry_after=60), [])})
    with pytest.raises(TransientError):
        await runner_for(connector, sleeps).run("fetch_emails", {})
    assert sleeps == [] and len(connector.calls) == 1


async def test_retries_stop_after_the_policy_limit():
    sleeps: list[float] = []
    connector = ScriptedConnector({"fetch_emails": TransientError("down")})
    with pytest.raises(TransientError):
        await runner_for(connector, sleeps).run("fetch_emails", {})
    assert len(connector.calls) == 3


async def test_permanent_errors_are_not_retried():
    connector = ScriptedConnector({"send_email": PermanentError("400 bad request")})
    with pytest.raises(PermanentError):
        await runner_for(connector, []).run("send_email", ARGS)
    assert len(connector.calls) == 1


async def test_invalid_arguments_never_reach_the_connector():
    connector = ScriptedConnector()
    with pytest.raises(InvalidArgumentsError) as raised:
        await runner_for(connector, []).run("send_email", {**ARGS, "to": ["nobody"]})
    assert "to.0" in raised.value.problems
    assert connector.calls == []


def test_auth_failures_ask_the_user_to_reconnect():
    failure = describe_failure(AuthError("invalid_grant", service="gmail"))
    assert failure.reconnect and "reconnect" in failure.message


def test_backoff_is_capped():
    policy = RetryPolicy(initial_interval=1, backoff_factor=10, max_interval=5, jitter=False)
    assert [policy.delay(n, None) for n in (1, 2, 3)] == [1, 5, 5]


async def test_with_retries_counts_attempts():
    calls = 0

    async def flaky() -> str:
        nonlocal calls
        calls += 1
        if calls < 2:
            raise TransientError("x")
        return "ok"

    async def no_sleep(_: float) -> None:
        await asyncio.sleep(0)

    assert await with_retries(flaky, RetryPolicy(jitter=False), no_sleep) == ("ok", 2)


def test_arguments_a_tool_refuses_are_said_by_the_fields_never_in_the_validators_words():
    failure = describe_failure(
        InvalidArgumentsError({"query": "Extra inputs are not permitted", "filters.dueDate": "Input should be a date"})
    )
    assert failure.message == "I could not use the query and due date given for it"
    assert "permitted" not in failure.message and not failure.transient
