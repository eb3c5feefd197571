"""The installation and OAuth state stores on each backend of the Slack state: SQLite and PostgreSQL."""

from pathlib import Path

import pytest

from tests.bot.slack_state.install_conformance import InstallStoreConformance


class TestSqliteInstallStore(InstallStoreConformance):
    @pytest.fixture
    def location(self, tmp_path: Path) -> str:
        return str(tmp_path / "slack.sqlite3")


class TestPostgresInstallStore(InstallStoreConformance):
    @pytest.fixture
    def location(self, postgres_url: str) -> str:
        return postgres_url
