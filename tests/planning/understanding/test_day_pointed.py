"""Words that point at a day said earlier in the message ("that day", "that afternoon") stand for that day."""

from planning.understanding.day_pointed import day_pointed
from tests.planning.conftest import MONDAY_9AM, args, run


def test_that_day_is_the_day_said_before_it():
    found = args(run("i'm away friday for a family thing, cancel my meetings that day"), "fetch_calendar_events")
    assert (found["start"], found["end"]) == ("2026-03-06T00:00:00-05:00", "2026-03-07T00:00:00-05:00")


def test_a_part_of_that_day_keeps_the_part_and_takes_the_date():
    said = "physio tuesday at 8, move my calls to that evening"
    assert day_pointed(said, MONDAY_9AM) == "physio tuesday at 8, move my calls to Tuesday 3 March evening"
    assert day_pointed("cancel my meetings that day", MONDAY_9AM) == "cancel my meetings that day"  # no day said


def test_words_after_a_colon_are_kept_as_typed():
    said = "decline the board review on wed, note: i'm travelling that day, ken covers"
    assert day_pointed(said, MONDAY_9AM) == said
    line = run("turn down the vendor sync on friday pls, comment: offsite that day, maria will cover")
    assert [s["tool"] for s in line["plan"]["steps"]][-1] == "respond_to_event"
