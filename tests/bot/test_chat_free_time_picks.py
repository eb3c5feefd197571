"""After a free-time answer, one of the times shown taken in people's own words (issue 24, contract §2.9): by
where it sits ("the later one"), by the meeting it follows, with a yes alone (the first one, as proposed), with a
name for the booking; checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events

SEARCH = "is sarah free thursday afternoon for an hour with me?"  # Thu 5 Mar: 12:00, 13:00, 14:30 free for both


def test_the_later_one_books_the_last_free_time_shown(tmp_path: Path) -> None:
    output = chat(tmp_path, "when are tom and i both free friday morning? need 30 min", "the later one", "a")
    assert "Finished" in output.split("> the later one")[1]
    [booked] = events(tmp_path, query="Meeting with Tom", **day("2026-03-06"))
    assert booked["startTime"] == "2026-03-06T11:30:00-05:00"


def test_a_yes_alone_books_the_first_free_time_shown(tmp_path: Path) -> None:
    chat(tmp_path, SEARCH, "that works for me", "a")
    [booked] = events(tmp_path, query="Meeting with Sarah", **day("2026-03-05"))
    assert (booked["startTime"], booked["endTime"]) == ("2026-03-05T12:00:00-05:00", "2026-03-05T13:00:00-05:00")


def test_a_free_time_said_by_the_meeting_before_it_is_booked_under_the_name_given(tmp_path: Path) -> None:
    output = chat(tmp_path, SEARCH, "grab the slot just after my 1:1 with priya and name it budget prep", "ok")
    assert "Finished" in output
    booked = [
        e for e in events(tmp_path, attendee="sarah.lee@example.com", **day("2026-03-05")) if "prep" in e["title"]
    ]
    assert [(e["title"], e["startTime"]) for e in booked] == [("Budget prep", "2026-03-05T14:30:00-05:00")]


def test_a_meeting_that_is_not_on_that_day_books_nothing(tmp_path: Path) -> None:
    output = chat(tmp_path, SEARCH, "the one right before the board dinner")
    assert "no meeting “board dinner”" in output
    assert events(tmp_path, attendee="sarah.lee@example.com", query="Meeting with", **day("2026-03-05")) == []


def test_a_free_time_picked_by_its_clock_books_that_day_with_the_people_searched(tmp_path: Path) -> None:
    output = chat(tmp_path, SEARCH, "book the 1pm one", "a")
    assert "Finished" in output.split("> book the 1pm one")[1]
    [booked] = events(tmp_path, query="Meeting with Sarah", **day("2026-03-05"))
    assert booked["startTime"] == "2026-03-05T13:00:00-05:00"
    assert "sarah.lee@example.com" in booked["attendees"]


def test_a_day_and_time_said_alone_books_it_with_the_name_given(tmp_path: Path) -> None:
    """A free time said by its day and clock alone, no verb ("fri 2pm, call it …"), is taken, not searched again."""
    output = chat(tmp_path, "when are tom and i both free friday? need 30 min", "fri 2pm - call it launch dry run", "a")
    assert "Finished" in output.split("> fri 2pm")[1]
    [booked] = events(tmp_path, query="dry run", **day("2026-03-06"))
    assert (booked["title"], booked["startTime"]) == ("Launch dry run", "2026-03-06T14:00:00-05:00")
    assert "tom.reyes@example.com" in booked["attendees"]


def test_a_free_time_said_by_its_day_books_the_first_shown_that_day(tmp_path: Path) -> None:
    chat(tmp_path, "find 30 min with tom next week", "the wednesday one", "a")
    [booked] = events(tmp_path, query="Meeting with Tom", **day("2026-03-11"))
    assert booked["startTime"].startswith("2026-03-11T09:")


def test_a_time_asked_about_is_not_taken(tmp_path: Path) -> None:
    output = chat(tmp_path, "when are tom and i both free friday? need 30 min", "what about thu 2pm?")
    assert events(tmp_path, query="Meeting with Tom", **day("2026-03-05")) == []
    assert "Approve" not in output.split("> what about")[1]
