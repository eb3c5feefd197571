"""Plans people expected (contract §2.9, issue 24), in `planbot chat --script` on the local workspace, checked in
the workspace: a booking into free time shows the free times first and books the one picked; a person who is not
in the contacts is left out on "skip" and the write still happens."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_booking_into_free_time_offers_the_free_times_and_books_the_one_picked_by_its_time(tmp_path: Path):
    output = chat(tmp_path, "book 45 minutes with sarah when we're both free on wednesday afternoon", "2pm", "a")
    assert "Which one should I book?" in output
    assert "1. Wed 4 Mar, 12:00–12:45 EST" in output  # the first slots, as choices before the approval
    assert "What start time" not in output
    [booked] = events(tmp_path, query="Meeting with sarah", **day("2026-03-04"))
    assert (booked["startTime"], booked["endTime"]) == ("2026-03-04T14:00:00-05:00", "2026-03-04T14:45:00-05:00")


def test_a_free_slot_is_picked_by_its_number(tmp_path: Path):
    chat(tmp_path, "book 45 minutes with sarah when we're both free on wednesday afternoon", "2", "a")
    [booked] = events(tmp_path, query="Meeting with sarah", **day("2026-03-04"))
    assert booked["startTime"] == "2026-03-04T12:45:00-05:00"


def test_no_free_time_is_said_and_nothing_is_booked(tmp_path: Path):
    output = chat(tmp_path, "book 9 hours with sarah when we're both free on wednesday afternoon")
    assert "There is no free 540-minute time" in output and "nothing was booked" in output
    assert events(tmp_path, query="Meeting with sarah", **day("2026-03-04")) == []


def test_skip_on_a_person_not_found_creates_the_meeting_without_them(tmp_path: Path):
    output = chat(tmp_path, "schedule a meeting with Sam Ortiz and Priya on thursday at 3", "skip", "a")
    card = output.split("> a")[0]
    assert "Sam Ortiz was not found in your contacts; the meeting is created without them" in card
    [created] = events(tmp_path, start="2026-03-05T15:00:00-05:00", end="2026-03-05T15:30:00-05:00")
    assert created["attendees"] == ["priya.shah@example.com"]


def test_skip_on_the_only_recipient_not_found_asks_for_an_address_instead(tmp_path: Path):
    output = chat(tmp_path, "email Sam Ortiz saying hi", "skip", "sam@example.org", "a")
    assert "I will ask who else it is for" in output
    assert "Finished" in output and "Cancelled" not in output


def test_skip_on_the_only_person_to_invite_changes_nothing_and_asks_nothing(tmp_path: Path):
    output = chat(tmp_path, "add wendell okafor to the launch review", "skip")
    after_skip = " ".join(output.split("> skip")[1].split()).lower()
    assert "wendell okafor was not found in your contacts" in after_skip
    assert "nothing changes" in after_skip
    assert "should I use" not in after_skip  # no question about a list that would only have held them
    [launch] = events(tmp_path, query="Launch review", **day("2026-03-06"))
    assert "wendell" not in " ".join(launch.get("attendees") or []).lower()
