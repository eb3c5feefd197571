"""Memory of ``planbot serve --http`` as a real process, with every model loaded: resident set size (RSS) at start,
its peak and its steady value once every model is in use.

Run: `.venv/bin/python -m bench.serve_memory [--people 40] [--records 200]`. Prints figures; asserts nothing.
Everything runs on 127.0.0.1: the Slack stand-in (tests/slack/kit) with ``--people`` members, the HubSpot stand-in
(tests/integrations/crm) with ``--records`` contacts, companies and deals, and ``planbot serve --http`` started as
its own process on a fresh data folder, with the example bank on (``PLANBOT_EXAMPLE_BANK``) and the CRM on each
person's own account (``PLANBOT_CRM=hubspot``, an account stored for every person before the start). Every person
mentions the bot in a channel (signed requests): the goal classifier, the slot tagger, the embedding index and
that person's own name index (listed from their CRM in the background) are all loaded. RSS is read from
``/proc/<pid>/status`` (``VmRSS``; the peak is ``VmHWM``), sampled every 50 ms; "steady" is the RSS once the
stand-ins have been quiet for a while after the last answer.
"""

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
from pydantic import SecretStr

from bot.compose import open_accounts
from bot.settings import Settings
from bot.slack.declared import ACTION_IDS, EVENTS_PATH
from devtools.slack_conversations import approve_value
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import (
    BOT_TOKEN,
    TEAM_ID,
    SlackUser,
    app_mention_event,
    block_actions_body,
    dm_channel_id,
    json_body,
)
from tests.slack.kit.signing import SIGNING_SECRET, post_signed

KEY = "bench-secret-key-for-the-serve-memory-figure-0123456789"
PAT = "pat-bench-memory"
REQUESTS = (
    "email dana.zebra@example.com saying the budget review moved to friday",
    "what's on my calendar tomorrow",
    "block 2 hours tomorrow at 10am for budget prep",
    "show open deals for initech",
    "schedule a design sync with dana zebra thursday 3pm in room 4",
)
QUIET_SECONDS = 3.0
LIBRARIES = {"onnxruntime (embeddings)": "onnxruntime", "crfsuite (slot tagger)": "crfsuite", "scikit-learn": "sklearn"}
FIRSTS = ("Dana", "Tom", "Priya", "Omar", "Lena", "Kofi", "Mei", "Ravi", "Ines", "Hugo")
LASTS = ("Zebra", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Silva", "Novak", "Haddad", "Kowalski", "Brennan")


def people(count: int) -> list[SlackUser]:
    return [
        SlackUser(f"U0P{n:04d}", f"person{n}", f"Person {n}", f"person{n}@example.com", "America/New_York")
        for n in range(count)
    ]


def crm(records: int) -> FakeHubSpot:
    hubspot = FakeHubSpot(token=PAT)
    for i in range(records):
        first, last = FIRSTS[i % 10], LASTS[(i // 10) % 10]
        hubspot.store.add("contacts", {"firstname": first, "lastname": f"{last}{i // 100 or ''}"})
        hubspot.store.add("companies", {"name": f"{last} Labs {i}", "domain": f"c{i}.example"})
        hubspot.store.add("deals", {"dealname": f"{last} renewal {i}", "amount": "1000", "dealstage": "qualifiedtobuy"})
    return hubspot


def approvals(slack: FakeSlackWebApi, user: SlackUser) -> str | None:
    """A click on Approve of ``user``'s newest approval card (a message in their DM, or a private one), if any."""
    for call in reversed(slack.calls):
        value = approve_value(call.args.get("blocks")) if call.ok else None
        if value is None:
            continue
        if call.method == "chat.postEphemeral" and call.args.get("user") == user.id:
            ts, channel, message = str(call.response.get("message_ts")), str(call.args.get("channel")), None
        elif call.method == "chat.postMessage" and call.args.get("channel") == dm_channel_id(user.id):
            ts, channel = str(call.response.get("ts")), str(call.response.get("channel"))
            message = slack.message(channel, ts)
        else:
            continue
        thread = (message or {}).get("thread_ts") or call.args.get("thread_ts")
        return block_actions_body(
            action_id=ACTION_IDS["approve"],
            value=value,
            user_id=user.id,
            channel_id=channel,
            message_ts=ts,
            thread_ts=thread,
            message=message,
            is_ephemeral=message is None,
            button_text="Approve",
            response_url=slack.response_url(),
        )
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of ``pid`` in MiB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def seed_accounts(data: Path, users: list[SlackUser]) -> None:
    settings = Settings(data_dir=data, secret_key=SecretStr(KEY))
    accounts = await open_accounts(settings)
    try:
        for user in users:
            await accounts.save(
                team=TEAM_ID, user=user.id, kind="crm", service="hubspot", label="HubSpot", credentials={"token": PAT}
            )
    finally:
        await accounts.store.close()


async def started(url: str, process: subprocess.Popen[bytes], limit: float = 300) -> float:
    """Seconds until ``/readyz`` answers."""
    t0 = time.perf_counter()
    async with aiohttp.ClientSession() as http:
        while time.perf_counter() - t0 < limit:
            if process.poll() is not None:
                raise SystemExit(f"planbot serve stopped (exit {process.returncode})")
            try:
                async with http.get(url + "/readyz") as response:
                    if response.status == 200:
                        return time.perf_counter() - t0
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("planbot serve did not start")


def finishes(slack: FakeSlackWebApi) -> list[Any]:
    """The "Finished" messages of plans so far."""
    return [c for c in slack.calls_to("chat.postMessage") if "Finished" in str(c.args.get("text", ""))]


async def until(condition: Callable[[], bool], limit: float = 600) -> None:
    deadline = time.monotonic() + limit
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


async def quiet(slack: FakeSlackWebApi, hubspot: FakeHubSpot, seconds: float, limit: float = 300) -> None:
    """Wait until neither stand-in has been called for ``seconds``."""
    deadline = time.monotonic() + limit
    seen, since = (len(slack.calls), len(hubspot.requests)), time.monotonic()
    while time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        now = (len(slack.calls), len(hubspot.requests))
        if now != seen:
            seen, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


def serve_environment(data: Path, slack: FakeSlackWebApi, crm_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "PLANBOT_DATA_DIR": str(data),
        "SLACK_BOT_TOKEN": BOT_TOKEN,
        "SLACK_SIGNING_SECRET": SIGNING_SECRET,
        "SLACK_API_URL": slack.base_url,
        "PLANBOT_SECRET_KEY": KEY,
        "PLANBOT_CRM": "hubspot",
        "PLANBOT_HUBSPOT_BASE_URL": crm_url,
        "PLANBOT_EXAMPLE_BANK": "1",
        "PLANBOT_MAX_PLANS_PER_HOUR": "0",
    }


async def requests(url: str, slack: FakeSlackWebApi, hubspot: FakeHubSpot, users: list[SlackUser], rounds: int) -> str:
    """Every person mentions the bot, then approves the card it shows them, ``rounds`` times; what was done."""
    answered = approved = 0
    async with aiohttp.ClientSession() as http:
        for round_ in range(rounds):
            for n, user in enumerate(users):
                event = app_mention_event(REQUESTS[(n + round_) % len(REQUESTS)], user_id=user.id)
                status, _ = await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, json_body(event))
                answered += status == 200
            await quiet(slack, hubspot, QUIET_SECONDS)
            finished, clicked = len(finishes(slack)), 0
            for user in users:  # an approved plan is remembered in the embedding index (opened, built if need be)
                click = approvals(slack, user)
                if click is not None:
                    status, _ = await post_signed(http, url + EVENTS_PATH, SIGNING_SECRET, click)
                    clicked += status == 200
            await until(lambda: len(finishes(slack)) >= finished + clicked)  # noqa: B023 -- awaited here
            await quiet(slack, hubspot, QUIET_SECONDS)
            approved += clicked
    return f"{answered} mentions and {approved} approvals acknowledged"


async def main(count: int, records: int, rounds: int, build_first: bool) -> None:
    users = people(count)
    hubspot = crm(records)
    planbot = str(Path(sys.executable).with_name("planbot"))
    async with running(hubspot) as crm_url, FakeSlackWebApi(users=users) as slack:
        with tempfile.TemporaryDirectory() as folder:
            data = Path(folder)
            await seed_accounts(data, users)
            env = serve_environment(data, slack, crm_url)
            if build_first:  # as an operator may, before the first start: the bank is then only opened by serve
                subprocess.run([planbot, "index", "build"], env=env, check=True, stdout=subprocess.DEVNULL)
            port = free_port()
            command = [planbot, "serve", "--http", "--port", str(port), "--tz", "UTC"]
            with open(data / "serve.log", "wb") as log:
                process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
                sampler = Sampler(process.pid)
                try:
                    url = f"http://127.0.0.1:{port}"
                    ready = await started(url, process)
                    await asyncio.sleep(1.0)
                    at_start = rss_mib(process.pid)[0]
                    t0 = time.perf_counter()
                    done = await requests(url, slack, hubspot, users, rounds)
                    elapsed = time.perf_counter() - t0
                    steady = [rss_mib(process.pid)[0]]
                    for _ in range(10):
                        await asyncio.sleep(0.2)
                        steady.append(rss_mib(process.pid)[0])
                    peak = rss_mib(process.pid)[1]
                    mapped = Path(f"/proc/{process.pid}/maps").read_text()
                finally:
                    await sampler.stop()
                    process.terminate()
                    try:
                        process.wait(30)
                    except subprocess.TimeoutExpired:
                        process.kill()
            logged = (data / "serve.log").read_text().splitlines()
    bank = "built before the start (planbot index build)" if build_first else "built by serve on first use"
    print(f"planbot serve --http, {count} people x {rounds} rounds, each person's CRM of {records} records of a kind")
    print(f"  example bank {bank}; ready after {ready:.1f} s; {done}")
    print(f"  requests to the CRM stand-in (people's name listings and lookups): {len(hubspot.requests)}")
    loaded = [name for name, file in LIBRARIES.items() if file in mapped]
    print(f"  native libraries mapped: {', '.join(loaded) or 'none'}")
    print(f"  RSS at start (classifier and slot tagger loaded): {at_start:.0f} MiB")
    print(f"  RSS peak (VmHWM): {peak:.0f} MiB (max sampled every 50 ms: {sampler.max:.0f} MiB)")
    quiet_rss = statistics.median(steady)
    print(f"  RSS steady (every model loaded, after {elapsed:.0f} s of requests, quiet): {quiet_rss:.0f} MiB")
    for line in [line for line in logged if " ERROR " in line or "example bank built" in line][:5]:
        print(f"  serve log: {line[:200]}")


class Sampler:
    """The process's RSS, sampled every 50 ms until ``stop``."""

    def __init__(self, pid: int) -> None:
        self.max = 0.0
        self._pid = pid
        self._task = asyncio.create_task(self._sample())

    async def _sample(self) -> None:
        while True:
            try:
                self.max = max(self.max, rss_mib(self._pid)[0])
            except (OSError, KeyError):
                return
            await asyncio.sleep(0.05)

    async def stop(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


def _arguments(argv: Any = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--people", type=int, default=40)
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--build-first", action="store_true", help="build the example bank before serve starts")
    return parser.parse_args(argv)


if __name__ == "__main__":
    options = _arguments()
    asyncio.run(main(options.people, options.records, options.rounds, options.build_first))
