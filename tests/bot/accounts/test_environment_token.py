"""Microsoft 365 rotates the refresh token given in the environment (the Graph stand-in retires each used one at once):
planbot keeps the newest as PLANBOT_OWNER's account, so a restart signs in with it, and the environment's mail and
calendar share one sign-in."""

import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.accounts.environment_token import KEPT_LABEL
from bot.compose import App, build_app
from bot.settings import Settings
from integrations.base.principal import Principal
from planning.engine.replies import StepOutcome
from tests.integrations.microsoft.fake_calendar import FakeCalendar
from tests.integrations.microsoft.fake_graph import CLIENT, REFRESH_TOKEN, TENANT, FakeGraph, serving
from tests.integrations.microsoft.fake_mail import FakeMailbox

ZONE = "America/New_York"
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo(ZONE))


@pytest.fixture
async def graph(monkeypatch: pytest.MonkeyPatch, planbot_env: dict[str, str]) -> AsyncIterator[FakeGraph]:
    fake = FakeGraph()
    FakeMailbox(fake), FakeCalendar(fake)
    async with serving(fake) as url:
        for name, value in {
            "PLANBOT_EMAIL": "microsoft",
            "PLANBOT_CALENDAR": "microsoft",
            "PLANBOT_OWNER": "UA",
            "PLANBOT_MICROSOFT_CLIENT_ID": CLIENT[0],
            "PLANBOT_MICROSOFT_CLIENT_SECRET": CLIENT[1],
            "PLANBOT_MICROSOFT_REFRESH_TOKEN": REFRESH_TOKEN,
            "PLANBOT_MICROSOFT_TENANT": TENANT,
            "PLANBOT_MICROSOFT_API_URL": f"{url}/v1.0",
            "PLANBOT_MICROSOFT_TOKEN_URL": f"{url}/{TENANT}/oauth2/v2.0/token",
        }.items():
            monkeypatch.setenv(name, value)
        yield fake
    assert fake.problems == [] and fake.throttled == []


async def done(app: App, text: str, tool: str) -> None:
    replies = await app.conversation.message(
        thread_key=f"slack:T1:C1:{uuid.uuid4().hex}", text=text, who=Principal("T1", "UA", ZONE)
    )
    outcomes = [r for r in replies if isinstance(r, StepOutcome) and r.tool == tool]
    assert outcomes and all(r.ok for r in outcomes), replies


async def test_the_rotated_environment_token_is_kept_for_the_next_start(graph: FakeGraph) -> None:
    first = await build_app(Settings(), ZONE, clock=lambda: NOW)
    try:
        await done(first, "what's on my calendar on Thursday?", "fetch_calendar_events")
        await done(first, "show my unread emails", "fetch_emails")  # the same sign-in: its token was rotated
        assert first.accounts is not None
        kept = await first.accounts.list(user="UA")
    finally:
        await first.close()
    assert graph.refreshes == 1 and REFRESH_TOKEN not in graph.refresh_tokens
    assert sorted(a.kind for a in kept) == ["calendar", "email"] and {a.label for a in kept} == {KEPT_LABEL}

    graph.expire_tokens()
    again = await build_app(Settings(), ZONE, clock=lambda: NOW)  # a restart: the environment still says the old one
    try:
        await done(again, "what's on my calendar on Thursday?", "fetch_calendar_events")
    finally:
        await again.close()
    assert graph.refreshes == 2


async def test_a_new_token_put_in_the_environment_wins_over_the_kept_one(
    graph: FakeGraph, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await build_app(Settings(), ZONE, clock=lambda: NOW)
    try:
        await done(first, "what's on my calendar on Thursday?", "fetch_calendar_events")
    finally:
        await first.close()
    graph.refresh_tokens = {"M.R3_BAY.new-grant"}  # the owner signed in again and put the new token in the environment
    monkeypatch.setenv("PLANBOT_MICROSOFT_REFRESH_TOKEN", "M.R3_BAY.new-grant")
    again = await build_app(Settings(), ZONE, clock=lambda: NOW)
    try:
        await done(again, "what's on my calendar on Thursday?", "fetch_calendar_events")
    finally:
        await again.close()
