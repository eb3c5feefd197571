"""A change to an event the request did not name reads the coming events and always lets the person pick: the read
says so as a typed value (``Step.pick``), not by its heading, and that value stays out of the contract's JSON."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.output import output_line
from planning.pipeline import RequestPlanner

MONDAY_9AM = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def test_the_read_of_an_event_not_named_is_always_picked_from_and_a_named_one_is_not() -> None:
    planner = RequestPlanner()
    unnamed = planner.understand("move the plorx whatsit to 4pm", MONDAY_9AM)
    [read] = [step for step in unnamed.plan.steps if step.tool == "fetch_calendar_events"]
    assert read.pick == "always"
    assert all("pick" not in step for step in output_line("t", unnamed)["plan"]["steps"])
    named = planner.understand("cancel my dentist appointment on friday", MONDAY_9AM)
    assert [s.pick for s in named.plan.steps if s.tool == "fetch_calendar_events"] == ["when_several"]
