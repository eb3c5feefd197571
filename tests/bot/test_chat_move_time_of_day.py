"""A move to a time of day alone keeps the event's own day (trial 4: "move the team sync to 5pm" moved a Wednesday
event to today), in `planbot chat --script`, checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_time_without_a_day_moves_the_event_on_its_own_day(tmp_path: Path):
    chat(tmp_path, "hello")
    [call] = events(tmp_path, query="Acme call", **day("2026-03-03"))  # tomorrow; the chat's clock is Monday
    output = chat(tmp_path, "move the Acme call to 5pm", "a")
    assert "Finished" in output
    [moved] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    assert moved["id"] == call["id"]
    assert moved["startTime"] == "2026-03-03T17:00:00-05:00"
    assert events(tmp_path, query="Acme call", **day("2026-03-02")) == []
