"""Follow-ups on the event just made, in one reply and in people's own words (issue 24): several changes at once
are one update; a day said without a time keeps the event's wall-clock time across the 8 March DST change."""

from pathlib import Path
from typing import Any

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def renewal(tmp_path: Path, date: str) -> list[dict[str, Any]]:
    return [
        event
        for event in events(tmp_path, **day(date))
        if "renewal" in event["title"].lower() and "review" not in event["title"].lower()
    ]


BOOKED = ("put a 30 min call with laura on thursday at 2 about the renewal", "a")  # Thu 5 Mar 14:00 EST


def test_an_invite_and_a_move_to_another_day_in_one_reply_are_both_done(tmp_path: Path) -> None:
    output = chat(tmp_path, *BOOKED, "also invite tom, and push it to next tuesday same time", "a")
    assert output.count("Finished") == 2
    assert renewal(tmp_path, "2026-03-05") == []
    [moved] = renewal(tmp_path, "2026-03-10")
    assert (moved["startTime"], moved["endTime"]) == ("2026-03-10T14:00:00-04:00", "2026-03-10T14:30:00-04:00")
    assert set(moved["attendees"]) == {"laura.chen@acme.com", "tom.reyes@example.com"}


def test_a_length_and_a_new_time_in_one_reply_change_both(tmp_path: Path) -> None:
    output = chat(tmp_path, *BOOKED, "make it 45 minutes and move it to 4", "a")
    assert output.count("Finished") == 2
    [moved] = renewal(tmp_path, "2026-03-05")
    assert (moved["startTime"], moved["endTime"]) == ("2026-03-05T16:00:00-05:00", "2026-03-05T16:45:00-05:00")


def test_cancel_it_after_a_booking_deletes_that_event_after_approval(tmp_path: Path) -> None:
    output = chat(tmp_path, *BOOKED, "oh wait, cancel it - laura is travelling", "a")
    assert output.count("Finished") == 2
    assert renewal(tmp_path, "2026-03-05") == []


def test_never_mind_after_a_booking_deletes_nothing(tmp_path: Path) -> None:
    chat(tmp_path, *BOOKED, "never mind")
    assert len(renewal(tmp_path, "2026-03-05")) == 1


def test_an_invitation_accepted_with_a_yes_and_its_verb_is_answered_accepted(tmp_path: Path) -> None:
    output = chat(tmp_path, "rsvp to the quarterly review", "sure, accept it")
    assert "Accepted “Acme quarterly business review”" in output
    [review] = events(tmp_path, query="quarterly business review", **day("2026-03-05"))
    assert review["myResponse"] == "accepted"


def test_an_undo_said_after_its_reason_puts_the_moved_event_back(tmp_path: Path) -> None:
    moved = ("move it to friday", "a")
    output = chat(tmp_path, *BOOKED, *moved, "hmm friday is bad for laura after all. never mind, move it back", "a")
    assert output.count("Finished") == 3
    assert renewal(tmp_path, "2026-03-06") == []
    [back] = renewal(tmp_path, "2026-03-05")
    assert back["startTime"] == "2026-03-05T14:00:00-05:00"


def test_a_bare_hour_in_another_zone_corrects_a_move_before_approval(tmp_path: Path) -> None:
    output = chat(tmp_path, "move the acme call to 3pm", "actually make it 1 denver time", "a")
    assert "Finished" in output
    [call] = [e for e in events(tmp_path, **day("2026-03-03")) if e["title"] == "Acme call"]
    assert call["startTime"] == "2026-03-03T15:00:00-05:00"  # 13:00 in Denver (MST)


def test_a_move_said_instead_at_the_approval_of_a_delete_moves_the_event_and_deletes_nothing(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "delete my lunch with maria next week",  # Tue 10 Mar 12:30 EDT
        "hold on, don't delete it - move it to the 12th instead, same time",
        "a",
    )
    assert "Moved “Lunch with Maria”" in output
    [lunch] = events(tmp_path, query="lunch maria", start="2026-03-09T00:00:00-04:00", end="2026-03-16T00:00:00-04:00")
    assert (lunch["startTime"], lunch["endTime"]) == ("2026-03-12T12:30:00-04:00", "2026-03-12T13:30:00-04:00")


def test_a_move_to_the_same_time_next_week_keeps_the_wall_clock_time_and_takes_a_new_length(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "push my 1:1 with priya to the same time next week",  # Thu 5 Mar 14:00 EST
        "and make it 45 minutes while you're at it",
        "a",
    )
    assert "Finished" in output
    [one] = [e for e in events(tmp_path, **day("2026-03-12")) if e["title"] == "1:1 with Priya"]
    assert (one["startTime"], one["endTime"]) == ("2026-03-12T14:00:00-04:00", "2026-03-12T14:45:00-04:00")
    assert [e for e in events(tmp_path, **day("2026-03-05")) if e["title"] == "1:1 with Priya"] == []


def test_a_reason_said_before_a_move_is_no_request_of_its_own(tmp_path: Path) -> None:
    output = chat(tmp_path, "laura's away tuesday, push the acme call to the same time next week", "a")
    assert "put something on your calendar" not in output
    [call] = [e for e in events(tmp_path, **day("2026-03-10")) if e["title"] == "Acme call"]
    assert call["startTime"] == "2026-03-10T11:00:00-04:00"  # Tue 3 Mar 11:00 EST, a week on, after the DST change


def test_a_person_added_to_an_event_just_read_joins_the_people_there(tmp_path: Path) -> None:
    chat(tmp_path, "when is the pricing review with globex", "could you add sarah to it", "a")
    [review] = events(tmp_path, query="globex pricing", **day("2026-03-04"))
    assert set(review["attendees"]) == {"sarah.lee@example.com", "john.park@globex.com", "john.smith@example.com"}


def test_a_weekday_said_alone_to_move_a_booking_is_that_day_of_its_own_week(tmp_path: Path) -> None:
    output = chat(tmp_path, "set up 45 min with priya on the 19th at 9:30 about hiring", "hmm make it tues", "a")
    assert "Tue 17 Mar, 09:30" in output
    chat(tmp_path, "push it to fri", "a")
    [hiring] = [e for e in events(tmp_path, **day("2026-03-20")) if "hiring" in e["title"].lower()]
    assert (hiring["startTime"], hiring["endTime"]) == ("2026-03-20T09:30:00-04:00", "2026-03-20T10:15:00-04:00")


def test_a_person_added_with_hesitation_and_another_verb_joins_the_event_just_made(tmp_path: Path) -> None:
    output = chat(tmp_path, *BOOKED, "ah right, throw sarah on it too", "a")
    assert output.count("Finished") == 2
    [booked] = renewal(tmp_path, "2026-03-05")  # still one event: none made for the person
    assert set(booked["attendees"]) == {"laura.chen@acme.com", "sarah.lee@example.com"}


def test_a_person_named_with_only_as_well_and_a_reason_joins_the_event_just_made(tmp_path: Path) -> None:
    output = chat(tmp_path, *BOOKED, "oh and sarah as well, she has the numbers", "a")
    assert output.count("Finished") == 2
    [booked] = renewal(tmp_path, "2026-03-05")
    assert set(booked["attendees"]) == {"laura.chen@acme.com", "sarah.lee@example.com"}
