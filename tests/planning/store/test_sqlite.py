import asyncio
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from planning.store import (
    Clock,
    SessionExists,
    SqlitePlanStore,
    StepClaim,
    StoreError,
    UnsupportedSchemaVersion,
    VersionConflict,
)
from planning.store.sqlite import SCHEMA_VERSION
from tests.planning.store.conformance import START, THREAD, ManualClock, PlanStoreConformance, StoreFactory, session
from tests.planning.store.conformance_audit import AuditConformance
from tests.planning.store.conformance_claims import ClaimConformance
from tests.planning.store.conformance_locks import ThreadLockConformance
from tests.planning.store.conformance_retention import RetentionConformance


class TestSqlitePlanStore(
    PlanStoreConformance, AuditConformance, ClaimConformance, RetentionConformance, ThreadLockConformance
):
    @pytest.fixture
    def store_factory(self, tmp_path: Path) -> StoreFactory:
        async def factory(clock: Clock) -> SqlitePlanStore:
            return await SqlitePlanStore.open(tmp_path / "plans.db", clock=clock)

        return factory

    @pytest.fixture
    async def other_store(self, tmp_path: Path, clock: ManualClock) -> AsyncIterator[SqlitePlanStore]:
        """A second store on the same file: within one process, its thread locks are shared."""
        other = await SqlitePlanStore.open(tmp_path / "plans.db", clock=clock)
        yield other
        await other.close()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "plans.db"


@pytest.fixture
async def two_stores(path: Path) -> AsyncIterator[tuple[SqlitePlanStore, SqlitePlanStore]]:
    """Two stores on one file, each with its own connection: two processes, as far as SQLite can tell."""
    clock = ManualClock(START)
    first = await SqlitePlanStore.open(path, clock=clock)
    second = await SqlitePlanStore.open(path, clock=clock)
    yield first, second
    await first.close()
    await second.close()


def _raw(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


async def test_sessions_and_claims_survive_closing_and_reopening(path: Path) -> None:
    store = await SqlitePlanStore.open(path, clock=ManualClock(START))
    created = await store.create(session())
    saved = await store.save(created.model_copy(update={"state": "running"}), expected_version=1)
    await store.claim_step("p1", "s1", args_hash="h1")
    await store.claim_step("p1", "s2", args_hash="h2")
    await store.finish_step("p1", "s2", outcome="done", result={"ok": True})
    await store.close()

    reopened = await SqlitePlanStore.open(path)
    try:
        assert await reopened.get("p1") == saved
        assert await reopened.list_open() == [saved]
        assert await reopened.get_claim("p1", "s1") == StepClaim(
            session_id="p1", step_id="s1", args_hash="h1", claimed_at=START
        )
        assert await reopened.claim_step("p1", "s2", args_hash="h2") is False
        with pytest.raises(VersionConflict):
            await reopened.save(created, expected_version=1)
    finally:
        await reopened.close()


async def test_a_claim_by_one_store_makes_the_others_false(two_stores: tuple[SqlitePlanStore, SqlitePlanStore]) -> None:
    first, second = two_stores
    await first.create(session())
    assert await first.claim_step("p1", "s1", args_hash="h1") is True
    assert await second.claim_step("p1", "s1", args_hash="h1") is False
    won = await asyncio.gather(*(store.claim_step("p1", "s2", args_hash="h") for store in two_stores * 5))
    assert won.count(True) == 1


async def test_a_save_by_one_store_makes_the_others_stale(two_stores: tuple[SqlitePlanStore, SqlitePlanStore]) -> None:
    first, second = two_stores
    created = await first.create(session())
    seen_by_second = await second.get("p1")
    assert seen_by_second == created
    saved = await first.save(created.model_copy(update={"state": "first"}), expected_version=1)
    with pytest.raises(VersionConflict) as raised:
        await second.save(seen_by_second.model_copy(update={"state": "second"}), expected_version=1)
    assert (raised.value.expected, raised.value.actual) == (1, 2)
    assert await second.get("p1") == saved


async def test_one_open_session_per_thread_across_stores(two_stores: tuple[SqlitePlanStore, SqlitePlanStore]) -> None:
    first, second = two_stores
    await first.create(session("p1"))
    with pytest.raises(SessionExists):
        await second.create(session("p2"))


async def test_concurrent_saves_from_two_stores_have_one_winner(
    two_stores: tuple[SqlitePlanStore, SqlitePlanStore],
) -> None:
    first, second = two_stores
    created = await first.create(session())
    outcomes = await asyncio.gather(
        first.save(created.model_copy(update={"state": "a"}), expected_version=1),
        second.save(created.model_copy(update={"state": "b"}), expected_version=1),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["SessionRecord", "VersionConflict"]


_CLAIM_IN_A_PROCESS = """
import asyncio, sys
from planning.store import SqlitePlanStore

async def main() -> None:
    store = await SqlitePlanStore.open(sys.argv[1])
    try:
        print(await store.claim_step("p1", "s1", args_hash="h"))
    finally:
        await store.close()

asyncio.run(main())
"""


async def test_of_several_processes_claiming_a_step_exactly_one_wins(path: Path) -> None:
    store = await SqlitePlanStore.open(path)
    await store.create(session())
    await store.close()
    root = str(Path(__file__).resolve().parents[3])
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", _CLAIM_IN_A_PROCESS, str(path), cwd=root, stdout=asyncio.subprocess.PIPE
        )
        for _ in range(4)
    ]
    outputs = await asyncio.gather(*(p.communicate() for p in processes))
    assert [p.returncode for p in processes] == [0, 0, 0, 0]
    assert sorted(out.decode().strip() for out, _ in outputs) == ["False", "False", "False", "True"]


async def test_the_file_records_schema_version_wal_utc_text_and_json(path: Path) -> None:
    store = await SqlitePlanStore.open(path, clock=ManualClock(START))
    await store.create(session(data={"name": "Zoë"}))
    await store.claim_step("p1", "s1", args_hash="h1")
    await store.close()
    assert _raw(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert _raw(path, "SELECT version_num FROM plan_store_version") == [(f"{SCHEMA_VERSION:04d}",)]
    assert _raw(path, "PRAGMA journal_mode") == [("wal",)]
    assert _raw(path, "SELECT thread_key, open, version, json_extract(data, '$.name'), created_at FROM sessions") == [
        (THREAD, 1, 1, "Zoë", "2026-03-02T14:00:00.000000+00:00")
    ]
    assert _raw(path, "SELECT outcome, claimed_at, result FROM step_claims") == [
        ("running", "2026-03-02T14:00:00.000000+00:00", None)
    ]


async def test_a_newer_schema_version_is_refused_and_left_alone(path: Path) -> None:
    await (await SqlitePlanStore.open(path)).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(UnsupportedSchemaVersion) as raised:
        await SqlitePlanStore.open(path)
    assert (raised.value.found, raised.value.supported) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)
    assert "upgrade planbot" in str(raised.value)
    assert _raw(path, "PRAGMA user_version") == [(SCHEMA_VERSION + 1,)]


async def test_an_unopenable_path_raises_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot open plan store"):
        await SqlitePlanStore.open(tmp_path / "missing-directory" / "plans.db")
