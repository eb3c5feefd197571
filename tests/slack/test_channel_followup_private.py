"""A follow-up in a channel thread acts on what the last plan found in the requester's own data: the plan the channel
sees says only the kind of thing ("The event from your last plan"); its name is for the requester's DM."""

import asyncio
import json

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import app_mention_event
from tests.slack.test_privacy import card_for, in_channels
from tests.slack.test_scenarios import JOHN, wait_text


async def test_a_follow_up_in_a_channel_never_names_the_event_the_last_plan_found(bot: Bot):
    first = app_mention_event("whats my next meeting w sarah", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    await wait_text(bot, root, "Finished")
    await bot.send(app_mention_event("push it 15 min", user_id=JOHN, thread_ts=root))
    card = json.dumps((await card_for(bot, JOHN)).args)
    assert "Weekly standup" in card  # the requester is shown what moves
    for _ in range(400):  # the plan in the thread, posted beside the card
        if "from your last plan" in in_channels(bot):
            break
        await asyncio.sleep(0.025)
    shared = in_channels(bot)
    assert "The event from your last plan" in shared and "Weekly standup" not in shared
