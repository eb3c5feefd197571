"""How well the classifier's probabilities say how often it is right: a reliability table and its expected
calibration error (ECE), over out-of-fold probabilities (each text judged by a model fitted without it).

A table row is a band of top probabilities: how many texts fell in it, their mean top probability and the share
whose top class was the right one. ECE is the texts' weighted mean gap between the two. Pure (numpy only).
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

BANDS = 10


@dataclass(frozen=True, slots=True)
class Band:
    low: float
    high: float
    count: int
    confidence: float  # mean top probability in the band
    accuracy: float  # share right in the band


def reliability(
    probabilities: NDArray[np.float64], classes: Sequence[str], labels: Sequence[str], bands: int = BANDS
) -> list[Band]:
    """One :class:`Band` per non-empty band of the top probability, lowest first."""
    top = probabilities.max(axis=1)
    right = np.array([classes[int(i)] == label for i, label in zip(probabilities.argmax(axis=1), labels, strict=True)])
    out = []
    for band in range(bands):
        low, high = band / bands, (band + 1) / bands
        inside = (top > low) & (top <= high) if band else (top <= high)
        if inside.any():
            out.append(Band(low, high, int(inside.sum()), float(top[inside].mean()), float(right[inside].mean())))
    return out


def expected_calibration_error(table: Sequence[Band]) -> float:
    total = sum(band.count for band in table)
    return sum(band.count * abs(band.accuracy - band.confidence) for band in table) / max(total, 1)
