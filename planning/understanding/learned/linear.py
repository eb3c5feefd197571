"""The fitted classifier as the request path uses it: plain numbers, no scikit-learn.

:mod:`.model` fits a scikit-learn pipeline (TF-IDF of word 1–2-grams and character 2–5-grams within word
boundaries → multinomial logistic regression) and copies out what it learned: each part's vocabulary and idf
weights, the regression's coefficients and intercepts. Here those are applied the same way: the n-grams as
scikit-learn's analyzers make them (lower case; words of two or more word characters; characters inside
space-padded words), sublinear tf × idf, each part L2-normalised, then the softmax of the linear scores. The
numbers equal the pipeline's ``predict_proba`` (a test compares them); loading the artefact then imports no
scikit-learn, which keeps ``planbot plan``'s cold start and one clause's reading short.
"""

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token_pattern
_SPACES = re.compile(r"\s\s+")


@dataclass(frozen=True, slots=True)
class Part:
    analyzer: Literal["word", "char_wb"]
    ngram_range: tuple[int, int]
    vocabulary: dict[str, int]
    idf: NDArray[np.float64]


def grams(part: Part, text: str) -> list[str]:
    low, high = part.ngram_range
    text = text.lower()
    if part.analyzer == "word":
        tokens = _TOKEN.findall(text)
        return [" ".join(tokens[i : i + n]) for n in range(low, high + 1) for i in range(len(tokens) - n + 1)]
    out: list[str] = []
    for word in _SPACES.sub(" ", text).split():
        padded = f" {word} "
        for n in range(low, high + 1):
            if len(padded) <= n:
                out.append(padded)  # a word no longer than n is counted once, whole
                break
            out.extend(padded[i : i + n] for i in range(len(padded) - n + 1))
    return out


class TextClassifier:
    """``probabilities`` has one column per entry of ``classes`` (the data's order: goals, out, rules)."""

    def __init__(
        self,
        parts: Sequence[Part],
        weights: NDArray[np.float64],  # (features, fitted classes)
        intercept: NDArray[np.float64],
        fitted: Sequence[str],  # the regression's class order
        classes: Sequence[str],
    ) -> None:
        self.classes: tuple[str, ...] = tuple(classes)
        self._parts = tuple(parts)
        self._offsets = tuple(np.cumsum([0, *(len(p.vocabulary) for p in parts[:-1])]).tolist())
        self._weights = np.ascontiguousarray(weights)
        self._intercept = intercept
        order = list(fitted)
        self._columns = [order.index(name) if name in order else -1 for name in self.classes]

    def probabilities(self, texts: Sequence[str]) -> NDArray[np.float64]:
        out = np.zeros((len(texts), len(self.classes)))
        for row, text in enumerate(texts):
            fitted = self._fitted_probabilities(text)
            for column, index in enumerate(self._columns):
                if index >= 0:
                    out[row, column] = fitted[index]
        return out

    def _fitted_probabilities(self, text: str) -> NDArray[np.float64]:
        scores = self._intercept.copy()
        for part, offset in zip(self._parts, self._offsets, strict=True):
            counts = Counter(i for gram in grams(part, text) if (i := part.vocabulary.get(gram)) is not None)
            if not counts:
                continue
            columns = np.fromiter(counts.keys(), dtype=np.int64, count=len(counts))
            values = np.array([1.0 + math.log(n) for n in counts.values()]) * part.idf[columns]
            values /= np.linalg.norm(values)
            scores += values @ self._weights[columns + offset]
        if len(scores) == 1:  # two classes: the regression's one score is the second class's log-odds
            scores = np.array([0.0, scores[0]])
        scores -= scores.max()
        exp = np.exp(scores)
        probabilities: NDArray[np.float64] = exp / exp.sum()
        return probabilities
