"""A request read without its asides keeps a time only an "aside" gave, when nothing else gives one ("book lunch with
maria, she said friday at noon is good"); after a booking was undone, "put it on wed the 11th instead, same time"
books it again on that day at the time of day it had, across the daylight-saving change."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_time_said_in_what_reads_as_an_aside_is_kept_when_nothing_else_gives_one(tmp_path: Path) -> None:
    chat(tmp_path, "book lunch with maria, she said friday at noon is good", "y")
    [event] = _events(tmp_path, "2026-03-06", attendee="maria.garcia@example.com")
    assert event["startTime"].startswith("2026-03-06T12:00")


def test_a_day_said_alone_after_an_undone_booking_books_it_again_at_its_time(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "physio wed 7:30am, pls stick it on my calendar",
        "y",
        "ugh wrong week, undo that",
        "y",
        "put it on wed the 11th instead, same time",
        "y",
    )
    assert _events(tmp_path, "2026-03-04", query="physio") == []
    [event] = _events(tmp_path, "2026-03-11", query="physio")
    assert event["startTime"] == "2026-03-11T07:30:00-04:00"
