"""Slack where people work: plans in DM threads, private channels and group DMs, large results, Slack markup,
the message shortcut, the assistant panel and edited requests (signed HTTP against the stand-in)."""

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

from slack_sdk.errors import SlackApiError

from bot.settings import Settings
from bot.slack.declared import BOT_EVENTS, BOT_SCOPES
from bot.slack.delivery import Delivery
from bot.slack.state import Where, legacy_dm_key
from integrations.base.arguments import CreateEntityArgs
from integrations.base.principal import Principal
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import (
    BOT_USER_ID,
    CHANNEL_ID,
    app_mention_event,
    assistant_thread_started_event,
    block_actions_body,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
    message_action_body,
    message_changed_event,
    message_deleted_event,
    next_ts,
    slash_command_body,
)

JOHN = "U0JOHN"
DM = dm_channel_id(JOHN)


def buttons(message: dict[str, Any] | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for block in (message or {}).get("blocks") or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("type") == "button":
                found[element["action_id"]] = element.get("value", "")
    return found


async def said_in(bot: Bot, channel: str, thread_ts: str, fragment: str, method: str = "chat.postMessage") -> None:
    await bot.slack.wait_for(
        method,
        lambda c: (
            c.args.get("channel") == channel
            and c.args.get("thread_ts") == thread_ts
            and fragment in str(c.args.get("text", ""))
        ),
    )


async def plan_message_ts(bot: Bot, channel: str, thread_ts: str) -> str:
    [call] = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: (
            c.args.get("channel") == channel
            and c.args.get("thread_ts") == thread_ts
            and str(c.args.get("text", "")).startswith("Plan")
        ),
    )
    return str(call.response["ts"])


async def until_button(bot: Bot, channel: str, ts: str, action: str) -> str:
    for _ in range(200):
        value = buttons(bot.slack.message(channel, ts)).get(action)
        if value:
            return value
        await asyncio.sleep(0.025)
    raise AssertionError(f"no {action} button on {bot.slack.message(channel, ts)}")


# --- 1. DMs: one plan per thread -----------------------------------------------------------------------------


async def test_a_new_top_level_dm_starts_a_new_plan_while_another_waits_in_its_thread(bot: Bot):
    first = im_message_event("email Priya the Q3 deck", user_id=JOHN)
    a = first["event"]["ts"]
    await bot.send(first)
    await said_in(bot, DM, a, "What text of the email")
    second = im_message_event("what's on my calendar tomorrow", user_id=JOHN)
    b = second["event"]["ts"]
    await bot.send(second)
    await said_in(bot, DM, b, "Finished")  # a plan of its own, in its own thread
    await bot.send(im_message_event("Deck attached.", user_id=JOHN, thread_ts=a))
    ts = await plan_message_ts(bot, DM, a)
    value = await until_button(bot, DM, ts, "step_approve")
    click = block_actions_body(action_id="step_approve", value=value, user_id=JOHN, channel_id=DM, message_ts=ts)
    await bot.send(click)
    await said_in(bot, DM, a, "Finished")
    texts = [str(c.args.get("text")) for c in bot.slack.calls_to("chat.postMessage") if c.args.get("thread_ts") == b]
    assert not any("What text of the email" in text for text in texts)  # the plans never mixed


# --- 2. Private channels and group DMs -----------------------------------------------------------------------


async def test_questions_are_answered_in_private_channels_and_group_dms(bot: Bot):
    assert {"message.groups", "message.mpim"} <= set(BOT_EVENTS)  # Slack only sends what the app subscribes to
    assert {"groups:history", "mpim:history"} <= set(BOT_SCOPES)
    for channel, kind in (("G0PRIVATE", "group"), ("C0GROUPDM", "mpim")):
        mention = app_mention_event("email Priya the Q3 deck", user_id=JOHN, channel_id=channel)
        root = mention["event"]["ts"]
        await bot.send(mention)
        await said_in(bot, channel, root, "What text of the email")
        answer = channel_thread_message_event(
            "Deck attached.", thread_ts=root, user_id=JOHN, channel_id=channel, channel_type=kind
        )
        await bot.send(answer)
        ts = await plan_message_ts(bot, channel, root)
        assert await until_button(bot, channel, ts, "step_approve")


# --- 3. Large results ------------------------------------------------------------------------------------------


async def test_a_long_result_stays_within_slacks_limit_and_comes_whole_as_a_file(bot: Bot):
    workspace = bot.service.app.workspace
    for number in range(40):
        await workspace.call(
            "create_entity",
            CreateEntityArgs(
                entityType="Contact",
                fields={"name": f"Zed Walker{number:02d}", "email": f"zed.walker{number:02d}@example.com"},
            ),
        )
    request = im_message_event("show me all my contacts", user_id=JOHN)
    await bot.send(request)
    await said_in(bot, DM, request["event"]["ts"], "Finished")
    refused = [c for c in bot.slack.calls if c.error == "msg_blocks_too_long"]
    assert refused == []
    [shared] = [f for f in bot.slack.files.values() if f.get("channel") == DM]
    assert shared["thread_ts"] == request["event"]["ts"]
    assert all(f"zed.walker{number:02d}@example.com" in shared["content"] for number in range(40))


async def test_the_stand_in_refuses_blocks_longer_than_slack_takes(bot: Bot):
    client = bot.slack.client()
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": "x" * 2900}} for _ in range(5)]
    try:
        await client.chat_postMessage(channel=DM, text="long", blocks=blocks)
    except SlackApiError as error:
        assert error.response["error"] == "msg_blocks_too_long"
    else:
        raise AssertionError("a message of 14,500 characters of blocks went through")


async def test_plans_come_in_pages_that_slack_takes_and_none_is_left_out(tmp_path: Path):
    async with running_bot(tmp_path, max_plans_per_hour=0) as bot:
        padding = "about the quarterly numbers " * 45
        for number in range(12):
            await bot.service.app.conversation.message(
                thread_key=f"slack:T0PLANBOT:C0GENERAL:1700000001.{number:06d}",
                who=Principal("T0PLANBOT", JOHN),
                text=f"email Priya saying zebra{number:02d} {padding}",
            )
        await bot.send(slash_command_body(command="/plans", user_id=JOHN, response_url=bot.slack.response_url()))
        [first] = await bot.slack.wait_for("response_url")
        assert first.ok, first.error
        more = buttons(first.args)["plans_more"]
        await bot.send(
            block_actions_body(
                action_id="plans_more",
                value=more,
                user_id=JOHN,
                message_ts="1700000002.000001",
                is_ephemeral=True,
                response_url=bot.slack.response_url(),
            )
        )
        [_, second] = await bot.slack.wait_for("response_url", count=2)
        assert second.ok and second.args.get("replace_original") is True
        shown = json.dumps(first.args) + json.dumps(second.args)
        assert all(f"zebra{number:02d}" in shown for number in range(12))


# --- 4. Slack markup in requests -------------------------------------------------------------------------------


async def test_addresses_links_and_people_in_slack_markup_are_read_as_what_they_mean(bot: Bot):
    request = im_message_event(
        "email <mailto:tom.reyes@example.com|tom.reyes@example.com> saying see <https://example.com/q3|the deck>"
        " &amp; reply",
        user_id=JOHN,
    )
    await bot.send(request)
    ts = await plan_message_ts(bot, DM, request["event"]["ts"])
    await until_button(bot, DM, ts, "step_approve")
    shown = json.dumps(bot.slack.calls_to("chat.postMessage")[-1].args) + json.dumps(bot.slack.message(DM, ts))
    assert "tom.reyes@example.com" in shown
    assert "mailto:" not in shown
    assert "the deck (https://example.com/q3) &amp; reply" in shown  # the link, readable; & escaped once


async def test_plan_command_with_a_person_shows_them_by_name_and_plans_with_their_address(bot: Bot):
    text = "email <@U0PRIYA|priya> saying zebra-markup <http://acme.com|acme.com>"
    await bot.send(slash_command_body(command="/plan", text=text, user_id=JOHN, response_url=bot.slack.response_url()))
    [card] = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == dm_channel_id(JOHN) and "zebra-markup" in json.dumps(c.args).lower(),
    )
    assert "priya.shah@example.com" in json.dumps(card.args)
    assert not any("asked:" in str(c.args.get("text")) for c in bot.slack.calls_to("chat.postMessage"))


# --- 5. Message shortcut -----------------------------------------------------------------------------------------


async def test_plan_from_this_message_plans_in_the_messages_thread_with_its_text(bot: Bot):
    said = {
        "text": "email <@U0TOM> saying zebra-shortcut the launch moved to Friday",
        "ts": next_ts(),
        "user": "U0MARIA",
    }
    body = message_action_body(
        callback_id="plan_from_message", message=said, user_id=JOHN, response_url=bot.slack.response_url()
    )
    status, _ = await bot.send(body)
    assert status == 200
    await said_in(bot, CHANNEL_ID, said["ts"], "asked me to plan")
    ts = await plan_message_ts(bot, CHANNEL_ID, said["ts"])
    assert await until_button(bot, CHANNEL_ID, ts, "step_approve")
    [card] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == dm_channel_id(JOHN))
    assert "tom.reyes@example.com" in json.dumps(card.args) and f"<#{CHANNEL_ID}>" in json.dumps(card.args)
    await bot.send(channel_thread_message_event("cancel", thread_ts=said["ts"], user_id=JOHN))
    await said_in(bot, CHANNEL_ID, said["ts"], "Cancelled the plan")  # the thread is the plan's


# --- 6. Assistant panel ------------------------------------------------------------------------------------------


async def test_the_assistant_panel_answers_in_its_thread_with_the_plan_and_its_buttons(bot: Bot):
    started = assistant_thread_started_event(user_id=JOHN)
    thread = started["event"]["assistant_thread"]["thread_ts"]
    await bot.send(started)
    [prompts] = await bot.slack.wait_for("assistant.threads.setSuggestedPrompts")
    assert prompts.ok and prompts.args["thread_ts"] == thread
    await bot.send(im_message_event("email Priya saying zebra-panel", user_id=JOHN, thread_ts=thread))
    [status] = await bot.slack.wait_for("assistant.threads.setStatus")
    assert status.ok and (status.args["channel_id"], status.args["thread_ts"]) == (DM, thread)
    [title] = await bot.slack.wait_for("assistant.threads.setTitle")
    assert title.args["title"] == "email Priya saying zebra-panel"
    ts = await plan_message_ts(bot, DM, thread)
    value = await until_button(bot, DM, ts, "step_approve")
    await bot.send(
        block_actions_body(action_id="step_approve", value=value, user_id=JOHN, channel_id=DM, message_ts=ts)
    )
    await said_in(bot, DM, thread, "Finished")


# --- 7. Edited or deleted request --------------------------------------------------------------------------------


async def test_editing_the_request_while_details_are_collected_offers_to_re_plan(bot: Bot):
    mention = app_mention_event("email Priya the Q3 deck", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await said_in(bot, CHANNEL_ID, root, "What text of the email")
    first_plan = await plan_message_ts(bot, CHANNEL_ID, root)
    await bot.send(message_changed_event(mention, f"<@{BOT_USER_ID}> email Tom the Q3 deck"))
    [offer] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == root and "edited your request" in str(c.args)
    )
    value = buttons(offer.args)["request_replan"]
    refused = block_actions_body(action_id="request_replan", value=value, user_id="U0MARIA", message_ts="1.2")
    await bot.send(refused)
    await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == "U0MARIA")
    offer_ts = str(offer.response["ts"])
    await bot.send(block_actions_body(action_id="request_replan", value=value, user_id=JOHN, message_ts=offer_ts))
    await bot.slack.wait_for("chat.update", lambda c: c.args.get("ts") == offer_ts and "Re-planned" in str(c.args))
    await bot.slack.wait_for("chat.update", lambda c: c.args.get("ts") == first_plan and "cancelled" in str(c.args))
    [_, second_plan] = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        count=2,
    )
    assert "email Tom the Q3 deck" in str(second_plan.args["text"])  # the edited request
    assert buttons(bot.slack.message(CHANNEL_ID, offer_ts)) == {}


async def test_deleting_the_request_asks_and_then_cancels_the_plan(bot: Bot):
    request = im_message_event("email Priya the Q3 deck", user_id=JOHN)
    thread = request["event"]["ts"]
    await bot.send(request)
    await said_in(bot, DM, thread, "What text of the email")
    await bot.send(message_deleted_event(request))
    [offer] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == thread and "was deleted" in str(c.args)
    )
    offer_ts = str(offer.response["ts"])
    value = buttons(offer.args)["request_cancel"]
    await bot.send(
        block_actions_body(action_id="request_cancel", value=value, user_id=JOHN, channel_id=DM, message_ts=offer_ts)
    )
    await bot.slack.wait_for("chat.update", lambda c: c.args.get("ts") == offer_ts and "Cancelled" in str(c.args))
    key = f"slack:T0PLANBOT:{DM}:{thread}"
    assert not await bot.service.app.conversation.is_open(key)


async def test_plan_from_a_message_longer_than_the_limit_is_refused_privately(bot: Bot):
    said = {"text": "email Priya saying " + "zebra " * 1000, "ts": next_ts(), "user": "U0MARIA"}
    url = bot.slack.response_url()
    await bot.send(message_action_body(callback_id="plan_from_message", message=said, user_id=JOHN, response_url=url))
    [refusal] = await bot.slack.wait_for("response_url")
    assert "too long" in refusal.args["text"] and refusal.args["response_type"] == "ephemeral"
    await asyncio.sleep(0.2)
    assert [c for c in bot.slack.calls_to("chat.postMessage") if c.args.get("thread_ts") == said["ts"]] == []


async def test_a_dm_plan_opened_when_dms_had_one_plan_each_is_still_answered_in_its_thread(tmp_path: Path):
    async with running_bot(tmp_path) as bot:
        request = im_message_event("email Priya the Q3 deck", user_id=JOHN)
        root = request["event"]["ts"]
        legacy = legacy_dm_key("T0PLANBOT", DM)  # the key such a plan was opened under
        replies = await bot.service.app.conversation.message(
            thread_key=legacy, user=JOHN, text="email Priya the Q3 deck"
        )
        where = Where("T0PLANBOT", DM, root, JOHN, is_dm=True)
        await Delivery(bot.slack.client(), bot.service.state).deliver(where, replies)
        with sqlite3.connect(Settings(data_dir=tmp_path).slack_state_path) as db:  # remembered under that key too
            db.execute("UPDATE plan_messages SET thread_key = ?", (legacy,))
        db.close()
        await bot.send(im_message_event("Deck attached.", user_id=JOHN, thread_ts=root))
        ts = await plan_message_ts(bot, DM, root)
        assert await until_button(bot, DM, ts, "step_approve")
