"""Calendar conversations whose replies lean on what the thread already holds: a number beside a day answering for a
start time is its hour, a day or week said alone at a card keeps the time of day, a zone said after a time is applied,
a deleted event booked again at a new time keeps what it had, and a booking after a question about a day is on it."""

import asyncio
from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchCalendarEventsArgs
from integrations.local import open_workspace
from tests.bot.test_chat import chat


def _events(tmp_path: Path, day: str, **filters: str) -> list[dict[str, Any]]:
    """The events of ``day`` (ISO date, New York) in the chat's workspace, with ``filters`` (query, attendee)."""

    async def read() -> list[dict[str, Any]]:
        workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
        try:
            offset = "-05:00" if day < "2026-03-08" else "-04:00"
            start, end = f"{day}T00:00:00{offset}", f"{day}T23:59:00{offset}"
            asked = FetchCalendarEventsArgs(start=start, end=end, **filters)
            return list(await workspace.call("fetch_calendar_events", asked))
        finally:
            workspace.close()

    return asyncio.run(read())


def test_a_number_beside_the_day_answering_for_a_start_is_the_hour_of_that_day(tmp_path: Path) -> None:
    chat(tmp_path, "could you set up a budget chat with tom next week", "wed 10 is good", "yes")
    [event] = _events(tmp_path, "2026-03-11", query="budget")
    assert event["startTime"].startswith("2026-03-11T10:00")
    assert "tom.reyes@example.com" in event["attendees"]


def test_a_week_said_at_a_weekly_series_card_moves_its_first_day_keeping_weekday_and_time(tmp_path: Path) -> None:
    chat(tmp_path, "set up a weekly sync with tom, wednesdays at 3", "start it next week, this one is too soon", "yes")
    assert [e for e in _events(tmp_path, "2026-03-04") if e["title"].lower() == "sync with tom"] == []
    [first] = [e for e in _events(tmp_path, "2026-03-11") if e["title"].lower() == "sync with tom"]
    assert first["startTime"].startswith("2026-03-11T15:00")  # 15:00 on the Wednesday, after the clocks change


def test_a_week_said_for_the_start_at_a_booking_card_keeps_its_weekday_and_time(tmp_path: Path) -> None:
    output = chat(tmp_path, "book a call with tom thursday at 1pm about hiring", "hmm push it to next week")
    assert "Thu 12 Mar, 13:00" in output.split("> hmm push it")[1]


def test_a_booking_at_a_time_in_another_zone_before_its_topic_is_at_that_zones_time(tmp_path: Path) -> None:
    chat(tmp_path, "book 30 min with tom thursday 1pm pacific about the offsite", "yes")
    [event] = [e for e in _events(tmp_path, "2026-03-05", attendee="tom.reyes@example.com") if "ffsite" in e["title"]]
    assert event["startTime"].startswith("2026-03-05T16:00")  # 1pm in Los Angeles is 4pm in New York


def test_a_deleted_event_booked_again_at_a_new_time_keeps_its_title_people_and_length(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book a 45 min vendor demo with tom wednesday at 1pm",
        "yes",
        "scrap that, delete it",
        "yes",
        "actually put it on thursday the 12th at 10 instead",
        "yes",
    )
    assert [e for e in _events(tmp_path, "2026-03-04") if e["title"].lower() == "vendor demo"] == []
    [again] = _events(tmp_path, "2026-03-12", attendee="tom.reyes@example.com")
    assert again["title"].lower() == "vendor demo"
    assert again["startTime"].startswith("2026-03-12T10:00") and again["endTime"].startswith("2026-03-12T10:45")


def test_a_booking_with_a_time_of_day_alone_after_a_question_about_a_day_is_on_that_day(tmp_path: Path) -> None:
    chat(tmp_path, "do i have anything thursday at 3?", "ok grab an hour with tom at 4 then, hiring plan", "yes")
    today = _events(tmp_path, "2026-03-02", attendee="tom.reyes@example.com")
    assert [e for e in today if e["startTime"].startswith("2026-03-02T16:00")] == []  # not today at 4
    [booked] = _events(tmp_path, "2026-03-05", attendee="tom.reyes@example.com")
    assert booked["startTime"].startswith("2026-03-05T16:00") and booked["endTime"].startswith("2026-03-05T17:00")


def test_a_booking_that_names_its_own_day_after_a_question_about_another_keeps_its_own(tmp_path: Path) -> None:
    chat(tmp_path, "am i free wednesday at 11?", "book 30 min with tom friday at 2 about hiring", "yes")
    friday = _events(tmp_path, "2026-03-06", attendee="tom.reyes@example.com")
    assert [e["title"] for e in friday if e["startTime"].startswith("2026-03-06T14:00")] == ["Hiring"]


def test_a_clause_saying_what_the_new_start_replaces_changes_nothing_of_its_own(tmp_path: Path) -> None:
    said = ("set up a weekly sync with tom, wednesdays at 3", "start next week instead, not this wednesday", "yes")
    chat(tmp_path, *said)
    assert [e for e in _events(tmp_path, "2026-03-04") if e["title"].lower() == "sync with tom"] == []
    [first] = [e for e in _events(tmp_path, "2026-03-11") if e["title"].lower() == "sync with tom"]
    assert first["startTime"].startswith("2026-03-11T15:00")


def test_a_follow_up_naming_the_event_just_made_by_its_title_changes_it(tmp_path: Path) -> None:
    """After a booking, "push the <title> to …" (with a word of hesitation before it and a reason after) moves the
    event the plan made, found by the title it was made with; before, it searched this week's events for the words
    and offered five others."""
    chat(
        tmp_path,
        "book 30 min for a kickoff with sarah on thursday the 12th at 2pm",
        "yes",
        "hmm, move the kickoff to 3pm, she's stuck in a workshop till then",
        "yes",
    )
    [event] = _events(tmp_path, "2026-03-12", query="kickoff")
    assert event["startTime"].startswith("2026-03-12T15:00")
    assert event["endTime"].startswith("2026-03-12T15:30")
