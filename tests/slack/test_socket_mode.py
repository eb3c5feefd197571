"""Socket Mode: the same app over a WebSocket opened with the app-level token (apps.connections.open)."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.serve import SlackService, build_service, socket_mode_handler
from bot.settings import Settings
from tests.fakes import ManualClock
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import BOT_TOKEN, DEMO_USERS, app_mention_event, slash_command_body

APP_TOKEN = "xapp-1-A0PLANBOT-test"


@pytest.fixture
async def socket_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeSlackWebApi, SlackService]]:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        settings = Settings(
            data_dir=tmp_path,
            slack_bot_token=SecretStr(BOT_TOKEN),
            slack_api_url=slack.base_url,
            slack_app_token=SecretStr(APP_TOKEN),
        )
        service = await build_service(settings, "socket", "America/New_York", ManualClock())
        handler = socket_mode_handler(service, settings)
        await handler.connect_async()
        try:
            for _ in range(100):
                if slack.sockets:
                    break
                await asyncio.sleep(0.05)
            yield slack, service
        finally:
            await handler.close_async()
            await service.close()


async def test_an_event_over_the_socket_is_acked_and_planned(socket_bot):
    slack, _ = socket_bot
    mention = app_mention_event("what's on my calendar tomorrow", user_id="U0JOHN")
    envelope_id = await slack.push("events_api", mention)
    root = mention["event"]["ts"]
    await slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and "Finished" in str(c.args.get("text", "")),
        timeout=10,
    )
    await acked(slack, envelope_id)
    [opened] = slack.calls_to("apps.connections.open")
    assert opened.token == APP_TOKEN


async def test_a_slash_command_over_the_socket(socket_bot):
    slack, _ = socket_bot
    from urllib.parse import parse_qsl

    payload = dict(
        parse_qsl(slash_command_body(command="/plans", text="", user_id="U0JOHN", response_url=slack.response_url()))
    )
    envelope_id = await slack.push("slash_commands", payload)
    await slack.wait_for("response_url", timeout=10)
    await acked(slack, envelope_id)


async def acked(slack: FakeSlackWebApi, envelope_id: str) -> None:
    for _ in range(200):
        if any(ack.get("envelope_id") == envelope_id for ack in slack.socket_acks):
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"envelope {envelope_id} was never acknowledged: {slack.socket_acks}")
