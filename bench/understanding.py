"""Understanding + planning throughput and latency, and the cold start of `planbot plan`.

Run: `make bench` (or `.venv/bin/python -m bench.understanding [--shared ../shared] [--rounds 3]`).
Prints figures; asserts nothing.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from planning.pipeline import RequestPlanner

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def load(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def measure(planner: RequestPlanner, texts: list[str], rounds: int) -> dict[str, float]:
    timings: list[float] = []
    started = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            t0 = time.perf_counter()
            planner.understand(text, NOW)
            timings.append(time.perf_counter() - t0)
    total = time.perf_counter() - started
    timings.sort()
    return {
        "requests": len(timings),
        "per_second": len(timings) / total,
        "p50_ms": statistics.median(timings) * 1000,
        "p99_ms": timings[int(len(timings) * 0.99) - 1] * 1000,
        "max_ms": timings[-1] * 1000,
    }


def cold_start(runs: int) -> list[float]:
    planbot = Path(sys.executable).with_name("planbot")
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([str(planbot), "plan", "Email John the sales report"], check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    evals = Path(options.shared) / "eval"
    slurp = load(evals / "slurp_devel.jsonl")
    sets = {
        "slurp in-scope": [str(d["text"]) for d in slurp if d.get("in_scope")],
        "slurp out-of-scope": [str(d["text"]) for d in slurp if not d.get("in_scope")],
        "plans_public": [str(d["text"]) for d in load(evals / "plans_public.jsonl")],
        "paraphrases": [str(d["text"]) for d in load(evals / "paraphrases.jsonl")],
    }
    planner = RequestPlanner()
    for texts in sets.values():  # warm up: regex compilation, first-call costs
        for text in texts[:20]:
            planner.understand(text, NOW)
    print(f"understanding + planning, one process, {options.rounds} rounds")
    print(f"{'set':<20}{'requests':>9}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for name, texts in sets.items():
        r = measure(planner, texts, options.rounds)
        print(
            f"{name:<20}{r['requests']:>9.0f}{r['per_second']:>10.0f}{r['p50_ms']:>9.3f}{r['p99_ms']:>9.3f}"
            f"{r['max_ms']:>9.3f}"
        )
    starts = cold_start(5)
    print(f"`planbot plan` cold start: median {statistics.median(starts):.3f} s, max {max(starts):.3f} s (5 runs)")


if __name__ == "__main__":
    main()
