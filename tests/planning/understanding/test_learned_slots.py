"""Slots read from the slot tagger's spans (issue 23): who, where and what, in typed and lower-case text.

Uses the project's tagger (trained from ../shared/eval/hwu_train.jsonl and data/own_slots_*.jsonl; `make model`
builds it, or the first reading does)."""

import pytest

from planning.understanding.grounding import NameIndex
from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def slots(text: str, grounding: NameIndex | None = None):
    parse = GoalUnderstandingService(grounding=grounding).parse(text, MONDAY_9AM)
    assert len(parse.goals) == 1, parse.goals
    return parse.goals[0].slots


@pytest.mark.parametrize(
    "text",
    [
        "any emails since 5 pm",  # a preposition after the mail word is no sender
        "is my budget review happening on friday",  # nor a verb after the event
        "what's on my calendar thurs",
        "block time for deep work tomorrow morning",  # the block's purpose ("deep") was read as a person
    ],
)
def test_words_that_are_no_name_are_no_person(text: str):
    assert slots(text).people == ()


def test_a_place_named_after_at_is_the_events_location_not_an_attendee():
    read = slots("lunch with Maria at Blue Bottle on friday at 1")
    assert read.people == ("Maria",)
    assert read.location == "Blue Bottle"
    assert read.companies == ()


def test_a_room_is_the_location_and_the_title_is_what_the_tagger_names():
    read = slots("book a design review in conf room b tomorrow at 2")
    assert read.location == "conf room b"
    assert read.title == "Design review"


def test_lower_case_people_after_w_slash_and_and_are_attendees():
    assert slots("set up a call w/ dana and kofi tmrw at 3").people == ("dana", "kofi")


def test_a_lower_case_name_after_an_acronym_is_the_attendee():
    read = slots("schedule the retro ASAP with priya")
    assert (read.people, read.title) == (("priya",), "Retro")


def test_a_contact_named_so_is_the_person_looked_for():
    assert slots("open the contact named john").people == ("john",)


def test_a_place_the_tagger_is_less_sure_of_is_still_the_location():
    read = slots("dinner on thursday at bistro luna")  # the tagger's least token probability: 0.47
    assert read.location == "bistro luna"


def test_a_person_who_is_the_subject_of_what_is_said_is_no_recipient():
    read = slots("let maria know john approved the quote")
    assert (read.people, read.body) == (("maria",), "John approved the quote")


def test_people_listed_together_are_all_told():
    assert slots("tell john and tom the demo is pushed").people == ("john", "tom")


def test_remind_me_at_the_end_leaves_the_title_to_what_was_said_before():
    # "... remind me" says nothing after it: the event is what comes before ("Me" before)
    assert slots("pottery class thursday at 6 remind me").title == "Pottery class"


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("set up dinner with tom sarah and kevin friday", ("tom", "sarah", "kevin")),  # the tagger reads "tom sarah"
        ("book a call with linda karen and paul tomorrow", ("linda", "karen", "paul")),
        ("schedule coffee with eddie richards on friday", ("eddie richards",)),  # a common last name: one person
    ],
)
def test_first_names_the_tagger_ran_together_are_several_people(text: str, people: tuple[str, ...]):
    assert slots(text).people == people
