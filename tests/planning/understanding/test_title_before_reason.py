"""What a booking is for, said in its own clause ("for deep work"), names the event; a purpose said in a clause after
it ("…, need to finish the security questionnaire") is the reason it is booked (zb06: the reason was the title).
A purpose said in the booking's own clause still names it, and a polite word is no part of the title."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def title(text: str) -> str | None:
    parse = GoalUnderstandingService().parse(text, MONDAY_9AM)
    [goal] = parse.goals
    assert (goal.intent, goal.entity) == ("create", "event")
    return goal.slots.title


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hold thursday 9-11 for deep work pls, have to finish the board memo", "Deep work"),
        ("block wednesday 1-3 for interview prep; need to go over the candidate packets", "Interview prep"),
        ("block tomorrow 10-12 for budget planning - i need to review the pricing model", "Budget planning"),
    ],
)
def test_the_purpose_of_the_booking_clause_names_it_not_the_reason_after_it(text: str, expected: str) -> None:
    assert title(text) == expected


def test_a_purpose_in_the_booking_clause_itself_still_names_it() -> None:
    assert title("book 30 min with tom thursday at 3 to discuss the renewal terms") == "Renewal terms"
