"""What the contract tests share: calling a tool as the executor does, reading instants."""

import uuid
from datetime import datetime
from typing import Any

import pytest

from integrations.base import CATALOG, Connector, PermanentError


async def run(connector: Connector, tool: str, **arguments: Any) -> Any:
    """Validate ``arguments`` with the tool's model (as the executor does), then call the connector."""
    if tool not in connector.tools:
        pytest.skip(f"{connector.name} does not offer {tool}")
    spec = CATALOG.get(tool)
    assert spec is not None, tool
    return await connector.call(tool, spec.args_model.model_validate(arguments))


async def refused(connector: Connector, tool: str, **arguments: Any) -> None:
    """A tool the connector does not list is refused with PermanentError, never run."""
    assert tool not in connector.tools, tool
    spec = CATALOG.get(tool)
    assert spec is not None, tool
    with pytest.raises(PermanentError):
        await connector.call(tool, spec.args_model.model_validate(arguments))


def instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    assert moment.utcoffset() is not None, f"{text} has no offset"
    return moment


def slots_of(data: list[dict[str, str]]) -> list[tuple[datetime, datetime]]:
    return [(instant(slot["start"]), instant(slot["end"])) for slot in data]


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


class ContractBase:
    """Gives every test a fresh ``token`` to tag what it creates, so other data cannot disturb it."""

    @pytest.fixture
    def token(self) -> str:
        return f"zq{uuid.uuid4().hex[:10]}"
