"""The CRM shared by a whole workspace, over signed HTTP with the Slack stand-in and the HubSpot stand-in: while no
CRM is connected, each person's plan that needs it waits with the Connect prompt; once an admin connects the
workspace's CRM (the sign-in callback's ``on_connected`` for user "", as ``Conversation.account_connected(team, "",
"crm")``), everyone's waiting plan goes on in its own thread, on that CRM."""

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.accounts.workspace_crm import CONNECTED_BY
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import TEAM_ID, dm_channel_id, im_message_event
from tests.slack.kit.views import view_actions_body, view_button
from tests.slack.test_connect_home import (
    ADMIN,
    JOHN,
    KEY,
    MARIA,
    home_of,
    no_planbot_environment,
    published_for,
    text_of,
)

__all__ = ["no_planbot_environment"]
ASK = "how much is the Zebracorp deal worth?"


@pytest.fixture
async def hubspot() -> AsyncIterator[tuple[FakeHubSpot, str]]:
    fake = FakeHubSpot()
    company = fake.store.add("companies", {"name": "Zebracorp", "domain": "zebracorp.example"})
    deal = fake.store.add("deals", {"dealname": "Zebracorp renewal", "amount": "48213", "dealstage": "qualifiedtobuy"})
    fake.store.associate("deals", deal.id, "companies", company.id, 5)
    async with running(fake) as url:
        yield fake, url


def hubspot_settings(url: str) -> dict[str, Any]:
    """The bot's settings with the workspace's CRM on HubSpot (the stand-in at ``url``) and its sign-in set up."""
    return {
        "crm": "hubspot",
        "secret_key": SecretStr(KEY),
        "public_url": "https://planbot.example.com",
        "oauth_hubspot_client_id": "hubspot-client",
        "oauth_hubspot_client_secret": SecretStr("hubspot-client-secret"),
        "oauth_hubspot_base_url": url,
        "oauth_hubspot_api_url": url,
    }


async def test_everyone_waiting_goes_on_once_an_admin_connects_the_workspaces_crm(
    tmp_path: Path, hubspot: tuple[FakeHubSpot, str]
) -> None:
    fake, url = hubspot
    async with running_bot(tmp_path, **hubspot_settings(url)) as bot:
        bot.slack.users[ADMIN.id] = ADMIN
        threads = {}
        for user in (MARIA, JOHN):
            asked = im_message_event(ASK, user_id=user)
            threads[user] = asked["event"]["ts"]
            await bot.send(asked)
        for thread in threads.values():
            await bot.slack.wait_for("chat.postMessage", said(thread, lambda text: "crm account" in text))
        assert not worth(shown(bot)) and fake.issued == 0  # nobody's CRM was used

        accounts = bot.service.app.accounts
        assert accounts is not None and bot.service.oauth is not None
        await accounts.save(
            team=TEAM_ID, user="", kind="crm", service="hubspot", label="Acme HubSpot",
            credentials={"refresh_token": fake.refresh_token},
        )  # fmt: skip
        on_connected = bot.service.oauth.on_connected
        assert on_connected is not None
        await on_connected(TEAM_ID, "", ("crm",), ADMIN.id)  # as the admin's sign-in callback

        for user, thread in threads.items():
            [found] = await bot.slack.wait_for("chat.postMessage", said(thread, worth))
            assert found.args["channel"] == dm_channel_id(user)
        assert fake.issued >= 1  # on the workspace's HubSpot
        await bot.slack.wait_for("views.publish", lambda c: c.args.get("user_id") == ADMIN.id)


def said(thread: str, holds: Callable[[str], bool]) -> Callable[[SlackCall], bool]:
    return lambda call: call.args.get("thread_ts") == thread and holds(str(call.args))


def shown(bot: Bot) -> str:
    return str([call.args for call in bot.slack.calls])


def worth(text: str) -> bool:
    """Whether ``text`` holds the deal's amount, which only the CRM knows."""
    return "48213" in text or "48,213" in text


MOVE = "move the Zebracorp deal to negotiation"
READ_ONLY = "Connect your own HubSpot to change records; the workspace CRM is read-only for members"


async def test_members_read_through_the_workspaces_crm_and_change_nothing_until_an_admin_allows_it(
    tmp_path: Path, hubspot: tuple[FakeHubSpot, str]
) -> None:
    fake, url = hubspot
    async with running_bot(tmp_path, **hubspot_settings(url)) as bot:
        bot.slack.users[ADMIN.id] = ADMIN
        accounts = bot.service.app.accounts
        assert accounts is not None
        credentials = {"refresh_token": fake.refresh_token, CONNECTED_BY: ADMIN.id}  # as Connect for everyone keeps it
        await accounts.save(
            team=TEAM_ID, user="", kind="crm", service="hubspot", label="Acme HubSpot", credentials=credentials
        )
        maria = text_of(await home_of(bot, MARIA))
        assert f"Workspace CRM (connected by <@{ADMIN.id}>) — read-only for members: *Acme HubSpot*" in maria
        assert "Connect your own to change records" in maria

        asked = im_message_event(ASK, user_id=MARIA)
        await bot.send(asked)
        await bot.slack.wait_for("chat.postMessage", said(asked["event"]["ts"], worth))  # members read through it

        move = im_message_event(MOVE, user_id=MARIA)
        await bot.send(move)
        await bot.slack.wait_for("chat.postMessage", said(move["event"]["ts"], lambda text: READ_ONLY in text))
        assert "step_approve" not in shown(bot)  # refused before any approval
        assert not [r for r in fake.requests if r["method"] == "PATCH"]

        admin = await home_of(bot, ADMIN.id)
        assert f"Workspace CRM (connected by <@{ADMIN.id}>) — read-only for members" in text_of(admin)
        allow = view_button(admin, "account_crm_members_write", "allow")
        assert allow["text"]["text"] == "Let members change records" and allow["confirm"]
        for who in (MARIA, ADMIN.id):  # a member's forged click changes nothing; the admin's lets members write
            body = view_actions_body(action_id="account_crm_members_write", value="allow", user_id=who, view=admin)
            home = published_for(who)
            published = len([c for c in bot.slack.calls_to("views.publish") if home(c)])
            assert (await bot.send(body))[0] == 200
            await bot.slack.wait_for("views.publish", home, count=published + 1)
            if who == MARIA:
                assert READ_ONLY in str(await again(bot, MOVE))
        assert "members may change records" in text_of(bot.slack.home_view(ADMIN.id) or {})
        view_button(bot.slack.home_view(ADMIN.id), "account_crm_members_write", "forbid")
        assert "step_approve" in str(await again(bot, MOVE))  # the change now waits for Maria's approval


async def again(bot: Bot, text: str) -> list[SlackCall]:
    """Maria asks ``text`` once more: what the bot said in that thread, up to its plan or its refusal."""
    asked = im_message_event(text, user_id=MARIA)
    await bot.send(asked)
    ended = said(asked["event"]["ts"], lambda shown: READ_ONLY in shown or "step_approve" in shown)
    return await bot.slack.wait_for("chat.postMessage", ended)


async def test_the_crm_in_the_servers_settings_is_read_only_for_members_but_its_owner(
    tmp_path: Path, hubspot: tuple[FakeHubSpot, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, url = hubspot
    monkeypatch.setenv("PLANBOT_HUBSPOT_ACCESS_TOKEN", "pat-test")
    monkeypatch.setenv("PLANBOT_HUBSPOT_BASE_URL", url)
    async with running_bot(tmp_path, crm="hubspot", secret_key=SecretStr(KEY), owner=JOHN) as bot:
        maria = text_of(await home_of(bot, MARIA))
        assert "Workspace CRM (in the server's settings) — read-only for members" in maria
        assert "read-only for members; you may change records" in text_of(await home_of(bot, JOHN))
        assert READ_ONLY in str(await again(bot, MOVE))
        assert not [r for r in fake.requests if r["method"] == "PATCH"]
        asked = im_message_event(MOVE, user_id=JOHN)  # PLANBOT_OWNER's own: the change waits for his approval
        await bot.send(asked)
        await bot.slack.wait_for("chat.postMessage", said(asked["event"]["ts"], lambda text: "step_approve" in text))
