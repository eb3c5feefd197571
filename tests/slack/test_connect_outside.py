"""Replies delivered outside a Slack request show a step waiting for an account as the live path does: with the
requester's own Connect button (over signed HTTP with the Slack stand-in)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.serve import resume_in_slack
from integrations.base.principal import Principal
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import TEAM_ID, dm_channel_id
from tests.slack.kit.views import view_button
from tests.slack.test_connect_home import KEY, MARIA, PUBLIC_URL, no_planbot_environment

__all__ = ["no_planbot_environment"]


@pytest.fixture
async def mail_bot(tmp_path: Path) -> AsyncIterator[Bot]:
    async with running_bot(tmp_path, email="imap", secret_key=SecretStr(KEY), public_url=PUBLIC_URL) as bot:
        yield bot


async def test_a_plan_resumed_after_a_restart_asks_to_connect_with_the_button(mail_bot: Bot) -> None:
    channel, ts = dm_channel_id(MARIA), "1712345678.000200"
    # the plan was made and stopped at the step that needs her mail; the process died before Slack saw anything
    await mail_bot.service.app.conversation.message(
        thread_key=f"slack:{TEAM_ID}:{channel}:{ts}", text="show my 5 latest emails", who=Principal(TEAM_ID, MARIA)
    )
    assert mail_bot.slack.calls_to("chat.postMessage") == []

    await resume_in_slack(mail_bot.service)

    [prompt] = await mail_bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == ts and "needs your own email account" in str(c.args.get("text")),
    )
    assert prompt.args["channel"] == channel
    button = view_button(dict(prompt.args), "account_connect_link", "email")
    assert button["text"]["text"] == "Connect" and "/accounts/imap/start?link=" in button["url"]
