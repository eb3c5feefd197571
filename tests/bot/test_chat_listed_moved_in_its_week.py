"""A move of an event the last plan listed to a weekday said alone is to that weekday of the listed event's own week:
after next week's events were listed, "push the lunch one to friday, same time" is next week's Friday, not this
week's."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_weekday_alone_for_a_listed_event_of_next_week_is_that_weeks_day(tmp_path: Path) -> None:
    chat(tmp_path, "what's on my calendar next week?", "push the lunch one to friday, same time", "y")
    [moved] = _events(tmp_path, "2026-03-13", query="lunch")
    assert moved["startTime"].startswith("2026-03-13T12:30")
    assert _events(tmp_path, "2026-03-06", query="lunch") == []
    assert _events(tmp_path, "2026-03-10", query="lunch") == []
