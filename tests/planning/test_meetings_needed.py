"""A meeting of a length said as needed with people in a period ("i need 45 min with sarah and maria this week …
when are we all free?") is a search of their free time there, then the booking of the time picked; with a time of
day it is booked at that time; a question of free time that needs nothing stays a question."""

from tests.planning.conftest import args, goals, run, steps


def test_a_length_needed_with_people_this_week_and_a_question_of_free_time_is_a_search_then_a_booking():
    line = run("we need an hour with tom and maria this week to plan the launch - when is everyone free?")
    assert goals(line) == [("create", "event")]
    search = args(line, "find_free_slots")
    assert (search["durationMinutes"], search["windowEnd"][:10]) == (60, "2026-03-09")
    assert args(line, "create_calendar_event")["startTime"] == "{{find_free_slot.result.data[0].start}}"


def test_a_length_needed_with_people_in_a_part_of_a_day_is_looked_for_there():
    search = args(run("i need 30 min with priya thursday morning to go through the deck"), "find_free_slots")
    assert (search["windowStart"], search["windowEnd"]) == ("2026-03-05T08:00:00-05:00", "2026-03-05T12:00:00-05:00")


def test_a_length_needed_at_a_time_of_day_is_booked_then():
    line = run("i need 30 min with john thursday at 2")
    assert not steps(line, "find_free_slots")
    assert args(line, "create_calendar_event")["startTime"] == "2026-03-05T14:00:00-05:00"


def test_a_question_of_free_time_that_needs_nothing_stays_a_question():
    line = run("am i free for an hour with tom tomorrow?")
    assert goals(line) == [("find", "availability")]
    assert not steps(line, "create_calendar_event")
