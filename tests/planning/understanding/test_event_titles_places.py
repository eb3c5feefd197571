"""An event's title and place (issue 23): generic words and repeats are no title, the noun phrase is kept whole,
what a generic event is for names it; a place after "at", "in" or "go to" reaches ``location``, with its owner no
attendee; a place set as a field is a change of location.

Uses the project's slot tagger (trained from ../shared/eval/hwu_train.jsonl and data/own_slots_*.jsonl)."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def goal(text: str):
    parse = GoalUnderstandingService().parse(text, MONDAY_9AM)
    assert len(parse.goals) == 1, parse.goals
    return parse.goals[0]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add event pottery workshop 6pm tomorrow", "Pottery workshop"),  # "Event" before
        ("create appointment dentist cleaning thursday at 9", "Dentist cleaning"),
        ("put my lunch reservations on the calendar", "Lunch reservations"),  # "Lunch" before
        ("add team dinners at 7 every day next week", "Team dinners"),
        ("set 7am yoga for every tuesday", "Yoga"),  # "Every" before: a repeat is no title
        ("send me a reminder to collect the dry cleaning at 5", "Collect the dry cleaning"),  # none before
        ("book a meeting for the budget kickoff thursday at 2", "Budget kickoff"),  # "Meeting" before
        ("put tuesday standup on the calendar every tuesday", "Tuesday standup"),  # "Standup" before
        ("remind me about the afternoon recital", "Afternoon recital"),
        ("i want to go to the farmers market saturday remind me", "Go to the farmers market"),  # none before
    ],
)
def test_the_title_is_what_the_event_is_not_a_generic_or_time_word(text: str, title: str):
    read = goal(text)
    assert (read.intent, read.entity) == ("create", "event")
    assert read.slots.title == title


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("bbq at jack's place saturday at 4", "jack's place"),
        ("schedule dinner at luigi in palo alto friday at 7", "luigi in palo alto"),
        ("remind me to be at the gym at 6 tomorrow", "the gym"),
        ("add an event at 3pm in springfield ohio on june 2 for the fair", "springfield ohio"),
    ],
)
def test_a_place_after_at_or_in_is_the_new_events_location(text: str, place: str):
    read = goal(text)
    assert (read.intent, read.entity) == ("create", "event")
    assert read.slots.location == place


def test_the_owner_of_the_place_is_no_attendee():
    read = goal("bbq at jack's place saturday at 4")
    assert read.slots.people == ()


@pytest.mark.parametrize(
    "text",
    [
        "add a meeting in my calendar for friday at 10",  # a calendar is no place
        "meet in person with the design team thursday at 2",  # a manner
        "schedule a call at 4 tomorrow",  # a time
    ],
)
def test_words_after_at_or_in_that_name_no_place_are_no_location(text: str):
    assert goal(text).slots.location is None


def test_a_place_set_as_a_field_changes_the_events_location():
    read = goal("set the location to my brothers apartment for this event")
    assert (read.intent, read.entity) == ("update", "event")
    assert read.slots.location == "my brothers apartment"


def test_a_place_said_in_passing_does_not_move_an_existing_event():
    assert goal("move my 3pm at the office to 4pm").slots.location is None
    assert goal("push the offsite in denver to friday").slots.location is None


def test_a_change_that_moves_an_event_to_a_place_sets_its_place():
    assert goal("move my 3pm to the office").slots.location == "the office"
    assert goal("shift the budget review over to conf room b").slots.location == "conf room b"
