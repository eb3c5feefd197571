"""Who may use the bot, over signed HTTP: full members of the installing workspace by default; guests, people of
other organisations (Slack Connect) and people users.info will not describe are refused politely and privately,
and nothing runs; PLANBOT_ALLOWED_USERS (user ids, or a user group's handle) narrows it further."""

import asyncio
from pathlib import Path

import pytest

from bot.slack.access import AccessPolicy, AllowedList, Installation
from bot.slack.people import SlackPeople
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    DEMO_USERS,
    TEAM_ID,
    SlackUser,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
    view_submission_body,
)
from tests.slack.test_scenarios import JOHN, MARIA, buttons, plan_ts, until_buttons

ASK = "what's on my calendar tomorrow"
GUEST = SlackUser("U0GUEST", "gus.guest", "Gus Guest", "gus@agency.example", is_restricted=True)
SINGLE_CHANNEL_GUEST = SlackUser("U0SCG", "sam.scg", "Sam Single", "sam@agency.example", is_ultra_restricted=True)
EXTERNAL = SlackUser("U0EXT", "erin.ext", "Erin Ext", "erin@other.example", team_id="T0OTHERORG", is_stranger=True)
OTHER_TEAM = SlackUser("U0OTH", "otto.oth", "Otto Oth", "otto@other.example", team_id="T0OTHERORG")


def add(bot: Bot, *users: SlackUser) -> None:
    for user in users:
        bot.slack.users[user.id] = user


async def refusal_to(bot: Bot, user: str) -> str:
    [call] = await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == user)
    return str(call.args.get("text"))


async def nothing_ran(bot: Bot) -> None:
    await asyncio.sleep(0.2)  # time for any listener the request started
    assert bot.slack.calls_to("chat.postMessage") == []
    assert await bot.service.app.store.list_open() == []


async def test_a_guest_mentioning_the_bot_is_refused_privately_and_nothing_runs(bot: Bot) -> None:
    add(bot, GUEST)
    status, _ = await bot.send(app_mention_event(ASK, user_id=GUEST.id))
    assert status == 200
    text = await refusal_to(bot, GUEST.id)
    assert "guests of this workspace can't use me" in text and "Nothing was done" in text
    [call] = bot.slack.calls_to("chat.postEphemeral")
    assert call.args["channel"] == CHANNEL_ID
    await nothing_ran(bot)


async def test_a_single_channel_guest_in_a_dm_is_refused(bot: Bot) -> None:
    add(bot, SINGLE_CHANNEL_GUEST)
    await bot.send(im_message_event(ASK, user_id=SINGLE_CHANNEL_GUEST.id))
    assert "guests" in await refusal_to(bot, SINGLE_CHANNEL_GUEST.id)
    [call] = bot.slack.calls_to("chat.postEphemeral")
    assert call.args["channel"] == dm_channel_id(SINGLE_CHANNEL_GUEST.id)
    await nothing_ran(bot)


async def test_someone_of_another_organisation_gets_the_commands_answer_as_a_refusal(bot: Bot) -> None:
    add(bot, EXTERNAL, OTHER_TEAM)
    for user in (EXTERNAL, OTHER_TEAM):
        shown = await bot.command(command="/plan", text=ASK, user_id=user.id)
        assert shown["response_type"] == "ephemeral" and "not for people of other organisations" in shown["text"]
    await nothing_ran(bot)  # not even the "asked:" line /plan posts first


async def test_someone_users_info_will_not_describe_is_refused(bot: Bot) -> None:
    await bot.send(app_mention_event(ASK, user_id="U0UNSEEN"))
    assert "couldn't confirm that you are a member" in await refusal_to(bot, "U0UNSEEN")
    await nothing_ran(bot)


async def test_slack_not_answering_refuses_and_asks_to_try_again(bot: Bot) -> None:
    bot.slack.server_error("users.info", status=503, times=5)
    await bot.send(app_mention_event(ASK, user_id=JOHN))
    assert "try again in a minute" in await refusal_to(bot, JOHN)
    await nothing_ran(bot)


async def test_a_guest_cannot_click_on_a_members_plan(bot: Bot) -> None:
    add(bot, GUEST)
    mention = app_mention_event("delete the Acme call on Tuesday", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    approve = await until_buttons(bot, ts, "step_approve")
    url = bot.slack.response_url()
    click = block_actions_body(
        action_id="step_approve", value=approve, user_id=GUEST.id, message_ts=ts, response_url=url
    )
    assert (await bot.send(click))[0] == 200
    [answer] = await bot.slack.wait_for("response_url", lambda c: c.args.get("key") == url.rsplit("/", 1)[1])
    assert "guests" in answer.args["text"] and answer.args["response_type"] == "ephemeral"
    (still,) = await bot.service.app.store.list_open()
    assert still.requester == JOHN and buttons(bot.slack.message(CHANNEL_ID, ts)).get("step_approve") == approve


async def test_a_guests_form_submission_is_refused_in_their_dm(bot: Bot) -> None:
    add(bot, GUEST)  # a refusal is never cached: the form is answered first, and its sender checked after
    status, answer = await bot.send(view_submission_body(callback_id="edit_step", values={}, user_id=GUEST.id))
    assert status == 200 and "guests" not in answer
    [told] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == GUEST.id)
    assert "guests of this workspace" in str(told.args["text"])
    assert await bot.service.app.store.list_open() == []


async def test_a_guest_chatting_in_a_thread_without_a_plan_hears_nothing(bot: Bot) -> None:
    add(bot, GUEST)
    await bot.send(channel_thread_message_event("lunch?", thread_ts="1700000000.000001", user_id=GUEST.id))
    await asyncio.sleep(0.2)
    assert bot.slack.calls_to("chat.postEphemeral") == [] and bot.slack.calls_to("chat.postMessage") == []


async def test_a_full_member_is_served(bot: Bot) -> None:
    mention = app_mention_event(ASK, user_id=JOHN)
    await bot.send(mention)
    await plan_ts(bot, mention["event"]["ts"])
    assert bot.slack.calls_to("chat.postEphemeral") == []


async def test_the_allowed_user_ids_are_honoured(tmp_path: Path) -> None:
    async with running_bot(tmp_path, allowed_users=frozenset({JOHN})) as bot:
        await bot.send(app_mention_event(ASK, user_id=MARIA))
        assert "not set up to work for you" in await refusal_to(bot, MARIA)
        mention = app_mention_event(ASK, user_id=JOHN)
        await bot.send(mention)
        await plan_ts(bot, mention["event"]["ts"])


async def test_a_user_group_handle_is_honoured_and_its_members_read_once_for_a_while(tmp_path: Path) -> None:
    async with running_bot(tmp_path, allowed_users=frozenset({"@sales"})) as bot:
        bot.slack.usergroups["sales"] = [JOHN, "U0SARAH"]
        await bot.send(app_mention_event(ASK, user_id=MARIA))
        assert "not set up to work for you" in await refusal_to(bot, MARIA)
        for _ in range(2):
            mention = app_mention_event(ASK, user_id=JOHN)
            await bot.send(mention)
            await plan_ts(bot, mention["event"]["ts"])
        assert len(bot.slack.calls_to("usergroups.users.list")) == 1
        assert [c.error for c in bot.slack.calls if not c.ok] == []  # the manifest has usergroups:read


async def test_a_guest_in_the_allowed_group_is_still_refused(tmp_path: Path) -> None:
    async with running_bot(tmp_path, allowed_users=frozenset({"@sales"})) as bot:
        add(bot, GUEST)
        bot.slack.usergroups["sales"] = [GUEST.id]
        await bot.send(app_mention_event(ASK, user_id=GUEST.id))
        assert "guests" in await refusal_to(bot, GUEST.id)


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("cached", ["person", "group"])
async def test_people_and_groups_are_read_again_after_a_short_while(cached: str) -> None:
    ticks = Ticks()
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        client = slack.client()
        people = SlackPeople(client, ttl_seconds=60, monotonic=ticks)
        policy = AccessPolicy(people, client, AllowedList.parse(["@sales"]), ttl_seconds=60, monotonic=ticks)
        here = Installation(TEAM_ID)
        slack.usergroups["sales"] = [JOHN]
        assert await policy.verdict(JOHN, here) == "allowed"
        if cached == "group":
            slack.usergroups["sales"] = []
        else:
            slack.users[JOHN] = SlackUser(JOHN, "john.smith", "John Smith", "john@example.com", is_restricted=True)
        ticks.now = 59
        assert await policy.verdict(JOHN, here) == "allowed"  # still what was read
        ticks.now = 121
        assert await policy.verdict(JOHN, here) == ("not_listed" if cached == "group" else "guest")


def test_the_allowed_list_reads_ids_and_group_handles() -> None:
    parsed = AllowedList.parse(["U1", " @Sales ", "", "W2"])
    assert parsed.user_ids == {"U1", "W2"} and parsed.groups == {"sales"} and not parsed.empty
    assert AllowedList.parse([]).empty
