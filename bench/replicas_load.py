"""Load on two replicas sharing PostgreSQL: full flows (mention → answer → approve), bounded, loopback only.

Run: `.venv/bin/python -m bench.replicas_load [--flows 200] [--runs 5]`. Prints figures; asserts nothing.
Starts a throwaway PostgreSQL cluster, a fake Slack Web API (tests/slack/kit) and two `planbot serve --http`
processes; each flow alternates replicas. Reports completed flows, lost events (acked with 200 but no effect),
duplicate executions, ack p50/p99 (median over runs), flows/s and peak RSS per replica.
"""

import argparse
import asyncio
import json
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from integrations.local import open_workspace
from tests.postgres import find_bin_dir, start_cluster
from tests.replicas.harness import Replica, environment, replicas
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    DEMO_USERS,
    app_mention_event,
    block_actions_body,
)

FLOW_TIMEOUT = 60.0
TURNS = 4


def approve_value(slack: FakeSlackWebApi, ts: str) -> str | None:
    message = slack.message(CHANNEL_ID, ts) or {}
    for block in message.get("blocks") or []:
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


class Watcher:
    """Follows the fake Slack's calls once (not once per flow): where each thread's plan message is, and which
    threads said "Finished"."""

    def __init__(self, slack: FakeSlackWebApi) -> None:
        self._slack = slack
        self._seen = 0
        self.plans: dict[str, str] = {}
        self.finished: set[str] = set()

    async def run(self) -> None:
        while True:
            calls = self._slack.calls
            for call in calls[self._seen :]:
                root = str(call.args.get("thread_ts") or "")
                text = str(call.args.get("text", ""))
                if call.method == "chat.postMessage" and root and call.response:
                    if text.startswith("Plan") and root not in self.plans:
                        self.plans[root] = str(call.response["ts"])
                    if "Finished" in text:
                        self.finished.add(root)
            self._seen = len(calls)
            await asyncio.sleep(0.02)


async def flow(
    n: int, slack: FakeSlackWebApi, watcher: Watcher, pair: list[Replica], acks: list[float], acked: list[str]
) -> bool:
    first, second = pair[n % 2], pair[(n + 1) % 2]
    user = DEMO_USERS[n % len(DEMO_USERS)].id

    async def send(replica: Replica, body: Any, what: str) -> bool:
        t0 = time.perf_counter()
        status, _ = await replica.send(body)
        acks.append(time.perf_counter() - t0)
        if status == 200:
            acked.append(what)
        return status == 200

    mention = app_mention_event(f"email priya.shah@example.com saying load-{n}", user_id=user)
    root = mention["event"]["ts"]
    await send(first, mention, f"mention {n}")
    ts = await until(lambda: watcher.plans.get(root))
    value = ts and await until(lambda: approve_value(slack, ts))
    if not value:
        print(f"flow {n}: no {'plan message' if not ts else 'approve button'} (replica {first.name})")
        return False
    body = block_actions_body(action_id="step_approve", value=value, user_id=user, message_ts=ts)
    await send(second, body, f"approve {n}")
    finished = bool(await until(lambda: root in watcher.finished))
    if not finished:
        print(f"flow {n}: approved at {second.name} but never finished")
    return finished


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def one_run(flows: int, concurrency: int, database_url: str, folder: Path, ramp: float = 0.0) -> dict[str, Any]:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        env = environment(
            database_url,
            folder / "data",
            slack.base_url,
            PLANBOT_MAX_PLANS_PER_HOUR="0",
            PLANBOT_MAX_CONCURRENT_TURNS=str(TURNS),
        )
        async with replicas(2, env, folder) as pair:
            acks: list[float] = []
            acked: list[str] = []
            gate = asyncio.Semaphore(concurrency)

            watcher = Watcher(slack)
            watching = asyncio.create_task(watcher.run())

            async def bounded(n: int) -> bool:
                await asyncio.sleep(ramp * n / flows)  # conversations start over the ramp, then all run at once
                async with gate:
                    return await flow(n, slack, watcher, pair, acks, acked)

            started = time.perf_counter()
            results = await asyncio.gather(*(bounded(n) for n in range(flows)))
            elapsed = time.perf_counter() - started
            watching.cancel()
            peak = [rss_mb(r.process.pid) for r in pair]
        workspace = open_workspace(folder / "data" / "workspace.sqlite3")
        try:
            sent = await workspace.call("fetch_emails", FetchEmailsArgs(query="load-", limit=500))
        finally:
            workspace.close()
    per_flow: dict[str, int] = {}
    for message in sent:
        for code in set(re.findall(r"load-(\d+)", json.dumps(message).lower())):
            per_flow[code] = per_flow.get(code, 0) + 1
    completed = sum(results)
    duplicates = sum(count - 1 for count in per_flow.values() if count > 1)
    acks.sort()
    return {
        "completed": completed,
        "lost": sum(1 for r in results if not r),
        "duplicates": duplicates,
        "p50": statistics.median(acks) * 1000,
        "p99": acks[max(0, int(len(acks) * 0.99) - 1)] * 1000,
        "flows_per_s": completed / elapsed,
        "rss": peak,
    }


async def main(flows: int, runs: int, concurrency: int, ramp: float) -> None:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        raise SystemExit("PostgreSQL binaries not found under /usr/lib/postgresql/*/bin")
    cluster = start_cluster(bin_dir)
    try:
        figures = []
        for run in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                figures.append(await one_run(flows, concurrency, cluster.create_database(), Path(folder), ramp))
            f = figures[-1]
            print(
                f"run {run + 1}: completed {f['completed']}/{flows}, lost {f['lost']}, duplicates {f['duplicates']},"
                f" ack p50 {f['p50']:.1f} ms p99 {f['p99']:.1f} ms, {f['flows_per_s']:.1f} flows/s,"
                f" peak RSS {f['rss'][0]:.0f}/{f['rss'][1]:.0f} MB"
            )
    finally:
        cluster.stop()
    print(
        f"median of {runs} runs: ack p99 {statistics.median(f['p99'] for f in figures):.1f} ms, "
        f"p50 {statistics.median(f['p50'] for f in figures):.1f} ms, "
        f"{statistics.median(f['flows_per_s'] for f in figures):.1f} flows/s; "
        f"lost {sum(f['lost'] for f in figures)}, duplicates {sum(f['duplicates'] for f in figures)} in total"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--flows", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--ramp", type=float, default=4.0, help="seconds over which the conversations start")
    options = parser.parse_args()
    print(f"{options.flows} conversations starting over {options.ramp:g} s, two replicas, PostgreSQL, loopback")
    asyncio.run(main(options.flows, options.runs, options.concurrency, options.ramp))
