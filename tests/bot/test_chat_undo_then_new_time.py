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


def test_a_move_taken_back_with_a_new_time_is_one_move_on_the_day_it_had(tmp_path: Path):
    """After a move, "put it back but at <time>": one card, the event on the day it had before at that time (moved
    undone_moved), never the undo approved and then a move asked again."""
    output = chat(
        tmp_path,
        "push my 1:1 with priya to monday the 9th, same time",
        "a",
        "hmm she's out monday after all. move it back but make it 4pm",
        "a",
    )
    assert output.count("Finished") == 2, output
    [moved] = events(tmp_path, start="2026-03-05T16:00:00-05:00", end="2026-03-05T16:30:00-05:00", query="Priya")
    assert moved["startTime"] == "2026-03-05T16:00:00-05:00"
    assert events(tmp_path, start="2026-03-09T00:00:00-04:00", end="2026-03-10T00:00:00-04:00", query="Priya") == []


def test_an_undo_said_with_a_day_and_time_moves_it_there(tmp_path: Path):
    output = chat(tmp_path, "move my 1:1 with priya to friday, same time", "a", "revert it to wednesday at 10", "a")
    assert output.count("Finished") == 2, output
    [moved] = events(tmp_path, start="2026-03-04T10:00:00-05:00", end="2026-03-04T10:30:00-05:00", query="Priya")
    assert moved["endTime"] == "2026-03-04T10:30:00-05:00"
