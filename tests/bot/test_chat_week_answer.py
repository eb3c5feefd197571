"""A start time answered with a week where the request gave the weekday (issue 24): that weekday of the week said,
at the wall-clock time said (after the 8 March DST change: EDT)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_a_time_starting_next_week_is_on_the_weekday_asked_in_that_week(tmp_path: Path) -> None:
    output = chat(tmp_path, "set up a weekly sync with tom on thursdays", "10am, beginning next week", "a")
    assert "Finished" in output
    [first] = events(
        tmp_path, query="sync with tom", start="2026-03-02T00:00:00-05:00", end="2026-03-13T00:00:00-04:00"
    )
    assert first["startTime"] == "2026-03-12T10:00:00-04:00"


def test_a_time_alone_stays_on_the_day_asked(tmp_path: Path) -> None:
    chat(tmp_path, "set up a weekly sync with tom on thursdays", "10am", "a")
    [first] = events(
        tmp_path, query="sync with tom", start="2026-03-02T00:00:00-05:00", end="2026-03-06T00:00:00-05:00"
    )
    assert first["startTime"] == "2026-03-05T10:00:00-05:00"
