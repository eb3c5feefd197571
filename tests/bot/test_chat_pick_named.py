"""At a pick of the free times found, the name the reply gives what it books ("2 works. call it hiring sync") is the
title of the booking that takes the time picked."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_free_time_picked_with_a_name_books_it_by_that_name(tmp_path: Path) -> None:
    chat(tmp_path, "need an hour w/ tom thursday morning, when are we both free?", "2 works. call it hiring sync", "y")
    [event] = _events(tmp_path, "2026-03-05", attendee="tom.reyes@example.com", query="hiring")
    assert event["title"] == "Hiring sync" and event["startTime"].startswith("2026-03-05T10:00")
