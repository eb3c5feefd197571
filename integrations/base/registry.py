"""Which connector runs which tool: the integrations a team has connected, and the tools they bring.

Tools of a *personal* kind (email, calendar, a per-user CRM) run on the requester's own account: the registry
asks that kind's ``AccountConnectors`` for the principal's connector and never falls back to another connector;
without a principal, or when the person has not connected that kind, it raises ``AccountNotConnectedError``.
"""

from collections.abc import Iterable
from typing import Protocol

from integrations.base.catalog import ToolCatalog
from integrations.base.connector import Connector
from integrations.base.errors import AccountNotConnectedError, PermanentError
from integrations.base.principal import Principal


class AccountConnectors(Protocol):
    """Builds (or reuses) the connector of one person's account of one kind."""

    async def connector(self, kind: str, principal: Principal) -> Connector | None:
        """The connector of ``principal``'s account of ``kind``, or None when they have not connected one."""
        ...


class ConnectorRegistry:
    """Maps each tool to the connector configured for it; later registrations win for a tool."""

    def __init__(self, catalog: ToolCatalog, connectors: Iterable[Connector] = ()) -> None:
        self._catalog = catalog
        self._by_tool: dict[str, Connector] = {}
        self._personal: dict[str, tuple[str, AccountConnectors]] = {}  # tool → (kind, accounts)
        for connector in connectors:
            self.register(connector)

    def register(self, connector: Connector) -> None:
        for tool in self._checked(connector.name, connector.tools):
            self._by_tool[tool] = connector
            self._personal.pop(tool, None)

    def register_personal(self, kind: str, tools: Iterable[str], accounts: AccountConnectors) -> None:
        """``tools`` run on each requester's own account of ``kind``, as ``accounts`` resolves it."""
        for tool in self._checked(kind, tools):
            self._personal[tool] = (kind, accounts)
            self._by_tool.pop(tool, None)

    def _checked(self, name: str, tools: Iterable[str]) -> list[str]:
        listed = list(tools)
        for tool in listed:
            if tool not in self._catalog:
                raise ValueError(f"connector {name!r} offers {tool!r}, which is not in the catalog")
        return listed

    def connector_for(self, tool: str) -> Connector:
        """The shared connector of ``tool`` (one that is the same for everybody)."""
        connector = self._by_tool.get(tool)
        if connector is None:
            raise PermanentError(f"no connected integration runs {tool!r}", service="registry")
        return connector

    async def resolve(self, tool: str, principal: Principal | None) -> Connector:
        """The connector that runs ``tool`` for ``principal``: their own account for a personal kind."""
        personal = self._personal.get(tool)
        if personal is None:
            return self.connector_for(tool)
        kind, accounts = personal
        connector = await accounts.connector(kind, principal) if principal is not None else None
        if connector is None:
            raise AccountNotConnectedError(kind, service=kind)
        return connector

    def kind_of(self, tool: str) -> str | None:
        """The personal kind ``tool`` belongs to, if it runs on each person's own account."""
        personal = self._personal.get(tool)
        return personal[0] if personal else None

    def available_tools(self) -> list[str]:
        """The tools a user can use: only those of integrations they have connected."""
        return [name for name in self._catalog.names() if name in self._by_tool or name in self._personal]

    @property
    def catalog(self) -> ToolCatalog:
        return self._catalog
