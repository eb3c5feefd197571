""" "Undo that, …, <another time> instead" right after booking an event: the event is moved to that time, never deleted
and the time left for a request of its own (after_plan, undo_changed.retimes_made)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_an_undo_with_a_new_time_moves_the_event_just_booked(tmp_path: Path):
    output = chat(
        tmp_path,
        "set up 45 min with tom friday at 2 to review the launch plan",
        "a",
        "actually undo that, he's travelling friday - monday the 9th at 10 instead",
        "a",
    )
    assert output.count("Finished") == 2, output
    friday = {"start": "2026-03-06T14:00:00-05:00", "end": "2026-03-06T14:45:00-05:00"}
    assert events(tmp_path, **friday, attendee="tom.reyes@example.com") == []
    [moved] = events(tmp_path, start="2026-03-09T10:00:00-04:00", end="2026-03-09T10:45:00-04:00", query="launch")
    assert "tom.reyes@example.com" in moved["attendees"]
