"""Slash commands and shortcuts go through the inbox as events and clicks do: recorded before their 200, processed
once, and processed again by the sweep when the process that acknowledged them stopped half-way, with the same
outcome: one first message, one plan, its question asked once. A second delivery of one changes nothing.

The process "stops" while Slack is slow to answer a call of its work (the stand-in holds it): its work is cut there
(``InFlight.drain``), and what it left is only in the inbox."""

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import CHANNEL_ID, message_action_body, slash_command_body
from tests.slack.test_scenarios import JOHN, MARIA

LEASE_SECONDS = 0.001  # a stopped process's requests may be taken over at once


def first_messages(bot: Bot) -> list[SlackCall]:
    """``/plan``'s first messages ("… is making a plan with me"), each the root of a plan's thread."""
    return [c for c in bot.slack.calls_to("chat.postMessage") if "making a plan" in str(c.args.get("text"))]


def posted(bot: Bot, test: Callable[[SlackCall], bool]) -> list[SlackCall]:
    return [c for c in bot.slack.calls_to("chat.postMessage") if test(c)]


async def stop_while_held(bot: Bot, method: str, released: asyncio.Event) -> None:
    """The request's work waits on ``method``, held by Slack (``released``): the process stops there (its work cut,
    its inbox entry no longer renewed); Slack then answers again."""
    await bot.slack.wait_held(method)
    assert await bot.service.inflight.drain(0) == 1  # the one request under way is cut short
    released.set()


async def sweep_after_the_lease(bot: Bot) -> int:
    await asyncio.sleep(LEASE_SECONDS * 20)  # the entry's heartbeat is older than the lease
    inbox = bot.service.inbox
    assert inbox is not None
    return await inbox.sweep(bot.service.slack)


async def settled(bot: Bot) -> None:
    """The work under way ends, and nothing is left in the inbox."""
    await bot.service.inflight.drain(30)
    assert await sweep_after_the_lease(bot) == 0


async def test_a_plan_command_acknowledged_by_a_process_that_stopped_is_planned_once_by_the_sweep(
    tmp_path: Path,
) -> None:
    async with running_bot(tmp_path, claim_lease_seconds=LEASE_SECONDS) as bot:
        released = bot.slack.hold("conversations.info")  # is the channel shared? Slack does not answer before the stop
        body = slash_command_body(
            command="/plan", text="email Priya the Q3 deck", user_id=JOHN, response_url=bot.slack.response_url()
        )
        status, _ = await bot.send(body)
        assert status == 200  # acknowledged, the work not begun
        await stop_while_held(bot, "conversations.info", released)
        assert first_messages(bot) == []  # the request exists only in the inbox
        assert await sweep_after_the_lease(bot) == 1
        [root] = await bot.slack.wait_for("chat.postMessage", lambda c: "making a plan" in str(c.args.get("text")))
        ts = str(root.response["ts"])
        await bot.slack.wait_for(
            "chat.postMessage", lambda c: c.args.get("thread_ts") == ts and "What text" in str(c.args)
        )
        assert "Q3 deck" in json.dumps(bot.slack.message(CHANNEL_ID, ts))  # the plan message, in place
        status, _ = await bot.send(body)  # delivered again: its receipt is known
        assert status == 200
        await settled(bot)
        assert len(first_messages(bot)) == 1
        assert len(await bot.service.app.conversation.open_plans()) == 1


async def test_a_plan_command_stopped_after_its_plan_was_made_shows_that_plan_in_its_first_thread(
    tmp_path: Path,
) -> None:
    async with running_bot(tmp_path, claim_lease_seconds=LEASE_SECONDS) as bot:
        released = bot.slack.hold(
            "chat.update"
        )  # the first message becoming the plan: Slack does not answer before the stop
        body = slash_command_body(
            command="/plan", text="email Priya the Q3 deck", user_id=JOHN, response_url=bot.slack.response_url()
        )
        assert (await bot.send(body))[0] == 200
        await stop_while_held(bot, "chat.update", released)
        [root] = first_messages(bot)
        ts = str(root.response["ts"])
        plans = await bot.service.app.conversation.open_plans()
        assert len(plans) == 1  # made, never shown: the thread has only the first message
        assert posted(bot, lambda c: c.args.get("thread_ts") == ts) == []
        assert await sweep_after_the_lease(bot) == 1
        await bot.slack.wait_for(
            "chat.postMessage", lambda c: c.args.get("thread_ts") == ts and "What text" in str(c.args)
        )
        await settled(bot)
        assert first_messages(bot) == [root]  # its first message is used again, not posted twice
        assert "Q3 deck" in json.dumps(bot.slack.message(CHANNEL_ID, ts))  # and now shows the plan
        assert len(posted(bot, lambda c: c.args.get("thread_ts") == ts and "What text" in str(c.args))) == 1
        assert [p.session_id for p in await bot.service.app.conversation.open_plans()] == [plans[0].session_id]


async def test_a_message_shortcut_is_kept_by_the_inbox_and_planned_once(tmp_path: Path) -> None:
    async with running_bot(tmp_path, claim_lease_seconds=LEASE_SECONDS) as bot:
        released = bot.slack.hold("conversations.info")
        message = {"ts": "1700000000.000100", "user": MARIA, "text": "please email Priya the Q3 deck"}
        body = message_action_body(callback_id="plan_from_message", message=message, user_id=JOHN)
        assert (await bot.send(body))[0] == 200
        await stop_while_held(bot, "conversations.info", released)
        assert await sweep_after_the_lease(bot) == 1
        in_thread = lambda c: c.args.get("thread_ts") == message["ts"]  # noqa: E731
        await bot.slack.wait_for("chat.postMessage", lambda c: in_thread(c) and "What text" in str(c.args))
        assert (await bot.send(body))[0] == 200  # delivered again: its receipt is known
        await settled(bot)
        assert len(posted(bot, lambda c: in_thread(c) and "asked me to plan" in str(c.args))) == 1
        assert len(posted(bot, lambda c: in_thread(c) and str(c.args.get("text", "")).startswith("Plan"))) == 1
        assert len(await bot.service.app.conversation.open_plans()) == 1


async def test_a_command_delivered_twice_is_answered_once(tmp_path: Path) -> None:
    async with running_bot(tmp_path, claim_lease_seconds=LEASE_SECONDS) as bot:
        body = slash_command_body(
            command="/plan", text="email Priya the Q3 deck", user_id=JOHN, response_url=bot.slack.response_url()
        )
        statuses = await asyncio.gather(bot.send(body), bot.send(body))  # the same trigger, twice at once
        assert [status for status, _ in statuses] == [200, 200]
        await bot.slack.wait_for("chat.postMessage", lambda c: "What text" in str(c.args))
        await settled(bot)
        assert len(first_messages(bot)) == 1
        assert len(await bot.service.app.conversation.open_plans()) == 1
