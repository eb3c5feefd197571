"""Follow-ups go through the checks before a write over signed Slack HTTP (the stand-in): the card of "undo that"
names the event in words, and an event moved again since the move it undoes is shown as it is now and asked about
again before anything runs; the local workspace shows what was written."""

import asyncio
import json

from integrations.base.arguments import UpdateCalendarEventArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import block_actions_body, dm_channel_id, im_message_event
from tests.slack.test_conversation_flows import TUESDAY, _approve, _events, _plan_ts, _wait_count
from tests.slack.test_scenarios import JOHN, buttons
from tests.slack.test_where_people_work import said_in

DM = dm_channel_id(JOHN)


async def _follow(bot: Bot, root: str, text: str, count: int) -> str:
    """Say ``text`` in the thread; the ts of the plan message it starts (the ``count``-th of the thread)."""
    await bot.send(im_message_event(text, user_id=JOHN, thread_ts=root))
    plans = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        count=count,
    )
    return str(plans[-1].response["ts"])


async def _new_card(bot: Bot, ts: str, seen: set[str]) -> tuple[str, str]:
    """The Approve button of a card not clicked before, and the plan message showing it (as JSON)."""
    for _ in range(400):
        message = bot.slack.message(DM, ts)
        value = buttons(message).get("step_approve")
        if value and value not in seen:
            seen.add(value)
            return value, json.dumps(message, ensure_ascii=False)
        await asyncio.sleep(0.025)
    raise AssertionError(f"no new Approve button on {bot.slack.message(DM, ts)}")


async def _click(bot: Bot, value: str, ts: str) -> None:
    await bot.send(
        block_actions_body(action_id="step_approve", value=value, user_id=JOHN, channel_id=DM, message_ts=ts)
    )


async def test_undo_of_a_move_after_the_event_moved_again_is_shown_and_asked_again(bot: Bot):
    first = im_message_event("schedule a sync with Tom tomorrow at 3pm", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    seen: set[str] = set()
    await _approve(bot, DM, await _plan_ts(bot, DM, root), seen)
    await _wait_count(bot, root, "Finished", 1)
    await _approve(bot, DM, await _follow(bot, root, "make it 4pm instead", 2), seen)
    await _wait_count(bot, root, "Finished", 2)
    [sync] = await _events(bot, "Sync with Tom", TUESDAY)
    workspace = bot.service.app.workspace
    await workspace.call(  # someone moves it again in their calendar app
        "update_calendar_event",
        UpdateCalendarEventArgs.model_validate({"eventId": sync["id"], "startTime": "2026-03-03T17:00:00-05:00"}),
    )

    ts = await _follow(bot, root, "undo that", 3)
    first_card, card = await _new_card(bot, ts, seen)
    assert "Sync with Tom" in card and "Tue 3 Mar, 16:00–16:30 EST" in card  # the event in words
    assert "Tue 3 Mar, 16:00–16:30 EST → Tue 3 Mar, 15:00–15:30 EST" in card
    await _click(bot, first_card, ts)
    await said_in(bot, DM, root, "“Sync with Tom” changed since you saw it")
    [now] = await _events(bot, "Sync with Tom", TUESDAY)
    assert now["startTime"] == "2026-03-03T17:00:00-05:00"  # nothing ran on the card shown before

    second_card, again = await _new_card(bot, ts, seen)  # the card again, bound to the event as it is now
    assert "Tue 3 Mar, 17:00–17:30 EST" in again and "Tue 3 Mar, 17:00–17:30 EST → Tue 3 Mar, 15:00–15:30 EST" in again
    await _click(bot, second_card, ts)
    await _wait_count(bot, root, "Finished", 3)
    [back] = await _events(bot, "Sync with Tom", TUESDAY)
    assert back["startTime"] == "2026-03-03T15:00:00-05:00"
