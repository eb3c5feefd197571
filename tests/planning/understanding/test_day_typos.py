"""Day words typed with a slip are read as the day meant; ordinary words and names near them are left alone."""

from planning.understanding.day_typos import respelled_days
from tests.planning.conftest import args, run


def test_slips_in_day_words_are_read_as_the_day():
    assert respelled_days("book it for tmorow at 3") == "book it for tomorrow at 3"
    assert respelled_days("Thrusday works, or wedensday afternon") == "Thursday works, or wednesday afternoon"
    assert respelled_days("every thrusdays at 10") == "every thursdays at 10"


def test_words_and_names_near_a_day_are_left_as_typed():
    for text in ("mondays and thursdays", "ask Monica about the fridge", "friends of the project", "today"):
        assert respelled_days(text) == text


def test_a_meeting_booked_for_a_mistyped_day_is_on_that_day():
    assert args(run("book 30 min with tom tmorow at 3"), "create_calendar_event")["startTime"].startswith(
        "2026-03-03T15:00"
    )
    assert args(run("set up a call with priya on thrusday at 11"), "create_calendar_event")["startTime"].startswith(
        "2026-03-05T11:00"
    )


def test_names_near_a_day_are_names():
    assert respelled_days("what is frieda's home address") == "what is frieda's home address"
    assert respelled_days("a reminder for monas party") == "a reminder for monas party"
