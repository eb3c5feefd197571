"""The local workspace passes the connector contract suite, empty and with demo data around it."""

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from integrations.base import Connector
from integrations.local import LocalWorkspaceSettings, open_workspace
from tests.integrations.contract_suite import ConnectorContract
from tests.integrations.local.conftest import NEW_YORK, TickingClock

# Demo data seeded in October 2025 keeps March 2026 free for the suite's calendar tests.
SEEDED_LONG_BEFORE = datetime(2025, 10, 6, 9, 0, tzinfo=NEW_YORK)


@pytest.fixture(params=["empty", "with demo data"])
def connector(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Connector]:
    settings = LocalWorkspaceSettings(demo_data=request.param != "empty")
    with open_workspace(
        tmp_path / "workspace.sqlite3", settings=settings, clock=TickingClock(SEEDED_LONG_BEFORE)
    ) as ws:
        yield ws


class TestLocalWorkspaceContract(ConnectorContract):
    pass


def test_the_local_workspace_is_a_connector_of_every_catalog_tool_but_extract(tmp_path: Path) -> None:
    from integrations.base import CATALOG

    with open_workspace(tmp_path / "w.sqlite3") as workspace:
        assert isinstance(workspace, Connector)
        assert workspace.name == "local"
        assert workspace.tools == frozenset(CATALOG.names()) - {"extract"}  # extract is the planner's
        assert len(workspace.tools) == 18
