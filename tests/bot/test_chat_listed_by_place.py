"""After a plan listed meetings, a request that names one by its place in the list ("decline the last one", "the
second one") acts on that one, though it points back with no "it" or "that" (issue 24)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_meeting_named_by_its_place_in_the_list_just_shown_is_the_one_answered(tmp_path: Path) -> None:
    output = chat(tmp_path, "what does my thursday look like", "pls decline the last one - i'm travelling", "a")
    assert output.count("Finished") == 2
    [review] = [e for e in events(tmp_path, **day("2026-03-05")) if "quarterly" in e["title"].lower()]
    assert review["myResponse"] == "declined"
