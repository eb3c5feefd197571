"""A correction of a private card in a channel ("oh and cc sarah lee too") is confirmed to the requester only, in
their DM where the card is (Slack keeps it), never in the channel's thread; and "cc" puts the person on the Cc, not
among the recipients. Before: "Changed the recipient to tom.reyes@example.com, sarah.lee@example.com." was posted in
the channel for everyone, and the card showed both as To (user test s7 finding 7)."""

import json

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import app_mention_event, channel_thread_message_event
from tests.slack.test_privacy import in_channels, private_to
from tests.slack.test_scenarios import JOHN, plan_ts


async def test_a_cc_said_at_a_channel_card_is_confirmed_privately_and_sets_the_cc(bot: Bot):
    mention = app_mention_event("email tom saying the launch notes are final", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await plan_ts(bot, root)
    await bot.send(channel_thread_message_event("oh and cc sarah lee too", thread_ts=root, user_id=JOHN))
    await bot.slack.wait_for("chat.postMessage", lambda c: "Changed the Cc to" in str(c.args.get("text", "")))
    assert "sarah.lee@example.com" not in in_channels(bot)
    to_john = json.dumps([c.args for c in private_to(bot, JOHN)])
    assert "Changed the Cc to sarah.lee@example.com." in to_john
