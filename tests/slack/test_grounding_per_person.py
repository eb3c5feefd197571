"""Grounding per requester, over signed Slack HTTP: John and Maria each connected their own HubSpot (the project's
HubSpot stand-in, one API host serving both accounts by token). The same lower-case surname is a person of John's CRM
and nobody in Maria's: John's request finds his contact; Maria's is not read as anyone, and nothing of John's records
is ever posted in her thread. Each person's names come from an index listed in the background."""

import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from pydantic import SecretStr

from integrations.base.arguments import CreateCalendarEventArgs
from integrations.base.principal import Principal
from tests.integrations.crm.hubspot_fake import FakeHubSpot
from tests.integrations.crm.hubspot_portals import portals
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import TEAM_ID, im_message_event
from tests.slack.test_connect_home import KEY, no_planbot_environment
from tests.slack.test_scenarios import JOHN, MARIA

__all__ = ["no_planbot_environment"]
SARAH = "U0SARAH"  # connected nothing
SURNAMES = {JOHN: ("Dana", "Whitfield", "dana.whitfield@zebracorp.example"),
            MARIA: ("Peter", "Gibbons", "peter.gibbons@initech.example")}  # fmt: skip


def crm_of(user: str) -> FakeHubSpot:
    first, last, email = SURNAMES[user]
    fake = FakeHubSpot(token=f"pat-{user.lower()}")
    fake.store.add("contacts", {"firstname": first, "lastname": last, "email": email})
    return fake


@pytest.fixture
async def bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Bot]:
    crms = {user: crm_of(user) for user in SURNAMES}
    async with portals(crms) as api:
        monkeypatch.setenv("PLANBOT_HUBSPOT_BASE_URL", api)  # where a HubSpot token account's API is
        async with running_bot(tmp_path, crm="hubspot", secret_key=SecretStr(KEY)) as running:
            app = running.service.app
            assert app.accounts is not None and app.names is not None
            for user in SURNAMES:
                token = {"token": f"pat-{user.lower()}"}
                await app.accounts.save(
                    team=TEAM_ID, user=user, kind="crm", service="hubspot", label=user, credentials=token
                )
                await app.names.refresh(Principal(TEAM_ID, user))  # the background listing, awaited here
            yield running


async def thread_of(bot: Bot, user: str, text: str, until: str) -> str:
    """Everything posted in the thread of ``user``'s DM ``text`` once a message there holds ``until``."""
    asked = im_message_event(text, user_id=user)
    await bot.send(asked)
    thread = str(asked["event"]["ts"])

    def in_thread(call: SlackCall) -> bool:
        return thread in (call.args.get("thread_ts"), call.args.get("ts"))

    def done(call: SlackCall) -> bool:
        return in_thread(call) and until in json.dumps(call.args)

    await bot.slack.wait_for("chat.postMessage", done, timeout=15)
    return json.dumps([call.args for call in bot.slack.calls if in_thread(call)])


async def test_the_same_words_find_each_persons_own_contact_and_never_the_others(bot: Bot) -> None:
    johns = await thread_of(bot, JOHN, "find whitfield", until="dana.whitfield@zebracorp.example")
    assert "Gibbons" not in johns
    marias = await thread_of(bot, MARIA, "find gibbons", until="peter.gibbons@initech.example")
    assert "Whitfield" not in marias

    theirs = await thread_of(bot, MARIA, "find whitfield", until="understand")
    assert "Dana" not in theirs and "zebracorp" not in theirs.lower()


async def test_an_event_named_by_its_initials_is_found_by_its_title(bot: Bot) -> None:
    """The calendar is the workspace's here (shared): its titles ground everyone's requests, also those of someone
    who connected nothing (Sarah, read with the shared names while her own index is listed)."""
    app = bot.service.app
    start = bot.clock.now + timedelta(days=2)
    title = CreateCalendarEventArgs(title="Accounts receivable sync", startTime=start, durationMinutes=30)
    await app.workspace.call("create_calendar_event", title)
    assert app.names is not None
    await app.names.refresh_shared()
    for user in SURNAMES:  # their indexes list the shared names too: listed again (in the background every 5 min)
        await app.names.refresh(Principal(TEAM_ID, user))
    for user in (JOHN, MARIA, SARAH):
        found = await thread_of(bot, user, "when is the AR sync?", until="Finished")
        assert "*Accounts receivable sync*" in found and "Wed 4 Mar" in found  # the event, found by its title
        assert "No events" not in found
