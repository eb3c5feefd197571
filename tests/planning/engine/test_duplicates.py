"""Creating what already exists: the card shows the existing record and offers "Create another" (approve) or "Use the
existing one", which stands as the step's result for the steps after it. On the local workspace (a real connector)."""

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from integrations.base import CATALOG
from integrations.base.arguments import FetchEntityArgs
from integrations.base.registry import ConnectorRegistry
from integrations.local import open_workspace
from integrations.local.workspace import LocalWorkspace
from planning.engine.conversation import Conversation
from planning.engine.replies import Reply
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.pipeline import RequestPlanner, Understood
from planning.store import SqlitePlanStore
from planning.types import Plan, Step
from tests.fakes import ManualClock
from tests.planning.engine.conftest import approval

ACCOUNT_AND_NOTE = Plan(
    steps=(
        Step(
            id="create_account",
            intent="Create the account Acme",
            tool="create_entity",
            arguments={"input": {"entityType": "Account", "fields": {"name": "Acme"}}},
        ),
        Step(
            id="create_note",
            intent="Add a note on it",
            tool="create_entity",
            arguments={
                "input": {
                    "entityType": "Note",
                    "fields": {
                        "body": "Renewal talks start in April",
                        "about": {"entityType": "Account", "id": "{{create_account.result.data.id}}"},
                    },
                }
            },
            depends_on=("create_account",),
        ),
    )
)


class FixedPlan:
    name = "fixed"

    async def refine(self, text: str, understood: Understood, now: datetime) -> Understood:
        return replace(understood, plan=ACCOUNT_AND_NOTE, planner=self.name)


async def _no_sleep(_: float) -> None:
    return None


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[tuple[Conversation, LocalWorkspace]]:
    clock = ManualClock()
    store = await SqlitePlanStore.open(tmp_path / "plans.sqlite3")
    workspace = open_workspace(tmp_path / "workspace.sqlite3", clock=clock)
    runner = ToolRunner(ConnectorRegistry(CATALOG, [workspace]), RetryPolicy(jitter=False), sleep=_no_sleep)
    planner = RequestPlanner(refiner=FixedPlan())
    try:
        yield (
            Conversation(store=store, runner=runner, planner=planner, settings=EngineSettings(), clock=clock),
            workspace,
        )
    finally:
        workspace.close()
        await store.close()


async def accounts(workspace: LocalWorkspace, name: str) -> list[dict[str, Any]]:
    found = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": name}))
    return [a for a in found if a["name"] == name]


async def say(engine: Conversation, text: str) -> list[Reply]:
    return await engine.message(thread_key="terminal:t1", user="alice", text=text, tz="America/New_York")


async def test_using_the_existing_account_feeds_the_note_about_it(engine: tuple[Conversation, LocalWorkspace]):
    conversation, workspace = engine
    [acme] = await accounts(workspace, "Acme")
    card = approval(await say(conversation, "create an account for Acme and add a note on it"))
    assert card.checks is not None and card.checks.notices[0].title == "Account “Acme” already exists"
    assert card.checks.approve_label == "Create another"
    assert [c.label for c in card.checks.choices] == ["Use the existing one"]

    replies = await say(conversation, "use the existing one")
    note = approval(replies)
    assert note.step_id == "create_note" and note.arguments["fields"]["about"] == {
        "entityType": "Account",
        "id": acme["id"],
    }
    await conversation.decide(
        session_id=note.session_id, step_id=note.step_id, decision="approve", user="alice", args_hash=note.args_hash
    )
    assert await accounts(workspace, "Acme") == [acme]  # no second Acme
    notes = await workspace.call(
        "fetch_entity",
        FetchEntityArgs(entityType="Note", filters={"about": {"entityType": "Account", "id": acme["id"]}}),
    )
    assert "Renewal talks start in April" in [n["body"] for n in notes]


async def test_create_another_makes_a_second_one(engine: tuple[Conversation, LocalWorkspace]):
    conversation, workspace = engine
    await say(conversation, "create an account for Acme and add a note on it")
    await say(conversation, "create another")
    assert len(await accounts(workspace, "Acme")) == 2
