"""The connector protocol: what every integration (local workspace, Gmail, CalDAV, HubSpot, ...) implements.

A connector runs tools of the catalog. It receives validated arguments (the tool's pydantic model) and
returns the tool's ``data`` payload (contract §3: every tool returns ``{"data": ...}``). Failures are
exceptions of ``integrations.base.errors``.
"""

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel


@runtime_checkable
class Connector(Protocol):
    """Runs the tools named in ``tools``."""

    name: str
    tools: frozenset[str]

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        """Run ``tool`` with its validated ``arguments``; return the result's ``data``."""
        ...


async def close_connector(connector: object) -> None:
    """Release what a connector holds (sessions, sockets) when it has an ``aclose`` or ``close`` method."""
    aclose = getattr(connector, "aclose", None)
    if callable(aclose):
        await aclose()
        return
    close = getattr(connector, "close", None)
    if callable(close):
        result = close()
        if hasattr(result, "__await__"):
            await result
