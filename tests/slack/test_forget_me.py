"""People leaving, over signed HTTP: ``/plans forget-me`` (confirmed with a button) and a deactivated member
(``user_change`` with ``deleted``) delete that person's connected accounts (an OAuth grant revoked at the service
first), and cancel their open plans, each thread told why; other people's accounts and plans stay."""

import asyncio
import dataclasses
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from pydantic import SecretStr

from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import serve_locally
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    DEMO_USERS,
    TEAM_ID,
    app_mention_event,
    block_actions_body,
    slash_command_body,
    user_change_event,
)
from tests.slack.test_scenarios import JOHN, MARIA, plan_ts, until_buttons, wait_text

KEY = SecretStr("forget-me-test-secret-key-of-32-characters")
JOHNS_TOKEN = "1//john-refresh-token-0f9a"
MARIAS_TOKEN = "1//maria-refresh-token-77c1"


@dataclasses.dataclass
class Google:
    """Google's token revocation endpoint (RFC 7009), standing in on 127.0.0.1: the tokens revoked."""

    url: str
    revoked: list[str]


@asynccontextmanager
async def google() -> AsyncIterator[Google]:
    revoked: list[str] = []

    async def revoke(request: web.Request) -> web.Response:
        revoked.append(str((await request.post()).get("token")))
        return web.Response(status=200)

    app = web.Application()
    app.router.add_post("/revoke", revoke)
    async with serve_locally(app) as url:
        yield Google(url, revoked)


@pytest.fixture
async def setup(tmp_path: Path) -> AsyncIterator[tuple[Bot, Google]]:
    """John and Maria have each connected a Google calendar and have an open plan waiting for approval."""
    async with google() as stand_in:
        options: dict[str, Any] = {
            "secret_key": KEY,
            "calendar": "google",
            "oauth_google_client_id": "planbot-test",
            "oauth_google_client_secret": SecretStr("planbot-test-secret"),
            "oauth_google_base_url": stand_in.url,
        }
        async with running_bot(tmp_path, **options) as bot:
            accounts = bot.service.app.accounts
            assert accounts is not None
            for user, token in ((JOHN, JOHNS_TOKEN), (MARIA, MARIAS_TOKEN)):
                credentials = {"refresh_token": token, "access_token": f"ya29.{user}", "email": f"{user}@example.com"}
                await accounts.save(
                    team=TEAM_ID, user=user, kind="calendar", service="google", label=f"{user}@example.com",
                    credentials=credentials,
                )  # fmt: skip
            for user in (JOHN, MARIA):
                mention = app_mention_event(f"email Priya saying forget-test-{user}", user_id=user)
                await bot.send(mention)
                await until_buttons(bot, await plan_ts(bot, mention["event"]["ts"]), "step_approve")
            yield bot, stand_in


async def accounts_of(bot: Bot, user: str) -> list[str]:
    accounts = bot.service.app.accounts
    assert accounts is not None
    return [a.service for a in await accounts.list(user=user)]


async def open_plans_of(bot: Bot, user: str) -> list[str]:
    return [r.thread_key for r in await bot.service.app.store.list_open(requester=user)]


async def ask_to_forget(bot: Bot, user: str) -> dict[str, Any]:
    return await bot.command(command="/plans", text="forget-me", user_id=user)


def button(message: dict[str, Any], action_id: str) -> str:
    for block in message["blocks"]:
        for element in block.get("elements", []):
            if element.get("action_id") == action_id:
                return str(element["value"])
    raise AssertionError(f"no {action_id} button")


async def press(bot: Bot, user: str, action_id: str, value: str) -> str:
    url = bot.slack.response_url()
    click = block_actions_body(action_id=action_id, value=value, user_id=user, message_ts="1.1", response_url=url)
    await bot.send(click)
    [answer] = await bot.slack.wait_for("response_url", lambda c: c.args.get("key") == url.rsplit("/", 1)[1])
    return str(answer.args["text"])


async def test_forget_me_asks_first_then_deletes_only_that_persons_things_and_says_what(
    setup: tuple[Bot, Google],
) -> None:
    bot, stand_in = setup
    question = await ask_to_forget(bot, JOHN)
    assert question["response_type"] == "ephemeral" and "Nothing is deleted until you confirm" in question["text"]
    assert await accounts_of(bot, JOHN) == ["google"] and len(await open_plans_of(bot, JOHN)) == 1  # not yet
    johns_thread = (await open_plans_of(bot, JOHN))[0].rsplit(":", 1)[1]

    said = await press(bot, JOHN, "forget_me_confirm", button(question, "forget_me_confirm"))
    assert "planbot has forgotten you" in said
    assert "Disconnected and deleted 1 account: calendar (google: U0JOHN@example.com)" in said
    assert "Cancelled 1 open plan" in said
    assert await accounts_of(bot, JOHN) == [] and await open_plans_of(bot, JOHN) == []
    assert stand_in.revoked == [JOHNS_TOKEN]  # revoked at Google before it was deleted
    await wait_text(bot, johns_thread, "had planbot forget them")
    await wait_text(bot, johns_thread, "Cancelled the plan")

    assert await accounts_of(bot, MARIA) == ["google"] and len(await open_plans_of(bot, MARIA)) == 1
    assert JOHNS_TOKEN not in json.dumps([c.args for c in bot.slack.calls])  # never shown back


async def test_keeping_everything_or_someone_elses_click_deletes_nothing(setup: tuple[Bot, Google]) -> None:
    bot, stand_in = setup
    question = await ask_to_forget(bot, JOHN)
    assert await press(bot, JOHN, "forget_me_keep", button(question, "forget_me_keep")) == "Nothing was deleted."
    refused = await press(bot, MARIA, "forget_me_confirm", button(question, "forget_me_confirm"))
    assert "someone else's" in refused
    assert await accounts_of(bot, JOHN) == ["google"] and len(await open_plans_of(bot, JOHN)) == 1
    assert await accounts_of(bot, MARIA) == ["google"] and stand_in.revoked == []


async def test_a_deactivated_member_is_forgotten_and_refused_from_then_on(setup: tuple[Bot, Google]) -> None:
    bot, stand_in = setup
    john = next(user for user in DEMO_USERS if user.id == JOHN)
    johns_thread = (await open_plans_of(bot, JOHN))[0].rsplit(":", 1)[1]
    # Slack tells of the deactivation; users.info (cached from John's request) is not asked again
    await bot.send(user_change_event(dataclasses.replace(john, deleted=True)))
    await wait_text(bot, johns_thread, "has left the workspace")
    assert await accounts_of(bot, JOHN) == [] and await open_plans_of(bot, JOHN) == []
    assert stand_in.revoked == [JOHNS_TOKEN]
    await bot.send(app_mention_event("what's on my calendar tomorrow", user_id=JOHN))
    refused = await bot.slack.wait_for("chat.postEphemeral", lambda c: "not set up" in str(c.args.get("text")))
    assert [(c.args["user"], c.args["channel"]) for c in refused] == [(JOHN, CHANNEL_ID)]
    assert await accounts_of(bot, MARIA) == ["google"] and len(await open_plans_of(bot, MARIA)) == 1


async def test_a_member_made_a_guest_is_refused_from_then_on_and_nothing_is_deleted(setup: tuple[Bot, Google]) -> None:
    bot, stand_in = setup
    john = next(user for user in DEMO_USERS if user.id == JOHN)
    await bot.send(user_change_event(dataclasses.replace(john, is_restricted=True)))  # users.info is cached
    for _ in range(100):  # the event is handled after its acknowledgement
        plans = slash_command_body(command="/plans", text="", user_id=JOHN, response_url=bot.slack.response_url())
        status, answer = await bot.send(plans)
        if answer:
            break
        await asyncio.sleep(0.02)
    assert status == 200 and "guests of this workspace can't use me" in json.loads(answer)["text"]
    assert await accounts_of(bot, JOHN) == ["google"] and len(await open_plans_of(bot, JOHN)) == 1
    assert stand_in.revoked == []
