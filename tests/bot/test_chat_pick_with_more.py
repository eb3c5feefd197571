"""A pick or an answer at a list, said with more than the pick (issue 24, session 13). Sentences here are our own."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_a_pick_with_someone_added_books_both(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book a call with john friday at 2pm about the pricing",
        "the globex john - and pull in sarah lee too, she owns the account",
        "yes",
    )
    [made] = events(tmp_path, start="2026-03-06T14:00:00-05:00", end="2026-03-06T14:30:00-05:00")
    assert "john.park@globex.com" in made["attendees"] and "sarah.lee@example.com" in made["attendees"]


def test_one_of_a_day_listed_said_first_then_changed_by_it(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "anything on wednesday?",
        "the second one, could you push it to 4? only this week, john's flight is late",
        "ok go",
    )
    [moved] = events(tmp_path, start="2026-03-04T16:00:00-05:00", end="2026-03-04T17:00:00-05:00")
    assert moved["title"] == "Globex pricing review"


def test_a_time_inside_the_free_times_shown_books_it(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "i need 30 min with tom thursday morning for the launch plan. when are we both free?",
        "let's do 9:15, he's got a call at 10",
        "sounds good, send it",
    )
    [made] = events(tmp_path, start="2026-03-05T09:15:00-05:00", end="2026-03-05T09:45:00-05:00")
    assert "tom.reyes@example.com" in made["attendees"]


def test_the_time_found_free_said_again_with_someone_books_it(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "am i free thursday at 11?",
        "ok take 11 with maria for a budget catch-up, 45 min",
        "yes",
    )
    [made] = events(tmp_path, start="2026-03-05T11:00:00-05:00", end="2026-03-05T11:45:00-05:00")
    assert "maria.garcia@example.com" in made["attendees"]
