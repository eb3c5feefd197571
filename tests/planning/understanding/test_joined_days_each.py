"""Two days joined by "and" in a change of each event ("clear my wed and thu meetings") are both days: the events
are searched from the first day's start to the last day's end, and the words joining them name no event. A list of
weekdays is read in order, never as a span running back."""

from datetime import datetime

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def _goal(text: str):
    [goal] = GoalUnderstandingService(rules_only=True).parse(text, MONDAY_9AM).goals
    return goal


def test_two_days_joined_in_a_delete_of_each_event_cover_both_days():
    goal = _goal("delete all my thursday and friday calls")
    assert goal.scope.get("each") is True
    assert goal.slots.when is not None and goal.slots.when.end is not None
    assert (goal.slots.when.start.date(), goal.slots.when.end.date()) == (
        datetime(2026, 3, 5).date(),
        datetime(2026, 3, 7).date(),
    )
    assert goal.slots.topic is None


def test_weekdays_in_a_list_are_read_in_order_each_after_the_one_before():
    goal = _goal("cancel my mon and tue meetings")
    assert goal.slots.when is not None and goal.slots.when.end is not None
    assert goal.slots.when.start < goal.slots.when.end
    assert (goal.slots.when.end - goal.slots.when.start).days == 2


def test_each_event_of_two_joined_days_moved_to_one_day_keeps_its_time_there_not_one_shift():
    goal = _goal("shift all my thursday and friday calls to monday")
    assert goal.slots.when is not None and goal.slots.when.end is not None
    assert (goal.slots.when.end - goal.slots.when.start).days == 2
    assert goal.slots.shift_minutes is None
    assert goal.slots.new_when is not None and goal.slots.new_when.start.date() == datetime(2026, 3, 9).date()
    assert goal.slots.topic is None
