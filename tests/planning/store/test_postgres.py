"""The PostgreSQL plan store: the shared conformance suites, then what only a shared server shows: two stores (two
replicas) on one database, advisory locks seen from another session, the schema and its migrations."""

import asyncio
from collections.abc import AsyncIterator

import psycopg
import pytest

from planning.store import (
    Clock,
    PostgresPlanStore,
    SessionExists,
    StoreError,
    UnsupportedSchemaVersion,
    VersionConflict,
    migrate,
    open_store,
)
from planning.store.postgres import SCHEMA_VERSION
from planning.store.postgres_lock import lock_key
from tests.planning.store.conformance import START, THREAD, ManualClock, PlanStoreConformance, StoreFactory, session
from tests.planning.store.conformance_audit import AuditConformance
from tests.planning.store.conformance_claims import ClaimConformance
from tests.planning.store.conformance_locks import Holder, ThreadLockConformance
from tests.planning.store.conformance_retention import RetentionConformance


class TestPostgresPlanStore(
    PlanStoreConformance, AuditConformance, ClaimConformance, RetentionConformance, ThreadLockConformance
):
    @pytest.fixture
    def store_factory(self, postgres_url: str) -> StoreFactory:
        async def factory(clock: Clock) -> PostgresPlanStore:
            return await PostgresPlanStore.open(postgres_url, clock=clock)

        return factory

    @pytest.fixture
    async def other_store(self, postgres_url: str, clock: ManualClock) -> AsyncIterator[PostgresPlanStore]:
        """Another replica: its own pools, the same database."""
        other = await PostgresPlanStore.open(postgres_url, clock=clock)
        yield other
        await other.close()


@pytest.fixture
async def two_stores(postgres_url: str) -> AsyncIterator[tuple[PostgresPlanStore, PostgresPlanStore]]:
    clock = ManualClock(START)
    first, second = await asyncio.gather(*(PostgresPlanStore.open(postgres_url, clock=clock) for _ in range(2)))
    yield first, second
    await first.close()
    await second.close()


def _query(url: str, sql: str) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as connection:
        cursor = connection.execute(sql.encode())
        return cursor.fetchall() if cursor.description is not None else []


async def test_of_claims_from_two_stores_exactly_one_wins(two_stores: tuple[PostgresPlanStore, ...]) -> None:
    first, second = two_stores
    await first.create(session())
    won = await asyncio.gather(*(store.claim_step("p1", "s1", args_hash="h") for store in two_stores * 10))
    assert won.count(True) == 1
    assert await second.claim_step("p1", "s1", args_hash="h") is False


async def test_of_saves_from_two_stores_exactly_one_wins(two_stores: tuple[PostgresPlanStore, ...]) -> None:
    first, second = two_stores
    created = await first.create(session())
    outcomes = await asyncio.gather(
        *(
            store.save(created.model_copy(update={"state": f"s{i}"}), expected_version=1)
            for i, store in enumerate(two_stores * 4)
        ),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["SessionRecord"] + ["VersionConflict"] * 7
    with pytest.raises(VersionConflict):
        await second.save(created, expected_version=1)


async def test_of_creates_on_one_thread_from_two_stores_one_wins(two_stores: tuple[PostgresPlanStore, ...]) -> None:
    outcomes = await asyncio.gather(
        *(store.create(session(f"p{i}")) for i, store in enumerate(two_stores * 3)), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["SessionExists"] * 5 + ["SessionRecord"]
    assert all(isinstance(o, SessionExists) for o in outcomes if isinstance(o, Exception))


async def test_a_thread_lock_is_the_advisory_lock_other_sessions_see(postgres_url: str) -> None:
    store = await PostgresPlanStore.open(postgres_url)
    try:
        async with store.thread_lock(THREAD):
            [(taken,)] = _query(postgres_url, f"SELECT pg_try_advisory_lock({lock_key(THREAD)})")
            assert taken is False
        [(taken,)] = _query(postgres_url, f"SELECT pg_try_advisory_lock({lock_key(THREAD)})")
        assert taken is True
    finally:
        await store.close()


async def test_a_lock_held_by_a_session_that_dies_is_released(postgres_url: str) -> None:
    store = await PostgresPlanStore.open(postgres_url)
    other = await psycopg.AsyncConnection.connect(postgres_url, autocommit=True)  # another replica's session
    try:
        await other.execute("SELECT pg_advisory_lock(%s)", (lock_key(THREAD),))
        waiter = Holder(store.thread_lock(THREAD))
        assert await waiter.stays_out()
        await other.close()  # the other replica dies: the server ends its session
        await waiter.wait_entered()
        await waiter.done()
    finally:
        await other.close()
        await store.close()


async def test_a_cancelled_waiter_leaves_no_lock_on_the_server(postgres_url: str) -> None:
    store = await PostgresPlanStore.open(postgres_url)
    other = await psycopg.AsyncConnection.connect(postgres_url, autocommit=True)
    try:
        await other.execute("SELECT pg_advisory_lock(%s)", (lock_key(THREAD),))
        waiter = Holder(store.thread_lock(THREAD))
        assert await waiter.stays_out()
        waiter.task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter.task
        await other.execute("SELECT pg_advisory_unlock(%s)", (lock_key(THREAD),))
        await asyncio.sleep(0.1)  # had the waiter's session survived, the server would grant it the lock now
        assert _query(postgres_url, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == [(0,)]
    finally:
        await other.close()
        await store.close()


async def test_documents_are_jsonb_and_times_timestamptz(postgres_url: str) -> None:
    store = await PostgresPlanStore.open(postgres_url, clock=ManualClock(START))
    await store.create(session(data={"name": "Zoë"}))
    await store.close()
    assert _query(postgres_url, "SELECT data->>'name', pg_typeof(data)::text, created_at FROM sessions") == [
        ("Zoë", "jsonb", START)
    ]
    assert _query(postgres_url, "SELECT version_num FROM plan_store_version") == [(f"{SCHEMA_VERSION:04d}",)]


async def test_a_value_postgresql_cannot_keep_is_refused_and_nothing_is_written(postgres_url: str) -> None:
    store = await PostgresPlanStore.open(postgres_url)
    try:
        with pytest.raises(ValueError, match="PostgreSQL cannot store"):
            await store.create(session(data={"text": "nul \x00 inside"}))
        assert await store.get("p1") is None
    finally:
        await store.close()


async def test_replicas_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(PostgresPlanStore.open(postgres_url) for _ in range(4)))
    for store in stores:
        await store.close()
    assert _query(postgres_url, "SELECT version_num FROM plan_store_version") == [(f"{SCHEMA_VERSION:04d}",)]


async def test_a_newer_schema_is_refused_and_left_alone(postgres_url: str) -> None:
    assert await migrate(postgres_url) == SCHEMA_VERSION
    _query(postgres_url, f"UPDATE plan_store_version SET version_num = '{SCHEMA_VERSION + 1:04d}'")
    with pytest.raises(UnsupportedSchemaVersion) as raised:
        await PostgresPlanStore.open(postgres_url)
    assert (raised.value.found, raised.value.supported) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)
    assert "upgrade planbot" in str(raised.value)
    assert _query(postgres_url, "SELECT version_num FROM plan_store_version") == [(f"{SCHEMA_VERSION + 1:04d}",)]


async def test_open_store_picks_postgresql_for_its_url(postgres_url: str) -> None:
    store = await open_store(postgres_url)
    try:
        assert isinstance(store, PostgresPlanStore)
    finally:
        await store.close()


async def test_an_unreachable_server_raises_store_error_without_the_password() -> None:
    with pytest.raises(StoreError) as raised:
        await PostgresPlanStore.open("postgresql://planbot:s3cret@127.0.0.1:1/plans?connect_timeout=2")
    assert "s3cret" not in str(raised.value)


def test_without_postgresql_tests_skip_but_fail_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.postgres import _unavailable

    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        _unavailable("no PostgreSQL here")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required when CI=true"):
        _unavailable("no PostgreSQL here")
