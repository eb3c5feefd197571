"""Building the artefact: ``planbot train`` (and the first use, when none is there).

Deterministic: the same files and seed give the same model. The thresholds are the defaults of
:class:`~.policy.Thresholds`, themselves chosen by 5-fold cross-validation over the training files
(``python -m devtools.train_cv``, development tooling: the parser that the choice needs to read every training text
is never imported by training, so the request path, which may train on first use, imports no evaluation code).
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from planning.understanding.learned import artefact, code_files, data
from planning.understanding.learned.policy import Thresholds

SEED = 14
MODEL_VERSION = "6"  # bump when the pipeline in model.py or the thresholds stored with it change
FOLDS = 5


class NoTrainingDataError(RuntimeError):
    """The shared training file is not there (``../shared/eval/hwu_train.jsonl`` beside the checkout)."""


@dataclass(frozen=True, slots=True)
class TrainReport:
    path: Path
    examples: int
    seconds: float
    thresholds: Thresholds
    figures: dict[str, float]


def training_files(files: Sequence[Path] | None = None) -> tuple[Path, ...]:
    """The given files, or the default ones; :class:`NoTrainingDataError` without the shared file."""
    if files:
        return tuple(files)
    if not data.SHARED_FILE.is_file():
        raise NoTrainingDataError(f"no training data at {data.SHARED_FILE}")
    return data.default_files()


def fingerprint(files: Sequence[Path], seed: int = SEED) -> str:
    return data.fingerprint(
        files, MODEL_VERSION, str(seed), version("scikit-learn"), version("numpy"), code_files.code_digest()
    )


def train(
    files: Sequence[Path] | None = None,
    folder: Path | None = None,
    *,
    seed: int = SEED,
    thresholds: Thresholds | None = None,
    figures: dict[str, float] | None = None,
) -> TrainReport:
    """Fit the classifier on ``files`` and save it with ``thresholds`` (the defaults unless chosen again by
    ``python -m devtools.train_cv``, which also gives the ``figures`` kept with it)."""
    from planning.understanding.learned import model

    started = time.perf_counter()
    paths = training_files(files)
    examples = data.read_examples(paths)
    texts = [e.text for e in examples]
    labels = [e.label for e in examples]
    thresholds, figures = thresholds or Thresholds(), dict(figures or {})
    fitted = model.fit(texts, labels, seed)
    built = artefact.Artefact(fitted, thresholds, fingerprint(paths, seed), figures)
    path = artefact.save(built, folder or artefact.default_folder())
    return TrainReport(path, len(examples), time.perf_counter() - started, thresholds, figures)
