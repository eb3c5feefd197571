"""The reliability table and expected calibration error of out-of-fold probabilities (learned.calibration)."""

import numpy as np
import pytest

from planning.understanding.learned.calibration import expected_calibration_error, reliability

CLASSES = ("find/email", "send/email", "out")


def test_probabilities_that_say_how_often_they_are_right_have_no_calibration_error():
    # four texts at 0.75 for their top class, three of them right; two at 0.95... right
    rows = np.array([[0.75, 0.2, 0.05]] * 4 + [[0.025, 0.95, 0.025]] * 2)
    labels = ["find/email", "find/email", "find/email", "out", "send/email", "send/email"]
    table = reliability(rows, CLASSES, labels)
    assert [(b.count, round(b.confidence, 2), b.accuracy) for b in table] == [(4, 0.75, 0.75), (2, 0.95, 1.0)]
    assert expected_calibration_error(table) == pytest.approx(2 / 6 * 0.05)


def test_an_overconfident_model_shows_its_gap():
    rows = np.array([[0.99, 0.005, 0.005]] * 10)
    table = reliability(rows, CLASSES, ["find/email"] * 5 + ["out"] * 5)
    assert expected_calibration_error(table) == pytest.approx(0.49)
