"""Schema migrations: every history is a numbered chain whose head the code knows, SQLite files made before alembic
are adopted with their data, newer schemas are refused untouched, and a store at its head opens without alembic."""

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from bot.slack import state_migrations
from bot.slack.state import migrate as migrate_slack_state
from planning.store import SqlitePlanStore, StepClaim, UnsupportedSchemaVersion, migrate, migrations
from planning.store.schema import History, sqlite_at_head
from tests.planning.store.conformance import START, THREAD, ManualClock, session
from tests.planning.store.conformance_audit import entry

HISTORIES = [migrations.SQLITE, migrations.POSTGRES, state_migrations.SQLITE, state_migrations.POSTGRES]
ROOT = Path(__file__).resolve().parents[3]

# what planning/store/sqlite.py created before alembic, marked with PRAGMA user_version = 1
LEGACY_SCHEMA = """
CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL, thread_key TEXT NOT NULL, requester TEXT NOT NULL, state TEXT NOT NULL,
    open INTEGER NOT NULL CHECK (open IN (0, 1)), version INTEGER NOT NULL CHECK (version >= 1),
    data TEXT NOT NULL CHECK (json_valid(data)), created_at TEXT NOT NULL, updated_at TEXT NOT NULL, expires_at TEXT);
CREATE UNIQUE INDEX sessions_one_open_per_thread ON sessions (thread_key) WHERE open = 1;
CREATE INDEX sessions_open_oldest_first ON sessions (created_at, id) WHERE open = 1;
CREATE TABLE step_claims (
    session_id TEXT NOT NULL REFERENCES sessions (id), step_id TEXT NOT NULL, args_hash TEXT NOT NULL,
    claimed_at TEXT NOT NULL, outcome TEXT NOT NULL CHECK (outcome IN ('running', 'done', 'failed')),
    result TEXT CHECK (result IS NULL OR json_valid(result)), error TEXT, finished_at TEXT,
    PRIMARY KEY (session_id, step_id)) WITHOUT ROWID;
PRAGMA user_version = 1;
"""
T0 = "2026-03-02T14:00:00.000000+00:00"


def _raw(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        rows = db.execute(sql).fetchall()
    db.close()
    return rows


@pytest.mark.parametrize("history", HISTORIES, ids=lambda h: f"{h.name}:{h.directory.name}")
def test_a_history_is_a_numbered_chain_ending_at_the_head_the_code_knows(history: History) -> None:
    script = ScriptDirectory(str(history.directory))
    chain = [revision.revision for revision in reversed(list(script.walk_revisions()))]
    assert chain == [f"{n:04d}" for n in range(1, history.head + 1)]
    assert script.get_heads() == [f"{history.head:04d}"]


@pytest.fixture
def legacy_file(tmp_path: Path) -> Path:
    path = tmp_path / "plans.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(LEGACY_SCHEMA)
        db.execute(
            "INSERT INTO sessions VALUES ('p1', ?, 'U1', 'running', 1, 3, '{\"steps\": [1]}', ?, ?, NULL)",
            (THREAD, T0, T0),
        )
        db.execute("INSERT INTO step_claims VALUES ('p1', 's1', 'h1', ?, 'running', NULL, NULL, NULL)", (T0,))
    db.close()
    return path


async def test_a_file_from_before_alembic_is_migrated_with_its_data(legacy_file: Path) -> None:
    store = await SqlitePlanStore.open(legacy_file, clock=ManualClock(START))
    try:
        record = await store.get("p1")
        assert record is not None
        assert (record.version, record.state, record.data, record.created_at) == (3, "running", {"steps": [1]}, START)
        assert await store.get_claim("p1", "s1") == StepClaim(
            session_id="p1", step_id="s1", args_hash="h1", claimed_at=START
        )
        assert await store.count_created_since("U1", START) == 1
        await store.append_audit(entry("ran"))
        assert await store.audit(thread_key=THREAD) == [entry("ran")]
        with pytest.raises(Exception, match="already has an open session"):
            await store.create(session("p2"))
    finally:
        await store.close()
    assert _raw(legacy_file, "PRAGMA user_version") == [(migrations.SQLITE.head,)]
    assert _raw(legacy_file, "SELECT version_num FROM plan_store_version") == [(f"{migrations.SQLITE.head:04d}",)]


async def test_a_revision_this_code_does_not_know_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "plans.sqlite3"
    await migrate(path)
    newer = f"{migrations.SQLITE.head + 1:04d}"
    with sqlite3.connect(path) as db:
        db.execute("UPDATE plan_store_version SET version_num = ?", (newer,))
    db.close()
    with pytest.raises(UnsupportedSchemaVersion) as raised:
        await SqlitePlanStore.open(path)
    assert (raised.value.found, raised.value.supported) == (migrations.SQLITE.head + 1, migrations.SQLITE.head)
    assert _raw(path, "SELECT version_num FROM plan_store_version") == [(newer,)]


async def test_concurrent_migrations_of_a_new_file_all_succeed_once(tmp_path: Path) -> None:
    path = tmp_path / "plans.sqlite3"
    assert await asyncio.gather(*(migrate(path) for _ in range(4))) == [migrations.SQLITE.head] * 4
    assert _raw(path, "SELECT count(*) FROM plan_store_version") == [(1,)]
    assert sqlite_at_head(str(path), migrations.SQLITE, user_version=True)
    assert await migrate(path) == migrations.SQLITE.head


def test_a_store_at_its_head_opens_without_loading_alembic(tmp_path: Path) -> None:
    path = tmp_path / "plans.sqlite3"
    program = (
        "import asyncio, sys\n"
        "from planning.store import SqlitePlanStore\n"
        "async def main():\n"
        "    await (await SqlitePlanStore.open(sys.argv[1])).close()\n"
        "asyncio.run(main())\n"
        "print('alembic' in sys.modules, 'sqlalchemy' in sys.modules)\n"
    )

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", program, str(path)], cwd=ROOT, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    assert run() == "True True"  # a new file: migrated
    assert run() == "False False"  # at its head: one read


async def test_two_stores_migrating_at_once_in_one_process_do_not_mix_up(tmp_path: Path) -> None:
    for attempt in range(3):
        plans, slack = tmp_path / f"plans{attempt}.sqlite3", tmp_path / f"slack{attempt}.sqlite3"
        plan_head, slack_head = migrations.SQLITE.head, state_migrations.SQLITE.head
        migrated = await asyncio.gather(migrate(plans), migrate_slack_state(slack), migrate(slack))
        assert list(migrated) == [plan_head, slack_head, plan_head]
        assert _raw(plans, "SELECT version_num FROM plan_store_version") == [(f"{plan_head:04d}",)]
        assert _raw(slack, "SELECT version_num FROM slack_state_version") == [(f"{slack_head:04d}",)]
        assert _raw(slack, "SELECT version_num FROM plan_store_version") == [(f"{plan_head:04d}",)]  # one file
