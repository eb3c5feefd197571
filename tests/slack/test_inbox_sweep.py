"""The inbox in one process: a request that a stopped process acknowledged (recorded with its payload, never
marked processed) is processed by the sweep once, and a second delivery of it, or a second sweep, changes nothing.
The real SIGKILL of ``planbot serve`` is in ``tests/replicas/test_inbox.py``."""

import asyncio
import json
from pathlib import Path

from bot.slack.state import thread_key
from tests.slack.conftest import running_bot
from tests.slack.kit.payloads import CHANNEL_ID, TEAM_ID, app_mention_event
from tests.slack.test_scenarios import JOHN, wait_text

LEASE_SECONDS = 0.001  # a stopped process's requests may be taken over at once


def plan_posts(calls: list, root: str) -> int:  # type: ignore[type-arg]
    return sum(
        1
        for call in calls
        if call.method == "chat.postMessage"
        and call.args.get("thread_ts") == root
        and str(call.args.get("text", "")).startswith("Plan")
    )


async def test_a_request_left_by_a_stopped_process_is_processed_by_the_sweep_once(tmp_path: Path) -> None:
    async with running_bot(tmp_path, claim_lease_seconds=LEASE_SECONDS) as bot:
        mention = app_mention_event("email priya.shah@example.com saying sweepcode", user_id=JOHN)
        root = str(mention["event"]["ts"])
        service = bot.service
        assert service.inbox is not None
        await service.state.first_sighting(
            TEAM_ID,
            str(mention["event_id"]),
            thread_key=thread_key(TEAM_ID, CHANNEL_ID, root, False),
            event_ts=root,
            payload=json.dumps(mention),
            owner="a-process-that-stopped",
        )
        # its heartbeat older than the lease (a fast machine would sweep within the 1 ms)
        await asyncio.sleep(LEASE_SECONDS * 20)
        assert await service.inbox.sweep(service.slack) == 1
        await wait_text(bot, root, "Plan")
        status, _ = await bot.send(mention)  # delivered again: the receipt is known
        assert status == 200
        await service.inflight.drain(30)  # the work under way ends
        assert await service.inbox.sweep(service.slack) == 0  # processed: nothing left to take over
        assert plan_posts(bot.slack.calls, root) == 1
        assert len(await service.app.conversation.open_plans()) == 1
