"""What planbot keeps, as started: on start, audit entries older than PLANBOT_AUDIT_RETENTION_DAYS, closed plans and
Slack state older than PLANBOT_RETENTION_DAYS go (newer ones and open plans stay), on SQLite and PostgreSQL; with
PLANBOT_AUDIT_REDACT the Slack state the service opens keeps no result lines."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.compose import build_app
from bot.serve import SlackService, build_service
from bot.settings import Settings
from bot.slack.state import REDACTED_LINE, SlackState, Where
from planning.store import AuditEntry, PlanStore, SessionRecord, SqlitePlanStore
from planning.store.opening import open_store
from tests.fakes import ManualClock
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import BOT_TOKEN, DEMO_USERS
from tests.slack.kit.signing import SIGNING_SECRET

NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
OLD, RECENT = NOW - timedelta(days=31), NOW - timedelta(days=29)


def entry(at: datetime) -> AuditEntry:
    return AuditEntry(
        at=at,
        session_id="p1",
        thread_key="t",
        actor="U1",
        requester="U1",
        action="asked",
        step_id=None,
        tool=None,
        detail={},
    )


async def test_old_audit_entries_are_pruned_on_start(tmp_path: Path):
    settings = Settings(data_dir=tmp_path, audit_retention_days=30)
    store = await SqlitePlanStore.open(settings.plans_path)
    await store.append_audit(entry(NOW - timedelta(days=31)))
    await store.append_audit(entry(NOW - timedelta(days=29)))
    await store.close()
    app = await build_app(settings, "UTC", lambda: NOW)
    try:
        assert [e.at for e in await app.store.audit()] == [NOW - timedelta(days=29)]
    finally:
        await app.close()


@dataclass
class Backend:
    settings: Settings
    location: str


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    options: dict[str, Any] = {"data_dir": tmp_path, "retention_days": 30}
    if request.param == "postgres":
        url = request.getfixturevalue("postgres_url")
        return Backend(Settings(database_url=url, **options), url)
    settings = Settings(**options)
    return Backend(settings, str(settings.plans_path))


def slack_location(backend: Backend) -> str:
    return backend.settings.database_url or str(backend.settings.slack_state_path)


@asynccontextmanager
async def started(backend: Backend, **more: Any) -> AsyncIterator[SlackService]:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        settings = backend.settings.model_copy(
            update={
                "slack_bot_token": SecretStr(BOT_TOKEN),
                "slack_signing_secret": SecretStr(SIGNING_SECRET),
                "slack_api_url": slack.base_url,
                **more,
            }
        )
        service = await build_service(settings, "http", "UTC", ManualClock(NOW))
        try:
            yield service
        finally:
            await service.close()


async def plan(store: PlanStore, clock: ManualClock, at: datetime, name: str, *, closed: bool) -> None:
    """A plan last saved at ``at``: closed (finished) or still open."""
    clock.now = at
    record = await store.create(SessionRecord(id=name, thread_key=f"t-{name}", requester="U1", state="planned"))
    if closed:
        await store.save(record.model_copy(update={"state": "done", "open": False}), expected_version=1)


async def slack_rows(state: SlackState, clock: ManualClock, at: datetime, name: str) -> None:
    """An event receipt, a plan message record and a recent result, all made at ``at``."""
    clock.now = at
    await state.first_sighting("T1", f"Ev-{name}")
    await state.remember(name, Where("T1", "C1", f"{at.timestamp():.6f}", "U1", is_dm=False))
    await state.add_recent("U1", "send_email", f"result {name}")


async def test_closed_plans_and_slack_state_older_than_the_limit_go_on_start(backend: Backend) -> None:
    clock = ManualClock(OLD)
    store = await open_store(backend.location, clock=clock)
    try:
        await plan(store, clock, OLD, "old-closed", closed=True)
        await plan(store, clock, OLD - timedelta(days=300), "old-open", closed=False)
        await plan(store, clock, RECENT, "recent-closed", closed=True)
    finally:
        await store.close()
    state = await SlackState.open(slack_location(backend), clock=clock)
    try:
        await slack_rows(state, clock, OLD, "old")
        await slack_rows(state, clock, RECENT, "recent")
    finally:
        await state.close()

    async with started(backend) as service:
        store, state = service.app.store, service.state
        assert await store.get("old-closed") is None
        assert await store.get("recent-closed") is not None
        assert [s.id for s in await store.list_open()] == ["old-open"]
        assert await state.where("old") is None
        assert await state.where("recent") is not None
        assert await state.recent("U1") == [("send_email", "result recent")]
        assert await state.first_sighting("T1", "Ev-recent") is False  # its receipt is kept: still a retry
        assert await state.first_sighting("T1", "Ev-old") is True


async def test_with_redaction_on_the_service_keeps_no_result_lines(backend: Backend) -> None:
    async with started(backend, audit_redact=True) as service:
        await service.state.add_recent(
            "U1", "Email Priya", "Sent to priya@example.com: the Q3 numbers", tool="send_email"
        )
        assert await service.state.recent("U1") == [("Send an email", REDACTED_LINE)]
