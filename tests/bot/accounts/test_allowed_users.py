"""PLANBOT_ALLOWED_USERS: the people named may use the bot; anyone else is refused politely, privately, and starts
nothing (no plan, no step decided)."""

from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.compose import App, build_app
from bot.settings import Settings
from integrations.base.principal import Principal
from planning.engine.replies import Say, ShowPlan

ZONE = "America/New_York"
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo(ZONE))
DELETE = "cancel the Acme call on Tuesday"


@pytest.fixture
async def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[App]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PLANBOT_ALLOWED_USERS", "UA, UC")
    built = await build_app(Settings(data_dir=tmp_path / "data"), ZONE, clock=lambda: NOW)
    yield built
    await built.close()


async def test_only_the_allowed_users_are_served(app: App) -> None:
    (refused,) = await app.conversation.message(
        thread_key="slack:T1:C1:1.1", text=DELETE, who=Principal("T1", "UB", ZONE)
    )
    assert isinstance(refused, Say) and refused.tone == "refusal" and refused.private
    assert "not set up to work for you" in refused.text
    assert await app.store.list_open() == []
    served = await app.conversation.message(thread_key="slack:T1:C1:2.2", text=DELETE, who=Principal("T1", "UA", ZONE))
    assert any(isinstance(reply, ShowPlan) for reply in served)


async def test_someone_not_allowed_cannot_decide_on_a_plan(app: App) -> None:
    await app.conversation.message(thread_key="slack:T1:C1:2.2", text=DELETE, who=Principal("T1", "UA", ZONE))
    (session,) = await app.store.list_open()
    (reply,) = await app.conversation.cancel(session_id=session.id, user="UB")
    assert isinstance(reply, Say) and "not set up to work for you" in reply.text
    still = await app.store.get(session.id)
    assert still is not None and still.open
