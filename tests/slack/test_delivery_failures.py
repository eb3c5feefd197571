"""Slack refusing a call while the bot answers: transient errors are retried (a bounded number of times), and a
message refused for good reaches its person another way (their DM, then ephemeral) or as a short notice; the other
replies are delivered either way."""

import json
from typing import Any

from bot.slack.declared import BOT_SCOPES
from tests.slack.conftest import Bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import CHANNEL_ID, app_mention_event, dm_channel_id
from tests.slack.test_scenarios import JOHN, wait_text

JOHNS_DM = dm_channel_id(JOHN)
# the bot scope each Web API method needs (None: none needed), from Slack's method reference
WEB_API_SCOPES: dict[str, str | None] = {
    "auth.test": None,
    "chat.postMessage": "chat:write",
    "chat.postEphemeral": "chat:write",
    "chat.update": "chat:write",
    "conversations.open": "im:write",
    "conversations.info": "channels:read",
    "chat.getPermalink": None,
    "users.info": "users:read",
    "views.open": None,
    "views.publish": None,
}


def in_channel(args: dict[str, Any]) -> bool:
    return args.get("channel") == CHANNEL_ID


def in_johns_dm(predicate: Any = None) -> Any:
    def check(call: SlackCall) -> bool:
        return call.ok and call.args.get("channel") == JOHNS_DM and (predicate is None or predicate(call))

    return check


async def test_a_slack_outage_is_retried_and_the_plan_still_arrives(bot: Bot):
    bot.slack.server_error("chat.postMessage", status=503, times=2)
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    await bot.send(mention)
    await wait_text(bot, mention["event"]["ts"], "Finished")
    statuses = [c.status for c in bot.slack.calls_to("chat.postMessage")]
    assert statuses[:3] == [503, 503, 200]
    assert bot.slack.calls_to("chat.postEphemeral") == []  # no need for another way
    assert len(bot.slack.calls_to("conversations.open")) == 1  # the results' DM, opened once


async def test_a_long_outage_is_tried_a_bounded_number_of_times_then_the_requester_gets_it_privately(bot: Bot):
    bot.slack.server_error("chat.postMessage", status=500, times=100, when=in_channel)
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    await bot.send(mention)
    await bot.slack.wait_for("chat.postMessage", in_johns_dm(lambda c: "Finished" in str(c.args.get("text"))))
    failed = [c for c in bot.slack.calls_to("chat.postMessage") if c.status == 500]
    assert len(failed) == 6  # three tries each for the plan message and the "Finished" line


async def test_a_private_result_the_channel_refuses_comes_by_direct_message(bot: Bot):
    bot.slack.fail("chat.postEphemeral", "channel_not_found", times=10, when=in_channel)
    mention = app_mention_event("show me emails from Priya", user_id=JOHN)
    await bot.send(mention)
    [opened] = await bot.slack.wait_for("conversations.open")
    assert opened.args.get("users") in (JOHN, [JOHN])
    [result] = await bot.slack.wait_for(
        "chat.postMessage", in_johns_dm(lambda c: "emails from Priya" in str(c.args.get("text")))
    )
    assert "Q3" in json.dumps(result.args)
    await wait_text(bot, mention["event"]["ts"], "Finished")  # the rest still goes to the thread
    shared = json.dumps([c.args for c in bot.slack.calls_to("chat.postMessage") if in_channel(c.args)])
    assert "Q3" not in shared


async def test_a_reply_refused_every_way_becomes_a_short_notice_and_the_next_replies_still_go(bot: Bot):
    def result(args: dict[str, Any]) -> bool:
        return "Find the events" in str(args.get("text")) and "couldn't show you" not in str(args.get("text"))

    bot.slack.fail("chat.postEphemeral", "msg_too_long", times=5, when=result)
    bot.slack.fail("chat.postMessage", "msg_too_long", times=5, when=result)
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    await bot.send(mention)
    [notice] = await bot.slack.wait_for(
        "chat.postEphemeral", lambda c: c.ok and c.args.get("user") == JOHN and "couldn't show you" in str(c.args)
    )
    assert "msg_too_long" in str(notice.args.get("text"))
    await wait_text(bot, mention["event"]["ts"], "Finished")


async def test_a_plan_the_channel_refuses_reaches_the_requester_by_direct_message(bot: Bot):
    bot.slack.channels = set()  # the bot was removed from every channel: channel_not_found
    mention = app_mention_event("email Priya saying zebra-dm-1", user_id=JOHN)
    await bot.send(mention)
    [plan] = await bot.slack.wait_for("chat.postMessage", in_johns_dm(lambda c: "Plan for" in str(c.args)))
    assert "*Message:* Zebra-dm-1" in json.dumps(plan.args)  # his own DM: the details are his to see
    assert "step_approve" in json.dumps(plan.args)
    needed = {WEB_API_SCOPES[call.method] for call in bot.slack.calls} - {None}
    assert needed <= set(BOT_SCOPES)  # the manifest grants every call the fallback makes
