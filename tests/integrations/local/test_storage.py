"""The SQLite file: it persists, it is shared safely by concurrent calls, and its failures are mapped."""

import asyncio
import sqlite3
from pathlib import Path

import pytest

from integrations.base import CATALOG, PermanentError, TransientError
from integrations.base.arguments import FetchEmailsArgs
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, open_workspace
from integrations.local.schema import MIGRATIONS
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
        assert raw.execute("PRAGMA user_version").fetchone() == (3,)
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


def _version_1_file(path: Path) -> None:
    """A workspace file as the first schema left it: a contact, an account, an email and an event."""
    with sqlite3.connect(path) as raw:
        for statement in MIGRATIONS[1]:
            raw.execute(statement)
        raw.execute("PRAGMA user_version = 1")
        raw.execute("INSERT INTO contacts (name, email) VALUES ('Ana Ruiz', 'ana@example.org')")
        raw.execute("INSERT INTO accounts (name) VALUES ('Acme')")
        raw.execute(
            "INSERT INTO messages (folder, sender_address, subject, body, sent_at, thread_id)"
            " VALUES ('inbox', 'ana@example.org', 'Old mail', 'Hello.', '2026-02-20T14:00:00.000000Z', 1)"
        )
        raw.execute(
            "INSERT INTO events (title, starts_at, ends_at)"
            " VALUES ('Old event', '2026-03-03T15:00:00.000000Z', '2026-03-03T15:30:00.000000Z')"
        )


async def test_a_version_1_file_is_upgraded_and_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _version_1_file(path)
    with open_workspace(path, clock=TickingClock(NOW)) as workspace:
        assert [c["name"] for c in await run(workspace, "fetch_entity", entityType="Contact", filters={})] == [
            "Ana Ruiz"
        ]
        (old,) = await run(workspace, "fetch_emails", subject="Old mail")
        assert (old["id"], old["attachments"], old["threadId"]) == ("msg-1", [], "thread-1")
        (event,) = await run(workspace, "fetch_calendar_events", query="Old event")
        assert (event["id"], event["organizer"], event["myResponse"]) == ("event-1", "me@example.com", "accepted")
        moved = await run(workspace, "update_calendar_event", eventId="event-1", shiftMinutes=30)
        assert moved["startTime"] == "2026-03-03T10:30:00-05:00"
        # the demo items that came with version 2, on what the file has
        (note,) = await run(workspace, "fetch_entity", entityType="Note", filters={"about": "Acme"})
        assert note["about"] == {"entityType": "Account", "id": "account-1"}
        assert len(await run(workspace, "fetch_emails", hasAttachment=True)) == 2
        assert len(await run(workspace, "fetch_calendar_events", query="team sync")) == 12
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (3,)


async def test_an_upgraded_file_without_demo_data_gets_none(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _version_1_file(path)
    with open_workspace(path, settings=LocalWorkspaceSettings(demo_data=False)) as workspace:
        assert await run(workspace, "fetch_entity", entityType="Task", filters={}) == []
        assert len(await run(workspace, "fetch_emails")) == 1


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
