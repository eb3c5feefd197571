"""The composition root: settings → store, connectors, runner, engine. Nothing else builds these."""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, time

import aiohttp

from bot.connectors import chosen, factory
from bot.settings import Settings
from integrations.base import CATALOG, Connector
from integrations.base.connector import close_connector
from integrations.base.registry import ConnectorRegistry
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, WorkingHours, open_workspace
from planning.engine.conversation import Conversation
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, SqlitePlanStore


@dataclass
class App:
    conversation: Conversation
    store: PlanStore
    workspace: LocalWorkspace
    connectors: list[Connector] = field(default_factory=list)
    http: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        for connector in self.connectors:
            await close_connector(connector)
        if self.http is not None:
            await self.http.close()
        await self.store.close()
        self.workspace.close()


def engine_settings(settings: Settings) -> EngineSettings:
    return EngineSettings(
        approval_ttl_seconds=settings.approval_ttl_minutes * 60,
        session_ttl_seconds=settings.session_ttl_hours * 3600,
        approve_reads=settings.approve_reads,
        approvers=settings.approvers,
    )


async def build_app(settings: Settings, tz: str, clock: Callable[[], datetime] | None = None) -> App:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    store = await SqlitePlanStore.open(settings.plans_path)
    local = LocalWorkspaceSettings(time_zone=tz, working_hours=_working_hours(settings.working_hours))
    workspace = open_workspace(settings.workspace_path, settings=local, clock=clock or _system_clock)
    registry = ConnectorRegistry(CATALOG, [workspace])
    connectors: list[Connector] = []
    http = aiohttp.ClientSession() if chosen(settings) else None
    for kind, service in chosen(settings):
        assert http is not None
        connector = await factory(kind, service)(http)
        registry.register(connector)
        connectors.append(connector)
    runner = ToolRunner(registry)
    conversation = Conversation(store=store, runner=runner, settings=engine_settings(settings), clock=clock)
    return App(conversation=conversation, store=store, workspace=workspace, connectors=connectors, http=http)


def _system_clock() -> datetime:
    return datetime.now(UTC)


def _working_hours(text: str) -> WorkingHours:
    """``"09:00-17:00"`` → working hours, Monday to Friday."""
    start, _, end = text.partition("-")
    return WorkingHours(start=time.fromisoformat(start.strip()), end=time.fromisoformat(end.strip()))
