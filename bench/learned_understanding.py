"""Understanding + planning with the trained classifier: latency on one core, memory, and the cold start.

Run: `.venv/bin/python -m bench.learned_understanding [--shared ../shared] [--rounds 3] [--core 0]`
(`make model` first, or the first request trains the model). The process pins itself to one core (as
`taskset -c CORE` does) and so does each cold-start run. Prints figures; asserts nothing.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from planning.pipeline import RequestPlanner
from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def load(path: Path) -> list[str]:
    return [str(json.loads(line)["text"]) for line in path.read_text().splitlines() if line.strip()]


def latencies(planner: RequestPlanner, texts: list[str], rounds: int) -> list[float]:
    timings = []
    for _ in range(rounds):
        for text in texts:
            started = time.perf_counter()
            planner.understand(text, NOW)
            timings.append(time.perf_counter() - started)
    return sorted(timings)


def memory() -> dict[str, int]:
    """VmRSS (now) and VmHWM (peak) of this process, in MB."""
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return {name: int(fields[name].split()[0]) // 1024 for name in ("VmRSS", "VmHWM")}


def cold_starts(core: int, runs: int) -> list[float]:
    planbot = Path(sys.executable).with_name("planbot")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            ["taskset", "-c", str(core), str(planbot), "plan", "Email John the sales report"],
            check=True,
            capture_output=True,
        )
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--core", type=int, default=0)
    options = parser.parse_args()
    os.sched_setaffinity(0, {options.core})
    evals = Path(options.shared) / "eval"
    texts = [
        t
        for name in ("slurp_devel", "paraphrases", "plans_public", "plans_v2_public")
        for t in load(evals / f"{name}.jsonl")
    ]
    planners = {
        "rules alone": RequestPlanner(GoalUnderstandingService(rules_only=True)),
        "rules + classifier": RequestPlanner(),
    }
    print(
        f"understanding + planning, one process pinned to core {options.core}, {len(texts)} requests x {options.rounds}"
    )
    print(f"{'':<20}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'req/s':>9}")
    for name, planner in planners.items():
        for text in texts[:50]:  # warm up: the model loads, regular expressions compile
            planner.understand(text, NOW)
        t = latencies(planner, texts, options.rounds)
        p50, p99 = statistics.median(t) * 1000, t[int(len(t) * 0.99) - 1] * 1000
        print(f"{name:<20}{p50:>9.2f}{p99:>9.2f}{t[-1] * 1000:>9.2f}{len(t) / sum(t):>9.0f}")
    rss = memory()
    print(f"memory with the classifier loaded: RSS {rss['VmRSS']} MB, peak {rss['VmHWM']} MB")
    starts = cold_starts(options.core, 5)
    median, slowest = statistics.median(starts), max(starts)
    print(f"`planbot plan` cold start on core {options.core}: median {median:.2f} s, max {slowest:.2f} s (5 runs)")


if __name__ == "__main__":
    main()
