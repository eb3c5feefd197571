"""Trial 2 over signed Slack HTTP with the stand-in: "push it back an hour" after "who's coming to …?" moves the
meeting that question found, never the next one; "who's coming" is answered with the attendees; "this week and
next week" covers both weeks; times in results and lists are the requester's (Priya in London, Tom in Chicago),
written out with the zone's name, never at the workspace's offset nor as raw ISO."""

import asyncio
import json
from typing import Any

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import CHANNEL_ID, app_mention_event, dm_channel_id, im_message_event
from tests.slack.test_conversation_flows import _events, _wait_count
from tests.slack.test_scenarios import JOHN, buttons, click, wait_text

PRIYA, TOM = "U0PRIYA", "U0TOM"
WEDNESDAY = {"start": "2026-03-04T00:00:00-05:00", "end": "2026-03-04T23:59:00-05:00"}
MONDAY = {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-02T23:59:00-05:00"}


async def _private(bot: Bot, user: str, thread_ts: str, fragment: str) -> str:
    """The private message ``user`` was shown for the plan in the thread (in their DM) with ``fragment`` in its
    blocks, as JSON."""
    for _ in range(400):
        for call in bot.slack.calls_to("chat.postMessage"):
            shown = json.dumps(call.args, ensure_ascii=False)
            if call.args.get("channel") == dm_channel_id(user) and fragment in shown:
                return shown
        await asyncio.sleep(0.025)
    raise AssertionError(f"{fragment!r} never shown to {user}")


async def _approve(bot: Bot, channel: str, ts: str, user: str) -> None:
    for _ in range(400):
        value = buttons(bot.slack.message(channel, ts)).get("step_approve")
        if value:
            await click(bot, "step_approve", value, ts, user=user)
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"no Approve button on {bot.slack.message(channel, ts)}")


def _said(bot: Bot, channel: str, thread_ts: str) -> list[dict[str, Any]]:
    return [
        c.args
        for c in bot.slack.calls_to("chat.postMessage")
        if c.args.get("channel") == channel and c.args.get("thread_ts") == thread_ts
    ]


async def test_push_it_back_after_who_is_coming_moves_that_meeting(bot: Bot):
    channel = dm_channel_id(PRIYA)
    first = im_message_event("who's coming to the Globex pricing review on Wednesday?", user_id=PRIYA)
    root = first["event"]["ts"]
    await bot.send(first)
    await wait_text(bot, root, "invited: me@example.com (organiser), john.park@globex.com, john.smith@example.com.")
    await _wait_count(bot, root, "Finished", 1)
    await bot.send(im_message_event("push it back an hour", user_id=PRIYA, thread_ts=root))
    plans = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        count=2,
    )
    await _approve(bot, channel, str(plans[-1].response["ts"]), PRIYA)
    await _wait_count(bot, root, "Finished", 2)
    shown = json.dumps(_said(bot, channel, root), ensure_ascii=False)
    assert "“Globex pricing review” from your last plan" in shown and "Weekly standup" not in shown
    [review] = await _events(bot, "Globex pricing review", WEDNESDAY)
    assert review["startTime"] == "2026-03-04T16:00:00-05:00"
    [standup] = await _events(bot, "Weekly standup", MONDAY)
    assert standup["startTime"] == "2026-03-02T09:30:00-05:00"


async def test_who_is_coming_names_the_attendees_in_the_askers_zone(bot: Bot):
    first = im_message_event("Who's coming to the launch review?", user_id=PRIYA)
    root = first["event"]["ts"]
    await bot.send(first)
    await wait_text(
        bot,
        root,
        "Launch review (Fri 6 Mar, 15:00 GMT): 3 people invited: tom.reyes@example.com (organiser), "
        "priya.shah@example.com, me@example.com. You have not answered.",
    )


async def test_this_week_and_next_week_covers_both_and_times_are_the_requesters(bot: Bot):
    mention = app_mention_event("what meetings do I have this week and next week?", user_id=JOHN)
    await bot.send(mention)
    shown = await _private(bot, JOHN, mention["event"]["ts"], "10 events from Mon 2 Mar to Sun 15 Mar.")
    assert "Lunch with Maria* · Tue 10 Mar, 12:30 EDT" in shown  # next week's too
    asked = app_mention_event("what's on my calendar tomorrow?", user_id=TOM, channel_id=CHANNEL_ID)
    await bot.send(asked)
    listed = await _private(bot, TOM, asked["event"]["ts"], "Acme call")
    assert "Acme call* · Tue 3 Mar, 10:00 CST" in listed
    assert "(UTC" not in listed and "2026-03-03T" not in listed
