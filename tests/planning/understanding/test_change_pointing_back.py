"""A clause that points back at the record the request changes ("… and bump it to 52k, laura signed off") is more
changes of that record, whatever its verb may mean elsewhere ("bump" moves an event): never a second goal on an
event nobody named. An event the clause names is a goal of its own."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_an_amount_for_it_after_a_deal_change_is_the_same_deal() -> None:
    parse = GoalUnderstandingService().parse(
        "set the globex deal to proposal and bump it to 90k, john agreed", MONDAY_9AM
    )
    [goal] = parse.goals
    assert (goal.intent, goal.entity, goal.slots.amount) == ("update", "deal", 90000)


def test_an_event_named_after_a_deal_change_is_a_goal_of_its_own() -> None:
    parse = GoalUnderstandingService().parse("set the globex deal to proposal and move the acme call to 3", MONDAY_9AM)
    assert [(goal.intent, goal.entity) for goal in parse.goals] == [("update", "deal"), ("update", "event")]
