"""The CRM shared by a whole workspace, over signed HTTP with the Slack stand-in and the HubSpot stand-in: while no
CRM is connected, each person's plan that needs it waits with the Connect prompt; once an admin connects the
workspace's CRM (the sign-in callback's ``on_connected`` for user "", as ``Conversation.account_connected(team, "",
"crm")``), everyone's waiting plan goes on in its own thread, on that CRM."""

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from pydantic import SecretStr

from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import TEAM_ID, dm_channel_id, im_message_event
from tests.slack.test_connect_home import ADMIN, JOHN, KEY, MARIA, no_planbot_environment

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


async def test_everyone_waiting_goes_on_once_an_admin_connects_the_workspaces_crm(
    tmp_path: Path, hubspot: tuple[FakeHubSpot, str]
) -> None:
    fake, url = hubspot
    settings = {
        "crm": "hubspot",
        "secret_key": SecretStr(KEY),
        "public_url": "https://planbot.example.com",
        "oauth_hubspot_client_id": "hubspot-client",
        "oauth_hubspot_client_secret": SecretStr("hubspot-client-secret"),
        "oauth_hubspot_base_url": url,
        "oauth_hubspot_api_url": url,
    }
    async with running_bot(tmp_path, **settings) as bot:
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
