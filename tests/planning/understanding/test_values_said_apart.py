"""A value said in one clause and the change asked for in another ("…, how about 3 instead of 10? change it",
"not 10 but 3pm, push the design review"): the value is the change's, in a reply (commands.bare_asks,
values_said) and in a first message (parser, commands.value_clause); a reason said beside it is never the value."""

import pytest

from planning.understanding.commands import Context, Decide, EventChange, NewRequest, read_reply
from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

AFTER_EVENT = Context(
    left=frozenset({"event"}), shown=(("title", "Design review"), ("startTime", "2026-03-03T10:00:00-05:00"))
)
AT_BOOKING = Context(
    question="approval",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("datetime", "duration"),
    shown=(("title", "Design review"), ("startTime", "2026-03-03T10:00:00-05:00")),
)
needs_model = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="no shared training data beside the checkout")


def test_an_hour_asked_instead_of_the_one_it_has_then_a_bare_verb_moves_the_event_made() -> None:
    said = "sam's out till noon - how about 3 instead of 10? change it"
    assert read_reply(said, AFTER_EVENT) == (EventChange("startTime", "3"),)


def test_a_bare_verb_alone_after_an_event_is_still_a_request_of_its_own() -> None:
    assert read_reply("change it", AFTER_EVENT) == (NewRequest("change it"),)


def test_a_day_after_a_reason_then_the_verb_of_the_card_corrects_and_approves() -> None:
    said = "he's travelling monday so tuesday works better, schedule it"
    commands = read_reply(said, AT_BOOKING)
    assert commands[-1] == Decide("approve")
    assert len(commands) == 2 and "tuesday" in str(commands[0]).lower() and "monday" not in str(commands[0]).lower()


@needs_model
def test_a_time_said_apart_from_the_move_is_where_it_goes() -> None:
    for said, hour in (
        ("priya can't make 10. not 10 but 3pm, push the design review", 15),
        ("push the design review, make that 4pm", 16),
        ("could we do 2pm instead of 10? move the design review", 14),
    ):
        [goal] = GoalUnderstandingService().parse(said, MONDAY_9AM).goals
        assert (goal.intent, goal.entity) == ("update", "event"), said
        assert goal.slots.new_when is not None and goal.slots.new_when.start.hour == hour, said


@needs_model
def test_a_day_in_the_reason_beside_a_move_is_not_where_it_was() -> None:
    [goal] = GoalUnderstandingService().parse("push the board prep to friday, she's off thursday", MONDAY_9AM).goals
    assert goal.slots.new_when is not None and goal.slots.new_when.start.weekday() == 4
    assert goal.slots.when is None and not goal.slots.shift_minutes
