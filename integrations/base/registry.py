"""Which connector runs which tool: the integrations a team has connected, and the tools they bring."""

from collections.abc import Iterable

from integrations.base.catalog import ToolCatalog
from integrations.base.connector import Connector
from integrations.base.errors import PermanentError


class ConnectorRegistry:
    """Maps each tool to the connector configured for it; later registrations win for a tool."""

    def __init__(self, catalog: ToolCatalog, connectors: Iterable[Connector] = ()) -> None:
        self._catalog = catalog
        self._by_tool: dict[str, Connector] = {}
        for connector in connectors:
            self.register(connector)

    def register(self, connector: Connector) -> None:
        for tool in connector.tools:
            if tool not in self._catalog:
                raise ValueError(f"connector {connector.name!r} offers {tool!r}, which is not in the catalog")
            self._by_tool[tool] = connector

    def connector_for(self, tool: str) -> Connector:
        connector = self._by_tool.get(tool)
        if connector is None:
            raise PermanentError(f"no connected integration runs {tool!r}", service="registry")
        return connector

    def available_tools(self) -> list[str]:
        """The tools a user can use: only those of integrations they have connected."""
        return [name for name in self._catalog.names() if name in self._by_tool]

    @property
    def catalog(self) -> ToolCatalog:
        return self._catalog
