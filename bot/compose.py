"""The composition root: settings → store, connectors, runner, engine. Nothing else builds these."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from bot.settings import Settings
from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from integrations.local import LocalWorkspace, open_workspace
from planning.engine.conversation import Conversation
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, SqlitePlanStore


@dataclass
class App:
    conversation: Conversation
    store: PlanStore
    workspace: LocalWorkspace

    async def close(self) -> None:
        await self.store.close()
        await self.workspace.close()


def engine_settings(settings: Settings) -> EngineSettings:
    return EngineSettings(
        approval_ttl_seconds=settings.approval_ttl_minutes * 60,
        session_ttl_seconds=settings.session_ttl_hours * 3600,
        approve_reads=settings.approve_reads,
        approvers=settings.approvers,
    )


async def build_app(settings: Settings, clock: Callable[[], datetime] | None = None) -> App:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    store = await SqlitePlanStore.open(settings.plans_path)
    workspace = await open_workspace(settings.workspace_path, now=clock() if clock else None)
    runner = ToolRunner(ConnectorRegistry(CATALOG, [workspace]))
    conversation = Conversation(store=store, runner=runner, settings=engine_settings(settings), clock=clock)
    return App(conversation=conversation, store=store, workspace=workspace)
