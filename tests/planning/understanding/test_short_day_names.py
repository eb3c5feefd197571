"""Short day names typed in chat (issue 23): "wed" is the day wherever it stands ("what do I have wed"), and a short
name that is also a word ("sat", "sun", "mon") is the day when joined to another day ("sat or sun", "mon-thurs");
alone it stays a word ("I sat with them")."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.timeexpr import find_times

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))  # a Monday


def _days(text: str) -> list[int]:
    return sorted({m.start.day for m in find_times(text, NOW, "future")})


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("anything booked wed", [4]),
        ("wed works for the review", [4]),
        ("is the room free sat or sun", [7, 8]),
        ("out of office fri and sat", [6, 7]),
        ("blocked thurs, sat", [5, 7]),
        ("the offsite runs sun-tues", [3, 8]),
    ],
)
def test_a_short_day_name_is_the_day_when_alone_or_joined_to_another(text: str, days: list[int]) -> None:
    found = _days(text)
    assert all(day in found for day in days), found


@pytest.mark.parametrize("text", ["I sat with them for an hour", "book a table in the sun", "email mon ami"])
def test_a_short_day_name_that_is_a_word_stays_a_word_alone(text: str) -> None:
    assert find_times(text, NOW, "future") == []
