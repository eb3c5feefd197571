"""A question about something else said while the plan asks for a value (user test s14 c09: "whats on my calendar
tomorrow" while a start time is asked got "sounds like a new request"): answered at once, beside the plan, and the
plan's question is asked again; the plan goes on with the next answer."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_a_look_up_while_a_time_is_asked_is_answered_and_the_plan_goes_on(tmp_path: Path) -> None:
    output = chat(tmp_path, "book 30 min with priya thursday", "any unread mail from maria?", "3pm", "yes")
    flat = " ".join(output.split())
    assert "sounds like a new request" not in flat
    assert "Invoice #4821" in flat  # Maria's unread mail, shown
    [booked] = events(tmp_path, start="2026-03-05T15:00:00-05:00", end="2026-03-05T15:30:00-05:00")
    assert booked["attendees"] == ["priya.shah@example.com"]


def test_a_change_said_while_a_time_is_asked_is_still_offered(tmp_path: Path) -> None:
    output = chat(tmp_path, "book 30 min with priya thursday", "cancel the team sync on wednesday")
    assert "sounds like a new request" in " ".join(output.split())
