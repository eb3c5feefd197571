"""A move to a bare hour ("… to 4") with no time of the event said: that hour, in working hours, on the event's own
day (or the day named for it) — never a start time asked for (issue 24)."""

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM, args, run


def test_a_move_to_a_bare_hour_keeps_the_events_day():
    change = args(run("push my review with Dana to 4"), "update_calendar_event")
    assert change["startTime"] == "16:00 on the day of {{find_event.result.data[0].startTime}}"
    named_day = args(run("move wednesday's standup to 10"), "update_calendar_event")
    assert named_day["startTime"] == "2026-03-04T10:00:00-05:00"


def test_a_move_to_a_bare_hour_in_a_second_request_of_a_message_keeps_that_hour():
    line = run("email Sam that the draft is ready, and move my sync with him to 2")
    assert args(line, "update_calendar_event")["startTime"].startswith("14:00 on the day of")


def test_words_after_the_hour_moved_to_never_name_its_day():
    """User test s13 c08 (harmful): "push team sync to 11 but only this week's, the others stay" moved Wednesday's
    sync to Monday 11:00: "this week's" (which occurrence) and "just this one" were read as the new time's day."""
    for said in (
        "shift the design review to 3 but only this week's, leave the rest",
        "move the board prep to 2pm, just this one",
        "move this week's design review to 3",
    ):
        start = args(run(said), "update_calendar_event")["startTime"]
        assert start.endswith("on the day of {{find_event.result.data[0].startTime}}"), (said, start)
    assert args(run("move the design review to friday at 3"), "update_calendar_event")["startTime"] == (
        "2026-03-06T15:00:00-05:00"
    )


def test_resched_is_a_move():
    """User test s13 c41: "resched the acme call to wed same time" planned a new event. The rules read the verb (the
    classifier alone may or may not have seen it)."""
    service = GoalUnderstandingService(rules_only=True)
    for said in ("resched the design crit to thurs", "re-schedule the vendor call to wed"):
        [goal] = service.parse(said, MONDAY_9AM).goals
        assert (goal.intent, goal.entity) == ("update", "event"), said
