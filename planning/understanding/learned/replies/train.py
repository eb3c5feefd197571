"""Training the reply-act classifier (:mod:`.acts`): ``planbot train`` and its first use when none is built.

Data: our own labelled replies (:mod:`.data`), one example a segment. Deterministic from the files and the
seed. :func:`cross_validate` gives the figures: stratified 5-fold accuracy per act, macro-F1 and the calibration
error (ECE) over out-of-fold probabilities, and the honest figure, folds split by writer (each file tested by a model
fitted on all the others).
"""

import hashlib
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from planning.understanding.learned import artefact
from planning.understanding.learned import data as files_data
from planning.understanding.learned.calibration import expected_calibration_error, reliability
from planning.understanding.learned.linear import TextClassifier
from planning.understanding.learned.replies import data as reply_data
from planning.understanding.learned.replies.acts import PREFIX, ReplyActsArtefact, features_text

SEED = 31
MODEL_VERSION = "1"  # bump when the features or the model's settings change
FOLDS = 5
C = 16.0  # inverse regularisation, chosen by 5-fold cross-validation (4, 8, 16, 32: 16 best on random folds)


@dataclass(frozen=True, slots=True)
class ReplyActsReport:
    path: Path
    examples: int
    dropped: int
    seconds: float


def training_files(files: Sequence[Path] | None = None) -> tuple[Path, ...]:
    return tuple(p for p in files if p.is_file()) if files else reply_data.default_files()


_LEARNED = Path(__file__).resolve().parents[1]


def code_files() -> tuple[Path, ...]:
    """This package's sources and the modules of ``learned`` it fits and runs with: a change of these rebuilds the
    classifier (kept apart from :mod:`..code_files`, so that a change here does not rebuild the goal classifier and
    the slot tagger)."""
    own = (_LEARNED / "replies").glob("*.py")
    return tuple(sorted([*own, *(_LEARNED / name for name in ("model.py", "linear.py", "labels.py", "artefact.py"))]))


@cache
def code_digest() -> str:
    digest = hashlib.sha256()
    for path in code_files():
        digest.update(str(path.relative_to(_LEARNED)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def fingerprint(files: Sequence[Path], seed: int = SEED) -> str:
    return files_data.fingerprint(
        files,
        "reply-acts",
        MODEL_VERSION,
        str(seed),
        version("scikit-learn"),
        version("numpy"),
        code_digest(),
    )


def fit(segments: Sequence[reply_data.Segment], seed: int = SEED, c: float = C) -> TextClassifier:
    from planning.understanding.learned import model

    texts = [features_text(s.text, s.kind, s.asked) for s in segments]
    return model.fit(texts, [s.act for s in segments], seed, c, classes=reply_data.ACTS)


def train(files: Sequence[Path] | None = None, folder: Path | None = None, seed: int = SEED) -> ReplyActsReport:
    started = time.perf_counter()
    paths = training_files(files)
    read = reply_data.read(paths)
    if not read.segments:
        raise ValueError(f"no labelled replies in {[str(p) for p in paths]}")
    built = ReplyActsArtefact(fit(read.segments, seed), fingerprint(paths, seed))
    path = artefact.save(built, folder or artefact.default_folder(), PREFIX)
    return ReplyActsReport(path, len(read.segments), read.dropped, time.perf_counter() - started)


def folds(labels: Sequence[str], seed: int = SEED, n: int = FOLDS) -> list[list[int]]:
    """Stratified folds: each label's indices shuffled with ``seed`` and dealt out in turn."""
    by_label: dict[str, list[int]] = defaultdict(list)
    for index, label in enumerate(labels):
        by_label[label].append(index)
    out: list[list[int]] = [[] for _ in range(n)]
    turn = 0
    for label in sorted(by_label):
        indices = by_label[label]
        random.Random(f"{seed}-{label}").shuffle(indices)
        for index in indices:
            out[turn % n].append(index)
            turn += 1
    return out


def out_of_fold(
    segments: Sequence[reply_data.Segment], tests: Sequence[Sequence[int]], trains: Sequence[Sequence[int]], seed: int
) -> NDArray[np.float64]:
    """Each tested segment's probabilities from a model fitted on its fold's training share (rows of untested
    segments stay zero)."""
    out = np.zeros((len(segments), len(reply_data.ACTS)))
    for test, train_share in zip(tests, trains, strict=True):
        model = fit([segments[i] for i in train_share], seed)
        rows = model.probabilities([features_text(segments[i].text, segments[i].kind, segments[i].asked) for i in test])
        out[list(test)] = rows
    return out


def figures(
    segments: Sequence[reply_data.Segment], probabilities: NDArray[np.float64], tested: Sequence[int]
) -> dict[str, float]:
    """Accuracy, recall per act (the share of its segments read as it), macro-F1 and ECE over ``tested``."""
    acts = reply_data.ACTS
    truth = [segments[i].act for i in tested]
    guess = [acts[int(j)] for j in probabilities[list(tested)].argmax(axis=1)]
    out = {"accuracy": float(np.mean([t == g for t, g in zip(truth, guess, strict=True)])), "n": float(len(truth))}
    f1s = []
    for act in acts:
        tp = sum(1 for t, g in zip(truth, guess, strict=True) if t == g == act)
        actual, said = truth.count(act), guess.count(act)
        if not actual:
            continue
        recall, precision = tp / actual, tp / said if said else 0.0
        f1s.append(2 * precision * recall / (precision + recall) if precision + recall else 0.0)
        out[f"{act}_recall"], out[f"{act}_n"] = recall, float(actual)
    out["macro_f1"] = float(np.mean(f1s))
    out["ece"] = expected_calibration_error(reliability(probabilities[list(tested)], acts, truth))
    return out


def cross_validate(files: Sequence[Path] | None = None, seed: int = SEED) -> dict[str, dict[str, float]]:
    """``random``: stratified 5-fold over every file; ``->a``, ``->b``, …: fitted on every file but one writer's,
    tested on that one; ``by writer``: those held-out readings together (the honest figure: replies written by
    someone the model never read)."""
    segments = reply_data.read(training_files(files)).segments
    everyone = range(len(segments))
    tests = folds([s.act for s in segments], seed)
    trains = [[i for i in everyone if i not in set(test)] for test in tests]
    out = {"random": figures(segments, out_of_fold(segments, tests, trains, seed), list(everyone))}
    writers = sorted({s.source for s in segments})
    if len(writers) < 2:
        return out
    tests = [[i for i in everyone if segments[i].source == tested] for tested in writers]
    trains = [[i for i in everyone if segments[i].source != tested] for tested in writers]
    held_out = out_of_fold(segments, tests, trains, seed)
    for tested, test in zip(writers, tests, strict=True):
        out[f"->{tested.removeprefix('replies_')}"] = figures(segments, held_out, test)
    out["by writer"] = figures(segments, held_out, list(everyone))
    return out
