"""Figures of the reply-act classifier: ``python -m devtools.reply_acts_cv``.

Stratified 5-fold cross-validation over every labelled reply file (accuracy per act = the share of its segments read
as it, macro-F1, ECE), and the honest figure: each writer's file tested by a model fitted on the other files (->a,
->b, …; "by writer": all of those readings together).
"""

import argparse
import json

from planning.understanding.learned.replies import data as reply_data
from planning.understanding.learned.replies import train as reply_acts_train


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=reply_acts_train.SEED)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    read = reply_data.read(reply_data.default_files())
    print(f"{read.lines} lines, {read.dropped} malformed left out, {len(read.segments)} segments")
    found = reply_acts_train.cross_validate(seed=args.seed)
    if args.json:
        print(json.dumps(found))
        return
    for name, figures in found.items():
        print(
            f"== {name}: accuracy {figures['accuracy']:.3f}  macro-F1 {figures['macro_f1']:.3f}  "
            f"ECE {figures['ece']:.3f}  (n {figures['n']:.0f})"
        )
        for act in reply_data.ACTS:
            if f"{act}_n" in figures:
                print(f"   {act:<12} {figures[f'{act}_recall']:.3f}  (n {figures[f'{act}_n']:.0f})")


if __name__ == "__main__":
    main()
