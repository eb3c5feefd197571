"""The classifier: TF-IDF of word 1–2-grams and character 2–5-grams → multinomial logistic regression.

The only module that imports scikit-learn, and only to fit: what the pipeline learned is copied into a
:class:`.linear.TextClassifier` (plain numbers), which the artefact holds and the request path runs.
Deterministic for a given seed and data. The classes are the data's (:func:`.labels.learned_classes`).
Probabilities are the regression's softmax: cross-validation over the training files finds them calibrated as
they are (:mod:`.calibration`), so no extra calibration step is fitted.
"""

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray
from sklearn.feature_extraction.text import TfidfVectorizer  # type: ignore[import-untyped]
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]
from sklearn.model_selection import StratifiedKFold  # type: ignore[import-untyped]
from sklearn.pipeline import FeatureUnion, Pipeline  # type: ignore[import-untyped]

from planning.understanding.learned.labels import class_of, learned_classes
from planning.understanding.learned.linear import Part, TextClassifier

C = 8.0  # inverse regularisation, chosen by 5-fold cross-validation on the training files


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


def fit(
    texts: Sequence[str], labels: Sequence[str], seed: int, c: float = C, classes: Sequence[str] | None = None
) -> TextClassifier:
    """A model of ``labels`` (data labels: a goal with too few examples becomes "the rules decide"); ``classes``
    when given (a fold's model has the classes of all the data, not of its smaller share)."""
    classes = tuple(classes) if classes is not None else learned_classes(labels)
    model = pipeline(seed, c)
    model.fit(list(texts), [class_of(label, classes) for label in labels])
    return _copied(model, classes)


def _copied(model: Pipeline, classes: Sequence[str]) -> TextClassifier:
    """What the fitted pipeline learned, as plain numbers (:mod:`.linear`)."""
    parts = [
        Part(
            vectorizer.analyzer,
            vectorizer.ngram_range,
            {str(k): int(v) for k, v in vectorizer.vocabulary_.items()},
            np.asarray(vectorizer.idf_, dtype=np.float64),
        )
        for _, vectorizer in model.named_steps["features"].transformer_list
    ]
    regression = model.named_steps["regression"]
    weights = np.asarray(regression.coef_, dtype=np.float64).T
    fitted = [str(name) for name in regression.classes_]
    return TextClassifier(parts, weights, np.asarray(regression.intercept_, dtype=np.float64), fitted, classes)


def out_of_fold(
    texts: Sequence[str], labels: Sequence[str], seed: int, folds: int = 5, c: float = C
) -> tuple[tuple[str, ...], NDArray[np.float64]]:
    """The classes of a model of all ``labels`` and each text's probabilities from a model fitted without its
    fold (stratified, shuffled with ``seed``)."""
    classes = learned_classes(labels)
    target = [class_of(label, classes) for label in labels]
    out = np.zeros((len(texts), len(classes)))
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    for train, test in splitter.split(np.zeros(len(target)), target):
        model = fit([texts[i] for i in train], [target[i] for i in train], seed, c, classes)
        rows = model.probabilities([texts[i] for i in test])
        for column, name in enumerate(model.classes):
            out[test, classes.index(name)] = rows[:, column]
    return classes, out
