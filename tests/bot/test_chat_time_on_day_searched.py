"""A time of day answered after a free-time search asked in the same request is on the day searched ("… any free
time friday afternoon?" then "3:30 works": Friday 15:30, never today; planning.engine.machine.window_asked)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_a_move_asked_beside_a_search_of_one_day_lands_on_that_day(tmp_path: Path):
    output = chat(
        tmp_path,
        "gotta reschedule the team sync on wednesday, i'm out that morning. any free time friday afternoon?",
        "3:30 works",
        "a",
    )
    assert "Finished" in output, output
    [moved] = events(tmp_path, start="2026-03-06T15:30:00-05:00", end="2026-03-06T16:00:00-05:00")
    assert moved["title"] == "Team sync"
    assert events(tmp_path, start="2026-03-02T15:30:00-05:00", end="2026-03-02T16:00:00-05:00") == []


def test_a_day_searched_inside_the_week_the_booking_gave_is_where_the_time_lands(tmp_path: Path):
    output = chat(
        tmp_path,
        "need an hour with maria about the expense policy next week. any free slot for us both on thu the 12th?",
        "9am works",
        "a",
    )
    assert "Finished" in output, output
    [booked] = events(tmp_path, start="2026-03-12T09:00:00-04:00", end="2026-03-12T10:00:00-04:00", query="expense")
    assert "maria.garcia@example.com" in booked["attendees"]
