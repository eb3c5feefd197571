"""Calendar requests typed the way people chat (round 2): words typed short ("nxt", "thru"), misspelt ("calender"),
a weekly repeat on a weekday, a place after "in", a title named by "call it", read as their full forms would be."""

from planning.understanding.normalize import clean
from tests.planning.conftest import args, run


def test_chat_spellings_are_read_as_the_word_they_stand_for():
    assert clean("push the retro to nxt week") == "push the retro to next week"
    assert clean("we can go thru it") == "we can go through it"


def test_a_week_typed_short_is_searched_as_the_whole_week():
    found = args(run("cancel the dentist nxt week"), "fetch_calendar_events")
    assert (found["start"], found["end"]) == ("2026-03-09T00:00:00-04:00", "2026-03-16T00:00:00-04:00")


def test_a_purpose_typed_short_titles_the_event():
    made = args(run("set up 20 min w bob fri at 2 to go thru the hiring plan"), "create_calendar_event")
    assert "hiring plan" in made["title"].lower()


def test_a_misspelt_calendar_is_no_place():
    made = args(run("add lunch with priya tomorrow at noon in my calender"), "create_calendar_event")
    assert "calend" not in str(made.get("location", "")).lower()
