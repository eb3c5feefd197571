"""Undo puts an event back where it was, the instant, not only the time of day (trial-chat conversation 2: Thu
14:00 moved to Fri 15:00, then undone, stayed on Friday at 14:00), across the daylight-saving change (8 March 2026)
too, and its length with it; in `planbot chat --script` on the local workspace, checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def _the_one_on_one(tmp_path: Path, date: str) -> list[dict[str, object]]:
    return events(tmp_path, query="1:1 with Priya", **day(date))


def test_undo_of_a_move_to_another_day_puts_the_event_back_on_its_day(tmp_path: Path):
    output = chat(tmp_path, "move my 1:1 w/ priya to fri at 3", "a", "undo that", "a")
    assert "Fri 6 Mar, 15:00–15:30 EST → Thu 5 Mar, 14:00–14:30 EST" in output  # the undo card says where it goes
    [back] = _the_one_on_one(tmp_path, "2026-03-05")
    assert (back["startTime"], back["endTime"]) == ("2026-03-05T14:00:00-05:00", "2026-03-05T14:30:00-05:00")
    assert _the_one_on_one(tmp_path, "2026-03-06") == []


def test_undo_of_a_move_across_the_daylight_saving_change_restores_the_instant(tmp_path: Path):
    chat(tmp_path, "move my 1:1 w/ priya to next tuesday at 3pm", "a")
    [moved] = _the_one_on_one(tmp_path, "2026-03-10")
    assert moved["startTime"] == "2026-03-10T15:00:00-04:00"
    chat(tmp_path, "undo that", "a")
    [back] = _the_one_on_one(tmp_path, "2026-03-05")
    assert (back["startTime"], back["endTime"]) == ("2026-03-05T14:00:00-05:00", "2026-03-05T14:30:00-05:00")


def test_undo_of_a_new_length_puts_the_old_end_back(tmp_path: Path):
    chat(tmp_path, "book 30 min w/ priya tmrw at 2pm", "a", "make it 45 mins", "a")
    [longer] = events(tmp_path, query="Meeting with priya", **day("2026-03-03"))
    assert longer["endTime"] == "2026-03-03T14:45:00-05:00"
    chat(tmp_path, "undo that", "a")
    [back] = events(tmp_path, query="Meeting with priya", **day("2026-03-03"))
    assert (back["startTime"], back["endTime"]) == ("2026-03-03T14:00:00-05:00", "2026-03-03T14:30:00-05:00")
