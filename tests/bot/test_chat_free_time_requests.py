"""First messages about free time, end to end (contract §2.9): a booking "when the three of us are free" or that asks
to "find 30 min" offers free times first; a booking after "… ? if so" runs only when the time asked about is free.
Checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_booking_when_the_three_of_us_are_free_offers_free_times_first(tmp_path: Path) -> None:
    output = chat(tmp_path, "set up 30 min w sarah and tom tomorrow when the three of us are free")
    assert "free times. Which one should I book?" in output
    assert events(tmp_path, query="Meeting with", attendee="tom.reyes@example.com", **day("2026-03-03")) == []


def test_a_booking_that_asks_to_find_a_length_searches_their_free_time(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "find 30 min thursday for me, tom and dana - q2 launch plan", "first one's good, name it launch plan"
    )
    assert "What start time" not in output  # the time is found, not asked
    assert "free times. Which one should I book?" in output
    assert "Launch plan" in output.split("> first one's good")[1]


def test_a_booking_said_after_if_so_runs_only_when_the_time_asked_about_is_free(tmp_path: Path) -> None:
    output = chat(tmp_path, "is thursday at 2 open for me? if yes, grab 30 min with sarah to go over pricing")
    assert "you have 1:1 with Priya at 14:00 then" in output  # busy: nothing booked, and why
    free = chat(tmp_path, "am i free wed at 1:30? if so set up a call w dana about the renewal", "a")
    assert "Finished" in free
    [booked] = events(tmp_path, attendee="dana.whitfield@acme.com", **day("2026-03-04"))
    assert booked["startTime"] == "2026-03-04T13:30:00-05:00"


def test_a_booking_whenever_the_others_are_both_free_offers_free_times_first(tmp_path: Path) -> None:
    """Session 14 user test (c49): "… whenever they're both free" asked for a start time."""
    output = chat(tmp_path, "set up 30 min with sarah and dana friday for the redlines whenever they are both around")
    assert "What start time" not in output
    assert "free times. Which one should I book?" in output


def test_the_time_asked_about_taken_as_it_for_a_meeting_is_booked_when_free(tmp_path: Path) -> None:
    """Session 14 user test (c46): "… ? if yes grab it for a call with dana …" was not understood at all."""
    output = chat(tmp_path, "is wed 1:30 open for me? if so snag it for a quick sync with dana", "a")
    assert "didn't understand" not in output and "Finished" in output
    [booked] = events(tmp_path, attendee="dana.whitfield@acme.com", **day("2026-03-04"))
    assert booked["startTime"] == "2026-03-04T13:30:00-05:00"
