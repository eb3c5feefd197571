"""A meeting named by a word of its title or by a person right after a list of meetings is the one of those shown
(issue 24), not the next one a search from now finds."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events

LISTED = "what's on my calendar thursday?"  # Thu 5 Mar: among others, "1:1 with Priya" 14:00


def test_a_meeting_named_by_a_person_is_the_one_of_the_day_listed(tmp_path: Path) -> None:
    output = chat(tmp_path, LISTED, "move my meeting with priya to 3pm", "a")
    assert "Finished" in output.split("> move my meeting")[1]
    [one] = [e for e in events(tmp_path, **day("2026-03-05")) if e["title"] == "1:1 with Priya"]
    assert one["startTime"] == "2026-03-05T15:00:00-05:00"
    [standup] = [e for e in events(tmp_path, **day("2026-03-02")) if e["title"] == "Weekly standup"]
    assert standup["startTime"] == "2026-03-02T09:30:00-05:00"  # the first meeting with Priya from now: untouched


def test_a_request_with_a_day_of_its_own_searches_that_day(tmp_path: Path) -> None:
    output = chat(tmp_path, LISTED, "move my meeting with priya on monday to 3pm")
    assert "“1:1 with Priya” from your last plan" not in output
