"""The SQLite file: it persists, it is shared safely by concurrent calls, and its failures are mapped."""

import asyncio
import sqlite3
from pathlib import Path

import pytest

from integrations.base import CATALOG, PermanentError, TransientError
from integrations.base.arguments import FetchEmailsArgs
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, open_workspace
from tests.integrations.contract_suite import run
from tests.integrations.local.conftest import NOW, TickingClock


async def test_everything_written_survives_close_and_reopen(database_path: Path) -> None:
    with open_workspace(database_path, clock=TickingClock(NOW)) as first:
        contact = await run(first, "create_entity", entityType="Contact", fields={"name": "Ana Ruiz"})
        sent = await run(first, "send_email", to=["ana@example.org"], subject="Welcome", body="Hello Ana.")
        event = await run(
            first,
            "create_calendar_event",
            title="Intro with Ana",
            startTime="2026-03-04T11:00:00-05:00",
            durationMinutes=30,
        )
    assert first.closed
    with open_workspace(database_path) as again:
        assert await run(again, "fetch_entity", entityType="Contact", filters={"name": "Ana Ruiz"}) == [contact]
        assert [e["id"] for e in await run(again, "fetch_emails", subject="Welcome")] == [sent["id"]]
        assert await run(again, "fetch_calendar_events", query="Intro") == [event]


def test_the_workspace_is_an_ordinary_sqlite_file(workspace: LocalWorkspace, database_path: Path) -> None:
    with sqlite3.connect(database_path) as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"contacts", "leads", "deals", "accounts", "messages", "events", "event_attendees"} <= tables
        assert {"attachments", "notes", "tasks"} <= tables
        assert raw.execute("PRAGMA user_version").fetchone() == (2,)
        assert raw.execute("SELECT count(*) FROM contacts").fetchone() == (9,)


async def test_concurrent_calls_share_the_connection_safely(empty_workspace: LocalWorkspace) -> None:
    async def create(n: int) -> str:
        record = await run(empty_workspace, "create_entity", entityType="Lead", fields={"name": f"Lead {n}"})
        return str(record["id"])

    reads = [run(empty_workspace, "fetch_entity", entityType="Lead", filters={}) for _ in range(10)]
    results = await asyncio.gather(*(create(n) for n in range(25)), *reads)
    ids = results[:25]
    assert len(set(ids)) == 25
    assert len(await run(empty_workspace, "fetch_entity", entityType="Lead", filters={})) == 25


async def test_a_locked_database_is_a_transient_error(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    settings = LocalWorkspaceSettings(demo_data=False, busy_timeout_seconds=0.05)
    with open_workspace(path, settings=settings) as workspace:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(TransientError, match="database is locked") as caught:
                await run(workspace, "create_entity", entityType="Contact", fields={"name": "Ana"})
            assert caught.value.service == "local" and caught.value.retry_after == 1.0
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert (await run(workspace, "create_entity", entityType="Contact", fields={"name": "Ana"}))["name"] == "Ana"


async def test_a_broken_database_is_a_permanent_error(workspace: LocalWorkspace, database_path: Path) -> None:
    with sqlite3.connect(database_path) as raw:
        raw.execute("DROP TABLE event_attendees")
    with pytest.raises(PermanentError, match="no such table"):
        await run(workspace, "fetch_calendar_events")


def test_a_file_that_is_not_a_database_is_a_permanent_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for" * 100)
    with pytest.raises(PermanentError, match="not a database"):
        open_workspace(path)


def test_a_file_from_a_newer_planbot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(PermanentError, match="schema version 99"):
        open_workspace(path)


async def test_a_closed_workspace_refuses_calls(workspace: LocalWorkspace) -> None:
    workspace.close()
    workspace.close()  # closing twice is harmless
    with pytest.raises(PermanentError, match="closed"):
        await run(workspace, "fetch_emails")


async def test_unknown_tools_and_wrong_arguments_are_permanent_errors(workspace: LocalWorkspace) -> None:
    with pytest.raises(PermanentError, match="no tool 'translate'"):
        await workspace.call("translate", FetchEmailsArgs())
    with pytest.raises(PermanentError, match="needs SendEmailArgs"):
        await workspace.call("send_email", FetchEmailsArgs())
    assert workspace.tools == frozenset(CATALOG.names()) - {"extract"}  # extract is the planner's
