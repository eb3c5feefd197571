"""A booking right after free times were shown keeps that search's day, people and length (contract §2.9): a time
said with a name ("book 10:15 for the launch dry run"), a bare number ("2": the second time, not 2pm), a name said
after the pick; a time outside the free time found is booked on that day and the card says who is busy. Checked in
the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_time_and_a_name_after_a_search_book_on_the_day_searched_with_the_people_searched(tmp_path: Path) -> None:
    output = chat(tmp_path, "when is tom free thursday morning", "book 10:15 for the launch dry run", "a")
    assert "Finished" in output.split("> book 10:15")[1]
    [booked] = events(tmp_path, query="dry run", **day("2026-03-05"))
    assert (booked["title"], booked["startTime"]) == ("Launch dry run", "2026-03-05T10:15:00-05:00")
    assert booked["attendees"] == ["tom.reyes@example.com"]
    assert events(tmp_path, query="dry run", **day("2026-03-02")) == []  # not today


def test_a_time_that_is_not_free_is_booked_on_that_day_with_a_warning(tmp_path: Path) -> None:
    output = chat(tmp_path, "is priya free friday morning?", "ok let's do 10:15, pricing dry run")
    card = output.split("> ok let's do 10:15")[1]
    assert "Fri 6 Mar, 10:15" in card and "Not free" in card and "Launch review" in card
    assert "priya.shah@example.com" in card


def test_a_number_alone_after_free_times_books_that_one_not_that_hour(tmp_path: Path) -> None:
    chat(tmp_path, "when are sarah and tom both free wednesday? 30 min", "2", "a")
    [booked] = events(tmp_path, query="Meeting with", attendee="tom.reyes@example.com", **day("2026-03-04"))
    assert booked["startTime"] != "2026-03-04T14:00:00-05:00"  # the second time shown, not 2pm
    assert "sarah.lee@example.com" in booked["attendees"]


def test_a_name_after_the_pick_names_the_booking_and_starts_nothing_else(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "when are sarah and john smith free tmrw afternoon for an hour", "3rd one - churn review", "a"
    )
    assert "Once that is done" not in output
    [booked] = events(tmp_path, query="churn", **day("2026-03-03"))
    assert booked["title"] == "Churn review"
    assert set(booked["attendees"]) == {"sarah.lee@example.com", "john.smith@example.com"}


def test_a_time_picked_after_a_search_is_titled_by_the_work_the_search_was_for(tmp_path: Path) -> None:
    chat(tmp_path, "am i free friday afternoon? need 45 min to work on the pricing memo", "3pm works", "a")
    [booked] = events(tmp_path, query="memo", **day("2026-03-06"))
    assert (booked["title"], booked["startTime"]) == ("Pricing memo", "2026-03-06T15:00:00-05:00")
