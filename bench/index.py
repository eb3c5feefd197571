"""The semantic index: embedding speed and quality, build time, example-bank query latency, memory.

Run: `.venv/bin/python -m bench.index [--shared ../shared] [--queries 500]`. Prints figures; asserts nothing.
Needs the `index` extra and `scripts/install-embedding-model.sh`.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from integrations.base import CATALOG
from planning.index import IndexSettings, SemanticIndex
from planning.index.embedding import MiniLmEmbedder
from planning.index.reference import NumpyMiniLm

RSS_SCRIPT = """
import sys
from datetime import datetime, timezone
from pathlib import Path
from planning.pipeline import RequestPlanner
from planning.understanding.parser import GoalUnderstandingService
voter = None
if sys.argv[1] == "index":
    from planning.index import IndexSettings, LazyExampleVoter
    voter = LazyExampleVoter(IndexSettings(path=Path(sys.argv[2])))
planner = RequestPlanner(GoalUnderstandingService(voter=voter))
for text in ("lunch with Dana on Friday at noon", "Email John the sales report", "what's the weather"):
    planner.understand(text, datetime.now(timezone.utc))
status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines())
print(int(status["VmRSS"].split()[0]) // 1024, int(status["VmHWM"].split()[0]) // 1024)
"""


def texts_of(path: Path) -> list[str]:
    return [json.loads(line)["text"] for line in path.read_text().splitlines() if line.strip()]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def embedding_figures(texts: list[str]) -> None:
    print("embedding (all-MiniLM-L6-v2 int8 ONNX, onnxruntime + tokenizers)")
    for threads in (1, 2):
        embedder = MiniLmEmbedder(threads=threads)
        embedder.embed(texts[:32])
        started = time.perf_counter()
        embedder.embed(texts)
        batch = len(texts) / (time.perf_counter() - started)
        single = []
        for text in texts[:300]:
            t0 = time.perf_counter()
            embedder.embed([text])
            single.append(time.perf_counter() - t0)
        print(
            f"  {threads} thread(s): {batch:,.0f} sentences/s in batches of 32; one sentence p50 "
            f"{statistics.median(single) * 1000:.2f} ms, p99 {percentile(single, 0.99) * 1000:.2f} ms"
        )


def quality_figures(texts: list[str]) -> None:
    sample = texts[:300]
    fast = MiniLmEmbedder(threads=2).embed(sample)
    started = time.perf_counter()
    reference = NumpyMiniLm().embed(sample)
    speed = len(sample) / (time.perf_counter() - started)
    cosines = (fast * reference).sum(axis=1)
    same_nearest = np.mean(
        np.argsort(-(fast @ fast.T), axis=1)[:, 1] == np.argsort(-(reference @ reference.T), axis=1)[:, 1]
    )
    print(f"quality vs the fp32 NumPy forward pass ({speed:.0f} sentences/s), {len(sample)} sentences:")
    print(
        f"  cosine mean {cosines.mean():.4f}, min {cosines.min():.4f}; same nearest neighbour for "
        f"{same_nearest:.1%} of the sentences"
    )


def index_figures(shared: Path, queries: list[str], folder: Path) -> None:
    files = (shared / "eval" / "paraphrases.jsonl", shared / "eval" / "slurp_devel.jsonl")
    started = time.perf_counter()
    index = SemanticIndex.open(IndexSettings(path=folder, example_files=files))
    opened = time.perf_counter() - started
    report = index.ensure_built(CATALOG)
    print(
        f"index: open (chromadb + model) {opened:.2f} s; build {report.seconds:.2f} s "
        f"({report.examples} examples, {report.tools} tools)"
    )
    for text in queries[:20]:
        index.examples.vote(text)
    timings = []
    for text in queries:
        t0 = time.perf_counter()
        index.examples.vote(text)
        timings.append(time.perf_counter() - t0)
    print(
        f"  example-bank vote (embed + k-NN query), {len(timings)} queries: "
        f"p50 {statistics.median(timings) * 1000:.2f} ms, p99 {percentile(timings, 0.99) * 1000:.2f} ms, "
        f"max {max(timings) * 1000:.2f} ms"
    )
    timings = []
    for text in queries[:200]:
        t0 = time.perf_counter()
        index.tools.top_k(text, 5)
        timings.append(time.perf_counter() - t0)
    print(f"  tool retrieval top-5: p50 {statistics.median(timings) * 1000:.2f} ms")


def memory_figures(folder: Path) -> None:
    for mode, label in (("rules", "rules only"), ("index", "with the index loaded (first vote)")):
        out = subprocess.run(
            [sys.executable, "-c", RSS_SCRIPT, mode, str(folder)], capture_output=True, text=True, check=True
        ).stdout.split()
        print(f"  planner process, {label}: RSS {out[0]} MB (peak {out[1]} MB)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--queries", type=int, default=500)
    options = parser.parse_args()
    shared = Path(options.shared)
    slurp = texts_of(shared / "eval" / "slurp_devel.jsonl")
    embedding_figures(slurp)
    quality_figures(slurp)
    with tempfile.TemporaryDirectory(prefix="planbot-index-bench-") as folder:
        index_figures(shared, slurp[: options.queries], Path(folder))
        print("memory")
        memory_figures(Path(folder))


if __name__ == "__main__":
    main()
