"""A time taken back and said again in the same message is the time meant: the later value wins for what it says (a
day alone keeps the clock time, a clock time alone keeps the day); words of regret that are no correction of a time
change nothing (planning.understanding.time_said_again)."""

from datetime import datetime

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def start(text: str) -> datetime | None:
    [goal] = GoalUnderstandingService().parse(text, MONDAY_9AM).goals
    return None if goal.slots.when is None else goal.slots.when.start


@pytest.mark.parametrize(
    ("text", "day", "hour"),
    [
        ("set up a call with dana on 3/18 at 3pm, sorry i meant 3/19", 19, 15),  # a day alone: the clock kept
        ("book coffee w laura thursday at 9 - no wait, 9:30", 5, 9),  # a clock alone: the day kept
        ("schedule the vendor demo on the 10th at 11, oops, the 11th", 11, 11),
        ("book lunch with priya wed at noon, actually friday at 1pm", 6, 13),  # both said: the later
    ],
)
def test_the_time_said_last_is_the_time_meant(text: str, day: int, hour: int) -> None:
    when = start(text)
    assert when is not None and (when.day, when.hour) == (day, hour)


def test_half_an_hour_said_again_keeps_its_minutes() -> None:
    when = start("book coffee w laura thursday at 9 - no wait, 9:30")
    assert when is not None and when.minute == 30


def test_regret_that_corrects_no_time_changes_nothing() -> None:
    when = start("book a call with tom on friday at 10, sorry for the late notice")
    assert when is not None and (when.day, when.hour) == (6, 10)
