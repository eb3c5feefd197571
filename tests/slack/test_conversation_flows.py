"""Conversations over signed Slack HTTP with the stand-in (issue 15): one question at a time, corrections that name
their field (while a question is open, at an approval), edits with everyday field names, follow-ups and undo;
asserting what the person sees in Slack and what is written in the local workspace."""

import asyncio
import json
from typing import Any

from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    app_mention_event,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
)
from tests.slack.test_scenarios import JOHN, buttons, click, thread_texts, wait_text

TUESDAY = {"start": "2026-03-03T00:00:00-05:00", "end": "2026-03-03T23:59:00-05:00"}
FRIDAY = {"start": "2026-03-06T00:00:00-05:00", "end": "2026-03-06T23:59:00-05:00"}


async def _plan_ts(bot: Bot, channel: str, thread_ts: str) -> str:
    [call] = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: (
            c.args.get("channel") == channel
            and c.args.get("thread_ts") == thread_ts
            and str(c.args.get("text", "")).startswith("Plan")
        ),
    )
    return str(call.response["ts"])


async def _approve(bot: Bot, channel: str, ts: str, seen: set[str]) -> None:
    """Click the plan message's Approve button once it offers one not clicked before."""
    for _ in range(400):
        value = buttons(bot.slack.message(channel, ts)).get("step_approve")
        if value and value not in seen:
            seen.add(value)
            await click(bot, "step_approve", value, ts)
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"no new Approve button on {bot.slack.message(channel, ts)}")


def _texts(bot: Bot, thread_ts: str, method: str = "chat.postMessage") -> list[str]:
    return [str(c.args.get("text", "")) for c in bot.slack.calls_to(method) if c.args.get("thread_ts") == thread_ts]


async def _wait_count(bot: Bot, thread_ts: str, fragment: str, count: int, method: str = "chat.postMessage") -> None:
    for _ in range(400):
        if sum(fragment in text for text in _texts(bot, thread_ts, method)) >= count:
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"{fragment!r} not seen {count} times in {_texts(bot, thread_ts, method)}")


def _cards(bot: Bot, thread_ts: str) -> list[str]:
    """The private approval cards the requester was shown for the plan in the thread (in his DM), as JSON."""
    return [
        json.dumps(c.args, ensure_ascii=False)
        for c in bot.slack.calls_to("chat.postMessage")
        if c.args.get("channel") == dm_channel_id(JOHN) and "approval" in str(c.args.get("text", ""))
    ]


async def _wait_card(bot: Bot, thread_ts: str, *fragments: str) -> None:
    for _ in range(400):
        if any(all(f in card for f in fragments) for card in _cards(bot, thread_ts)):
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"no card with {fragments} in {_cards(bot, thread_ts)}")


async def _events(bot: Bot, query: str, day: dict[str, str]) -> list[dict[str, Any]]:
    args = FetchCalendarEventsArgs.model_validate({**day, "query": query})
    return list(await bot.service.app.workspace.call("fetch_calendar_events", args))


async def _told_privately(bot: Bot, root: str, fragment: str) -> None:
    """A change of the private card is confirmed in the requester's DM, where the card is, never in the thread."""
    await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == dm_channel_id(JOHN) and fragment in str(c.args.get("text", "")),
    )
    assert not any(fragment in text for text in await thread_texts(bot, root))


async def _thread(bot: Bot, root: str, text: str) -> None:
    await bot.send(channel_thread_message_event(text, thread_ts=root, user_id=JOHN))


async def test_two_lookups_ask_one_question_at_a_time(bot: Bot):
    mention = app_mention_event(
        "email Zelda Fitzgerald saying the zebra-9 kit shipped and book a meeting with Quentin Blake tomorrow at 3pm",
        user_id=JOHN,
    )
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await _plan_ts(bot, CHANNEL_ID, root)
    await wait_text(bot, root, "“Zelda Fitzgerald”")
    await asyncio.sleep(0.2)
    assert not any("Quentin Blake”" in text for text in _texts(bot, root))  # not asked in the same turn
    await _thread(bot, root, "zelda@example.com")
    await wait_text(bot, root, "“Quentin Blake”")
    await _thread(bot, root, "quentin@example.com")
    seen: set[str] = set()
    await _approve(bot, CHANNEL_ID, ts, seen)  # the first card lists the meeting: its approval approves both
    await wait_text(bot, root, "Finished")
    assert not any("stuck" in text for text in _texts(bot, root))
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-9"))
    assert [m["to"] for m in sent] == [["zelda@example.com"]]
    [meeting] = await _events(bot, "Meeting with Quentin Blake", TUESDAY)
    assert meeting["attendees"] == ["quentin@example.com"]


async def test_a_correction_naming_a_field_while_the_body_is_asked(bot: Bot):
    mention = app_mention_event("email Priya about the zebra-7 launch", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await _plan_ts(bot, CHANNEL_ID, root)
    await wait_text(bot, root, "What text of the email")
    await _thread(bot, root, "actually make the subject “Zebra-7 launch plan”")
    await _told_privately(bot, root, "Changed the subject")
    await _wait_count(bot, root, "What text of the email", 2)  # the open question is asked again
    await _thread(bot, root, "We launch on the 20th.")
    await _approve(bot, CHANNEL_ID, ts, set())
    await wait_text(bot, root, "Finished")
    assert any("Zebra-7 launch plan" in card for card in _cards(bot, root))
    [sent] = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-7", includeBody=True))
    assert (sent["subject"], sent["to"]) == ("Zebra-7 launch plan", ["priya.shah@example.com"])
    assert "We launch on the 20th." in sent["body"]


async def test_a_correction_and_an_everyday_edit_at_an_approval(bot: Bot):
    mention = app_mention_event("schedule a sync with Tom tomorrow at 3pm", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await _plan_ts(bot, CHANNEL_ID, root)
    first = await _first_button(bot, ts)
    await _thread(bot, root, "actually make the title Roadmap sync")
    await _told_privately(bot, root, "Changed the title")
    await _thread(bot, root, "e when=Friday at 4pm")
    await _wait_card(bot, root, "Roadmap sync", "Fri 6 Mar")
    await _thread(bot, root, "e colour=blue")
    [problem] = await bot.slack.wait_for(
        "chat.postEphemeral", lambda c: c.args.get("thread_ts") == root and "colour" in str(c.args.get("text"))
    )
    assert "you can edit: title, startTime (when)" in str(problem.args["text"])
    await click(bot, "step_approve", first, ts)  # the card shown before the changes no longer counts
    await _approve(bot, CHANNEL_ID, ts, {first})
    await wait_text(bot, root, "Finished")
    assert await _events(bot, "Sync with Tom", TUESDAY) == []
    [sync] = await _events(bot, "Roadmap sync", FRIDAY)
    assert sync["startTime"] == "2026-03-06T16:00:00-05:00"
    assert sync["attendees"] == ["tom.reyes@example.com"]


async def _first_button(bot: Bot, ts: str) -> str:
    for _ in range(400):
        value = buttons(bot.slack.message(CHANNEL_ID, ts)).get("step_approve")
        if value:
            return value
        await asyncio.sleep(0.025)
    raise AssertionError("no Approve button")


async def test_follow_ups_and_undo_in_a_direct_message_thread(bot: Bot):
    channel = dm_channel_id(JOHN)
    first = im_message_event("schedule a sync with Tom tomorrow at 3pm", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    seen: set[str] = set()
    ts = await _plan_ts(bot, channel, root)
    await _approve(bot, channel, ts, seen)
    await _wait_count(bot, root, "Finished", 1)

    for number, follow_up in enumerate(("make it 4pm instead", "also invite Priya", "undo that"), start=2):
        await bot.send(im_message_event(follow_up, user_id=JOHN, thread_ts=root))
        plans = await bot.slack.wait_for(
            "chat.postMessage",
            lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
            count=number,
        )
        await _approve(bot, channel, str(plans[-1].response["ts"]), seen)
        await _wait_count(bot, root, "Finished", number)
        [sync] = await _events(bot, "Sync with Tom", TUESDAY)
        if follow_up == "make it 4pm instead":
            assert sync["startTime"] == "2026-03-03T16:00:00-05:00"
        elif follow_up == "also invite Priya":
            assert set(sync["attendees"]) == {"tom.reyes@example.com", "priya.shah@example.com"}
        else:
            assert sync["attendees"] == ["tom.reyes@example.com"]
            assert sync["startTime"] == "2026-03-03T16:00:00-05:00"
    said = " ".join(_texts(bot, root))
    assert "Approved" in said and "Invite Priya" in said
    await bot.send(im_message_event("book a debrief with them on Friday at 10am", user_id=JOHN, thread_ts=root))
    plans = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        count=5,
    )
    await _approve(bot, channel, str(plans[-1].response["ts"]), seen)
    await _wait_count(bot, root, "Finished", 5)
    [debrief] = await _events(bot, "Debrief", FRIDAY)  # "them": the people of the event this thread made
    assert (debrief["startTime"], debrief["attendees"]) == ("2026-03-06T10:00:00-05:00", ["tom.reyes@example.com"])


async def test_a_follow_up_mention_in_a_channel_thread_and_an_undo_that_cannot_be_done(bot: Bot):
    mention = app_mention_event("email Priya saying the zebra-5 deck is ready", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    seen: set[str] = set()
    await _approve(bot, CHANNEL_ID, await _plan_ts(bot, CHANNEL_ID, root), seen)
    await _wait_count(bot, root, "Finished", 1)
    await bot.send(app_mention_event("forward that to Maria as well", user_id=JOHN, thread_ts=root))
    plans = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan"),
        count=2,
    )
    await _approve(bot, CHANNEL_ID, str(plans[-1].response["ts"]), seen)
    await _wait_count(bot, root, "Finished", 2)
    await bot.send(app_mention_event("undo that", user_id=JOHN, thread_ts=root))
    await wait_text(bot, root, "cannot be undone: a sent email cannot be unsent")
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-5", includeBody=True))
    assert sorted(tuple(m["to"]) for m in sent) == [("maria.garcia@example.com",), ("priya.shah@example.com",)]
