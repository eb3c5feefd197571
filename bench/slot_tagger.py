"""The slot tagger alone: latency of one reading (tokens, features, CRF with marginals) on one core.

Run: `.venv/bin/python -m bench.slot_tagger [--shared ../shared] [--rounds 3] [--core 0]` (`make model` first, or
the first reading trains the tagger). Understanding + planning as a whole, with the tagger inside, is
`bench.learned_understanding`. Prints figures; asserts nothing.
"""

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from planning.understanding.learned.tagger_lazy import LazyTagger
from planning.understanding.normalize import clean


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--core", type=int, default=0)
    options = parser.parse_args()
    os.sched_setaffinity(0, {options.core})
    evals = Path(options.shared) / "eval"
    texts = [
        clean(str(json.loads(line)["text"]))
        for name in ("slurp_devel", "paraphrases", "plans_public", "plans_v2_public")
        for line in (evals / f"{name}.jsonl").read_text().splitlines()
        if line.strip()
    ]
    started = time.perf_counter()
    tagger = LazyTagger()
    tagger.read("warm up")
    print(f"slot tagger loaded in {time.perf_counter() - started:.2f} s")
    timings = []
    for _ in range(options.rounds):
        for text in texts:
            began = time.perf_counter()
            tagger.read(text)
            timings.append(time.perf_counter() - began)
    timings.sort()
    p50, p99 = statistics.median(timings) * 1000, timings[int(len(timings) * 0.99) - 1] * 1000
    print(f"slot tagger, one reading, core {options.core}, {len(texts)} requests x {options.rounds}:")
    print(f"  p50 {p50:.3f} ms  p99 {p99:.3f} ms  max {timings[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
