"""Full conversations through the engine on the real SQLite store and local workspace.

Run: `.venv/bin/python -m bench.conversation [--flows 200]`. Prints figures; asserts nothing.
Each flow: "Email Priya the Q3 deck and book 30 minutes with her Thursday at 2pm" → body → approve → approve.
"""

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from integrations.local import open_workspace
from planning.engine.conversation import Conversation
from planning.engine.replies import AskApproval
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import SqlitePlanStore

NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)


async def flow(engine: Conversation, thread: str, turns: list[float]) -> None:
    async def say(text: str) -> list:  # type: ignore[type-arg]
        t0 = time.perf_counter()
        replies = await engine.message(thread_key=thread, user="bench", text=text, tz="America/New_York")
        turns.append(time.perf_counter() - t0)
        return replies

    await say("Email Priya the Q3 deck and book 30 minutes with her Thursday at 2pm")
    replies = await say("Here is the deck.")
    for _ in range(2):
        ask = next(r for r in replies if isinstance(r, AskApproval))
        t0 = time.perf_counter()
        replies = await engine.decide(
            session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="bench", args_hash=ask.args_hash
        )
        turns.append(time.perf_counter() - t0)


async def main(flows: int, concurrency: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await SqlitePlanStore.open(Path(folder) / "plans.sqlite3")
        workspace = open_workspace(Path(folder) / "workspace.sqlite3", clock=lambda: NOW)
        engine = Conversation(
            store=store,
            runner=ToolRunner(ConnectorRegistry(CATALOG, [workspace])),
            clock=lambda: NOW,
            settings=EngineSettings(max_plans_per_hour=0, max_concurrent_turns=concurrency),
        )
        turns: list[float] = []
        gate = asyncio.Semaphore(concurrency)

        async def one(n: int) -> None:
            async with gate:
                await flow(engine, f"bench:{n}", turns)

        started = time.perf_counter()
        await asyncio.gather(*(one(n) for n in range(flows)))
        elapsed = time.perf_counter() - started
        await store.close()
        workspace.close()
    turns.sort()
    print(f"{flows} full flows (4 turns each), {concurrency} at a time, SQLite store + local workspace")
    print(f"  flows/s {flows / elapsed:.1f}   turns/s {len(turns) / elapsed:.1f}")
    p50, p99 = statistics.median(turns) * 1000, turns[int(len(turns) * 0.99) - 1] * 1000
    print(f"  turn latency ms: p50 {p50:.2f}  p99 {p99:.2f}  max {turns[-1] * 1000:.2f}")
    print(f"  max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--flows", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20)
    options = parser.parse_args()
    asyncio.run(main(options.flows, options.concurrency))
