"""First messages about meetings that point at another event or person: a name in what a change of a set leaves out
is kept, never sought; a time range with something left out is a set; a pronoun listed with a named person is the
person named earlier in the message."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

NAMES = NameIndex(
    [
        ("Globex pricing review", "event"),
        ("Team sync", "event"),
        ("Laura Chen", "contact"),
        ("Tom Reyes", "contact"),
    ]
)


def parse(text: str):
    return GoalUnderstandingService(rules_only=True, grounding=NAMES).parse(text, MONDAY_9AM)


def test_an_event_left_out_of_a_set_is_not_what_the_set_is_looked_up_by():
    said = "scrap all my wednesday meetings except for the globex pricing review, and tell tom we'll talk monday"
    goals = parse(said).goals
    delete = goals[0]
    assert (delete.intent, delete.entity, delete.scope.get("each")) == ("delete", "event", True)
    assert "globex pricing review" in delete.scope["except"].casefold()
    assert not delete.slots.topic  # every wednesday event is found; the review is then left out


def test_a_day_cleared_with_something_left_out_is_every_event_of_the_day():
    goal = parse("clear out tomorrow other than the team sync please").goals[0]
    assert (goal.intent, goal.scope.get("each"), goal.scope.get("except")) == ("delete", True, "team sync")


def test_a_pronoun_listed_with_a_name_is_the_person_named_before():
    goals = parse("email laura chen the contract, then book a call with tom and her on friday at 3").goals
    event = goals[-1]
    assert event.entity == "event"
    assert {p.casefold() for p in event.slots.people} == {"laura chen", "tom"}
    assert "her" not in (event.slots.title or "").casefold().split()


def test_a_pronoun_before_a_name_in_a_list_is_the_person_named_before():
    goals = parse("answer laura chen about the pricing, and set up a sync w her and tom next week").goals
    assert {p.casefold() for p in goals[-1].slots.people} == {"laura chen", "tom"}


def test_a_possessive_beside_a_name_is_no_one_named_before():
    goals = parse("email laura chen the contract, then book a call with tom and her manager on friday at 3").goals
    assert "laura chen" not in {p.casefold() for p in goals[-1].slots.people}


def test_grabbing_a_person_at_a_time_is_time_with_them():
    for said, hour in (
        ("can i grab laura thursday 10am? 30 min", 10),
        ("grab tom tomorrow at 3 for the renewal", 15),
    ):
        [goal] = parse(said).goals
        assert (goal.intent, goal.entity) == ("create", "event")
        assert goal.slots.people and goal.slots.when is not None and goal.slots.when.start.hour == hour
