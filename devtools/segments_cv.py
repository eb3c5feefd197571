"""Figures of the segment tagger: ``python -m devtools.segments_cv``.

Each labelled reply's segment starts read by a model that never saw it: 5 random folds, and by writer (each file
tested by a model fitted on the other files). Printed: precision and recall of every start (probability 0.5); then,
at each threshold, of the starts the punctuation cut (``_clauses.parts``) leaves inside a clause, not at a word that
joins clauses: those the tagger adds where the reader reads clause acts.
"""

import argparse
from collections.abc import Sequence

from planning.understanding.commands._clauses import WORDS, part_spans
from planning.understanding.commands._words import Reply
from planning.understanding.learned.segments import data
from planning.understanding.learned.segments import train as segments_train

THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95)


def clause_of(reply: data.Labelled) -> list[int]:
    """Each token's clause of the punctuation cut (-1 for a mark between clauses)."""
    spans = part_spans(Reply.of(reply.text))
    return [next((k for k, (s, e) in enumerate(spans) if s <= t.start and t.end <= e), -1) for t in reply.tokens]


def inside(reply: data.Labelled) -> list[bool]:
    """Whether each token is in the same clause of the cut as the token before it (a start there is not cut yet), and
    neither it nor that token joins clauses (the tagger never cuts there: :func:`segment_acts.clause_spans`)."""
    clause = clause_of(reply)
    joins = [t.word in WORDS for t in reply.tokens]
    return [
        i > 0 and clause[i] >= 0 and clause[i] == clause[i - 1] and not (joins[i] or joins[i - 1])
        for i in range(len(clause))
    ]


def scores(gold: Sequence[bool], said: Sequence[bool]) -> tuple[float, float, int, int]:
    tp = sum(1 for g, s in zip(gold, said, strict=True) if g and s)
    n_said, n_gold = sum(said), sum(gold)
    return (tp / n_said if n_said else 0.0, tp / n_gold if n_gold else 0.0, n_said, n_gold)


def report(name: str, replies: Sequence[data.Labelled], found: Sequence[Sequence[float]]) -> None:
    gold = [r.labels[i] == data.START for r in replies for i in range(1, len(r.tokens))]
    probs = [p[i] for p in found for i in range(1, len(p))]
    p, r, n_said, n_gold = scores(gold, [x >= 0.5 for x in probs])
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    print(f"== {name}: every start  P {p:.3f}  R {r:.3f}  F1 {f1:.3f}  (said {n_said}, gold {n_gold})")
    within = [inside(rep)[i] for rep in replies for i in range(1, len(rep.tokens))]
    g = [x for x, w in zip(gold, within, strict=True) if w]
    pr = [x for x, w in zip(probs, within, strict=True) if w]
    print(f"   inside a clause of the punctuation cut ({sum(g)} gold starts of {len(g)} tokens):")
    for threshold in THRESHOLDS:
        p, r, n_said, _ = scores(g, [x >= threshold for x in pr])
        print(f"     >= {threshold:.2f}: P {p:.3f}  R {r:.3f}  (said {n_said})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=segments_train.SEED)
    args = parser.parse_args()
    replies = data.read(segments_train.training_files())
    print(
        f"{len(replies)} replies, {sum(r.labels.count(data.START) - 1 for r in replies)} segment starts after the first"
    )
    report("random 5-fold", replies, segments_train.out_of_fold(replies, seed=args.seed))
    report("by writer", replies, segments_train.out_of_fold(replies, by_writer=True))


if __name__ == "__main__":
    main()
