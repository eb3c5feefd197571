"""Connecting accounts with several workspaces installed, over signed HTTP with the Slack stand-in: the Home tab of a
user id shows only that workspace's plans and results, and an account connected without naming a workspace serves
nobody (so it is shown as not connected)."""

import asyncio
import json
from pathlib import Path
from typing import Any

from bot.slack.state import recent_owner
from planning.store.credentials import ANY_TEAM
from tests.slack.conftest import Bot
from tests.slack.kit.fake_installs import Workspace, in_workspace
from tests.slack.kit.payloads import REQUESTER_ID, app_home_opened_event
from tests.slack.test_workspaces import ACME, GLOBEX, account, install, running_workspaces, send_mention


async def home_in(bot: Bot, workspace: Workspace, user: str = REQUESTER_ID) -> str:
    """The Home tab ``user`` of ``workspace`` is shown on opening it, as text."""
    before = len(bot.slack.calls_to("views.publish"))
    await bot.send(in_workspace(app_home_opened_event(user_id=user, team_id=workspace.team_id), workspace))
    [*_, published] = await bot.slack.wait_for("views.publish", count=before + 1)
    assert published.args["user_id"] == user
    return json.dumps(published.args["view"], ensure_ascii=False)


async def until_recent(bot: Bot, team: str, user: str = REQUESTER_ID) -> list[tuple[str, str]]:
    for _ in range(200):
        found = await bot.service.state.recent(recent_owner(team, user))
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("no recent result was kept")


async def test_the_home_tab_of_one_workspace_shows_none_of_the_same_user_ids_plans_or_results_in_another(
    tmp_path: Path,
) -> None:
    async with running_workspaces(tmp_path, email="imap") as bot:
        await install(bot, ACME)
        await install(bot, GLOBEX)
        await send_mention(bot, ACME, "email Priya the zebra-figures")  # open in Acme: it waits for her mail account
        await send_mention(bot, ACME, "what's on my calendar tomorrow")  # a result, from the demo calendar
        [(title, _)] = await until_recent(bot, ACME.team_id)
        for _ in range(100):
            if await bot.service.app.conversation.open_plans(REQUESTER_ID):
                break
            await asyncio.sleep(0.05)

        acme, globex = await home_in(bot, ACME), await home_in(bot, GLOBEX)

        assert "zebra-figures" in acme and title in acme
        assert "zebra-figures" not in globex and title not in globex
        assert "You have no open plans." in globex and "Nothing yet: results of your plans" in globex


async def test_an_account_connected_without_a_workspace_is_not_shown_as_connected_in_any(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path, email="imap") as bot:
        await install(bot, ACME)
        accounts = bot.service.app.accounts
        assert accounts is not None
        teamless: dict[str, Any] = {**account(ANY_TEAM), "label": "priya@nowhere"}
        await accounts.save(**teamless)

        home = await home_in(bot, ACME)

        assert "priya@nowhere" not in home
        assert "Email* (IMAP/SMTP): not connected" in home
