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


def test_call_it_names_the_event_and_is_no_request_of_its_own():
    line = run("grab 30 min w priya thurs afternoon when we're both free. call it launch prep")
    assert [g["intent"] for g in line["parse"]["goals"]] == ["create"]
    assert args(line, "create_calendar_event")["title"] == "Launch prep"
    named = args(run("book an hour with dana on friday at 11 and name it pricing review"), "create_calendar_event")
    assert named["title"] == "Pricing review"


def test_a_quoted_title_after_called_loses_its_quotes():
    made = args(run('book a meeting called "roadmap" on friday at 2'), "create_calendar_event")
    assert made["title"] == "Roadmap"


def test_a_room_named_by_a_letter_or_number_is_the_place():
    made = args(run("book thurs 2-3 for the design crit in building 4"), "create_calendar_event")
    assert made["location"] == "building 4"
    room = args(run("hold wed 10-12 for budget prep in huddle room c"), "create_calendar_event")
    assert room["location"] == "huddle room c"
    none = args(run("book thurs 2-3 for the design crit in the morning"), "create_calendar_event")
    assert "location" not in none or not none["location"]


def test_a_weekly_repeat_said_with_one_weekday_repeats_on_that_day():
    made = args(run("set up a weekly sync w bob thurs 3pm"), "create_calendar_event")
    assert made["recurrence"] == "FREQ=WEEKLY;BYDAY=TH"
    plain = args(run("set up a weekly standup at 9"), "create_calendar_event")
    assert plain["recurrence"] == "FREQ=WEEKLY"
