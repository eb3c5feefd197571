"""A clause beside a request that only states something ("…, laura wants to walk through the redlines and needs the
morning to prep") is a reason, also where the reply-act classifier is unsure of it (ct18): its words ("the morning",
"prep") are no new time or place of the move. A clause said after the ask for an email stays (it may be its text)."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_a_stated_reason_beside_a_move_and_an_email_is_no_value_of_the_move() -> None:
    text = (
        "next tuesday's acme call -> 2pm please, laura wants to walk through the redlines and needs the morning to "
        "prep. and email laura and tom so nobody dials in at 11"
    )
    goals = GoalUnderstandingService().parse(text, MONDAY_9AM).goals
    [move] = [goal for goal in goals if goal.intent == "update"]
    assert move.slots.new_when is not None and move.slots.new_when.start.isoformat() == "2026-03-10T14:00:00-04:00"
    assert not move.slots.location and not move.slots.shift_minutes
    assert any((goal.intent, goal.entity) == ("send", "email") for goal in goals)
