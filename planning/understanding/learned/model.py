"""The classifier: TF-IDF of word 1–2-grams and character 2–5-grams → multinomial logistic regression.

The only module that imports scikit-learn. Deterministic for a given seed and data. Probabilities are the
regression's softmax; :mod:`.tuning` checks their calibration on held-out folds and chooses the policy's
thresholds on them.
"""

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray
from sklearn.feature_extraction.text import TfidfVectorizer  # type: ignore[import-untyped]
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]
from sklearn.model_selection import StratifiedKFold  # type: ignore[import-untyped]
from sklearn.pipeline import FeatureUnion, Pipeline  # type: ignore[import-untyped]

from planning.understanding.learned.labels import CLASSES

C = 8.0  # inverse regularisation, chosen by 5-fold cross-validation on the training files


class TextClassifier:
    """A fitted pipeline and its classes; ``probabilities`` has one column per :data:`CLASSES` entry."""

    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline
        fitted = [str(c) for c in pipeline.classes_]
        self._columns = [fitted.index(name) if name in fitted else -1 for name in CLASSES]

    def probabilities(self, texts: Sequence[str]) -> NDArray[np.float64]:
        raw = self._pipeline.predict_proba(list(texts))
        out = np.zeros((len(texts), len(CLASSES)))
        for column, index in enumerate(self._columns):
            if index >= 0:
                out[:, column] = raw[:, index]
        return out


def pipeline(seed: int, c: float = C) -> Pipeline:
    features = FeatureUnion(
        [
            ("words", TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, min_df=1, lowercase=True)),
            (
                "chars",
                TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, min_df=2, lowercase=True),
            ),
        ]
    )
    regression = LogisticRegression(C=c, max_iter=2000, random_state=seed)
    return Pipeline([("features", features), ("regression", regression)])


def fit(texts: Sequence[str], labels: Sequence[str], seed: int, c: float = C) -> TextClassifier:
    model = pipeline(seed, c)
    model.fit(list(texts), list(labels))
    return TextClassifier(model)


def out_of_fold(
    texts: Sequence[str], labels: Sequence[str], seed: int, folds: int = 5, c: float = C
) -> NDArray[np.float64]:
    """Each text's probabilities from a model fitted without its fold (stratified, shuffled with ``seed``)."""
    out = np.zeros((len(texts), len(CLASSES)))
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    for train, test in splitter.split(np.zeros(len(labels)), list(labels)):
        model = fit([texts[i] for i in train], [labels[i] for i in train], seed, c)
        out[test] = model.probabilities([texts[i] for i in test])
    return out
