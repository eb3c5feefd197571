"""A length said alone as a number at a booking's card: a number no 12-hour clock reads as an hour is minutes, and
changes the length with the start kept; a number that may be an hour still moves the start."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_number_past_any_clock_hour_at_a_bookings_card_is_its_length_in_minutes(tmp_path: Path) -> None:
    chat(tmp_path, "set up 20 minutes with priya friday at 9 about the vendor list", "let's do 50, lots to cover", "y")
    [event] = _events(tmp_path, "2026-03-06", query="vendor")
    assert event["startTime"].startswith("2026-03-06T09:00") and event["endTime"].startswith("2026-03-06T09:50")


def test_a_number_that_may_be_an_hour_at_a_bookings_card_still_moves_its_start(tmp_path: Path) -> None:
    chat(tmp_path, "set up 20 minutes with priya friday at 9 about the vendor list", "make it 40", "make it 2", "y")
    [event] = _events(tmp_path, "2026-03-06", query="vendor")
    assert event["startTime"].startswith("2026-03-06T14:00") and event["endTime"].startswith("2026-03-06T14:40")
