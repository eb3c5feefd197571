from collections.abc import AsyncIterator
from typing import Any

import pytest

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.replies import AskApproval, AskValue, Reply, Say
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import SqlitePlanStore
from tests.fakes import ManualClock, ScriptedConnector

PRIYA = {"id": "c1", "name": "Priya Shah", "email": "priya.shah@example.com", "company": "Acme"}
JOHNS = [
    {"id": "c2", "name": "John Smith", "email": "john.smith@example.com"},
    {"id": "c3", "name": "John Park", "email": "john.park@globex.com"},
]
THREAD = "terminal:t1"
NY = "America/New_York"


async def _no_sleep(_: float) -> None:
    return None


class Harness:
    def __init__(self, store: Any, connector: ScriptedConnector, clock: ManualClock, settings: EngineSettings):
        self.store, self.connector, self.clock, self.settings = store, connector, clock, settings
        self.engine = self.build()

    def runner(self) -> ToolRunner:
        return ToolRunner(ConnectorRegistry(CATALOG, [self.connector]), RetryPolicy(jitter=False), sleep=_no_sleep)

    def build(self) -> Conversation:
        return Conversation(store=self.store, runner=self.runner(), settings=self.settings, clock=self.clock)

    async def say(self, text: str, user: str = "alice") -> list[Reply]:
        return await self.engine.message(thread_key=THREAD, user=user, text=text, tz=NY)

    async def approve(self, replies: list[Reply], user: str = "alice", decision: str = "approve") -> list[Reply]:
        ask = approval(replies)
        return await self.engine.decide(
            session_id=ask.session_id,
            step_id=ask.step_id,
            decision=decision,  # type: ignore[arg-type]
            user=user,
            args_hash=ask.args_hash,
        )


def approval(replies: list[Reply]) -> AskApproval:
    found = [r for r in replies if isinstance(r, AskApproval)]
    assert found, f"no approval request in {replies}"
    return found[-1]


def question(replies: list[Reply]) -> AskValue:
    found = [r for r in replies if isinstance(r, AskValue)]
    assert found, f"no question in {replies}"
    return found[-1]


def said(replies: list[Reply]) -> str:
    return "\n".join(r.text for r in replies if isinstance(r, Say))


@pytest.fixture
async def harness(tmp_path) -> AsyncIterator[Harness]:
    store = await SqlitePlanStore.open(tmp_path / "plans.sqlite3")
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    yield Harness(store, connector, ManualClock(), EngineSettings())
    await store.close()
