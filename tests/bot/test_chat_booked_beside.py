"""A booking placed next to what the last plan showed (issue 24): "right after it", "just before that", "… then" —
after a busy answer, the meetings in the way are read and the booking starts when they end; after a booking, next to
that event; after a free answer, at the time asked about. The rest of the reply (who, how long, what) is read as a
booking by the understanding."""

from pathlib import Path
from typing import Any

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def booked_with(tmp_path: Path, date: str, address: str) -> list[dict[str, Any]]:
    """The events of ``date`` with ``address`` that the demo workspace did not have."""
    return [
        event
        for event in events(tmp_path, **day(date))
        if address in event.get("attendees", []) and event["title"] not in ("Team sync", "Globex pricing review")
    ]


def test_after_a_busy_answer_right_after_it_books_when_the_meeting_in_the_way_ends(tmp_path: Path) -> None:
    # Wed 4 Mar 15:00-16:00 is the Globex pricing review
    said = "hmm ok - straight after that then, 20 minutes with tom to plan the demo"
    output = chat(tmp_path, "am i free on wednesday at 3:30?", said, "a")
    assert "No, you have Globex pricing review" in output and output.count("Finished") == 2
    [booked] = booked_with(tmp_path, "2026-03-04", "tom.reyes@example.com")
    assert (booked["startTime"], booked["endTime"]) == ("2026-03-04T16:00:00-05:00", "2026-03-04T16:20:00-05:00")
    assert "demo" in booked["title"].lower()


def test_after_a_booking_just_before_that_ends_the_new_one_when_it_starts(tmp_path: Path) -> None:
    booked = ("book a design review with sarah wed at 2 for an hour", "a")
    output = chat(tmp_path, *booked, "and 15 min with laura just before that", "a")
    assert output.count("Finished") == 2
    [before] = [e for e in events(tmp_path, **day("2026-03-04")) if e["startTime"] == "2026-03-04T13:45:00-05:00"]
    assert before["endTime"] == "2026-03-04T14:00:00-05:00"


def test_after_a_free_answer_then_books_at_the_time_asked_about(tmp_path: Path) -> None:
    output = chat(tmp_path, "am i free wednesday at 9", "nice, half an hour with priya then", "a")
    assert "you are free" in output and output.count("Finished") == 2
    [booked] = booked_with(tmp_path, "2026-03-04", "priya.shah@example.com")
    assert (booked["startTime"], booked["endTime"]) == ("2026-03-04T09:00:00-05:00", "2026-03-04T09:30:00-05:00")


def test_a_side_said_with_nothing_to_book_books_nothing(tmp_path: Path) -> None:
    chat(tmp_path, "am i free on wednesday at 3:30?", "right after it then?")
    assert [e["title"] for e in events(tmp_path, **day("2026-03-04"))] == ["Team sync", "Globex pricing review"]
