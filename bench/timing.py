"""What the understanding benches share: their options (shared data, rounds, the core to pin to), the requests
they time (the shared evaluation files), and the timing of one call per request."""

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

EVAL_FILES = ("slurp_devel", "paraphrases", "plans_public", "plans_v2_public")


def pinned_options() -> argparse.Namespace:
    """``--shared``, ``--rounds`` and ``--core`` read from the command line; this process pinned to that core."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--core", type=int, default=0)
    options = parser.parse_args()
    os.sched_setaffinity(0, {options.core})
    return options


def eval_texts(shared: str | Path) -> list[str]:
    """The request texts of the shared evaluation files, in order."""
    evals = Path(shared) / "eval"
    return [
        str(json.loads(line)["text"])
        for name in EVAL_FILES
        for line in (evals / f"{name}.jsonl").read_text().splitlines()
        if line.strip()
    ]


def timings(call: Callable[[str], object], texts: list[str], rounds: int) -> list[float]:
    """Seconds of each ``call(text)``, every text ``rounds`` times, sorted."""
    taken = []
    for _ in range(rounds):
        for text in texts:
            started = time.perf_counter()
            call(text)
            taken.append(time.perf_counter() - started)
    return sorted(taken)


def p50_p99_ms(sorted_timings: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile of sorted timings (seconds), in milliseconds."""
    return statistics.median(sorted_timings) * 1000, sorted_timings[int(len(sorted_timings) * 0.99) - 1] * 1000
