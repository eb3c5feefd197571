"""A connector shared with people who may only read through it (a workspace's CRM, for its members).

Its reads run on the shared connector; anything else (a write, or a tool the core catalog does not call a read)
raises ``PermissionDeniedError`` with ``refusal``, a sentence that says what to do instead. The engine says that
sentence before any approval is asked (``ToolRunner.account_error``); the check here makes sure nothing writes
through it even so.
"""

from typing import Any

from pydantic import BaseModel

from integrations.base.catalog import tool_catalog
from integrations.base.connector import Connector
from integrations.base.errors import PermissionDeniedError

READS = frozenset(spec.name for spec in tool_catalog() if spec.kind == "read")


class ReadOnlyConnector:
    """``inner``'s reads; every other tool refused with ``refusal``. Closing it leaves ``inner`` open (it is
    shared, and closed by whoever built it)."""

    def __init__(self, inner: Connector, *, refusal: str) -> None:
        self.inner = inner
        self.name = inner.name
        self.tools = inner.tools
        self.refusal = refusal

    def refuses(self, tool: str) -> bool:
        return tool not in READS

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if self.refuses(tool):
            raise PermissionDeniedError(self.refusal, service=self.name)
        return await self.inner.call(tool, arguments)
