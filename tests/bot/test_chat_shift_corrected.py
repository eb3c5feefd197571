"""A move corrected after it was done: a time said with the reason after it ("make it 11 actually, 30 won't do")
moves the event to that time; the reason is no part of the value. Checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_time_said_after_a_move_with_its_reason_moves_the_event_to_that_time(tmp_path: Path) -> None:
    output = chat(tmp_path, "push the acme call back 30 minutes", "a", "hmm make it 12 actually, 30 won't do", "a")
    assert "Finished" in output.split("> hmm make it 12")[1]
    [moved] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    assert (moved["startTime"], moved["endTime"]) == ("2026-03-03T12:00:00-05:00", "2026-03-03T12:45:00-05:00")
