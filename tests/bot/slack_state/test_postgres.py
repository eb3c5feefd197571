"""The Slack state on PostgreSQL: the shared suite (each ``state_factory`` call is another replica with its own
pools), then the schema: the index behind ``where_thread``, sharing a database with the plan store, migrations."""

import asyncio
from typing import Any

import psycopg
import pytest

from bot.slack.state import SlackState, migrate
from bot.slack.state_postgres import HISTORY, PostgresSlackState
from planning.store import PostgresPlanStore, UnsupportedSchemaVersion
from tests.bot.slack_state.conformance import SlackStateConformance, StateFactory
from tests.fakes import ManualClock


class TestPostgresSlackState(SlackStateConformance):
    @pytest.fixture
    def state_factory(self, postgres_url: str) -> StateFactory:
        async def factory(clock: ManualClock, **options: Any) -> SlackState:
            return await SlackState.open(postgres_url, clock=clock, **options)

        return factory

    async def test_open_picks_postgresql_for_its_url(self, state: SlackState) -> None:
        assert isinstance(state, PostgresSlackState)


def _query(url: str, sql: str) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as connection:
        cursor = connection.execute(sql.encode())
        return cursor.fetchall() if cursor.description is not None else []


async def test_where_thread_is_an_index_lookup(postgres_url: str) -> None:
    await migrate(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute("SET enable_seqscan = off")  # a tiny table: make the planner show what it could use
        plan = connection.execute(
            "EXPLAIN SELECT * FROM plan_messages WHERE thread_key = 'k' ORDER BY seq DESC LIMIT 1"
        ).fetchall()
    text = "\n".join(str(row[0]) for row in plan)
    assert "Index Scan Backward using plan_messages_by_thread" in text, text
    assert "Sort" not in text, text


async def test_it_shares_a_database_with_the_plan_store(postgres_url: str) -> None:
    store = await PostgresPlanStore.open(postgres_url)
    state = await SlackState.open(postgres_url)
    try:
        assert await state.first_sighting("T1", "Ev1") is True
        assert await store.list_open() == []
    finally:
        await state.close()
        await store.close()
    assert _query(postgres_url, "SELECT version_num FROM slack_state_version") == [(f"{HISTORY.head:04d}",)]
    assert _query(postgres_url, "SELECT count(*) FROM plan_store_version") == [(1,)]


async def test_replicas_starting_together_migrate_once(postgres_url: str) -> None:
    states = await asyncio.gather(*(SlackState.open(postgres_url) for _ in range(4)))
    for state in states:
        await state.close()
    assert _query(postgres_url, "SELECT version_num FROM slack_state_version") == [(f"{HISTORY.head:04d}",)]


async def test_a_newer_schema_is_refused_and_left_alone(postgres_url: str) -> None:
    assert await migrate(postgres_url) == HISTORY.head
    newer = f"{HISTORY.head + 1:04d}"
    _query(postgres_url, f"UPDATE slack_state_version SET version_num = '{newer}'")
    with pytest.raises(UnsupportedSchemaVersion, match=r"Slack state .* upgrade planbot"):
        await SlackState.open(postgres_url)
    assert _query(postgres_url, "SELECT version_num FROM slack_state_version") == [(newer,)]


async def test_a_processed_request_keeps_its_receipt_but_not_its_payload(postgres_url: str) -> None:
    state = await SlackState.open(postgres_url)
    try:
        await state.first_sighting("T1", "Ev1", payload='{"text": "email Priya"}', owner="p1")
        assert _query(postgres_url, "SELECT payload FROM seen_events") == [('{"text": "email Priya"}',)]
        await state.mark_processed("T1", "Ev1")
        assert await state.first_sighting("T1", "Ev1", payload="{}") is False
    finally:
        await state.close()
    assert _query(postgres_url, "SELECT payload FROM seen_events") == [(None,)]
