"""An answer typed as a new top-level direct message, while the person's DM plan asks something in its thread,
answers that question (the engine's typed reading decides); words that are a request of their own start a plan of
their own. Over signed Slack HTTP with the stand-in, checked in the local workspace."""

import asyncio

from integrations.base.arguments import FetchCalendarEventsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import dm_channel_id, im_message_event
from tests.slack.test_conversation_flows import TUESDAY, _approve, _plan_ts, _texts
from tests.slack.test_scenarios import JOHN, wait_text


def _plans_started(bot: Bot, channel: str) -> list[str]:
    return [
        str(c.args.get("thread_ts"))
        for c in bot.slack.calls_to("chat.postMessage")
        if c.args.get("channel") == channel and str(c.args.get("text", "")).startswith("Plan")
    ]


async def test_a_top_level_dm_that_answers_the_open_question_goes_to_that_plan(bot: Bot):
    channel = dm_channel_id(JOHN)
    first = im_message_event("schedule a zebra-31 sync with Tom tomorrow", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    ts = await _plan_ts(bot, channel, root)
    await wait_text(bot, root, "start time")
    answer = im_message_event("2:30pm", user_id=JOHN)  # typed in the DM itself, not in the plan's thread
    await bot.send(answer)
    await _approve(bot, channel, ts, set())
    await wait_text(bot, root, "Finished")
    assert set(_plans_started(bot, channel)) == {root}  # no second, confused plan
    args = FetchCalendarEventsArgs.model_validate({**TUESDAY, "query": "zebra-31"})
    [sync] = await bot.service.app.workspace.call("fetch_calendar_events", args)
    assert sync["startTime"] == "2026-03-03T14:30:00-05:00"


async def test_a_top_level_dm_that_is_a_request_of_its_own_starts_its_own_plan(bot: Bot):
    channel = dm_channel_id(JOHN)
    first = im_message_event("schedule a zebra-32 sync with Tom tomorrow", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    await _plan_ts(bot, channel, root)
    await wait_text(bot, root, "start time")
    other = im_message_event("what's on my calendar on friday", user_id=JOHN)
    await bot.send(other)
    await _plan_ts(bot, channel, other["event"]["ts"])  # its own plan, in its own thread
    await asyncio.sleep(0.2)
    assert sum("start time" in text for text in _texts(bot, root)) == 1  # the first plan was not answered
