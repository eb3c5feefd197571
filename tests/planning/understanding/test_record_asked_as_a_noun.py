"""A request for a record said as a noun after another request ("…, and new task for sarah: send acme the timeline",
"… then a task for me to follow up with him friday") is a request of its own: two goals, not one that drops it
(classifier._asks_for_a_record). A noun that makes nothing ("the task list") stays part of the first request."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def kinds(text: str) -> list[tuple[str, str]]:
    return [(goal.intent, goal.entity) for goal in GoalUnderstandingService().parse(text, MONDAY_9AM).goals]


def test_a_task_asked_as_a_noun_after_another_request_is_a_goal_of_its_own() -> None:
    assert kinds("email tom the deck. then task for me to follow up with him friday") == [
        ("send", "email"),
        ("create", "task"),
    ]
    assert kinds("mark the quote task done and new task for sarah: call acme about onboarding") == [
        ("update", "task"),
        ("create", "task"),
    ]
    reminded = kinds("email maria the invoice, and a reminder to call her friday")  # a reminder is a calendar entry
    assert reminded == [("send", "email"), ("create", "event")]


def test_a_noun_that_asks_for_nothing_stays_in_the_request() -> None:
    assert kinds("email tom the task list") == [("send", "email")]
