"""An event named by saying one will not be at it, then acted on with a pronoun or no object: "i won't make the
pricing review on wednesday, dentist. pls decline it" declines that review; the reason between is no request."""

from planning.understanding.absence_named import absence_named
from tests.planning.conftest import args, goals, run


def test_an_event_said_as_missed_is_the_one_a_later_decline_points_at():
    line = run("i won't make the globex pricing review on wednesday, dentist. pls decline it")
    assert goals(line) == [("update", "event")]
    found = args(line, "fetch_calendar_events")
    assert (found["query"], found["start"]) == ("globex pricing review", "2026-03-04T00:00:00-05:00")
    assert args(line, "respond_to_event")["response"] == "declined"


def test_the_event_said_as_missed_takes_the_place_of_the_pronoun_or_follows_a_verb_without_object():
    said = "gonna miss the team sync tomorrow - flying out. decline and tell sarah"
    assert absence_named(said) == "decline the team sync tomorrow and tell sarah"
    assert absence_named("can't make lunch w maria fri because of the offsite, can u move it to monday") == (
        "move lunch w maria fri to monday"
    )


def test_a_verb_that_names_its_own_object_is_left_as_said():
    said = "can't make the standup, move my 1:1 with priya to 3"
    assert absence_named(said) == said
    assert absence_named("can't make it, sorry") == "can't make it, sorry"


def test_a_reason_before_the_absence_in_its_sentence_goes_with_it():
    said = "flight got moved so i won't make the globex pricing review wed. can you decline it and tell john"
    assert absence_named(said) == "decline the globex pricing review wed and tell john"
    assert absence_named("stuck at the airport, can't join the team sync. pls decline it") == ("decline the team sync")
    line = run("kid's recital thursday afternoon so i can't make the globex pricing review. decline it please")
    assert goals(line) == [("update", "event")]
    assert args(line, "fetch_calendar_events")["query"] == "globex pricing review"
