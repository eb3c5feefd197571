"""Two conversations from user trial 1 over signed Slack HTTP with the stand-in: a correction at an approval card of
a value the request gave ("actually make it 4pm"), said in words and shown again for approval; a new request typed
while a question is open, offered and started in place of the open plan. Checked in what Slack shows and in the
local workspace."""

import re

from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import CHANNEL_ID, app_mention_event, channel_thread_message_event, dm_channel_id
from tests.slack.test_conversation_flows import (
    TUESDAY,
    _approve,
    _events,
    _first_button,
    _plan_ts,
    _texts,
    _told_privately,
)
from tests.slack.test_scenarios import JOHN, wait_text


async def _thread(bot: Bot, root: str, text: str) -> None:
    await bot.send(channel_thread_message_event(text, thread_ts=root, user_id=JOHN))


def _texts_to(bot: Bot, channel: str) -> list[str]:
    posted = bot.slack.calls_to("chat.postMessage")
    return [str(c.args.get("text", "")) for c in posted if c.args.get("channel") == channel]


def _said(bot: Bot, root: str) -> list[str]:
    return _texts(bot, root) + _texts(bot, root, "chat.postEphemeral")


async def test_make_it_4pm_at_the_card_changes_the_time_the_request_gave(bot: Bot):
    mention = app_mention_event("schedule a sync with Tom tomorrow at 3pm", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await _plan_ts(bot, CHANNEL_ID, root)
    seen = {await _first_button(bot, ts)}  # the card as the request gave it
    await _thread(bot, root, "actually make it 4pm")
    await _told_privately(bot, root, "Changed the start time to Tue 3 Mar, 16:00 EST.")  # in his DM, as the card
    await _approve(bot, CHANNEL_ID, ts, seen)  # the card shown again
    await wait_text(bot, root, "Finished")
    changed = [text for text in _texts_to(bot, dm_channel_id(JOHN)) if text.startswith("Changed")]
    assert changed and not any(re.search(r"\d{4}-\d{2}-\d{2}T|startTime", text) for text in changed)
    [sync] = await _events(bot, "Sync with Tom", TUESDAY)
    assert sync["startTime"] == "2026-03-03T16:00:00-05:00"


async def test_a_new_request_while_a_time_is_asked_is_offered_then_started(bot: Bot):
    mention = app_mention_event("schedule a sync with Tom", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await _plan_ts(bot, CHANNEL_ID, root)
    await wait_text(bot, root, "What start time")
    await _thread(bot, root, "email Priya saying the zebra-3 deck is ready")
    await wait_text(bot, root, "sounds like a new request")
    assert not any("could not read a date and time" in text for text in _said(bot, root))
    await _thread(bot, root, "new")
    plans = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        count=2,
    )
    await _approve(bot, CHANNEL_ID, str(plans[-1].response["ts"]), set())
    await wait_text(bot, root, "Finished")
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-3"))
    assert [m["to"] for m in sent] == [["priya.shah@example.com"]]
    assert await _events(bot, "Sync with Tom", TUESDAY) == []
