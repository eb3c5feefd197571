"""Dates that do not exist give no time and a reason; they are never moved to another day.

The clock is Monday 2026-03-02 09:00 America/New_York, as in the contract examples.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.timeexpr import find_times, read_times

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.mark.parametrize(
    ("text", "missing", "words"),
    [
        ("February 30", "30 February", "February 30"),
        ("april 31", "31 April", "april 31"),
        ("the 30th of February", "30 February", "the 30th of February"),
        ("30 feb", "30 February", "30 feb"),
        ("2027-02-29", "29 February 2027", "2027-02-29"),
        ("feb 29 2027", "29 February 2027", "feb 29 2027"),
        ("june 31, 2026", "31 June 2026", "june 31, 2026"),
        ("2/30", "30 February", "2/30"),
        ("31/04", "31 April", "31/04"),  # no month 31: read day/month, and April has 30 days
        ("Feb 30th at 3pm", "30 February", "Feb 30th at 3pm"),
        ("at 3pm on February 30", "30 February", "3pm on February 30"),
        ("Friday February 30 at 10", "30 February", "Friday February 30 at 10"),
        ("2027-02-29T10:00", "29 February 2027", "2027-02-29T10:00"),
        ("2026-13-01 at 2pm", "2026-13-01", "2026-13-01 at 2pm"),  # no month 13: asked about, not booked tomorrow
        ("2026-00-10", "2026-00-10", "2026-00-10"),
        ("2026-04-00T09:00", "2026-04-00", "2026-04-00T09:00"),
    ],
)
def test_an_impossible_date_gives_no_time_and_says_which_date(text: str, missing: str, words: str) -> None:
    read = read_times(text, NOW)
    assert read.times == []  # the clock time said with it is not resolved onto another day
    [found] = read.impossible
    assert found.date == missing
    assert text[found.span[0] : found.span[1]] == words


def test_the_clock_time_of_an_impossible_date_is_not_booked_today() -> None:
    assert find_times("book a meeting on Feb 30th at 3pm", NOW) == []
    assert find_times("lunch with Maria 2027-02-29 at noon", NOW) == []


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("February 29", "2028-02-29T00:00:00-05:00"),  # the next 29 February that exists
        ("2028-02-29", "2028-02-29T00:00:00-05:00"),
        ("april 30", "2026-04-30T00:00:00-04:00"),
        ("25/03 at 3pm", "2026-03-25T15:00:00-04:00"),  # no month 25: day/month
        ("3/10", "2026-03-10T00:00:00-04:00"),  # US month/day when both readings are possible
    ],
)
def test_dates_that_exist_are_read_and_not_reported(text: str, start: str) -> None:
    read = read_times(text, NOW)
    assert read.impossible == []
    assert [t.start.isoformat() for t in read.times] == [start]


@pytest.mark.parametrize("text", ["13/13", "Feb 45", "score 45/99", "version 2.30"])
def test_numbers_that_are_not_dates_are_neither_times_nor_impossible_dates(text: str) -> None:
    read = read_times(text, NOW)
    assert read.times == [] and read.impossible == []
