"""Connecting accounts with several workspaces installed, over signed HTTP with the Slack stand-in: the Home tab of a
user id shows only that workspace's plans and results, an account connected without naming a workspace serves
nobody (so it is shown as not connected), and removing the app revokes the workspace's grants before deleting them."""

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import SecretStr

from bot.slack.state import recent_owner
from planning.store.credentials import ANY_TEAM
from tests.slack.conftest import Bot
from tests.slack.kit.fake_installs import Workspace, app_uninstalled_event, in_workspace
from tests.slack.kit.fake_web_api import serve_locally
from tests.slack.kit.payloads import REQUESTER_ID, app_home_opened_event
from tests.slack.test_workspaces import ACME, GLOBEX, account, install, running_workspaces, send_mention, slack_of


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


@asynccontextmanager
async def revocation_server(revoked: list[str]) -> AsyncIterator[str]:
    """Google's revocation endpoint (RFC 7009, the token in a form), recording each token it is given."""

    async def revoke(request: web.Request) -> web.Response:
        revoked.append(str((await request.post()).get("token")))
        return web.Response(status=200)

    application = web.Application()
    application.router.add_post("/revoke", revoke)
    async with serve_locally(application) as url:
        yield url


def closed_port() -> str:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{free.getsockname()[1]}"  # nothing listens there once closed


async def test_removing_the_app_revokes_each_grant_and_a_service_that_does_not_answer_keeps_nothing(
    tmp_path: Path,
) -> None:
    revoked: list[str] = []
    async with revocation_server(revoked) as google:
        options: dict[str, Any] = {
            "email": "gmail",
            "crm": "hubspot",
            "oauth_google_client_id": "google-client",
            "oauth_google_client_secret": SecretStr("google-client-secret"),
            "oauth_google_base_url": google,
            "oauth_hubspot_client_id": "hubspot-client",
            "oauth_hubspot_client_secret": SecretStr("hubspot-client-secret"),
            "oauth_hubspot_base_url": closed_port(),  # HubSpot does not answer
        }
        async with running_workspaces(tmp_path, **options) as bot:
            await install(bot, ACME)
            await install(bot, GLOBEX)
            accounts = bot.service.app.accounts
            assert accounts is not None
            for team, grant in ((ACME.team_id, "acme-google-grant"), (GLOBEX.team_id, "globex-google-grant")):
                credentials = {"refresh_token": grant, "scopes": ["gmail.modify"]}
                await accounts.save(
                    team=team, user=REQUESTER_ID, kind="email", service="gmail", label="p", credentials=credentials
                )
            shared = {"refresh_token": "acme-hubspot-grant"}
            await accounts.save(
                team=ACME.team_id, user="", kind="crm", service="hubspot", label="Acme HubSpot", credentials=shared
            )

            slack_of(bot).uninstall(ACME)
            assert (await bot.send(app_uninstalled_event(ACME)))[0] == 200
            for _ in range(200):
                if [a.team for a in await accounts.list()] == [GLOBEX.team_id]:
                    break
                await asyncio.sleep(0.05)

            assert [a.team for a in await accounts.list()] == [GLOBEX.team_id]
            assert revoked == ["acme-google-grant"]
