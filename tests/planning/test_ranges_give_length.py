"""A clock range gives an event its start and its length (contract §2.4 v3): the end of "from 4 to 5:15" is not lost
to the 30-minute default. A range that only says when to look (free time, an event found by its hours) does not."""

import pytest

from tests.planning.conftest import args, run


@pytest.mark.parametrize(
    ("text", "start", "minutes"),
    [
        ("schedule a budget review tuesday from 4 to 5:15", "2026-03-03T16:00:00-05:00", 75),
        ("hold 9-11am thursday for the offsite prep", "2026-03-05T09:00:00-05:00", 120),
        ("coffee with ines friday 10 till noon", "2026-03-06T10:00:00-05:00", 120),
        ("team lunch between 12 and 1:30 on wednesday", "2026-03-04T12:00:00-05:00", 90),
        ("put the vendor call on my calendar wed from 3 to 4", "2026-03-04T15:00:00-05:00", 60),
        ("interview slot tomorrow 2 to 2:45", "2026-03-03T14:00:00-05:00", 45),
    ],
)
def test_a_created_event_takes_the_start_and_length_of_its_range(text: str, start: str, minutes: int) -> None:
    event = args(run(text), "create_calendar_event")
    assert (event["startTime"], event["durationMinutes"]) == (start, minutes)


def test_a_said_length_wins_over_the_range() -> None:
    event = args(run("book 20 minutes with the design team tomorrow from 2 to 3"), "create_calendar_event")
    assert event["durationMinutes"] == 20


def test_a_window_to_search_is_no_length_of_the_meeting() -> None:
    slots = args(run("find an hour with omar between 1 and 5 on friday"), "find_free_slots")
    assert (slots["durationMinutes"], slots["windowStart"], slots["windowEnd"]) == (
        60,
        "2026-03-06T13:00:00-05:00",
        "2026-03-06T17:00:00-05:00",
    )


def test_a_move_to_a_range_changes_the_length_too() -> None:
    change = args(run("move the design sync to 3-4:30pm"), "update_calendar_event")
    assert change["durationMinutes"] == 90


def test_a_bare_hour_after_to_is_where_a_move_goes() -> None:
    change = args(run("push the retro to 11"), "update_calendar_event")
    assert change["startTime"].startswith("11:00 on the day of")


def test_a_move_to_an_unmarked_range_takes_its_start_and_length() -> None:
    change = args(run("move my 3pm to 5-6"), "update_calendar_event")
    assert (change["startTime"], change["durationMinutes"]) == ("2026-03-02T17:00:00-05:00", 60)


def test_a_number_after_to_in_a_record_change_is_no_time() -> None:
    assert args(run("change the hooli deal amount to 12"), "update_entity")["fields"] == {"amount": 12.0}
