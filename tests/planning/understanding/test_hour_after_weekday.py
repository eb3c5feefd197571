"""A bare number right after a weekday is that day's hour ("wed 10", "mon 4 about the budget"), read as "at 10"
would be (working hours: 4 is 16:00); a number that is that weekday's date ("fri 6" when Friday is the 6th) says the
day again; a count ("thu 3 people") is no time. Before: "What start time on …?" for a time already said (user test
C6), and "remind me to call peter fri 10" made a task "Call peter 10" (C10)."""

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from planning.understanding.timeexpr import find_times
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events

NOW = datetime(2026, 3, 3, 14, 30, tzinfo=ZoneInfo("America/New_York"))  # a Tuesday


def _said(text: str) -> list[tuple[str, bool]]:
    return [(found.start.isoformat(), found.has_clock_time) for found in find_times(text, NOW)]


def test_a_bare_number_after_a_weekday_is_its_hour() -> None:
    assert _said("budget review wed 10 w sarah") == [("2026-03-04T10:00:00-05:00", True)]
    assert _said("grab 20 min with omar mon 4 about the budget") == [("2026-03-09T16:00:00-04:00", True)]


def test_the_weekdays_date_and_a_count_are_no_hour() -> None:
    assert _said("lunch fri 6 at the usual place") == [("2026-03-06T00:00:00-05:00", False)]
    assert _said("workshop thu 3 people max") == [("2026-03-05T00:00:00-05:00", False)]
    assert _said("thu 11am") == [("2026-03-05T11:00:00-05:00", True)]


def test_a_meeting_said_with_a_weekday_and_an_hour_is_booked_then(tmp_path: Path) -> None:
    output = chat(tmp_path, "set up a budget review wed 10 w sarah", "a")
    assert "What start time" not in output
    (made,) = events(tmp_path, query="budget review")
    assert made["startTime"].startswith("2026-03-04T10:00")
