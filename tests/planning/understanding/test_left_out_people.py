"""People a request keeps out ("dont invite john", "but not tom", "without maria") are not acted on: not attendees,
not recipients, not places; a list after the lead is kept out whole; a negation elsewhere keeps nobody out
(planning.understanding.left_out_people).

Uses the project's slot tagger (trained from ../shared/eval/hwu_train.jsonl and data/own_slots_*.jsonl)."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def people(text: str) -> list[tuple[str, ...]]:
    parse = GoalUnderstandingService().parse(text, MONDAY_9AM)
    return [tuple(p.lower() for p in goal.slots.people) for goal in parse.goals]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("set up a design review with dana on wednesday at 2, dont invite laura", ("dana",)),
        ("schedule a call with laura at 4 tomorrow but please don't loop in dana", ("laura",)),
        ("book 30 min w peter friday, no need to include sarah or tom", ("peter",)),
        ("lunch with priya and maria next tue at noon but not john or tom", ("priya", "maria")),
        ("email sarah not john about the renewal", ("sarah",)),
    ],
)
def test_a_person_kept_out_is_not_acted_on(text: str, kept: tuple[str, ...]) -> None:
    assert people(text) == [kept]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("set up a design review with dana and laura on wednesday at 2", ("dana", "laura")),
        ("not sure tom can come, book an hour with sarah and tom friday at 10", ("sarah", "tom")),
    ],
)
def test_a_negation_that_keeps_nobody_out_changes_nobody(text: str, kept: tuple[str, ...]) -> None:
    assert people(text) == [kept]


def test_a_person_kept_out_is_no_place_of_the_meeting() -> None:
    text = "set up a call with laura thursday at 4 but don't loop in dana"
    parse = GoalUnderstandingService().parse(text, MONDAY_9AM)
    assert [goal.slots.location for goal in parse.goals] == [None]


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("when are me laura and peter all free tomorrow", ("laura", "peter")),
        ("find an hour for me peter and sarah thursday", ("peter", "sarah")),
        ("email sarah and will send it", ("sarah",)),  # a verb after it: no name
    ],
)
def test_a_first_name_listed_with_a_person_is_one_too(text: str, listed: tuple[str, ...]) -> None:
    assert people(text) == [listed]
