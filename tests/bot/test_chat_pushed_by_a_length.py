"""A length after a verb of moving and the event ("bump the launch review an hour", "nudge it 20 minutes") is how far
the event moves later, its length kept: in a first request and in a follow-up after the event was made (usertest
1a). Before: the length became the event's new length."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_request_moving_a_named_event_by_a_length_keeps_its_length(tmp_path: Path) -> None:
    chat(tmp_path, "bump the lunch with maria an hour", "y")
    [event] = _events(tmp_path, "2026-03-10", query="lunch")
    assert event["startTime"].startswith("2026-03-10T13:30") and event["endTime"].startswith("2026-03-10T14:30")


def test_a_follow_up_moving_the_event_just_made_by_a_length_keeps_its_length(tmp_path: Path) -> None:
    chat(tmp_path, "set up 40 minutes with priya friday at 9 about the vendor list", "y", "nudge it 20 minutes", "y")
    [event] = _events(tmp_path, "2026-03-06", query="vendor")
    assert event["startTime"].startswith("2026-03-06T09:20") and event["endTime"].startswith("2026-03-06T10:00")
