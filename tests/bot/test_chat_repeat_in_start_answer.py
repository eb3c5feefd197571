"""A repeating event whose start is asked: a plural weekday answered ("thursdays at 3") makes it weekly on that day,
and "recurring" / "repeating" is never part of its title (commands._bare_answers, extract: repeat_adjectives)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_a_plural_weekday_answered_for_a_repeating_event_makes_it_weekly(tmp_path: Path):
    output = chat(tmp_path, "set up a repeating check-in with sarah", "thursdays at 3, make it 45 min", "a")
    assert "Finished" in output, output
    [event] = events(tmp_path, start="2026-03-05T15:00:00-05:00", end="2026-03-05T15:45:00-05:00", query="sarah")
    assert event["recurrence"] == "FREQ=WEEKLY;BYDAY=TH"
    assert "repeating" not in event["title"].lower()
    assert event["endTime"].startswith("2026-03-05T15:45")
