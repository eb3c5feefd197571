"""Delivery under load: every request's plan message, result and "Finished" reach Slack, at several concurrencies.

Run: `.venv/bin/python -m bench.delivery_load [--requests 1000] [--concurrency 5 20 50]`. Prints figures; asserts
nothing. Everything runs on 127.0.0.1: a fake Slack Web API (tests/slack/kit) and planbot's real Slack app
(``build_service`` + ``http_app``) on its local workspace, with the plan store and the Slack state in SQLite files,
driven over signed HTTP. Requests cycle through two reads (answered at once) and a write (an email, approved with
a click on its plan message's button). For each concurrency, on a fresh data folder: plan messages, results and
"Finished" messages expected vs delivered, lost ones, and the errors the app logged (Slack state, plan store, other).
"""

import argparse
import asyncio
import logging
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from pydantic import SecretStr

from bot.serve import build_service, http_app
from bot.settings import Settings
from bot.slack.declared import EVENTS_PATH
from tests.fakes import ManualClock
from tests.slack.kit.fake_web_api import FakeSlackWebApi, serve_locally
from tests.slack.kit.payloads import BOT_TOKEN, CHANNEL_ID, DEMO_USERS, app_mention_event, block_actions_body, json_body
from tests.slack.kit.signing import SIGNING_SECRET, post_signed

REQUESTS = [
    "what's on my calendar tomorrow",
    "show open deals for Initech",
    "email priya.shah@example.com saying load-{n}",
]
FLOW_TIMEOUT = 120.0
NOT_RESULTS = ("Plan for", "Finished", "approval is needed", "Approved “")  # the other messages of a thread


@dataclass
class Thread:
    plan_ts: str | None = None
    results: int = 0
    finished: int = 0


@dataclass
class Watcher:
    """Follows the fake Slack's calls once (not once per flow): each thread's plan message, results, "Finished"."""

    slack: FakeSlackWebApi
    threads: dict[str, Thread] = field(default_factory=dict)
    seen: int = 0

    async def run(self) -> None:
        while True:
            self.catch_up()
            await asyncio.sleep(0.02)

    def catch_up(self) -> None:
        calls = self.slack.calls
        for call in calls[self.seen :]:
            root = str(call.args.get("thread_ts") or "")
            if not root or call.method not in ("chat.postMessage", "chat.postEphemeral") or not call.response:
                continue
            thread, text = self.threads.setdefault(root, Thread()), str(call.args.get("text", ""))
            if call.method == "chat.postMessage" and text.startswith("Plan for") and thread.plan_ts is None:
                thread.plan_ts = str(call.response.get("ts"))
            elif "Finished" in text:
                thread.finished += 1
            elif not any(marker in text for marker in NOT_RESULTS):
                thread.results += 1
        self.seen = len(calls)


class Errors(logging.Handler):
    """Counts what the app logged at WARNING or above, by where it came from."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.counts: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        text = f"{record.getMessage()} {error or ''}"
        if "Slack state" in text:
            self.counts["slack state"] += 1
        elif "plan store" in text:
            self.counts["plan store"] += 1
        elif record.levelno >= logging.ERROR:
            self.counts["other"] += 1


def approve_value(slack: FakeSlackWebApi, ts: str) -> str | None:
    for block in (slack.message(CHANNEL_ID, ts) or {}).get("blocks") or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("action_id") == "step_approve":
                return str(element.get("value"))
    return None


async def until(check: Any, timeout: float = FLOW_TIMEOUT) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        await asyncio.sleep(0.05)
    return None


async def flow(n: int, url: str, http: aiohttp.ClientSession, slack: FakeSlackWebApi, watcher: Watcher) -> str:
    """One request from mention to "Finished"; returns the thread's root ``ts``."""
    user = DEMO_USERS[n % len(DEMO_USERS)].id
    mention = app_mention_event(REQUESTS[n % len(REQUESTS)].format(n=n), user_id=user)
    root = str(mention["event"]["ts"])
    await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, json_body(mention))
    plan = await until(lambda: watcher.threads.get(root, Thread()).plan_ts)
    if plan and "{n}" in REQUESTS[n % len(REQUESTS)]:  # the write: approve it as its requester
        value = await until(lambda: approve_value(slack, plan))
        if value:
            body = block_actions_body(action_id="step_approve", value=value, user_id=user, message_ts=plan)
            await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, body)
    await until(lambda: watcher.threads.get(root, Thread()).finished)
    return root


async def one_run(requests: int, concurrency: int, folder: Path) -> dict[str, Any]:
    errors = Errors()
    logging.getLogger().addHandler(errors)
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        settings = Settings(
            data_dir=folder,
            slack_bot_token=SecretStr(BOT_TOKEN),
            slack_signing_secret=SecretStr(SIGNING_SECRET),
            slack_api_url=slack.base_url,
            max_plans_per_hour=0,
        )
        service = await build_service(settings, "http", "America/New_York", ManualClock())
        watcher = Watcher(slack)
        watching = asyncio.create_task(watcher.run())
        gate = asyncio.Semaphore(concurrency)
        try:
            connector = aiohttp.TCPConnector(limit=concurrency * 2)
            async with serve_locally(http_app(service)) as url, aiohttp.ClientSession(connector=connector) as http:

                async def bounded(n: int) -> str:
                    async with gate:
                        return await flow(n, url, http, slack, watcher)

                started = time.perf_counter()
                roots = await asyncio.gather(*(bounded(n) for n in range(requests)))
                elapsed = time.perf_counter() - started
                await asyncio.sleep(1)  # anything still on its way
                watcher.catch_up()
        finally:
            watching.cancel()
            await service.close()
            logging.getLogger().removeHandler(errors)
    threads = [watcher.threads.get(root, Thread()) for root in roots]
    return {
        "plans": sum(1 for t in threads if t.plan_ts),
        "results": sum(min(t.results, 1) for t in threads),
        "finished": sum(min(t.finished, 1) for t in threads),
        "extra": sum(max(t.results - 1, 0) + max(t.finished - 1, 0) for t in threads),
        "errors": errors.counts,
        "per_s": requests / elapsed,
    }


async def main(requests: int, concurrencies: list[int]) -> None:
    print(f"{requests} requests per concurrency (2 reads : 1 approved write), HTTP on 127.0.0.1, SQLite")
    header = f"{'conc.':>5}  {'plans':>11}  {'results':>11}  {'finished':>11}  {'lost':>5}  {'dup':>4}"
    print(f"{header}  {'state err':>9}  {'store err':>9}  {'other err':>9}  {'req/s':>6}")
    for concurrency in concurrencies:
        with tempfile.TemporaryDirectory() as folder:
            f = await one_run(requests, concurrency, Path(folder))
        lost = 3 * requests - f["plans"] - f["results"] - f["finished"]
        delivered = (f"{f[key]:>5}/{requests:<5}" for key in ("plans", "results", "finished"))
        errors = f["errors"]
        print(
            f"{concurrency:>5}  " + "  ".join(delivered) + f"  {lost:>5}  {f['extra']:>4}"
            f"  {errors['slack state']:>9}  {errors['plan store']:>9}  {errors['other']:>9}  {f['per_s']:>6.1f}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[5, 20, 50])
    options = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger().handlers[0].setLevel(logging.CRITICAL)  # the figures only: errors are counted, not printed
    asyncio.run(main(options.requests, options.concurrency))
