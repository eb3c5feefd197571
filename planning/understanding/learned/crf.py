"""The linear-chain CRF: training and tagging with python-crfsuite (the only module that imports it).

A fitted model is its bytes (CRFsuite's own file format), kept in the tagger's artefact and opened in memory.
Training is deterministic: L-BFGS over the same sequences in the same order gives the same model.
"""

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

import pycrfsuite  # type: ignore[import-untyped]

C1 = 0.05  # L1 weight, chosen by 5-fold cross-validation on the training files (planbot train-slots --cv)
C2 = 0.05  # L2 weight
ITERATIONS = 150


@dataclass(frozen=True, slots=True)
class Tagged:
    labels: tuple[str, ...]
    marginals: tuple[float, ...]  # each token's probability of its label


def fit(
    features: Sequence[Sequence[Sequence[str]]],
    labels: Sequence[Sequence[str]],
    *,
    c1: float = C1,
    c2: float = C2,
    iterations: int = ITERATIONS,
) -> bytes:
    trainer = pycrfsuite.Trainer(verbose=False)
    for xseq, yseq in zip(features, labels, strict=True):
        trainer.append(pycrfsuite.ItemSequence([list(x) for x in xseq]), list(yseq))
    trainer.set_params({"c1": c1, "c2": c2, "max_iterations": iterations, "feature.possible_transitions": True})
    handle, path = tempfile.mkstemp(suffix=".crfsuite")
    os.close(handle)
    try:
        trainer.train(path)
        with open(path, "rb") as model:
            return model.read()
    finally:
        os.unlink(path)


class Model:
    """A fitted model opened for tagging. Not shared between threads (CRFsuite's tagger keeps state)."""

    def __init__(self, data: bytes) -> None:
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open_inmemory(data)

    def tag(self, features: Sequence[Sequence[str]]) -> Tagged:
        if not features:
            return Tagged((), ())
        self._tagger.set(pycrfsuite.ItemSequence([list(x) for x in features]))
        labels = tuple(str(label) for label in self._tagger.tag())
        marginals = tuple(float(self._tagger.marginal(label, i)) for i, label in enumerate(labels))
        return Tagged(labels, marginals)
