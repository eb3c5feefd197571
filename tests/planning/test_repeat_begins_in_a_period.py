"""A repeating event said to begin in a later period ("…, starting next week", "beginning next month") first
happens in that period, on the weekday and at the time said (issue 23); without it, the next such time."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def start(text: str) -> str:
    return str(args(run(text), "create_calendar_event")["startTime"])


def test_starting_next_week_moves_the_first_time_into_next_week():
    assert start("set up a weekly sync w dana weds 2pm starting next week") == "2026-03-11T14:00:00-04:00"


def test_beginning_next_month_is_the_first_such_weekday_of_the_month():
    assert start("put a weekly review on fridays at 4, beginning next month") == "2026-04-03T16:00:00-04:00"


def test_without_a_period_the_next_such_time():
    assert start("set up a weekly sync w dana weds 2pm") == "2026-03-04T14:00:00-05:00"


def test_a_weekday_that_is_today_and_a_period_from_next_week_first_happens_next_week():
    # Monday 2 March: "tuesdays" would be tomorrow, "mondays at 5" today at 17:00 without the period
    said = "add a weekly planning slot with tom, mondays at 5, beginning next week"
    assert start(said) == "2026-03-09T17:00:00-04:00"
