"""A request handled a second time while its first handling is still under way posts its plan's message and card once
(over signed HTTP with the Slack stand-in, two processes of the app on one data folder and workspace).

The first process takes a mention and stalls while posting the approval card (the stand-in holds the post); it
renews nothing (no sweep runs in it), so once the lease is over the second process's sweep takes the request over
and handles it again, showing where the plan stands: the card is the first handling's to post, the plan message the
second's. Then the first goes on. Before, both posted the card (and the second was held posting it, so the plan
message never came while the first stalled)."""

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.slack.conftest import running_bot
from tests.slack.kit.fake_web_api import FakeSlackWebApi, SlackCall
from tests.slack.kit.payloads import CHANNEL_ID, DEMO_USERS, app_mention_event, dm_channel_id
from tests.slack.kit.running import MANIFEST_SCOPES, Bot
from tests.slack.test_scenarios import JOHN

LEASE_SECONDS = 1.0  # a live claim is renewed every sixth of it: a busy CI machine stalls the loop far less
GUARD_SECONDS = 60  # a takeover that never comes fails the test instead of hanging it (not a figure)


def cards(slack: FakeSlackWebApi, text: str) -> list[SlackCall]:
    """The approval cards posted to John for the request ``text`` (messages in his DM with an Approve button)."""
    return [
        c
        for c in slack.calls_to("chat.postMessage")
        if c.args.get("channel") == dm_channel_id(JOHN)
        and "step_approve" in json.dumps(c.args.get("blocks"))
        and text in json.dumps(c.args)
    ]


def plan_messages(slack: FakeSlackWebApi, root: str) -> list[SlackCall]:
    return [
        c
        for c in slack.calls_to("chat.postMessage")
        if c.args.get("channel") == CHANNEL_ID
        and c.args.get("thread_ts") == root
        and str(c.args.get("text", "")).startswith("Plan")
    ]


async def taken_over(bot: Bot) -> None:
    """The second process's sweep takes the request over once its lease is over, and handles it again."""
    inbox = bot.service.inbox
    assert inbox is not None
    async with asyncio.timeout(GUARD_SECONDS):
        while await inbox.sweep(bot.service.slack) == 0:
            await asyncio.sleep(LEASE_SECONDS / 2)


async def test_a_request_handled_again_while_its_first_handling_stalls_posts_its_card_once(tmp_path: Path) -> None:
    text = "email priya.shah@example.com saying the offsite moved to the ninth"
    async with FakeSlackWebApi(users=DEMO_USERS, scopes=MANIFEST_SCOPES) as slack:
        settings: dict[str, Any] = {"claim_lease_seconds": LEASE_SECONDS}
        async with running_bot(tmp_path, slack=slack, **settings) as first:
            into_dm = slack.hold("chat.postMessage", when=lambda a: a.get("channel") == dm_channel_id(JOHN))
            mention = app_mention_event(text, user_id=JOHN)
            root = mention["event"]["ts"]
            assert (await first.send(mention))[0] == 200
            await slack.wait_held("chat.postMessage", timeout=GUARD_SECONDS)  # the first handling, stalled
            async with running_bot(tmp_path, slack=slack, **settings) as second:
                await taken_over(second)  # handled again, the first handling still stalled
                async with asyncio.timeout(GUARD_SECONDS):  # the second shows the plan (its card: the first's)
                    while not plan_messages(slack, root):
                        await asyncio.sleep(0.05)
                into_dm.set()
                await second.service.inflight.drain(GUARD_SECONDS)
                await first.service.inflight.drain(GUARD_SECONDS)
        assert len(cards(slack, "offsite moved")) == 1
        assert len(plan_messages(slack, root)) == 1


async def test_a_card_claimed_by_a_handling_that_died_before_posting_it_is_posted_by_the_takeover(
    tmp_path: Path,
) -> None:
    """The first process claims the card and stops while Slack has not answered (its post cut short, as by a
    SIGKILL: the stand-in never records it, and its claim is renewed no more). The second process takes the request
    over after the lease and posts the card: once. Before, the claim stayed the dead handling's and the card was
    never posted."""
    text = "email priya.shah@example.com saying the budget review moved to friday"
    async with FakeSlackWebApi(users=DEMO_USERS, scopes=MANIFEST_SCOPES) as slack:
        settings: dict[str, Any] = {"claim_lease_seconds": LEASE_SECONDS}
        async with running_bot(tmp_path, slack=slack, **settings) as first:
            into_dm = slack.hold("chat.postMessage", when=lambda a: a.get("channel") == dm_channel_id(JOHN))
            mention = app_mention_event(text, user_id=JOHN)
            root = mention["event"]["ts"]
            assert (await first.send(mention))[0] == 200
            await slack.wait_held("chat.postMessage", timeout=GUARD_SECONDS)  # the card claimed, being posted
            assert await first.service.inflight.drain(0) == 1  # the first process stops there
        into_dm.set()
        assert cards(slack, "budget review") == []  # the cut post never reached Slack
        await asyncio.sleep(LEASE_SECONDS)  # its request's lease and its claim's heartbeat run out
        async with running_bot(tmp_path, slack=slack, **settings) as second:
            await taken_over(second)
            await second.service.inflight.drain(GUARD_SECONDS)
        assert len(cards(slack, "budget review")) == 1
        assert len(plan_messages(slack, root)) == 1
