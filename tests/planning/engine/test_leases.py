"""Claim leases, on SQLite and PostgreSQL: a write keeps its claim alive while it runs; once the process running it
stops, another engine (another replica) asks the user about it after the lease, never earlier and never silently
running it again. Two engines share one store, each with its own owner id, as two replicas would."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.replies import AskValue, Reply
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, PostgresPlanStore, SqlitePlanStore
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.conftest import PRIYA, THREAD, approval, question, said

LEASE = 1.0
PATIENCE = 30.0  # how long a step that should start may take, however slow the machine


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[PlanStore]:
    if request.param == "sqlite":
        opened: PlanStore = await SqlitePlanStore.open(tmp_path / "plans.sqlite3")
    else:
        opened = await PostgresPlanStore.open(request.getfixturevalue("postgres_url"))
    yield opened
    await opened.close()


class HangingSend:
    """``send_email`` that starts and then never answers, as in a process that dies while the service works."""

    def __init__(self) -> None:
        self.started = asyncio.Event()

    async def __call__(self, _args: dict[str, Any]) -> Any:
        self.started.set()
        await asyncio.Event().wait()


def engine(store: PlanStore, connector: ScriptedConnector, owner: str, lease: float = LEASE) -> Conversation:
    return Conversation(
        store=store,
        runner=ToolRunner(ConnectorRegistry(CATALOG, [connector])),
        clock=ManualClock(),
        settings=EngineSettings(claim_lease_seconds=lease),
        owner=owner,
    )


async def say(conversation: Conversation, text: str) -> list[Reply]:
    return await conversation.message(thread_key=THREAD, user="alice", text=text)


async def stopped_mid_write(store: PlanStore, connector: ScriptedConnector) -> str:
    """Replica A approves the email and 'dies' inside send_email, after renewing its claim for a while."""
    hanging = connector.responses["send_email"]
    first = engine(store, connector, owner="replica-a")
    ask = approval(await say(first, "email priya saying the deck is ready"))
    running = asyncio.create_task(
        first.decide(
            session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
        )
    )
    await asyncio.wait_for(hanging.started.wait(), PATIENCE)
    await asyncio.sleep(LEASE * 1.5)
    assert await store.stale_claims(idle_seconds=LEASE) == []  # renewed while it ran
    claim = await store.get_claim(ask.session_id, ask.step_id)
    assert claim is not None and claim.owner == "replica-a" and claim.heartbeat_at > claim.claimed_at
    running.cancel()  # the process stops: no outcome, no more renewals
    await asyncio.gather(running, return_exceptions=True)
    return ask.session_id


@pytest.fixture
def connector() -> ScriptedConnector:
    return ScriptedConnector({"fetch_entity": [PRIYA], "send_email": HangingSend()})


async def test_another_replica_asks_about_a_stopped_write_after_the_lease(
    store: PlanStore, connector: ScriptedConnector
) -> None:
    await stopped_mid_write(store, connector)
    second = engine(store, connector, owner="replica-b")
    early = await say(second, "is it done?")
    assert "is running" in said(early) and not [r for r in early if isinstance(r, AskValue)]
    await asyncio.sleep(LEASE)
    asked = question(await say(second, "is it done?"))
    assert "cannot tell whether it went through" in asked.text
    assert asked.options == ["run it again", "it went through", "skip"]
    finished = await say(second, "it went through")
    assert "Finished" in said(finished)
    assert len(connector.called("send_email")) == 1


async def test_the_sweep_asks_without_waiting_for_the_user(store: PlanStore, connector: ScriptedConnector) -> None:
    await stopped_mid_write(store, connector)
    second = engine(store, connector, owner="replica-b")
    assert await second.take_over_stale() == {}
    await asyncio.sleep(LEASE)
    swept = await second.take_over_stale()
    assert "cannot tell whether it went through" in question(swept[THREAD]).text
    assert await second.take_over_stale() == {}  # asked once
    skipped = await say(second, "skip")
    assert "Finished" in said(skipped)
    assert len(connector.called("send_email")) == 1


async def test_cancelling_a_plan_whose_write_was_running_says_it_may_have_happened(
    store: PlanStore, connector: ScriptedConnector
) -> None:
    await stopped_mid_write(store, connector)
    second = engine(store, connector, owner="replica-b")
    cancelled = said(await say(second, "cancel"))
    assert "Cancelled the plan" in cancelled
    assert "“Email priya: Deck is ready” had already started, so it may have happened" in cancelled


async def test_an_approval_whose_claim_has_no_outcome_asks_instead_of_saying_it_ran(store: PlanStore) -> None:
    """A claim recorded without its session (as a crash between the two left it before they moved together)."""
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    conversation = engine(store, connector, owner="replica-b", lease=0)
    ask = approval(await say(conversation, "email priya saying the deck is ready"))
    assert await store.claim_step(ask.session_id, ask.step_id, args_hash=ask.args_hash, owner="replica-a")
    replies = await conversation.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )
    assert "already been run" not in said(replies)
    assert "cannot tell whether it went through" in question(replies).text
    again = approval(await say(conversation, "run it again"))
    done = await conversation.decide(
        session_id=again.session_id, step_id=again.step_id, decision="approve", user="alice", args_hash=again.args_hash
    )
    assert "Finished" in said(done)
    assert len(connector.called("send_email")) == 1


async def test_an_approval_of_a_step_another_replica_is_running_says_so(store: PlanStore) -> None:
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    conversation = engine(store, connector, owner="replica-b")
    ask = approval(await say(conversation, "email priya saying the deck is ready"))
    assert await store.claim_step(ask.session_id, ask.step_id, args_hash=ask.args_hash, owner="replica-a")
    replies = await conversation.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )
    assert "is running" in said(replies)
    assert connector.called("send_email") == []
