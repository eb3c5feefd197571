"""Ack latency of the Slack HTTP app under concurrent signed events, beside a bare Bolt app.

Run: `.venv/bin/python -m bench.slack_http [--conversations 50] [--events 4] [--dm]`. Prints figures; asserts
nothing. With ``--dm`` every conversation is a top-level direct message of one person with replies in its DM
thread (one plan per DM thread): it also prints how many plans were shown, one per thread when none mixed.
Everything runs on 127.0.0.1: a fake Slack Web API (tests/slack/kit), planbot's app on its local workspace and
SQLite, and a bare AsyncApp whose app_mention listener does nothing, measured in the same run.
"""

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from pydantic import SecretStr
from slack_bolt.async_app import AsyncApp

from bot.serve import build_service, http_app
from bot.settings import Settings
from bot.slack.declared import EVENTS_PATH
from tests.fakes import ManualClock
from tests.slack.kit.fake_web_api import FakeSlackWebApi, serve_locally
from tests.slack.kit.payloads import (
    BOT_TOKEN,
    DEMO_USERS,
    app_mention_event,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
    json_body,
)
from tests.slack.kit.signing import SIGNING_SECRET, signed_headers

REQUESTS = ["what's on my calendar tomorrow", "Email Priya the Q3 deck", "show open deals for Initech"]


async def drive(url: str, conversations: int, events: int, dm: bool = False) -> tuple[list[float], float, list[int]]:
    """``conversations`` threads at once, each a mention (or a top-level DM) then ``events - 1`` replies in its
    thread."""
    latencies: list[float] = []
    statuses: list[int] = []

    async def post(http: aiohttp.ClientSession, payload: dict[str, Any]) -> None:
        body = json_body(payload)
        t0 = time.perf_counter()
        async with http.post(url + EVENTS_PATH, data=body, headers=signed_headers(SIGNING_SECRET, body)) as response:
            await response.read()
            statuses.append(response.status)
        latencies.append(time.perf_counter() - t0)

    async def conversation(http: aiohttp.ClientSession, n: int) -> None:
        request = REQUESTS[n % len(REQUESTS)]
        mention = im_message_event(request, user_id="U0JOHN") if dm else app_mention_event(request, user_id="U0JOHN")
        await post(http, mention)
        for k in range(events - 1):
            root = mention["event"]["ts"]
            reply = (
                im_message_event(f"note {k}", user_id="U0JOHN", thread_ts=root)
                if dm
                else channel_thread_message_event(f"note {k}", thread_ts=root, user_id="U0JOHN")
            )
            await post(http, reply)

    connector = aiohttp.TCPConnector(limit=conversations)
    async with aiohttp.ClientSession(connector=connector) as http:
        started = time.perf_counter()
        await asyncio.gather(*(conversation(http, n) for n in range(conversations)))
        elapsed = time.perf_counter() - started
    return latencies, elapsed, statuses


def bare_app(client: Any) -> AsyncApp:
    app = AsyncApp(client=client, signing_secret=SIGNING_SECRET)

    @app.event("app_mention")
    async def nothing() -> None:
        return None

    @app.event("message")
    async def nothing_either() -> None:
        return None

    return app


def report(name: str, latencies: list[float], elapsed: float, statuses: list[int]) -> float:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)] * 1000
    ok = sum(1 for s in statuses if s == 200)
    print(f"{name:<10}{len(ordered):>8}{len(ordered) / elapsed:>10.0f}{p50:>10.2f}{p99:>10.2f}{ok:>8}")
    return p99


async def main(conversations: int, events: int, dm: bool = False) -> None:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(
                data_dir=Path(folder),
                slack_bot_token=SecretStr(BOT_TOKEN),
                slack_signing_secret=SecretStr(SIGNING_SECRET),
                slack_api_url=slack.base_url,
            )
            if dm:  # one person's many plans: no hourly cap
                settings = settings.model_copy(update={"max_plans_per_hour": 0})
            service = await build_service(settings, "http", "America/New_York", ManualClock())
            try:
                where = "DM threads of one person" if dm else "channel threads"
                print(f"{conversations} concurrent conversations ({where}) x {events} signed events, HTTP on 127.0.0.1")
                print(f"{'app':<10}{'events':>8}{'events/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'200s':>8}")
                async with serve_locally(bare_app(slack.client()).web_app(path=EVENTS_PATH)) as url:
                    bare = report("bare", *await drive(url, conversations, events, dm))
                async with serve_locally(http_app(service)) as url:
                    ours = report("planbot", *await drive(url, conversations, events, dm))
                    await service.inflight.drain(120)  # the work after the acks, before counting and closing
                if dm:
                    channel = dm_channel_id("U0JOHN")
                    shown = {
                        c.args.get("thread_ts")
                        for c in slack.calls_to("chat.postMessage")
                        if c.args.get("channel") == channel and str(c.args.get("text", "")).startswith("Plan")
                    }
                    print(f"plans shown in DM threads: {len(shown)} of {conversations}")
            finally:
                await service.close()
    print(f"p99 ratio planbot/bare: {ours / bare:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--conversations", type=int, default=50)
    parser.add_argument("--events", type=int, default=4)
    parser.add_argument("--dm", action="store_true", help="top-level DMs of one person, replies in their threads")
    options = parser.parse_args()
    asyncio.run(main(options.conversations, options.events, options.dm))
