"""Train the understanding classifier with its thresholds chosen again by 5-fold cross-validation over the training
files, and print the figures, ECE and the reliability table (what ``planbot train --cv`` did).

    PYTHONPATH=. python -m devtools.train_cv [FILES...] [--seed 14] [--folder DIR]

Development tooling: choosing the thresholds reads every training text with the whole parser, which the
installed package never does while training (the parser loads the model it trains).
"""

import argparse
from pathlib import Path

from devtools import tuning
from planning.understanding.learned import artefact, data, model
from planning.understanding.learned import train as learned


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.train_cv", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--seed", type=int, default=learned.SEED)
    parser.add_argument("--folder", type=Path, default=None)
    args = parser.parse_args(argv)
    paths = learned.training_files(args.files or None)
    examples = data.read_examples(paths)
    texts, labels = [e.text for e in examples], [e.label for e in examples]
    reads = tuning.rules_reads(texts)
    classes, probabilities = model.out_of_fold(texts, labels, args.seed, learned.FOLDS)
    thresholds, figures = tuning.choose(examples, reads, classes, probabilities)
    folder = args.folder or artefact.default_folder()
    report = learned.train(paths, folder, seed=args.seed, thresholds=thresholds, figures=figures)
    print(f"understanding classifier: {report.examples} examples, {report.seconds:.1f} s -> {report.path}")
    print(f"thresholds (5-fold cross-validation over the training files): {report.thresholds}")
    for name, value in report.figures.items():
        print(f"  {name:<46} {value:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
