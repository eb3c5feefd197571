"""People added to or taken off an event that exists, whatever else the verb can mean (issue 23): "add kim to it",
"invite jo@lumen.io to the vendor demo on fri", "take sam off that one" change that event's attendees; people and
an event put on a calendar ("add lunch with kim to my calendar") is still a new event."""

import pytest

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def read(text: str) -> tuple[str, str, object]:
    [goal] = GoalUnderstandingService().parse(text, MONDAY_9AM).goals
    return goal.intent, goal.entity, goal.scope.get("attendees_change")


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("add kim to it", "add"),
        ("pls add jo@lumen.io to the vendor demo on fri", "add"),
        ("invite omar and kim to that one", "add"),
        ("take sam off that one", "remove"),
    ],
)
def test_people_added_to_or_taken_off_an_event_that_exists_change_it(text: str, change: str) -> None:
    assert read(text) == ("update", "event", change)


def test_an_event_with_people_put_on_a_calendar_is_a_new_one() -> None:
    assert read("add lunch with kim to my calendar tomorrow at noon")[:2] == ("create", "event")
