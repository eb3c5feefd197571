from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from integrations.local import LocalWorkspace, LocalWorkspaceSettings, open_workspace

NEW_YORK = ZoneInfo("America/New_York")
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=NEW_YORK)  # the evaluation clock: Monday 2 March 2026, 09:00


class TickingClock:
    """Starts at ``start`` and moves one second per reading: deterministic, and every sent email is newer."""

    def __init__(self, start: datetime) -> None:
        self._next = start

    def __call__(self) -> datetime:
        moment, self._next = self._next, self._next + timedelta(seconds=1)
        return moment


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "workspace.sqlite3"


@pytest.fixture
def workspace(database_path: Path) -> Iterator[LocalWorkspace]:
    """The demo workspace seeded at NOW (Monday 2 March 2026, 09:00 in New York)."""
    with open_workspace(database_path, clock=TickingClock(NOW)) as opened:
        yield opened


@pytest.fixture
def empty_workspace(database_path: Path) -> Iterator[LocalWorkspace]:
    settings = LocalWorkspaceSettings(demo_data=False)
    with open_workspace(database_path, settings=settings, clock=TickingClock(NOW)) as opened:
        yield opened
