"""Understanding + planning with the trained classifier: latency on one core, memory, and the cold start.

Run: `.venv/bin/python -m bench.learned_understanding [--shared ../shared] [--rounds 3] [--core 0]`
(`make model` first, or the first request trains the model). The process pins itself to one core (as
`taskset -c CORE` does) and so does each cold-start run. Prints figures; asserts nothing.
"""

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bench.timing import eval_texts, p50_p99_ms, pinned_options, timings
from planning.pipeline import RequestPlanner
from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def understanding_of(planner: RequestPlanner) -> Callable[[str], object]:
    """The call timed per request: the planner understanding it at ``NOW``."""
    return lambda text: planner.understand(text, NOW)


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


def reply_latency(rounds: int) -> None:
    """The reply-act classifier's time per reply: every clause of a labelled reply read (the project's own training
    replies, as texts only), without the reader's cache."""
    from planning.understanding.commands._clauses import parts
    from planning.understanding.commands._words import Reply
    from planning.understanding.learned.replies import data
    from planning.understanding.learned.replies.lazy import default_reply_acts

    model = default_reply_acts()
    lines = [json.loads(line) for path in data.default_files() for line in path.read_text("utf-8").splitlines()]
    texts = [str(line.get("reply", "")) for line in lines if isinstance(line, dict)]
    model.read("warm up", "approval")

    def read(text: str) -> object:
        return [model.read(part.text, "approval") for part in parts(Reply.of(text))]

    t = timings(read, texts, rounds)
    p50, p99 = p50_p99_ms(t)
    print(f"{'reply-act classifier':<20}{p50:>9.2f}{p99:>9.2f}{t[-1] * 1000:>9.2f}{len(t) / sum(t):>9.0f}  (per reply)")


def segment_latency(rounds: int) -> None:
    """The segment tagger's time per reply (the labelled replies' texts), without the reader's cache."""
    from planning.understanding.learned.replies import data
    from planning.understanding.learned.segments.lazy import default_segments

    model = default_segments()
    lines = [json.loads(line) for path in data.default_files() for line in path.read_text("utf-8").splitlines()]
    texts = [str(line.get("reply", "")) for line in lines if isinstance(line, dict)]
    model.starts("warm up")
    t = timings(model.starts, texts, rounds)
    p50, p99 = p50_p99_ms(t)
    print(f"{'segment tagger':<20}{p50:>9.2f}{p99:>9.2f}{t[-1] * 1000:>9.2f}{len(t) / sum(t):>9.0f}  (per reply)")


def main() -> None:
    options = pinned_options()
    texts = eval_texts(options.shared)
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
        t = timings(understanding_of(planner), texts, options.rounds)
        p50, p99 = p50_p99_ms(t)
        print(f"{name:<20}{p50:>9.2f}{p99:>9.2f}{t[-1] * 1000:>9.2f}{len(t) / sum(t):>9.0f}")
    reply_latency(options.rounds)
    segment_latency(options.rounds)
    rss = memory()
    print(f"memory with the classifier loaded: RSS {rss['VmRSS']} MB, peak {rss['VmHWM']} MB")
    starts = cold_starts(options.core, 5)
    median, slowest = statistics.median(starts), max(starts)
    print(f"`planbot plan` cold start on core {options.core}: median {median:.2f} s, max {slowest:.2f} s (5 runs)")


if __name__ == "__main__":
    main()
