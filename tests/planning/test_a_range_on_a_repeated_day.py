"""A clock range said apart from the weekday of its repeat ("block 9 to 11 every fri") starts on that weekday at
the range's first time and lasts the range (issue 23): the slot tagger's time span, read on the day the grammar read
for the repeat."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_a_range_before_every_weekday_is_the_weekly_slot():
    made = args(run("block 9 to 11 every fri"), "create_calendar_event")
    assert (made["startTime"], made["durationMinutes"]) == ("2026-03-06T09:00:00-05:00", 120)
    assert made["recurrence"] == "FREQ=WEEKLY;BYDAY=FR"


def test_a_bare_range_in_working_hours_on_a_repeated_day():
    made = args(run("block 2-4 every tues for focus time"), "create_calendar_event")
    assert (made["startTime"], made["durationMinutes"]) == ("2026-03-03T14:00:00-05:00", 120)
