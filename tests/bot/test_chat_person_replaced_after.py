"""After an event was made or changed, a person said in the place of one it invites ("i meant maria not dana") is
grounded in the event's attendees: the one named is invited, the one replaced taken off, the others kept."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_person_said_in_the_place_of_one_just_invited_swaps_them(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "can you add dana to thursday's 1:1 with priya",
        "y",
        "argh sorry i meant maria not dana. swap them",
        "y",
    )
    [event] = _events(tmp_path, "2026-03-05", query="priya")
    assert "maria.garcia@example.com" in event["attendees"]
    assert "dana.whitfield@acme.com" not in event["attendees"]
    assert "priya.shah@example.com" in event["attendees"]
