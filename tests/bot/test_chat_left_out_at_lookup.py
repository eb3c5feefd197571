"""After a lookup found nobody, "skip X, <reason>" / "leave him off" goes on without that person: the card says so
and the event is booked with the others — never "not an email address", never a search for the words."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_leaving_out_the_person_not_found_books_with_the_others(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "set up a review with tom and wendell on thursday at 2pm",
        "skip wendell, he's not in the crm yet",
        "y",
    )
    flat = " ".join(output.split())
    assert "not an email address" not in flat and "without" in flat
    [booked] = events(tmp_path, query="wendell", **day("2026-03-05"))
    assert booked["attendees"] == ["tom.reyes@example.com"]
