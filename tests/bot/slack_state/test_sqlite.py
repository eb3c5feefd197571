"""The Slack state on SQLite: the shared suite, then files made before migrations and the index behind
``where_thread``."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.slack.state import SlackState, legacy_dm_key, migrate
from bot.slack.state_sqlite import HISTORY, SqliteSlackState
from planning.store import UnsupportedSchemaVersion
from tests.bot.slack_state.conformance import CHANNEL, DM, SlackStateConformance, StateFactory
from tests.fakes import ManualClock

# what bot/slack/state.py created before migrations (no version table; CREATE ... IF NOT EXISTS on every open)
LEGACY_SCHEMA = """
CREATE TABLE IF NOT EXISTS seen_events (
    team_id TEXT NOT NULL, event_id TEXT NOT NULL, seen_at TEXT NOT NULL, PRIMARY KEY (team_id, event_id));
CREATE TABLE IF NOT EXISTS plan_messages (
    session_id TEXT PRIMARY KEY, team_id TEXT NOT NULL, channel TEXT NOT NULL, thread_ts TEXT NOT NULL,
    message_ts TEXT, requester TEXT NOT NULL, is_dm INTEGER NOT NULL, decided TEXT NOT NULL DEFAULT '[]');
CREATE TABLE IF NOT EXISTS recent_results (
    user_id TEXT NOT NULL, at TEXT NOT NULL, title TEXT NOT NULL, line TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS recent_by_user ON recent_results (user_id, at);
"""


class TestSqliteSlackState(SlackStateConformance):
    @pytest.fixture
    def state_factory(self, tmp_path: Path) -> StateFactory:
        async def factory(clock: ManualClock, **options: Any) -> SlackState:
            return await SlackState.open(tmp_path / "slack.sqlite3", clock=clock, **options)

        return factory

    async def test_open_picks_sqlite_for_a_path(self, state: SlackState) -> None:
        assert isinstance(state, SqliteSlackState)


def _raw(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        rows = db.execute(sql).fetchall()
    db.close()
    return rows


async def test_a_file_from_before_migrations_is_adopted_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "slack.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(LEGACY_SCHEMA)
        db.execute("INSERT INTO seen_events VALUES ('T1', 'Ev1', '2026-03-02T14:00:00+00:00')")
        for session_id, where in (("p1", CHANNEL), ("p2", DM)):
            db.execute(
                "INSERT INTO plan_messages VALUES (?, ?, ?, ?, ?, ?, ?, '[\"Approved by <@U1>: x\"]')",
                (session_id, where.team_id, where.channel, where.thread_ts, None, where.requester, int(where.is_dm)),
            )
        db.execute("INSERT INTO recent_results VALUES ('U1', '2026-03-02T14:00:00+00:00', 'send/email', 'sent')")
    db.close()
    state = await SlackState.open(path, clock=ManualClock())
    try:
        assert await state.where_thread(CHANNEL.thread_key) == CHANNEL
        assert await state.where_thread(legacy_dm_key(DM.team_id, DM.channel)) == DM  # keyed as DMs were then
        assert await state.decide("p1", "Skipped by <@U2>: y") == ["Approved by <@U1>: x", "Skipped by <@U2>: y"]
        assert await state.first_sighting("T1", "Ev1") is False
        assert await state.recent("U1") == [("send/email", "sent")]
    finally:
        await state.close()
    assert _raw(path, "SELECT version_num FROM slack_state_version") == [(f"{HISTORY.head:04d}",)]


async def test_where_thread_is_an_index_lookup(tmp_path: Path) -> None:
    path = tmp_path / "slack.sqlite3"
    await migrate(path)
    plan = _raw(
        path, "EXPLAIN QUERY PLAN SELECT * FROM plan_messages WHERE thread_key = 'k' ORDER BY rowid DESC LIMIT 1"
    )
    assert any("USING INDEX plan_messages_by_thread" in str(row[-1]) for row in plan), plan
    assert not any("TEMP B-TREE" in str(row[-1]) for row in plan), plan  # no sort: the index gives rowid order


async def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "slack.sqlite3"
    assert await migrate(path) == HISTORY.head
    newer = f"{HISTORY.head + 1:04d}"
    with sqlite3.connect(path) as db:
        db.execute("UPDATE slack_state_version SET version_num = ?", (newer,))
    db.close()
    with pytest.raises(UnsupportedSchemaVersion, match=r"Slack state .* upgrade planbot") as raised:
        await SlackState.open(path)
    assert (raised.value.found, raised.value.supported) == (HISTORY.head + 1, HISTORY.head)
    assert _raw(path, "SELECT version_num FROM slack_state_version") == [(newer,)]


async def test_a_processed_request_keeps_its_receipt_but_not_its_payload(tmp_path: Path) -> None:
    path = tmp_path / "slack.sqlite3"
    state = await SlackState.open(path, clock=ManualClock())
    try:
        await state.first_sighting("T1", "Ev1", payload='{"text": "email Priya"}', owner="p1")
        assert _raw(path, "SELECT payload FROM seen_events") == [('{"text": "email Priya"}',)]
        await state.mark_processed("T1", "Ev1")
        assert await state.first_sighting("T1", "Ev1", payload="{}") is False
    finally:
        await state.close()
    assert _raw(path, "SELECT payload FROM seen_events") == [(None,)]
