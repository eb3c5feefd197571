"""The slot tagger alone: latency of one reading (tokens, features, CRF with marginals) on one core.

Run: `.venv/bin/python -m bench.slot_tagger [--shared ../shared] [--rounds 3] [--core 0]` (`make model` first, or
the first reading trains the tagger). Understanding + planning as a whole, with the tagger inside, is
`bench.learned_understanding`. Prints figures; asserts nothing.
"""

import time

from bench.timing import eval_texts, p50_p99_ms, pinned_options, timings
from planning.understanding.learned.tagger_lazy import LazyTagger
from planning.understanding.normalize import clean


def main() -> None:
    options = pinned_options()
    texts = [clean(text) for text in eval_texts(options.shared)]
    started = time.perf_counter()
    tagger = LazyTagger()
    tagger.read("warm up")
    print(f"slot tagger loaded in {time.perf_counter() - started:.2f} s")
    taken = timings(tagger.read, texts, options.rounds)
    p50, p99 = p50_p99_ms(taken)
    print(f"slot tagger, one reading, core {options.core}, {len(texts)} requests x {options.rounds}:")
    print(f"  p50 {p50:.3f} ms  p99 {p99:.3f} ms  max {taken[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
