"""Connector faults: retried with backoff, then a clear failure; a plan is never left "running"."""

import asyncio

from integrations.base import CATALOG, TransientError
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.replies import StepOutcome
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner
from tests.fakes import sequence
from tests.planning.engine.conftest import approval, question


def engine_with(harness, *, timeout: float = 30.0) -> Conversation:
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    harness.sleeps = sleeps
    runner = ToolRunner(
        ConnectorRegistry(CATALOG, [harness.connector]),
        RetryPolicy(max_attempts=3, jitter=False),
        sleep=sleep,
        timeout=timeout,
    )
    return Conversation(store=harness.store, runner=runner, settings=harness.settings, clock=harness.clock)


async def approve_email(harness) -> list:
    engine = harness.engine
    replies = await engine.message(thread_key="t", user="alice", text="email priya saying hi", tz="UTC")
    ask = approval(replies)
    return await engine.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )


async def states(harness) -> list[str]:
    record = (await harness.store.list_open()) or []
    return [r.state for r in record]


async def test_reads_are_retried_after_server_errors(harness):
    harness.connector.responses["fetch_emails"] = sequence(TransientError("503"), [])
    harness.engine = engine_with(harness)
    replies = await harness.engine.message(thread_key="t", user="alice", text="check my inbox", tz="UTC")
    assert [o.ok for o in replies if isinstance(o, StepOutcome)] == [True]
    assert harness.sleeps == [0.5]


async def test_a_write_that_got_a_server_error_is_not_repeated_silently(harness):
    harness.connector.responses["send_email"] = sequence(TransientError("503"), {"id": "m1"})
    harness.engine = engine_with(harness)
    replies = await approve_email(harness)
    assert len(harness.connector.called("send_email")) == 1
    assert "cannot tell whether it went through" in question(replies).text
    replies = await harness.engine.message(thread_key="t", user="alice", text="run it again", tz="UTC")
    ask = approval(replies)
    await harness.engine.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )
    assert len(harness.connector.called("send_email")) == 2


async def test_rate_limits_wait_for_retry_after(harness):
    harness.connector.responses["send_email"] = sequence(TransientError("429", retry_after=3), {"id": "m1"})
    harness.engine = engine_with(harness)
    await approve_email(harness)
    assert harness.sleeps == [3]


async def test_persistent_failures_end_in_a_clear_failure_not_running(harness):
    harness.connector.responses["fetch_emails"] = TransientError("503 again", service="mail")
    harness.engine = engine_with(harness)
    replies = await harness.engine.message(thread_key="t", user="alice", text="check my inbox", tz="UTC")
    [failed] = [o for o in replies if isinstance(o, StepOutcome)]
    assert not failed.ok and "not answering right now" in (failed.error or "")
    assert len(harness.connector.called("fetch_emails")) == 3
    assert await states(harness) == []  # the plan finished (failed), nothing is left open or running


async def test_a_hung_server_times_out_and_the_plan_is_not_stuck(harness):
    async def hang(_args):
        await asyncio.sleep(3600)

    harness.connector.responses["fetch_emails"] = hang
    harness.engine = engine_with(harness, timeout=0.05)
    replies = await asyncio.wait_for(
        harness.engine.message(thread_key="t", user="alice", text="check my inbox", tz="UTC"), timeout=10
    )
    [failed] = [o for o in replies if isinstance(o, StepOutcome)]
    assert not failed.ok and "not answering" in (failed.error or "")
    assert await states(harness) == []


async def test_a_hung_write_asks_instead_of_repeating(harness):
    async def hang(_args):
        await asyncio.sleep(3600)

    harness.connector.responses["send_email"] = hang
    harness.engine = engine_with(harness, timeout=0.05)
    replies = await asyncio.wait_for(approve_email(harness), timeout=10)
    assert len(harness.connector.called("send_email")) == 1
    assert "cannot tell whether it went through" in question(replies).text
