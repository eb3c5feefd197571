"""A phrasal verb that makes something, with a purpose after "to" ("set up time with sarah to go over the renewal"),
is a new thing made, never a thing set to a value (intent_update_set_to_not.txt): before, the rules read an update
and, grounded in the calendar, moved the next meeting. "set the deal to …" is still an update."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def kinds(text: str) -> list[tuple[str, str]]:
    return [(goal.intent, goal.entity) for goal in GoalUnderstandingService().parse(text, MONDAY_9AM).goals]


def test_time_set_up_or_made_for_a_purpose_is_a_new_event() -> None:
    assert kinds("can u set up time with tom to walk through the q3 numbers?") == [("create", "event")]
    assert kinds("make some time with priya to review the launch plan thursday") == [("create", "event")]


def test_a_thing_set_to_a_value_is_still_an_update() -> None:
    assert kinds("set the globex deal to negotiation") == [("update", "deal")]


def test_time_wanted_with_someone_is_a_meeting_whatever_record_its_purpose_names() -> None:
    """A thing wanted with someone at a time ("need an hour with …") is a meeting: a CRM record named after it is what
    the meeting is for, never a record to make (session 14: an account was created)."""
    assert kinds("want an hour with dana tomorrow at 3 to chase the deal paperwork") == [("create", "event")]
    assert kinds("need some time with priya thursday afternoon to fix the lead list") == [("create", "event")]
