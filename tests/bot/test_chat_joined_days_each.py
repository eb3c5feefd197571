"""Cancelling each meeting on two days said together ("my thursday and friday meetings") lists the meetings of both
days for approval; before, the second day was read as words of an event's name and nothing was found."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_each_meeting_on_two_joined_days_is_listed(tmp_path: Path) -> None:
    output = chat(tmp_path, "cancel all my thursday and friday meetings", "c")
    assert "nothing was found" not in output
    assert "1:1 with Priya" in output and "Launch review" in output


def test_each_meeting_of_two_joined_days_moves_to_the_day_named_at_its_own_time(tmp_path: Path) -> None:
    output = chat(tmp_path, "shift all my thursday and friday meetings to monday", "a")
    assert "nothing was found" not in output
    assert "1:1 with Priya · Thu 5 Mar, 14:00 EST" in output
    assert "Mon 9 Mar, 14:00–14:30 EDT" in output  # the wall-clock time kept across the daylight-saving change
