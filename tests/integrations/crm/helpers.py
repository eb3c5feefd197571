"""What the CRM connector tests share: calling a tool as the executor does, and a runner that never sleeps."""

from typing import Any

from integrations.base import CATALOG, Connector
from integrations.base.registry import ConnectorRegistry
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner


async def run(connector: Connector, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


class NoSleep:
    """Records the delays the runner asks for instead of waiting."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


def runner_for(connector: Connector, sleep: NoSleep) -> ToolRunner:
    policy = RetryPolicy(max_attempts=3, initial_interval=0.25, backoff_factor=2.0, jitter=False)
    return ToolRunner(ConnectorRegistry(CATALOG, [connector]), policy, sleep)
