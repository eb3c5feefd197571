"""The assistant panel suggests prompts from what the person connected (over signed HTTP with the Slack stand-in):
every prompt on the demo workspace, else only those of kinds they can use (their own accounts, the workspace's CRM);
with nothing connected, the greeting says how to connect instead of suggesting prompts that would stop at once."""

import asyncio
from pathlib import Path

from pydantic import SecretStr

from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import TEAM_ID, assistant_thread_started_event
from tests.slack.test_connect_home import IMAP_CREDENTIALS, JOHN, KEY, MARIA, no_planbot_environment

__all__ = ["no_planbot_environment"]


async def open_panel(bot: Bot, user: str) -> tuple[str, list[str] | None]:
    """``user`` opens a new assistant thread: the greeting, and the titles of the prompts suggested (None: none)."""
    started = assistant_thread_started_event(user_id=user)
    thread = started["event"]["assistant_thread"]["thread_ts"]
    await bot.send(started)
    [greeting] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("thread_ts") == thread)
    for _ in range(20):  # the prompts follow the greeting at once, if any
        suggested = [
            c for c in bot.slack.calls_to("assistant.threads.setSuggestedPrompts") if c.args["thread_ts"] == thread
        ]
        if suggested:
            return str(greeting.args["text"]), [p["title"] for p in suggested[0].args["prompts"]]
        await asyncio.sleep(0.05)
    return str(greeting.args["text"]), None


async def test_the_demo_workspace_suggests_every_prompt(bot: Bot) -> None:
    _, prompts = await open_panel(bot, JOHN)
    assert prompts == ["My day tomorrow", "Email someone", "Book a meeting", "Open deals"]


async def test_prompts_come_from_what_the_person_connected(tmp_path: Path) -> None:
    settings = {"email": "imap", "calendar": "caldav", "crm": "hubspot", "secret_key": SecretStr(KEY)}
    async with running_bot(tmp_path, **settings) as bot:
        greeting, prompts = await open_panel(bot, MARIA)
        assert prompts is None
        assert "None of your accounts is connected yet" in greeting and "*Home* tab" in greeting

        accounts = bot.service.app.accounts
        assert accounts is not None
        await accounts.save(
            team=TEAM_ID, user=JOHN, kind="email", service="imap", label="john", credentials=IMAP_CREDENTIALS
        )
        await accounts.save(
            team=TEAM_ID, user="", kind="crm", service="hubspot", label="Acme", credentials={"token": "pat-na1-x"}
        )
        greeting, prompts = await open_panel(bot, JOHN)
        assert prompts == ["Email someone", "Open deals"] and "None of your accounts" not in greeting
        _, prompts = await open_panel(bot, MARIA)
        assert prompts == ["Open deals"]  # the workspace's CRM is hers to use too
